/** Wounds d20 defaults over the shared engine-test builders (test/support/engine-fixtures.ts). */
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
import { woundsD20 } from "../../../src/engine/rulesets/wounds-d20/index.js";
import {
  actorBuilder,
  attackInput as sharedAttackInput,
  blankSituation,
  combatantSource,
  damagePacket,
  effectSource,
  powerSource,
  turnContext,
  weaponSource,
} from "../../support/engine-fixtures.js";

export const wd = woundsD20;

export const actor = actorBuilder();

/** An actor with `damage` points taken out of `max`. */
export function hurt(max: number, damage: number, overrides: Partial<ActorSource> = {}): ActorSource {
  return actor({ ...overrides, hp: { value: max - damage, max, temp: overrides.hp?.temp ?? 0 } });
}

/** A power with no attack ability of its own. */
export function power(overrides: Partial<PowerSource> = {}): PowerSource {
  return powerSource({ attackAbility: null, ...overrides });
}

export function weapon(overrides: Partial<WeaponSource> = {}): WeaponSource {
  return weaponSource(overrides);
}

export function situation(overrides: Partial<Situation> = {}): Situation {
  return blankSituation(overrides);
}

/** The given d20 faces and bonus against that AC. */
export function attackInput(
  dice: number[],
  attackBonus: number,
  defense: number,
  overrides: Partial<AttackInput> = {},
): AttackInput {
  return sharedAttackInput({ dice, attackBonus, defense: { key: "ac", value: defense }, ...overrides });
}

export function packet(amount: number, overrides: Partial<DamagePacket> = {}): DamagePacket {
  return damagePacket(amount, overrides);
}

export function effect(overrides: Partial<EffectSource> = {}): EffectSource {
  return effectSource(overrides);
}

/** A blank actor's combatant on the players' side (whatever actor the overrides give it). */
export function combatant(id: string, overrides: Partial<CombatantSource> = {}): CombatantSource {
  return combatantSource(id, actor(), { side: "player", ...overrides });
}

export function ctx(combatants: CombatantSource[], overrides: Partial<TurnContext> = {}): TurnContext {
  return turnContext(combatants, overrides);
}
