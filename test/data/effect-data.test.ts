/**
 * [SYS-DOCS] [SYS-HIDDEN] Effect data (`flags["d20-combat"].effect`) is checked against its schema
 * (`effectFlagSchema`): a write that breaks it is refused naming the field; stored data that breaks
 * it (older versions, macros, other modules) is read with fallbacks and reported, never thrown, so
 * the effect stays usable in play — a bogus duration becomes save-ends and can end. An effect whose
 * timing combatant left the combat is timed by its bearer's turns instead (all four games).
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { effectDataIssues, effectSourceOf, readEffectData } from "../../src/data/effects.js";
import { effectFlagSchema } from "../../src/data/schema.js";
import { plainEffectData } from "../../src/engine/effects.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { combatantSource, effectSource, turnContext } from "../support/engine-fixtures.js";
import type { StandInDataField } from "../stand-ins/foundry-fields.js";
import {
  StandInArrayField,
  StandInNumberField,
  StandInSchemaField,
  StandInStringField,
  standInFields,
  standInInitial,
} from "../stand-ins/foundry-fields.js";

const flagged = (effect: unknown, id = "e1") => ({
  id,
  name: "Dazed",
  statuses: ["dazed"],
  flags: { [SYSTEM_ID]: { effect } },
});

const schema = effectFlagSchema(standInFields) as unknown as Record<string, StandInDataField>;

/** Values that break a field's options as the schema states them (each should be refused). */
function breaking(field: StandInDataField): unknown[] {
  const o = field.options;
  const out: unknown[] = [];
  if (o.nullable !== true) out.push(null);
  if (field instanceof StandInStringField) {
    out.push(42);
    if (o.choices) out.push("no-such-choice");
    if (o.blank === false) out.push("");
  } else if (field instanceof StandInNumberField) {
    out.push("3", Number.NaN, Number.POSITIVE_INFINITY);
    if (o.integer) out.push(1.5);
    if (typeof o.min === "number") out.push(o.min - 1);
    if (typeof o.max === "number") out.push(o.max + 1);
  } else if (field instanceof StandInArrayField) {
    out.push("not a list", [42]);
  } else if (field instanceof StandInSchemaField) {
    out.push("not an object");
  } else {
    out.push("not a boolean");
  }
  return out;
}

describe("[SYS-DOCS] effect data validated by its schema", () => {
  it("[SYS-DOCS] the schema's initial values are valid and a missing flag reads as the defaults", () => {
    const initial = Object.fromEntries(Object.entries(schema).map(([k, f]) => [k, standInInitial(f)]));
    expect(effectDataIssues(initial)).toEqual([]);
    expect(readEffectData(undefined)).toEqual({ data: plainEffectData(), issues: [] });
  });

  it("[SYS-DOCS] every field refuses what its schema field refuses, naming the field", () => {
    const cases: [string, StandInDataField][] = Object.entries(schema);
    const after = schema.aftereffect as StandInSchemaField;
    for (const [k, f] of Object.entries(after.fields)) cases.push([`aftereffect.${k}`, f]);
    const ongoing = schema.ongoing as StandInSchemaField;
    let checked = 0;
    for (const [path, field] of cases) {
      for (const bad of breaking(field)) {
        const flag = path.startsWith("aftereffect.")
          ? { aftereffect: { [path.slice("aftereffect.".length)]: bad } }
          : { [path]: bad };
        const issues = effectDataIssues(flag);
        expect(
          issues.map((i) => i.field),
          `${path} = ${String(bad)}`,
        ).toContain(`flags.${SYSTEM_ID}.effect.${path}`);
        checked++;
      }
    }
    for (const [k, f] of Object.entries(ongoing.fields)) {
      for (const bad of breaking(f)) {
        expect(effectDataIssues({ ongoing: { amount: 2, type: "fire", [k]: bad } })[0]?.field).toBe(
          `flags.${SYSTEM_ID}.effect.ongoing`,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it("[SYS-HIDDEN] bad stored data is read with fallbacks and never throws: the effect stays usable", () => {
    const bad = {
      duration: "untilTheHeatDeathOfTheUniverse",
      save: 7,
      saveBonus: Number.NaN,
      sustain: "forever",
      sustainedRound: 1.5,
      ongoing: { amount: Number.POSITIVE_INFINITY, type: "fire" },
      armed: "yes",
      aftereffect: { name: "Weakened", duration: "soon", statuses: ["weakened"] },
      extra: "kept",
    };
    const { data, issues } = readEffectData(bad);
    expect(data).toMatchObject({
      duration: "saveEnds",
      save: "normal",
      saveBonus: 0,
      sustain: null,
      sustainedRound: null,
      ongoing: null,
      armed: false,
      aftereffect: { name: "Weakened", duration: "saveEnds", statuses: ["weakened"], save: "normal", ongoing: null },
    });
    expect((data as unknown as Record<string, unknown>).extra).toBe("kept");
    expect(issues.map((i) => i.field.replace(`flags.${SYSTEM_ID}.effect.`, "")).sort()).toEqual(
      ["aftereffect.duration", "armed", "duration", "ongoing", "save", "saveBonus", "sustain", "sustainedRound"].sort(),
    );
    expect(issues.find((i) => i.field.endsWith(".duration"))?.message).toMatch(/untilTheHeatDeathOfTheUniverse/);
    // Not even an object: the defaults, with the issue named.
    for (const junk of ["junk", 5, ["a"]]) {
      const r = readEffectData(junk);
      expect(r.data).toEqual(plainEffectData());
      expect(r.issues[0]?.field).toBe(`flags.${SYSTEM_ID}.effect`);
      expect(() => effectSourceOf(flagged(junk))).not.toThrow();
    }
  });

  it("[SYS-HIDDEN] a bogus duration, read by the effect reader the combatants use, ends on a save in every game that saves", () => {
    for (const id of RULESET_IDS) {
      const r = getRuleset(id);
      const effect = effectSourceOf(flagged({ duration: "bogus", sourceCombatantId: null }));
      expect(effect.duration).toBe("saveEnds");
      const bearer = combatantSource("b", defaultActorSource(), { effects: [effect] });
      const ctx = turnContext([bearer], { combatantId: "b" });
      // Nothing throws at either end of the turn (the old reading logged an error every turn).
      expect(() => r.onTurnStart(ctx)).not.toThrow();
      const end = r.onTurnEnd(ctx);
      const save = end.find((s) => s.kind === "roll" && s.request.effectId === "e1");
      expect(save, `${id}: a save against the effect at the end of the bearer's turn`).toBeDefined();
    }
  });
});

describe("[SYS-HIDDEN] an effect whose timing combatant is gone", () => {
  it("[SYS-HIDDEN] falls back to its bearer's turns in all four games (armed at its start, ended at its end)", () => {
    for (const id of RULESET_IDS) {
      const r = getRuleset(id);
      const e = effectSource({ duration: "endOfNextTurn", sourceCombatantId: "deleted-creator" });
      const other = combatantSource("o", defaultActorSource());
      const start = r.onTurnStart(
        turnContext([combatantSource("b", defaultActorSource(), { effects: [e] }), other], { combatantId: "b" }),
      );
      expect(
        start.some((s) => s.kind === "updateEffect" && s.effectId === "e1"),
        `${id}: armed at the bearer's turn start`,
      ).toBe(true);
      const armed = { ...e, armed: true };
      const end = r.onTurnEnd(
        turnContext([combatantSource("b", defaultActorSource(), { effects: [armed] }), other], { combatantId: "b" }),
      );
      expect(
        end.some((s) => s.kind === "removeEffect" && s.effectId === "e1"),
        `${id}: ends at the bearer's turn end`,
      ).toBe(true);
      // While the creator is still in the combat, the bearer's turns do not time it.
      const creator = combatantSource("deleted-creator", defaultActorSource());
      const stillThere = r.onTurnEnd(
        turnContext([combatantSource("b", defaultActorSource(), { effects: [armed] }), creator], { combatantId: "b" }),
      );
      expect(
        stillThere.some((s) => s.kind === "removeEffect" && s.effectId === "e1"),
        id,
      ).toBe(false);
    }
  });
});
