/**
 * [SYS-CHARACTER] Level-up (what changes, hit points fixed / averaged / rolled, its one undo) and
 * the move of a character with typed numbers onto a class (typed numbers that differ become
 * overrides: nothing lost).
 */
import { describe, expect, it } from "vitest";
import {
  applyBuild,
  buildOf,
  classChoice,
  levelUpChanges,
  levelUpPlan,
  levelUpRecord,
  levelUpUndo,
} from "../../../src/engine/build.js";
import { defaultActorSource } from "../../../src/engine/common.js";
import { getRuleset } from "../../../src/engine/registry.js";
import type { ActorSource } from "../../../src/engine/types.js";
import "../../../src/engine/rulesets/index.js";

function withClass(actor: ActorSource, classKey: string): ActorSource {
  return { ...actor, build: { ...buildOf(actor), classKey } };
}

/** Apply a source change (a partial `system` update) the way Foundry merges it. */
function merged(actor: ActorSource, change: Record<string, unknown>): ActorSource {
  const out = structuredClone(actor) as unknown as Record<string, unknown>;
  const merge = (into: Record<string, unknown>, from: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(from)) {
      if (v && typeof v === "object" && !Array.isArray(v) && into[k] && typeof into[k] === "object")
        merge(into[k] as Record<string, unknown>, v as Record<string, unknown>);
      else into[k] = structuredClone(v);
    }
  };
  merge(out, change);
  return out as unknown as ActorSource;
}

describe("[SYS-CHARACTER] level-up", () => {
  const age13 = getRuleset("13th-age");
  const fighter4 = withClass(
    defaultActorSource({
      level: 4,
      abilities: { str: 18, dex: 12, con: 14, int: 8, wis: 10, cha: 12 },
      armor: { armorBonus: 0, shieldBonus: 1, maxDex: null, heavy: true },
      hp: { value: 50, max: 10, temp: 0 },
    }),
    "fighter",
  );

  it("[SYS-CHARACTER] 13th Age fighter 4 → 5: the plan lists the new numbers (HP 60 → 80, AC, PD, MD, recovery roll), a fixed +20", () => {
    const plan = levelUpPlan(age13.progression, fighter4);
    expect(plan?.from).toBe(4);
    expect(plan?.to).toBe(5);
    expect(plan?.hpGain).toEqual({ fixed: 20, roll: null });
    expect(plan?.lines).toEqual([
      { key: "level", before: 4, after: 5 },
      { key: "hpMax", before: 60, after: 80 },
      { key: "defense.ac", before: 21, after: 22 },
      { key: "defense.pd", before: 16, after: 17 },
      { key: "defense.md", before: 14, after: 15 },
      { key: "recoveryFormula", before: "4d10 + 2", after: "5d10 + 4" },
    ]);
  });

  it("[SYS-CHARACTER] applied: level 5 and current HP +20; the undo puts level 4 back and takes the 20 away, keeping damage taken since", () => {
    const changes = levelUpChanges(age13.progression!, fighter4, 20);
    expect(changes).toEqual({ level: 5, hp: { value: 70 } });
    const after = merged(fighter4, changes);
    expect(applyBuild(age13.progression, after).hp.max).toBe(80);
    const record = levelUpRecord(fighter4, changes, 20);
    // 15 damage taken after the level-up: the undo keeps it.
    const hurt = { ...after, hp: { ...after.hp, value: 55 } };
    const undo = levelUpUndo(record, hurt);
    expect(undo).toEqual({ level: 4, hp: { value: 35 }, build: { overrides: { hpMax: null } } });
    const back = merged(hurt, undo!);
    expect(applyBuild(age13.progression, back).hp.max).toBe(60);
  });

  it("[SYS-CHARACTER] an undo once the level has moved on does nothing", () => {
    const changes = levelUpChanges(age13.progression!, fighter4, 20);
    const record = levelUpRecord(fighter4, changes, 20);
    expect(levelUpUndo(record, { ...merged(fighter4, changes), level: 6 })).toBeNull();
  });

  it("[SYS-CHARACTER] Hundred Dungeons offers the average or a roll; a roll other than the average is kept as the HP override", () => {
    const hd = getRuleset("hundred-dungeons");
    const fighter2 = withClass(
      defaultActorSource({ level: 2, abilities: { str: 3, dex: 1, con: 2, int: 0, wis: 1, cha: 0 } }),
      "fighter",
    );
    const plan = levelUpPlan(hd.progression, fighter2);
    expect(plan?.hpGain).toEqual({ fixed: 8, roll: { formula: "1d10", flat: 2 } });
    expect(plan?.lines).toContainEqual({ key: "renown", before: 1, after: 2 });
    // Level 2 = 20 HP; rolled 3 + 2 = 5: the new maximum 25 is typed (the class's average would say 28).
    const changes = levelUpChanges(hd.progression!, fighter2, 5);
    expect(changes.build).toEqual({ overrides: { hpMax: 25 } });
    expect(applyBuild(hd.progression, merged(fighter2, changes)).hp.max).toBe(25);
    // The average writes no override.
    expect(levelUpChanges(hd.progression!, fighter2, 8).build).toBeUndefined();
  });

  it("[SYS-CHARACTER] no level-up without a class, for a monster, or at the table's top level", () => {
    expect(levelUpPlan(age13.progression, defaultActorSource({ level: 3 }))).toBeNull();
    expect(levelUpPlan(age13.progression, { ...fighter4, kind: "npc" })).toBeNull();
    expect(levelUpPlan(age13.progression, { ...fighter4, level: 10 })).toBeNull();
  });
});

describe("[SYS-CHARACTER] an older character moves onto a class with nothing lost", () => {
  const blank = defaultActorSource();
  it("[SYS-CHARACTER] typed numbers that differ from the class's become overrides; equal ones and untouched starting values go to the class", () => {
    const age13 = getRuleset("13th-age");
    // Bryndis as typed before classes: fighter 1, Con 16, HP 35 (a feat's +2), AC 18 / PD 14 / MD 12 typed.
    const old = defaultActorSource({
      level: 1,
      abilities: { str: 18, dex: 12, con: 16, int: 8, wis: 10, cha: 12 },
      armor: { armorBonus: 0, shieldBonus: 1, maxDex: null, heavy: true },
      hp: { value: 35, max: 35, temp: 0 },
      defenses: { ac: { base: 18, bonus: 0 }, pd: { base: 14, bonus: 0 }, md: { base: 12, bonus: 0 } },
      recoveries: { ...blank.recoveries, max: 9, formula: "1d10 + 3" },
    });
    const choice = classChoice(age13.progression, old, "fighter", blank);
    expect(choice).toEqual({ overrides: { hpMax: 35 }, defenses: { ac: { base: null }, pd: { base: null } } });
    const after = merged(withClass(old, "fighter"), {
      build: { overrides: choice.overrides },
      defenses: choice.defenses,
    });
    const built = applyBuild(age13.progression, after);
    expect(built.hp.max).toBe(35);
    expect(age13.deriveActor(built, {}).defenses).toEqual({ ac: 18, pd: 14, md: 12 });
    expect(built.recoveries).toMatchObject({ max: 9, formula: "1d10 + 3" });
  });
  it("[SYS-CHARACTER] [FF-DEF] FFd20: a typed Fortitude +2 that was the fighter's class bonus goes to the class (not counted twice)", () => {
    const ff = getRuleset("ffd20");
    const old = defaultActorSource({
      abilities: { str: 18, dex: 12, con: 16, int: 10, wis: 12, cha: 8 },
      hp: { value: 31, max: 31, temp: 0 },
      defenses: { fort: { base: null, bonus: 2 } },
      recoveries: { ...blank.recoveries, max: 12, formula: "7" },
    });
    const choice = classChoice(ff.progression, old, "fighter", blank);
    expect(choice).toEqual({ overrides: {}, defenses: { fort: { bonus: 0 } } });
    const after = merged(withClass(old, "fighter"), { defenses: choice.defenses });
    expect(ff.deriveActor(applyBuild(ff.progression, after), {}).defenses.fort).toBe(16);
  });
  it("[SYS-CHARACTER] a fresh actor's starting numbers are never kept as overrides", () => {
    const wd = getRuleset("wounds-d20");
    expect(classChoice(wd.progression, blank, "fighter", blank)).toEqual({ overrides: {}, defenses: {} });
  });
});
