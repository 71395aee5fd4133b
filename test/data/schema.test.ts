/**
 * The schema builders read with stand-in fields: defaults equal the engine's blank actor, ranges
 * refuse what the rules forbid, every item type holds what the issue lists.
 */
import { numberBounds } from "../../src/engine/fields.js";
import { describe, expect, it } from "vitest";
import { toActorSource } from "../../src/data/prepare.js";
import { worldActorFields } from "../../src/engine/registry.js";
import {
  actorSchema,
  armorSchema,
  DURATION_KINDS,
  effectFlagSchema,
  featureSchema,
  powerSchema,
  weaponSchema,
} from "../../src/data/schema.js";
import { defaultActorSource } from "../../src/engine/common.js";
import type { StandInSchemaField } from "../stand-ins/foundry-fields.js";
import { StandInDataField, standInFields, standInInitial } from "../stand-ins/foundry-fields.js";

/** The bound of a number that names none of its own. */
const NUMBER_LIMIT = numberBounds({}).max;

const actor = actorSchema(standInFields) as unknown as Record<string, StandInDataField>;
const field = (schema: Record<string, unknown>, path: string): StandInDataField => {
  let cur: unknown = { fields: schema };
  for (const part of path.split(".")) cur = (cur as StandInSchemaField).fields[part];
  if (!(cur instanceof StandInDataField)) throw new Error(`no field ${path}`);
  return cur;
};
const initialOf = (schema: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(schema).map(([k, f]) => [k, standInInitial(f)]));

describe("actor schema", () => {
  it("[SYS-DOCS] a new actor's data is exactly the engine's blank actor (plus the biography)", () => {
    const initial = initialOf(actor);
    expect(initial.details).toEqual({ biography: "" });
    for (const kind of ["character", "npc"] as const) {
      expect(toActorSource(kind, initial)).toEqual(defaultActorSource({ kind }));
    }
  });

  it("[SYS-DOCS] stores every ActorSource field and nothing derived", () => {
    const stored = Object.keys(actor).filter((k) => k !== "details");
    expect(new Set(stored)).toEqual(new Set(Object.keys(worldActorFields())));
    expect(stored).not.toContain("derived");
  });

  it("[SYS-DOCS] maximum HP must be at least 1 and counts cannot go negative", () => {
    expect(field(actor, "hp.max").options.min).toBe(1);
    for (const p of [
      "hp.temp",
      "exhaustion",
      "recoveries.value",
      "recoveries.max",
      "deathSaves.failures",
      "deathSaves.successes",
    ]) {
      expect(field(actor, p).options.min, p).toBe(0);
    }
    // 13th Age goes below 0 HP: down to the finite bound every typed number has.
    expect(field(actor, "hp.value").options.min).toBe(-NUMBER_LIMIT);
  });

  it("[SYS-DOCS] holds the Wounds d20, Hundred Dungeons and 13th Age specific fields", () => {
    for (const p of [
      "wounds",
      "constitutionDamage",
      "baseCombatBonus",
      "baseSaveBonus",
      "renown",
      "weaponSkills",
      "exhaustion",
      "usesEscalation",
      "recoveries.formula",
      "recoveries.ralliesThisBattle",
      "recoveries.battlesSinceHealUp",
      "recoveries.noRecoveryUses",
      "deathSaves.successes",
      "resistances",
      "vulnerabilities",
      "immunities",
      "initiativeBonus",
      "speed",
    ]) {
      expect(() => field(actor, p), p).not.toThrow();
    }
    const wound = (field(actor, "wounds") as unknown as { element: StandInSchemaField }).element;
    expect(Object.keys(wound.fields)).toEqual(["severity", "location", "nasty"]);
  });
});

describe("item schemas", () => {
  it("[SYS-DOCS] a power holds its attack, defense, range, action, usage, effects, damage and ongoing damage", () => {
    const power = powerSchema(standInFields) as unknown as Record<string, unknown>;
    for (const k of [
      "attackAbility",
      "attackBonus",
      "defense",
      "range",
      "actionType",
      "usage",
      "hitEffect",
      "missText",
      "critText",
      "damage",
      "damageTypes",
      "missEffect",
      "ongoing",
      "description",
    ]) {
      expect(power, k).toHaveProperty(k);
    }
    expect(Object.keys(field(power, "range").options.choices as object)).toEqual(["melee", "ranged", "close", "area"]);
    expect(Object.keys(field(power, "usage").options.choices as object)).toEqual([
      "atWill",
      "encounter",
      "daily",
      "recharge",
      "perRest",
      "perBattle",
    ]);
    expect(standInInitial(field(power, "ongoing"))).toBeNull();
  });

  it("[SYS-DOCS] a weapon holds dice, class and every property the rules read; armor its bonuses and Dex cap", () => {
    const weapon = initialOf(weaponSchema(standInFields) as unknown as Record<string, unknown>);
    for (const k of [
      "damageDice",
      "weaponClass",
      "light",
      "finesse",
      "twoHanded",
      "offHand",
      "proficient",
      "proficiencyBonus",
      "critDice",
    ]) {
      expect(weapon, k).toHaveProperty(k);
    }
    const armor = initialOf(armorSchema(standInFields) as unknown as Record<string, unknown>);
    expect(armor).toMatchObject({ armorBonus: 0, shieldBonus: 0, maxDex: null, heavy: false, equipped: true });
    expect(initialOf(featureSchema(standInFields) as unknown as Record<string, unknown>)).toEqual({ description: "" });
  });

  it("[SYS-DOCS] effect data carries save-ends difficulty, next-turn timing, sustain, aftereffect and ongoing damage", () => {
    const eff = effectFlagSchema(standInFields) as unknown as Record<string, unknown>;
    expect(Object.keys(field(eff, "duration").options.choices as object)).toEqual([...DURATION_KINDS]);
    expect(Object.keys(field(eff, "save").options.choices as object)).toEqual(["easy", "normal", "hard"]);
    expect(Object.keys(field(eff, "sustain").options.choices as object)).toEqual(["standard", "move", "minor"]);
    expect(standInInitial(field(eff, "aftereffect"))).toBeNull();
    expect(Object.keys((field(eff, "ongoing") as StandInSchemaField).fields)).toEqual(["amount", "type"]);
  });
});
