import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXHAUSTION_LEVELS } from "../../../src/engine/rulesets/hundred-dungeons/conditions.js";
import { hundredDungeons as hd } from "../../../src/engine/rulesets/hundred-dungeons/index.js";
import { REPO_ROOT, standInLangStrings } from "../../stand-ins/i18n.js";

describe("Hundred Dungeons labels are i18n keys present in lang/en.json", () => {
  const lang = standInLangStrings();

  it("[SYS-ACTIONS] every condition, exhaustion level, action, procedure, option, defense and ability label resolves", () => {
    const keys = [
      hd.label,
      ...hd.conditions.map((c) => c.label),
      ...EXHAUSTION_LEVELS.map((l) => l.label),
      ...hd.actions.map((a) => a.label),
      ...(hd.procedures ?? []).flatMap((p) => [p.label, p.result, ...(p.choices ?? []).map((c) => c.label)]),
      ...(hd.economy?.turn ?? []).map((s) => s.label),
      ...(hd.economy?.outOfTurn ?? []).map((s) => s.label),
      ...Object.values(hd.economy?.labels ?? {}),
      ...hd.defenses.flatMap((d) => [d.label, d.abbr]),
      ...hd.saves.map((s) => s.label),
      ...hd.options.flatMap((o) => [o.label, o.hint, ...Object.values(o.choices ?? {})]),
      ...hd.damageTypes.map((t) => `D20C.DamageType.${t}`),
    ];
    expect(keys.filter((k) => !lang.has(k))).toEqual([]);
  });

  it("every D20C.HD key written in the module's source exists", () => {
    const dir = path.join(REPO_ROOT, "src/engine/rulesets/hundred-dungeons");
    const files = readdirSync(dir).map((f) => path.join(dir, f));
    const used = new Set<string>();
    for (const f of files)
      for (const m of readFileSync(f, "utf8").matchAll(/"(D20C\.HD\.[A-Za-z0-9.]+)"/g)) used.add(m[1] as string);
    expect([...used].filter((k) => !lang.has(k))).toEqual([]);
  });
});
