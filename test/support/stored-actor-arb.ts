/**
 * Random VALID stored actors (what `actorSystemIssues` accepts with every game's damage types):
 * traits, immunities and conditions drawn from all four games plus plain words, any life state,
 * wounds, HP anywhere from far below zero to above the maximum. What a world can hold after a
 * ruleset switch, an import or hand edits. Used by the switch and property tests.
 */
import fc from "./seeded-fc.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { allRulesets } from "../../src/engine/registry.js";
import type { ActorSource } from "../../src/engine/types.js";
import { LIFE_STATES } from "../../src/engine/actor-fields.js";

/** Every damage type any game knows, plus `all` (what validation accepts on a stored actor). */
export const ANY_DAMAGE_TYPES: readonly string[] = [
  ...new Set(["all", ...allRulesets().flatMap((r) => [...r.damageTypes])]),
];
/** Every condition id any game knows, plus ids only a module or macro would set. */
export const ANY_CONDITIONS: readonly string[] = [
  ...new Set([...allRulesets().flatMap((r) => r.conditions.map((c) => c.id)), "homebrew-hexed", "dead"]),
];

/** A stored actor that passes validation, drawn from the union of every game's data. */
export function storedActorArb(): fc.Arbitrary<ActorSource> {
  const trait = fc.record({ type: fc.constantFrom(...ANY_DAMAGE_TYPES), value: fc.integer({ min: 0, max: 30 }) });
  const score = fc.integer({ min: -5, max: 30 });
  return fc
    .record({
      kind: fc.constantFrom("character" as const, "npc" as const),
      level: fc.integer({ min: 0, max: 20 }),
      abilities: fc.record({ str: score, dex: score, con: score, int: score, wis: score, cha: score }),
      max: fc.integer({ min: 1, max: 300 }),
      value: fc.integer({ min: -300, max: 400 }),
      temp: fc.integer({ min: 0, max: 40 }),
      resistances: fc.array(trait, { maxLength: 3 }),
      vulnerabilities: fc.array(trait, { maxLength: 2 }),
      immunities: fc.array(fc.constantFrom(...ANY_DAMAGE_TYPES), { maxLength: 2 }),
      conditions: fc.uniqueArray(fc.constantFrom(...ANY_CONDITIONS), { maxLength: 4 }),
      exhaustion: fc.integer({ min: 0, max: 8 }),
      state: fc.constantFrom(...LIFE_STATES),
      important: fc.boolean(),
      insubstantial: fc.boolean(),
      lastTurn: fc.boolean(),
      wounds: fc.array(
        fc.record({ severity: fc.integer({ min: 0, max: 30 }), location: fc.string(), nasty: fc.boolean() }),
        { maxLength: 3 },
      ),
      deathSaves: fc.record({ successes: fc.integer({ min: 0, max: 5 }), failures: fc.integer({ min: 0, max: 5 }) }),
      recoveries: fc.record({ value: fc.integer({ min: 0, max: 10 }), max: fc.integer({ min: 0, max: 10 }) }),
      dyingTurns: fc.integer({ min: 0, max: 5 }),
      constitutionDamage: fc.integer({ min: 0, max: 10 }),
      defenseBase: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
      bonus: fc.integer({ min: -10, max: 10 }),
    })
    .map((a) =>
      defaultActorSource({
        kind: a.kind,
        level: a.level,
        abilities: a.abilities,
        hp: { value: a.value, max: a.max, temp: a.temp },
        defenses: Object.fromEntries(
          ["ac", "pd", "md", "fort", "ref", "will", "def", "touch", "flat"].map((k) => [
            k,
            { base: a.defenseBase, bonus: a.bonus },
          ]),
        ),
        resistances: a.resistances,
        vulnerabilities: a.vulnerabilities,
        immunities: a.immunities,
        conditions: a.conditions,
        exhaustion: a.exhaustion,
        state: a.state,
        important: a.important,
        insubstantial: a.insubstantial,
        lastTurn: a.lastTurn,
        wounds: a.wounds,
        deathSaves: a.deathSaves,
        recoveries: {
          value: a.recoveries.value,
          max: a.recoveries.max,
          formula: "1d8",
          noRecoveryUses: 0,
          ralliesThisBattle: 0,
          battlesSinceHealUp: 0,
        },
        dyingTurns: a.dyingTurns,
        constitutionDamage: a.constitutionDamage,
      }),
    );
}
