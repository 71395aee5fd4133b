/** Plain-data builders for the Hundred Dungeons engine tests. */
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

/** An HD character: small ability scores added straight to rolls. */
export function hdActor(overrides: Partial<ActorSource> = {}): ActorSource {
  return defaultActorSource({
    abilities: { str: 2, dex: 1, con: 1, int: 0, wis: 1, cha: 0 },
    hp: { value: 10, max: 10, temp: 0 },
    defenses: { def: { base: null, bonus: 0 } },
    speed: 60,
    ...overrides,
  });
}

export function situation(over: Partial<Situation> = {}): Situation {
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
    ...over,
  };
}

export function attack(over: Partial<AttackInput> = {}): AttackInput {
  return {
    dice: [10],
    attackBonus: 3,
    defense: { key: "def", value: 13 },
    range: "melee",
    situation: situation(),
    escalation: 0,
    attacker: { kind: "character", usesEscalation: false, penalties: [], conditions: [], exhaustion: 0 },
    target: { conditions: [], vulnerabilities: [], exhaustion: 0 },
    damageTypes: ["slashing"],
    critRange: 0,
    hasMissEffect: false,
    options: {},
    ...over,
  };
}

export function packet(over: Partial<DamagePacket> = {}): DamagePacket {
  return {
    amount: 5,
    types: ["slashing"],
    natural: null,
    critical: false,
    ongoing: false,
    fromAttack: true,
    melee: false,
    nonlethal: false,
    knockOut: false,
    ...over,
  };
}

export function weapon(over: Partial<WeaponSource> = {}): WeaponSource {
  return {
    damageDice: "",
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

export function power(over: Partial<PowerSource> = {}): PowerSource {
  return {
    attackAbility: "str",
    attackBonus: 0,
    defense: "def",
    range: "melee",
    damage: "",
    damageTypes: ["slashing"],
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

export function effect(over: Partial<EffectSource> = {}): EffectSource {
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
    ...over,
  };
}

export function combatant(id: string, over: Partial<CombatantSource> = {}): CombatantSource {
  return {
    id,
    actorId: `actor-${id}`,
    name: id,
    actor: hdActor(),
    effects: [],
    initiative: null,
    side: "player",
    aware: true,
    defeated: false,
    seat: 1,
    ...over,
  };
}

export function ctx(combatants: CombatantSource[], over: Partial<TurnContext> = {}): TurnContext {
  return { round: 2, combatantId: combatants[0]?.id ?? null, combatants, surpriseRound: false, options: {}, ...over };
}
