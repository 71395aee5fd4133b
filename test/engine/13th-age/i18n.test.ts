/** Every label the 13th Age module hands the adapter is a key present in lang/en.json. */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rs } from "./helpers.js";

const lang = JSON.parse(readFileSync(path.resolve(__dirname, "../../../lang/en.json"), "utf8")) as Record<
  string,
  unknown
>;

function has(key: string): boolean {
  if (key in lang) return true;
  let node: unknown = lang;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !(part in (node as Record<string, unknown>))) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}

describe("13th Age i18n keys", () => {
  it("data labels exist", () => {
    const keys = [
      rs.label,
      ...rs.defenses.flatMap((d) => [d.label, d.abbr]),
      ...rs.saves.map((s) => s.label),
      ...rs.conditions.map((c) => c.label),
      ...rs.actions.map((a) => a.label),
      ...rs.options.flatMap((o) => [o.label, o.hint, ...Object.values(o.choices ?? {})]),
      ...rs.damageTypes.map((t) => `D20C.DamageType.${t}`),
      ...(rs.procedures ?? []).flatMap((p) => [p.label, p.result, ...(p.choices ?? []).map((c) => c.label)]),
    ];
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });

  it("every literal D20C key in the module's source exists", () => {
    const dir = path.resolve(__dirname, "../../../src/engine/rulesets/13th-age");
    const files = readdirSync(dir).map((f) => path.join(dir, f));
    const keys = new Set<string>();
    for (const f of files) {
      const src = readFileSync(f, "utf8");
      for (const m of src.matchAll(/["`](D20C\.[A-Za-z0-9.]+)["`]/g)) keys.add(m[1] as string);
      for (const m of src.matchAll(/`\$\{K\}\.([A-Za-z0-9.]+)`/g)) keys.add(`D20C.Age13.${m[1] as string}`);
    }
    expect(keys.size).toBeGreaterThan(50);
    expect([...keys].filter((k) => !has(k) && k !== "D20C.Age13")).toEqual([]);
  });
});
