/**
 * Derived values each game computes from the stored data, through the same path the data models
 * use: schema defaults (stand-in fields) → equipped armor items folded in (prepareBaseData) →
 * engine view (toActorSource) → the REAL ruleset's deriveActor from the registry.
 * Expected numbers are worked out by hand from the rules, not copied from the implementation.
 */
import { describe, expect, it } from "vitest";
import { combineArmor, deriveSafely, toActorSource, withStatuses, type ArmorItemData } from "../../src/data/prepare.js";
import { powerSourceFrom, weaponSourceFrom } from "../../src/data/item-source.js";
import { actorSchema, powerSchema, weaponSchema } from "../../src/data/schema.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorKind, DerivedActor, RulesetId } from "../../src/engine/types.js";
import { standInFields, standInFill } from "../stand-ins/foundry-fields.js";

type Plain = Record<string, unknown>;

/** A stored actor `system` (defaults + overrides), prepared and derived like the data model does. */
function prepare(rulesetId: RulesetId, system: Plain, armorItems: ArmorItemData[] = [], kind: ActorKind = "character") {
  const filled = standInFill(actorSchema(standInFields), system);
  filled.armor = combineArmor(filled.armor as ReturnType<typeof combineArmor>, armorItems);
  const source = toActorSource(kind, filled);
  const ruleset = getRuleset(rulesetId);
  const { derived, error } = deriveSafely(ruleset, source, {});
  expect(error).toBeNull();
  return { source, derived, ruleset };
}

const armorItem = (over: Partial<ArmorItemData>): ArmorItemData => ({
  armorBonus: 0,
  shieldBonus: 0,
  maxDex: null,
  heavy: false,
  equipped: true,
  ...over,
});

const sum = (mods: { value: number }[]) => mods.reduce((s, m) => s + m.value, 0);

describe("FFd20 derived values", () => {
  // Level 5 → ½ level 2. Str 16 (+3), Con 12 (+1), Dex 14 (+2), Int 18 (+4), Wis 10 (0), Cha 13 (+1).
  const abilities = { str: 16, dex: 14, con: 12, int: 18, wis: 10, cha: 13 };

  it("[FF-DEF] defenses from level, the better ability of each pair, armor, shield and bonuses", () => {
    const { derived } = prepare("ffd20", { level: 5, abilities, defenses: { will: { base: null, bonus: 1 } } }, [
      armorItem({ armorBonus: 2 }),
      armorItem({ shieldBonus: 1 }),
    ]);
    expect(derived.defenses.ac).toBe(10 + 2 + 2 + 1 + 4); // armor + shield + max(Dex, Int)
    expect(derived.defenses.fort).toBe(10 + 2 + 3); // max(Str, Con)
    expect(derived.defenses.ref).toBe(10 + 2 + 4 + 1); // max(Dex, Int) + shield
    expect(derived.defenses.will).toBe(10 + 2 + 1 + 1); // max(Wis, Cha) + the stored bonus
  });

  it("[FF-DEF] heavy armor (from an equipped item) drops the ability modifier from AC; unequipped items count for nothing", () => {
    const { derived } = prepare("ffd20", { level: 5, abilities }, [
      armorItem({ armorBonus: 6, heavy: true }),
      armorItem({ armorBonus: 5, equipped: false }),
    ]);
    expect(derived.defenses.ac).toBe(10 + 2 + 6);
  });

  it("[FF-ATKBONUS] a power's attack bonus adds ½ level, ability, proficiency, enhancement and the power's bonus", () => {
    const { source, derived, ruleset } = prepare("ffd20", { level: 5, abilities });
    const power = powerSourceFrom(
      { ...standInFill(powerSchema(standInFields), {}), attackAbility: "str", attackBonus: 1, defense: "ac" },
      {},
    );
    const weaponSystem = {
      ...standInFill(weaponSchema(standInFields), {}),
      proficient: true,
      proficiencyBonus: 3,
      enhancement: 1,
    };
    const weapon = weaponSourceFrom("Longsword", weaponSystem);
    expect(sum(ruleset.attackBonus(source, derived, power, weapon))).toBe(2 + 3 + 3 + 1 + 1);
    const clumsy = weaponSourceFrom("Longsword", { ...weaponSystem, proficient: false });
    expect(sum(ruleset.attackBonus(source, derived, power, clumsy))).toBe(2 + 3 + 1 + 1);
  });
});

describe("Wounds d20 derived values", () => {
  // Dex 16 (+3); armor 4 with max Dex 2; shield 1.
  const gear = [armorItem({ armorBonus: 4, maxDex: 2 }), armorItem({ shieldBonus: 1 })];
  const base = {
    abilities: { str: 10, dex: 16, con: 10, int: 10, wis: 10, cha: 10 },
    hp: { value: 20, max: 20, temp: 0 },
  };

  it("[WD-AC] AC = 10 + armor + shield + Dex, the armor capping Dex", () => {
    expect(prepare("wounds-d20", base, gear).derived.defenses.ac).toBe(10 + 4 + 1 + 2);
    expect(prepare("wounds-d20", base).derived.defenses.ac).toBe(10 + 3);
  });

  it("[WD-TOUCH] touch AC leaves out only the armor bonus", () => {
    const { derived } = prepare("wounds-d20", base, gear);
    expect(derived.defenses.touch).toBe((derived.defenses.ac ?? NaN) - 4);
  });

  it("[WD-FLAT] flat-footed AC loses the Dex bonus but keeps a Dex penalty", () => {
    expect(prepare("wounds-d20", base, gear).derived.defenses.flat).toBe(10 + 4 + 1);
    const clumsy = { ...base, abilities: { ...base.abilities, dex: 8 } }; // −1
    expect(prepare("wounds-d20", clumsy, gear).derived.defenses.flat).toBe(10 + 4 + 1 - 1);
  });

  const penalties = (d: DerivedActor) => sum(d.attackPenalties);

  it("[WD-BLOODIED] damage of at least half the HP gives −1 on attacks (and initiative)", () => {
    const fresh = prepare("wounds-d20", { ...base, hp: { value: 11, max: 20, temp: 0 } }).derived; // 9 damage
    const hurt = prepare("wounds-d20", { ...base, hp: { value: 10, max: 20, temp: 0 } }).derived; // 10 damage
    expect(fresh.bloodied).toBe(false);
    expect(hurt.bloodied).toBe(true);
    expect(penalties(hurt) - penalties(fresh)).toBe(-1);
    expect(hurt.initiative - fresh.initiative).toBe(-1);
  });

  it("[WD-WOUNDED] damage of at least three quarters of the HP gives a further −1", () => {
    const bloodied = prepare("wounds-d20", { ...base, hp: { value: 6, max: 20, temp: 0 } }).derived; // 14 damage
    const wounded = prepare("wounds-d20", { ...base, hp: { value: 5, max: 20, temp: 0 } }).derived; // 15 damage
    expect(bloodied.wounded).toBe(false);
    expect(wounded.wounded).toBe(true);
    expect(penalties(wounded)).toBe(-2);
  });
});

describe("13th Age and Hundred Dungeons derived values", () => {
  it("[SYS-DOCS] 13th Age reads an NPC's stat-block defenses straight from the stored base", () => {
    const { derived } = prepare(
      "13th-age",
      { level: 3, defenses: { ac: { base: 19, bonus: 0 }, pd: { base: 17, bonus: 0 }, md: { base: 13, bonus: 1 } } },
      [],
      "npc",
    );
    expect(derived.defenses.ac).toBe(19);
    expect(derived.defenses.pd).toBe(17);
    expect(derived.defenses.md).toBe(14);
  });

  it("[SYS-DOCS] every ruleset derives every defense it lists from default data, never NaN", () => {
    // 13th Age and Hundred Dungeons show conditions in derived values (penalties, status labels);
    // FFd20 and Wounds d20 apply theirs at attack time only.
    for (const id of ["13th-age", "hundred-dungeons"] as const) {
      const { derived, ruleset } = prepare(id, {});
      for (const d of ruleset.defenses) expect(Number.isFinite(derived.defenses[d.key]), `${id} ${d.key}`).toBe(true);
      for (const s of ruleset.saves) expect(Number.isFinite(derived.saves[s.key]), `${id} save ${s.key}`).toBe(true);
    }
  });
});

describe("status effects in derived values", () => {
  it("[SYS-DOCS] a status toggled on the token (Actor#statuses) derives exactly like a stored condition", () => {
    // 13th Age and Hundred Dungeons show conditions in derived values (penalties, status labels);
    // FFd20 and Wounds d20 apply theirs at attack time only.
    for (const id of ["13th-age", "hundred-dungeons"] as const) {
      const ruleset = getRuleset(id);
      const filled = standInFill(actorSchema(standInFields), { level: 3 });
      const plain = toActorSource("character", filled);
      // Pick the first of the game's conditions that changes what the game derives.
      const changing = ruleset.conditions.find(
        (c) =>
          JSON.stringify(deriveSafely(ruleset, { ...plain, conditions: [c.id] }, {}).derived) !==
          JSON.stringify(deriveSafely(ruleset, plain, {}).derived),
      );
      expect(changing, `${id} has a condition that changes derived values`).toBeDefined();
      const status = changing!.id;
      const viaStatus = deriveSafely(ruleset, withStatuses(plain, new Set([status])), {}).derived;
      const viaStored = deriveSafely(ruleset, { ...plain, conditions: [status] }, {}).derived;
      expect(viaStatus).toEqual(viaStored);
      // Stored conditions stay, a status already stored is not doubled, the input is untouched.
      const both = withStatuses({ ...plain, conditions: [status] }, [status]);
      expect(both.conditions).toEqual([status]);
      expect(plain.conditions).toEqual([]);
    }
  });
});
