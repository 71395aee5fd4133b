/** Plain-data builders for the 13th Age engine tests. */
import { defaultActorSource } from "../../../src/engine/common.js";
import { thirteenthAge } from "../../../src/engine/rulesets/13th-age.js";
import type {
  ActorSource,
  AttackInput,
  CombatantSource,
  DamagePacket,
  EffectSource,
  RuleOptions,
  Situation,
  TurnContext,
} from "../../../src/engine/types.js";

export const rs = thirteenthAge;

export function pc(overrides: Partial<ActorSource> = {}): ActorSource {
  return defaultActorSource({ kind: "character", hp: { value: 30, max: 30, temp: 0 }, ...overrides });
}

export function npc(overrides: Partial<ActorSource> = {}): ActorSource {
  return defaultActorSource({ kind: "npc", hp: { value: 20, max: 20, temp: 0 }, ...overrides });
}

export const situation: Situation = {
  combatAdvantage: false,
  cover: "none",
  concealment: "none",
  mighty: 0,
  weak: 0,
  bonus: 0,
  wrongSquare: false,
  withinMeleeReach: false,
  offGuard: false,
};

export function attack(over: Partial<AttackInput> & { dice: number[] }): AttackInput {
  return {
    attackBonus: 5,
    defense: { key: "ac", value: 20 },
    range: "melee",
    situation,
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

export function packet(over: Partial<DamagePacket> = {}): DamagePacket {
  return {
    amount: 10,
    types: [],
    natural: 10,
    critical: false,
    ongoing: false,
    fromAttack: true,
    melee: true,
    nonlethal: false,
    knockOut: false,
    ...over,
  };
}

export function effect(over: Partial<EffectSource> & { id: string }): EffectSource {
  return {
    name: over.id,
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

export function combatant(id: string, actor: ActorSource, over: Partial<CombatantSource> = {}): CombatantSource {
  return {
    id,
    actorId: `actor-${id}`,
    name: id,
    actor,
    effects: [],
    initiative: null,
    side: actor.kind === "character" ? "player" : "gm",
    aware: true,
    defeated: false,
    seat: 0,
    ...over,
  };
}

export function ctx(
  combatants: CombatantSource[],
  combatantId: string | null,
  options: RuleOptions = {},
  round = 1,
): TurnContext {
  return { round, combatantId, combatants, surpriseRound: false, options };
}
