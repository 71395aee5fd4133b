/** Builders of plain engine inputs for the Wounds d20 tests. */
import { defaultActorSource } from "../../../src/engine/common.js";
import type {
  ActorSource,
  AttackInput,
  CombatantSource,
  DamagePacket,
  EffectSource,
  PowerSource,
  Situation,
  TurnContext,
  WeaponSource,
} from "../../../src/engine/types.js";
import { woundsD20 } from "../../../src/engine/rulesets/wounds-d20.js";

export const wd = woundsD20;

export function actor(overrides: Partial<ActorSource> = {}): ActorSource {
  return defaultActorSource(overrides);
}

/** An actor with `damage` points taken out of `max`. */
export function hurt(max: number, damage: number, overrides: Partial<ActorSource> = {}): ActorSource {
  return actor({ ...overrides, hp: { value: max - damage, max, temp: overrides.hp?.temp ?? 0 } });
}

export function power(overrides: Partial<PowerSource> = {}): PowerSource {
  return {
    attackAbility: null,
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
    ...overrides,
  };
}

export function weapon(overrides: Partial<WeaponSource> = {}): WeaponSource {
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
    ...overrides,
  };
}

export function situation(overrides: Partial<Situation> = {}): Situation {
  return {
    combatAdvantage: false,
    cover: "none",
    concealment: "none",
    mighty: 0,
    weak: 0,
    bonus: 0,
    wrongSquare: false,
    withinMeleeReach: false,
    offGuard: false,
    ...overrides,
  };
}

export function attackInput(
  dice: number[],
  attackBonus: number,
  defense: number,
  overrides: Partial<AttackInput> = {},
): AttackInput {
  return {
    dice,
    attackBonus,
    defense: { key: "ac", value: defense },
    range: "melee",
    situation: situation(),
    escalation: 0,
    attacker: { kind: "character", usesEscalation: false, penalties: [], conditions: [], exhaustion: 0 },
    target: { conditions: [], vulnerabilities: [], exhaustion: 0 },
    damageTypes: [],
    critRange: 0,
    hasMissEffect: false,
    options: {},
    ...overrides,
  };
}

export function packet(amount: number, overrides: Partial<DamagePacket> = {}): DamagePacket {
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
    ...overrides,
  };
}

export function effect(overrides: Partial<EffectSource> = {}): EffectSource {
  return {
    id: "e1",
    name: "Effect",
    sourceCombatantId: null,
    duration: "saveEnds",
    save: "normal",
    saveBonus: 0,
    sustain: null,
    sustainedRound: null,
    ongoing: null,
    aftereffect: null,
    armed: false,
    statuses: [],
    ...overrides,
  };
}

export function combatant(id: string, overrides: Partial<CombatantSource> = {}): CombatantSource {
  return {
    id,
    actorId: `actor-${id}`,
    name: id,
    actor: actor(),
    effects: [],
    initiative: null,
    side: "player",
    aware: true,
    defeated: false,
    seat: 0,
    ...overrides,
  };
}

export function ctx(combatants: CombatantSource[], overrides: Partial<TurnContext> = {}): TurnContext {
  return { round: 1, combatantId: null, combatants, surpriseRound: false, options: {}, ...overrides };
}
