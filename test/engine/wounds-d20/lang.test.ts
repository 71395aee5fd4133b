/** Every i18n key the Wounds d20 module can emit exists in lang/en.json. */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, standInLangStrings } from "../../stand-ins/i18n.js";
import { wd } from "./fixtures.js";

const DIR = path.join(REPO_ROOT, "src/engine/rulesets/wounds-d20");
const STATES = ["active", "staggered", "unconscious", "dying", "stable", "dead"];
const ABILITIES = ["str", "dex", "con", "int", "wis", "cha"];

function keysInSource(): string[] {
  const out = new Set<string>();
  for (const f of readdirSync(DIR)) {
    const src = readFileSync(path.join(DIR, f), "utf8");
    for (const m of src.matchAll(/\$\{K\}\.([A-Za-z0-9.]+)(\$\{)?/g)) {
      const key = `D20C.WD.${m[1]}`;
      if (m[2]) {
        // A key built from a value: expand the known families.
        const family = key.replace(/\.$/, "");
        const values = family.endsWith("Ability")
          ? ABILITIES
          : family.endsWith("State") || family.endsWith("Condition")
            ? STATES.filter((s) => s !== "active" || family.endsWith("State"))
            : [];
        for (const v of values) out.add(`${family}.${v}`);
      } else out.add(key.replace(/\.$/, ""));
    }
  }
  return [...out].filter(
    (k) =>
      k !== "D20C.WD.Save" && k !== "D20C.WD.Mod.Ability" && k !== "D20C.WD.Event.State" && k !== "D20C.WD.Condition",
  );
}

describe("Wounds d20 labels", () => {
  it("every label key in the module's source is in lang/en.json", () => {
    const lang = standInLangStrings();
    const keys = keysInSource();
    expect(keys.length).toBeGreaterThan(50);
    expect(keys.filter((k) => !lang.has(k))).toEqual([]);
  });

  it("every label in the ruleset's data is in lang/en.json", () => {
    const lang = standInLangStrings();
    const labels = [
      wd.label,
      ...wd.defenses.flatMap((d) => [d.label, d.abbr]),
      ...wd.saves.map((s) => s.label),
      ...wd.conditions.map((c) => c.label),
      ...wd.actions.map((a) => a.label),
      ...wd.options.flatMap((o) => [o.label, o.hint, ...Object.values(o.choices ?? {})]),
      ...wd.damageTypes.map((t) => `D20C.DamageType.${t}`),
    ];
    expect(labels.filter((k) => !lang.has(k))).toEqual([]);
  });
});
