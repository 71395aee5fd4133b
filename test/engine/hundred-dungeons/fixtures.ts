/** Hundred Dungeons defaults over the shared engine-test builders (test/support/engine-fixtures.ts). */
import { readActionsLeft, startTurnActions, type ProcedureInput } from "../../../src/engine/actions.js";
import { hundredDungeons as hd } from "../../../src/engine/rulesets/hundred-dungeons/index.js";
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

/** A procedure's input for `actor` (key and combatant "me", the players' side, round 2), with overrides. */
export function procedureInput(actor: ActorSource, over: Partial<ProcedureInput> = {}): ProcedureInput {
  return {
    actor,
    actorId: "me",
    targets: [],
    others: [],
    effects: [],
    choice: null,
    round: 2,
    ownTurn: true,
    memory: { bands: {}, marks: {} },
    numbers: {},
    options: {},
    combatantId: "me",
    side: "player",
    ...over,
  };
}

/**
 * What a turn of `actor` holds, read through the Ruleset as the product reads it: its turn start's
 * actions left (the tracker's reset with the game's cap), whether it may take a provoked attack on
 * a foe leaving its reach this `round` (its reaction), and its speed (half of what Dash says it
 * moves; 0 when it can take no action at all).
 */
export function turnOf(actor: ActorSource, round = 2) {
  if (!hd.economy || !hd.actionCap || !hd.afterAct || !hd.planProcedure || !hd.resolveProcedure)
    throw new Error("Hundred Dungeons tracks actions and plans procedures");
  const start = startTurnActions(hd.economy, readActionsLeft(hd.economy, null), hd.actionCap(actor));
  const me = combatant("me", { actor });
  const foe = combatant("foe", { side: "gm" });
  const provoked = hd.afterAct({ act: "move", feet: 5, round, actor: foe, within: [me] }).provocations;
  const input = procedureInput(actor, { round });
  const dash = hd.planProcedure("dash", input).refusal ? null : hd.resolveProcedure("dash", input, []);
  const feet = dash?.events.find((e) => e.key === "D20C.HD.Procedure.dash.done")?.data?.feet;
  return {
    quickActions: start.left.quick ?? 0,
    /** The most actions the turn allows (1 = one action or one quick action); null = no cap. */
    cap: start.cap,
    canReact: provoked[0]?.canReact ?? false,
    speed: typeof feet === "number" ? feet / 2 : 0,
  };
}
