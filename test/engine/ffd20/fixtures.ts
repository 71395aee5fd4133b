/** Plain-data builders for the FFd20 engine tests. */
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

export const situation = (over: Partial<Situation> = {}): Situation => ({
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
});

export function attack(over: Partial<AttackInput> & { dice: number[] }): AttackInput {
  return {
    attackBonus: 5,
    defense: { key: "ac", value: 18 },
    range: "melee",
    situation: situation(),
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

export const pc = (over: Partial<ActorSource> = {}): ActorSource =>
  defaultActorSource({ kind: "character", hp: { value: 30, max: 30, temp: 0 }, ...over });

export const npc = (over: Partial<ActorSource> = {}): ActorSource =>
  defaultActorSource({ kind: "npc", hp: { value: 30, max: 30, temp: 0 }, ...over });

export const packet = (amount: number, over: Partial<DamagePacket> = {}): DamagePacket => ({
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
});

export const power = (over: Partial<PowerSource> = {}): PowerSource => ({
  attackAbility: "str",
  attackBonus: 0,
  defense: "ac",
  range: "melee",
  damage: "1[W]+3",
  damageTypes: [],
  missEffect: "none",
  missDamage: "",
  critDamage: "",
  critRange: 0,
  ongoing: null,
  touch: false,
  nonlethal: false,
  ...over,
});

export const weapon = (over: Partial<WeaponSource> = {}): WeaponSource => ({
  damageDice: "1d8",
  weaponClass: "martial",
  light: false,
  finesse: false,
  twoHanded: false,
  offHand: false,
  thrown: false,
  ranged: false,
  proficient: true,
  proficiencyBonus: 3,
  enhancement: 0,
  critDice: "",
  critRange: 0,
  name: "Longsword",
  ...over,
});

export const effect = (id: string, over: Partial<EffectSource> = {}): EffectSource => ({
  id,
  name: id,
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
});

export const combatant = (id: string, over: Partial<CombatantSource> = {}): CombatantSource => ({
  id,
  actorId: `actor-${id}`,
  name: id,
  actor: pc(),
  effects: [],
  initiative: null,
  side: "player",
  aware: true,
  defeated: false,
  seat: 0,
  ...over,
});

export const ctx = (
  combatants: CombatantSource[],
  combatantId: string | null,
  over: Partial<TurnContext> = {},
): TurnContext => ({
  round: 1,
  combatantId,
  combatants,
  surpriseRound: false,
  options: {},
  ...over,
});
