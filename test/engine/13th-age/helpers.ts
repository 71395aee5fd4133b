/** 13th Age defaults over the shared engine-test builders (test/support/engine-fixtures.ts). */
import { thirteenthAge } from "../../../src/engine/rulesets/13th-age/index.js";
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
import {
  actorBuilder,
  attackInput,
  blankSituation,
  combatantSource,
  damagePacket,
  effectSource,
  turnContext,
} from "../../support/engine-fixtures.js";

export const rs = thirteenthAge;

export const pc = actorBuilder({ kind: "character", hp: { value: 30, max: 30, temp: 0 } });

export const npc = actorBuilder({ kind: "npc", hp: { value: 20, max: 20, temp: 0 } });

export const situation: Situation = blankSituation();

/** +5 against AC 20 with the given d20 faces. */
export function attack(over: Partial<AttackInput> & { dice: number[] }): AttackInput {
  return attackInput({ attackBonus: 5, defense: { key: "ac", value: 20 }, situation, ...over });
}

/** 10 untyped melee damage from an attack whose natural roll was 10. */
export function packet(over: Partial<DamagePacket> = {}): DamagePacket {
  return damagePacket(10, { natural: 10, ...over });
}

/** An effect named by its id. */
export function effect(over: Partial<EffectSource> & { id: string }): EffectSource {
  return effectSource({ name: over.id, ...over });
}

export function combatant(id: string, actor: ActorSource, over: Partial<CombatantSource> = {}): CombatantSource {
  return combatantSource(id, actor, over);
}

export function ctx(
  combatants: CombatantSource[],
  combatantId: string | null,
  options: RuleOptions = {},
  round = 1,
): TurnContext {
  return turnContext(combatants, { round, combatantId, options });
}
