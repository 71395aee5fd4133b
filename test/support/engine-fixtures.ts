/**
 * Plain-data builders shared by the engine tests. Each builder gives a valid, neutral value (no
 * bonus, nothing in play) and takes overrides; the per-game fixture files wrap these with only the
 * defaults their game's tests lean on (hit points, defense keys, bonuses).
 */
import { plainEffectData } from "../../src/engine/effects.js";
import fc from "fast-check";
import { blankSituation, defaultActorSource } from "../../src/engine/common.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type {
  ActorSource,
  AttackInput,
  CombatantSource,
  DamagePacket,
  DamageRecipeInput,
  EffectSource,
  PowerSource,
  RuleOptions,
  Situation,
  TurnContext,
  WeaponSource,
} from "../../src/engine/types.js";

export { blankSituation };

/** A builder of actors that starts from `defaults` (shallow, as defaultActorSource merges) before the overrides. */
export function actorBuilder(defaults: Partial<ActorSource> = {}): (over?: Partial<ActorSource>) => ActorSource {
  return (over = {}) => defaultActorSource({ ...defaults, ...over });
}

/** An attack by a character with a d20 face of 10, +0 against AC 10, nothing in play, with overrides. */
export function attackInput(over: Partial<AttackInput> = {}): AttackInput {
  return {
    dice: [10],
    attackBonus: 0,
    defense: { key: "ac", value: 10 },
    range: "melee",
    situation: blankSituation(),
    escalation: 0,
    attacker: { kind: "character", usesEscalation: false, penalties: [], conditions: [], exhaustion: 0 },
    target: { conditions: [], vulnerabilities: [], exhaustion: 0 },
    damageTypes: [],
    critRange: 0,
    hasMissEffect: false,
    options: {},
    ...over,
  };
}

/** A plain damage packet (untyped melee damage from an attack, no attack roll recorded) with overrides. */
export function damagePacket(amount: number, over: Partial<DamagePacket> = {}): DamagePacket {
  return {
    amount,
    types: [],
    natural: null,
    critical: false,
    ongoing: false,
    fromAttack: true,
    melee: true,
    nonlethal: false,
    knockOut: false,
    ...over,
  };
}

/** A save-ends effect with no creator (id `e1`) with overrides. */
export function effectSource(over: Partial<EffectSource> = {}): EffectSource {
  return {
    ...plainEffectData(),
    id: "e1",
    name: "Effect",
    duration: "saveEnds",
    statuses: [],
    ...over,
  };
}

/**
 * A combatant around an actor: actor id `actor-<id>`, named by its id, aware, no initiative yet,
 * on the GM's side for an NPC and the players' otherwise, with overrides.
 */
export function combatantSource(id: string, actor: ActorSource, over: Partial<CombatantSource> = {}): CombatantSource {
  return {
    id,
    actorId: `actor-${id}`,
    name: id,
    actor,
    effects: [],
    initiative: null,
    side: actor.kind === "npc" ? "gm" : "player",
    aware: true,
    defeated: false,
    seat: 0,
    ...over,
  };
}

/** Round 1 outside anyone's turn, no surprise round, default options, with overrides. */
export function turnContext(combatants: CombatantSource[], over: Partial<TurnContext> = {}): TurnContext {
  return { round: 1, combatantId: null, combatants, surpriseRound: false, options: {}, ...over };
}

/** A melee Strength power against AC with no damage of its own and no miss effect, with overrides. */
export function powerSource(over: Partial<PowerSource> = {}): PowerSource {
  return {
    attackAbility: "str",
    attackBonus: 0,
    defense: "ac",
    range: "melee",
    damage: "",
    damageTypes: [],
    missEffect: "none",
    missDamage: "",
    critDamage: "",
    critRange: 0,
    ongoing: null,
    touch: false,
    nonlethal: false,
    ...over,
  };
}

/** A proficient one-handed martial 1d8 melee weapon with no bonuses, with overrides. */
export function weaponSource(over: Partial<WeaponSource> = {}): WeaponSource {
  return {
    damageDice: "1d8",
    weaponClass: "martial",
    light: false,
    finesse: false,
    twoHanded: false,
    offHand: false,
    thrown: false,
    ranged: false,
    proficient: true,
    proficiencyBonus: 0,
    enhancement: 0,
    critDice: "",
    critRange: 0,
    name: "Longsword",
    ...over,
  };
}

/** Any setting of a ruleset's Open-rule options (world settings); numbers keep their default. */
export function openOptionsArb(r: Pick<Ruleset, "options">): fc.Arbitrary<RuleOptions> {
  const entries: Record<string, fc.Arbitrary<string | number | boolean>> = {};
  for (const o of r.options) {
    if (o.type === "boolean") entries[o.key] = fc.boolean();
    else if (o.type === "choice" && o.choices) entries[o.key] = fc.constantFrom(...Object.keys(o.choices));
    else entries[o.key] = fc.constant(o.default);
  }
  return fc.record(entries) as fc.Arbitrary<RuleOptions>;
}

/**
 * Any attack situation the dialog can give (bonus −5..5, up to two mighty and weak sources); with
 * `coupDeGrace`, a coup de grace may be declared too.
 */
export function situationArb(with_: { coupDeGrace?: boolean } = {}): fc.Arbitrary<Situation> {
  return fc.record({
    combatAdvantage: fc.boolean(),
    cover: fc.constantFrom("none" as const, "partial" as const, "superior" as const, "total" as const),
    concealment: fc.constantFrom("none" as const, "partial" as const, "total" as const),
    mighty: fc.integer({ min: 0, max: 2 }),
    weak: fc.integer({ min: 0, max: 2 }),
    bonus: fc.integer({ min: -5, max: 5 }),
    wrongSquare: fc.boolean(),
    withinMeleeReach: fc.boolean(),
    offGuard: fc.boolean(),
    ...(with_.coupDeGrace ? { coupDeGrace: fc.boolean() } : {}),
  });
}

/** Up to three of a game's condition ids (none for a game without conditions). */
export function conditionsArb(r: Pick<Ruleset, "conditions">): fc.Arbitrary<string[]> {
  return r.conditions.length
    ? fc.array(fc.constantFrom(...r.conditions.map((c) => c.id)), { maxLength: 3 })
    : fc.constant([] as string[]);
}

/** What a damage recipe is asked for: the outcome and hit damage, no miss effect, untyped, default options. */
export function recipeInput(
  outcome: DamageRecipeInput["outcome"],
  hit: DamageRecipeInput["hit"],
  over: Partial<DamageRecipeInput> = {},
): DamageRecipeInput {
  return {
    outcome,
    hit,
    miss: null,
    missEffect: "none",
    missApplies: false,
    critExtra: null,
    types: [],
    options: {},
    ...over,
  };
}
