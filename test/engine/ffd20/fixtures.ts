/** FFd20 defaults over the shared engine-test builders (test/support/engine-fixtures.ts). */
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

export const situation = (over: Partial<Situation> = {}): Situation => blankSituation(over);

/** +5 against AC 18 with the given d20 faces. */
export const attack = (over: Partial<AttackInput> & { dice: number[] }): AttackInput =>
  attackInput({ attackBonus: 5, defense: { key: "ac", value: 18 }, ...over });

export const pc = actorBuilder({ kind: "character", hp: { value: 30, max: 30, temp: 0 } });

export const npc = actorBuilder({ kind: "npc", hp: { value: 30, max: 30, temp: 0 } });

export const packet = (amount: number, over: Partial<DamagePacket> = {}): DamagePacket => damagePacket(amount, over);

/** A Strength weapon power for 1[W]+3. */
export const power = (over: Partial<PowerSource> = {}): PowerSource => powerSource({ damage: "1[W]+3", ...over });

/** A longsword with a +3 proficiency bonus. */
export const weapon = (over: Partial<WeaponSource> = {}): WeaponSource =>
  weaponSource({ proficiencyBonus: 3, ...over });

/** An effect named by its id. */
export const effect = (id: string, over: Partial<EffectSource> = {}): EffectSource =>
  effectSource({ id, name: id, ...over });

/** A PC's combatant on the players' side (whatever actor the overrides give it). */
export const combatant = (id: string, over: Partial<CombatantSource> = {}): CombatantSource =>
  combatantSource(id, pc(), { side: "player", ...over });

export const ctx = (
  combatants: CombatantSource[],
  combatantId: string | null,
  over: Partial<TurnContext> = {},
): TurnContext => turnContext(combatants, { combatantId, ...over });
