/**
 * [SYS-CHARACTER] Class and level as data: each game's class table derives a character's numbers,
 * checked against numbers worked by hand from the published tables at levels 1, 3, 5 and 8; an
 * override typed over a number wins and shows; monsters and classless characters keep their numbers.
 */
import { describe, expect, it } from "vitest";
import { applyBuild, buildRows, derivedNumbers } from "../../../src/engine/build.js";
import { defaultActorSource } from "../../../src/engine/common.js";
import { getRuleset } from "../../../src/engine/registry.js";
import type { ActorSource } from "../../../src/engine/types.js";
import "../../../src/engine/rulesets/index.js";
import { standInLangStrings } from "../../stand-ins/i18n.js";

type Abilities = ActorSource["abilities"];

function pc(
  game: string,
  classKey: string,
  level: number,
  abilities: Partial<Abilities>,
  extra: Partial<ActorSource> = {},
) {
  const base = defaultActorSource({ level, ...extra });
  return {
    ruleset: getRuleset(game),
    actor: {
      ...base,
      abilities: { ...base.abilities, ...abilities },
      build: {
        classKey,
        backgrounds: [],
        skills: [],
        overrides: {
          hpMax: null,
          recoveriesMax: null,
          recoveryFormula: "",
          baseCombatBonus: null,
          baseSaveBonus: null,
          renown: null,
        },
      },
    } as ActorSource,
  };
}

const LEVELS = [1, 3, 5, 8] as const;

describe("[SYS-CHARACTER] 13th Age class table", () => {
  // Fighter, Str 18, Dex 12, Con 14 (+2), Int 8, Wis 10, Cha 12, heavy armor and a shield.
  const abilities = { str: 18, dex: 12, con: 14, int: 8, wis: 10, cha: 12 };
  const armor = { armorBonus: 0, shieldBonus: 1, maxDex: null, heavy: true };
  const expected = {
    1: { hp: 30, ac: 18, pd: 13, md: 11, formula: "1d10 + 2" },
    3: { hp: 50, ac: 20, pd: 15, md: 13, formula: "3d10 + 2" },
    5: { hp: 80, ac: 22, pd: 17, md: 15, formula: "5d10 + 4" },
    8: { hp: 160, ac: 25, pd: 20, md: 18, formula: "8d10 + 6" },
  } as const;
  for (const level of LEVELS) {
    it(`[SYS-CHARACTER] [13A-ATK] fighter, Con +2, level ${level}: (8 + 2) × multiplier HP, class AC/PD/MD + middle modifier + level, 9 recoveries`, () => {
      const { ruleset, actor } = pc("13th-age", "fighter", level, abilities, { armor });
      const built = applyBuild(ruleset.progression, actor);
      const e = expected[level];
      expect(built.hp.max).toBe(e.hp);
      expect(built.recoveries.max).toBe(9);
      expect(built.recoveries.formula).toBe(e.formula);
      const derived = ruleset.deriveActor(built, {});
      expect(derived.defenses).toEqual({ ac: e.ac, pd: e.pd, md: e.md });
    });
  }
  it("[SYS-CHARACTER] a wizard without armor takes the light-armor AC (10) and 8 recoveries of d6", () => {
    const { ruleset, actor } = pc("13th-age", "wizard", 1, { str: 8, dex: 12, con: 12, int: 18, wis: 14, cha: 10 });
    const built = applyBuild(ruleset.progression, actor);
    expect(built.hp.max).toBe(21);
    expect(ruleset.deriveActor(built, {}).defenses).toEqual({ ac: 12, pd: 12, md: 15 });
    expect(built.recoveries).toMatchObject({ max: 8, formula: "1d6 + 1" });
  });
});

describe("[SYS-CHARACTER] FFd20 class table", () => {
  const fighter = { str: 18, dex: 12, con: 16, int: 10, wis: 12, cha: 8 };
  const expected = {
    1: { hp: 31, surge: "7", fort: 16 },
    3: { hp: 43, surge: "10", fort: 17 },
    5: { hp: 55, surge: "13", fort: 18 },
    8: { hp: 73, surge: "18", fort: 20 },
  } as const;
  for (const level of LEVELS) {
    it(`[SYS-CHARACTER] [FF-DEF] fighter, Con 16, level ${level}: 15 + Con + 6 a level, 9 + Con modifier surges, +2 Fortitude`, () => {
      const { ruleset, actor } = pc("ffd20", "fighter", level, fighter);
      const built = applyBuild(ruleset.progression, actor);
      const e = expected[level];
      expect(built.hp.max).toBe(e.hp);
      expect(built.recoveries.max).toBe(12);
      expect(built.recoveries.formula).toBe(e.surge);
      expect(ruleset.deriveActor(built, {}).defenses.fort).toBe(e.fort);
    });
  }
  it("[SYS-CHARACTER] a wizard, Con 14: 10 + 14 then 4 a level; 6 + 2 surges; +2 Will", () => {
    const hp = LEVELS.map((level) => {
      const { ruleset, actor } = pc("ffd20", "wizard", level, { con: 14, wis: 12 });
      const built = applyBuild(ruleset.progression, actor);
      expect(built.recoveries.max).toBe(8);
      expect(built.defenses.will).toEqual({ base: null, bonus: 2 });
      return built.hp.max;
    });
    expect(hp).toEqual([24, 32, 40, 52]);
  });
});

describe("[SYS-CHARACTER] Hundred Dungeons class table", () => {
  it("[SYS-CHARACTER] [HD-ATK] fighter, Con 2: d10 hit die, 10 + 2 then 6 + 2 a level; renown ⌈level / 2⌉; hit dice = level", () => {
    const rows = LEVELS.map((level) => {
      const { ruleset, actor } = pc("hundred-dungeons", "fighter", level, { con: 2 });
      const b = applyBuild(ruleset.progression, actor);
      return [b.hp.max, b.renown, b.recoveries.max, b.recoveries.formula];
    });
    expect(rows).toEqual([
      [12, 1, 1, "1d10"],
      [28, 2, 3, "1d10"],
      [44, 3, 5, "1d10"],
      [68, 4, 8, "1d10"],
    ]);
  });
  it("[SYS-CHARACTER] wizard, Con 0: d6, 6 then 4 a level", () => {
    const hp = LEVELS.map((level) => {
      const { ruleset, actor } = pc("hundred-dungeons", "wizard", level, { con: 0 });
      return applyBuild(ruleset.progression, actor).hp.max;
    });
    expect(hp).toEqual([6, 14, 22, 34]);
  });
});

describe("[SYS-CHARACTER] Wounds d20 class table", () => {
  it("[SYS-CHARACTER] [WD-SAVES] fighter, Con 14: d10 HP 10 + 2 then 6 + 2; good combat bonus, poor base save", () => {
    const rows = LEVELS.map((level) => {
      const { ruleset, actor } = pc("wounds-d20", "fighter", level, { con: 14 });
      const b = applyBuild(ruleset.progression, actor);
      return [b.hp.max, b.baseCombatBonus, b.baseSaveBonus];
    });
    expect(rows).toEqual([
      [12, 1, 0],
      [28, 3, 1],
      [44, 5, 1],
      [68, 8, 2],
    ]);
  });
  it("[SYS-CHARACTER] [WD-INIT] wizard, Con 12: d4 HP 4 + 1 then 3 + 1; poor combat bonus, good base save; initiative reads the derived bonus", () => {
    const rows = LEVELS.map((level) => {
      // Unhurt (current HP above any maximum): no bloodied or wounded penalty on initiative.
      const { ruleset, actor } = pc(
        "wounds-d20",
        "wizard",
        level,
        { con: 12, dex: 14 },
        { hp: { value: 99, max: 10, temp: 0 } },
      );
      const b = applyBuild(ruleset.progression, actor);
      return [b.hp.max, b.baseCombatBonus, b.baseSaveBonus, ruleset.deriveActor(b, {}).initiative];
    });
    expect(rows).toEqual([
      [5, 0, 2, 2],
      [13, 1, 3, 3],
      [21, 2, 4, 4],
      [33, 4, 6, 6],
    ]);
  });
  it("[SYS-CHARACTER] cleric: average combat bonus (¾ level, rounded down)", () => {
    const bcb = LEVELS.map((level) => {
      const { ruleset, actor } = pc("wounds-d20", "cleric", level, {});
      return applyBuild(ruleset.progression, actor).baseCombatBonus;
    });
    expect(bcb).toEqual([0, 2, 3, 6]);
  });
});

describe("[SYS-CHARACTER] overrides, monsters and classless characters", () => {
  it("[SYS-CHARACTER] a typed override wins over the derived number, and the row says so", () => {
    const { ruleset, actor } = pc("13th-age", "fighter", 5, { con: 14 });
    actor.build!.overrides.hpMax = 85;
    actor.defenses = { ...actor.defenses, ac: { base: 21, bonus: 0 } };
    const built = applyBuild(ruleset.progression, actor);
    expect(built.hp.max).toBe(85);
    expect(built.defenses.ac).toEqual({ base: 21, bonus: 0 });
    const rows = buildRows(ruleset.progression, actor);
    expect(rows.find((r) => r.key === "hpMax")).toEqual({
      key: "hpMax",
      derived: 80,
      override: 85,
      shown: 85,
      overridden: true,
    });
    expect(rows.find((r) => r.key === "defense.pd")?.overridden).toBe(false);
  });
  it("[SYS-CHARACTER] a monster keeps its printed numbers, whatever class it names", () => {
    const { ruleset, actor } = pc("13th-age", "fighter", 5, { con: 14 });
    const monster = { ...actor, kind: "npc" as const };
    expect(applyBuild(ruleset.progression, monster)).toBe(monster);
    expect(derivedNumbers(ruleset.progression, monster)).toBeNull();
  });
  it("[SYS-CHARACTER] no class, or another game's class key: nothing derived, the typed numbers stay", () => {
    const none = pc("13th-age", "", 5, {});
    expect(applyBuild(none.ruleset.progression, none.actor)).toBe(none.actor);
    const foreign = pc("ffd20", "barbarian", 5, {});
    expect(applyBuild(foreign.ruleset.progression, foreign.actor)).toBe(foreign.actor);
    const old = defaultActorSource({ level: 3 });
    delete (old as Partial<ActorSource>).build;
    expect(applyBuild(none.ruleset.progression, old)).toBe(old);
  });
});

describe("[SYS-CHARACTER] class and skill labels", () => {
  it("[SYS-CHARACTER] every game's class and skill labels exist in lang/en.json, in the game's own words", () => {
    const strings = standInLangStrings();
    for (const game of ["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"]) {
      const progression = getRuleset(game).progression;
      expect(progression, game).toBeDefined();
      if (!progression) continue;
      const labels = [
        ...progression.classes.map((c) => progression.classLabel(c)),
        ...Object.keys(progression.skills ?? {}).map((s) => progression.skillLabel?.(s) ?? s),
      ];
      expect(labels.length, game).toBeGreaterThan(3);
      expect(
        labels.filter((k) => !strings.has(k)),
        game,
      ).toEqual([]);
    }
  });
});
