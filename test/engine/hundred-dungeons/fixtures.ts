/** Hundred Dungeons defaults over the shared engine-test builders (test/support/engine-fixtures.ts). */
import type {
  AttackInput,
  CombatantSource,
  DamagePacket,
  EffectSource,
  PowerSource,
  Situation,
  TurnContext,
  WeaponSource,
} from "../../../src/engine/types.js";
import {
  actorBuilder,
  attackInput,
  blankSituation,
  combatantSource,
  damagePacket,
  effectSource,
  powerSource,
  turnContext,
  weaponSource,
} from "../../support/engine-fixtures.js";

/** An HD character: small ability scores added straight to rolls. */
export const hdActor = actorBuilder({
  abilities: { str: 2, dex: 1, con: 1, int: 0, wis: 1, cha: 0 },
  hp: { value: 10, max: 10, temp: 0 },
  defenses: { def: { base: null, bonus: 0 } },
  speed: 60,
});

export function situation(over: Partial<Situation> = {}): Situation {
  return blankSituation(over);
}

/** A d20 face of 10, +3 against Defense 13, slashing. */
export function attack(over: Partial<AttackInput> = {}): AttackInput {
  return attackInput({ attackBonus: 3, defense: { key: "def", value: 13 }, damageTypes: ["slashing"], ...over });
}

/** 5 slashing damage from an attack, not in melee. */
export function packet(over: Partial<DamagePacket> = {}): DamagePacket {
  return damagePacket(5, { types: ["slashing"], melee: false, ...over });
}

/** A longsword with no damage dice of its own. */
export function weapon(over: Partial<WeaponSource> = {}): WeaponSource {
  return weaponSource({ damageDice: "", ...over });
}

/** A slashing Strength power against Defense. */
export function power(over: Partial<PowerSource> = {}): PowerSource {
  return powerSource({ defense: "def", damageTypes: ["slashing"], ...over });
}

export function effect(over: Partial<EffectSource> = {}): EffectSource {
  return effectSource(over);
}

/** An HD character's combatant on the players' side, seat 1 (whatever actor the overrides give it). */
export function combatant(id: string, over: Partial<CombatantSource> = {}): CombatantSource {
  return combatantSource(id, hdActor(), { side: "player", seat: 1, ...over });
}

/** Round 2, on the first combatant's turn. */
export function ctx(combatants: CombatantSource[], over: Partial<TurnContext> = {}): TurnContext {
  return turnContext(combatants, { round: 2, combatantId: combatants[0]?.id ?? null, ...over });
}
