/**
 * 13th Age: damage, healing, recoveries, saves and death saves.
 * [13A-RESIST] [13A-TEMPHP] [13A-DOWN] [13A-DEATHSAVE] [13A-DEATH] [13A-LASTTURN] [13A-RECOV]
 * [13A-RALLY] [13A-NEGHEAL] [13A-NORECOV] [13A-HEALUP] [13A-SAVE]
 */
import { absorbTemporary, clonePlain, healedHp, liftedState, option, validateActorSource } from "../../common.js";
import { validatePacket } from "../../common.js";
import { EngineError, requireFinite, requireNonNegative } from "../../errors.js";
import type { Ruleset } from "../../ruleset.js";
import { d20Plus, healingRoll, meetsTarget, rollVerdict } from "../../resolution.js";
import type { ActorSource, DamagePacket, DerivedActor, LifeState } from "../../types.js";
import type { Modifier, RollRequest, RuleEvent, RuleOptions, RuleResult } from "../../types.js";
import { DAMAGE_TYPES, DEATH_SAVE_FAILURES_TO_DIE, DEATH_SAVE_TARGET, OPTION_DEFAULTS, SAVE_TARGETS } from "./data.js";
import { CONDITIONS, type SaveKind } from "./data.js";
import { conditionSpecs } from "../../conditions.js";
import { adjustByParts, type Adjusted } from "../../damage-parts.js";

const K = "D20C.Age13";

/** NPCs that track HP like a PC (death saves, negative HP): PCs and NPCs marked important. */
function tracksNegativeHp(actor: ActorSource): boolean {
  return actor.kind === "character" || actor.important;
}

/** [13A-DEATH] HP a creature may hold: PCs and important NPCs go below 0, other monsters stop at 0. */
export function hpRange(actor: ActorSource): { min: number; max: number } {
  return { min: tracksNegativeHp(actor) ? Number.NEGATIVE_INFINITY : 0, max: actor.hp.max };
}

/** Dead by massive damage: HP at or below minus half maximum ([13A-DEATH]). Odd maxima compare exactly. */
function belowDeathLine(value: number, max: number): boolean {
  return value <= -max / 2;
}

/**
 * Life state for an HP value ([13A-DOWN], [13A-DEATH]): above 0 active; PCs at 0 unconscious,
 * below 0 dying, at −½ max or lower dead; ordinary NPCs dead at 0 or lower.
 */
export function stateForHp(actor: ActorSource, value: number): LifeState {
  if (value > 0) return "active";
  if (!tracksNegativeHp(actor)) return "dead";
  if (belowDeathLine(value, actor.hp.max)) return "dead";
  return value < 0 ? "dying" : "unconscious";
}

function stateEvent(state: LifeState, actorId: string): RuleEvent | null {
  switch (state) {
    case "unconscious":
      return { key: `${K}.Event.unconscious`, actorId };
    case "dying":
      return { key: `${K}.Event.dying`, actorId };
    case "dead":
      return { key: `${K}.Event.dead`, actorId };
    default:
      return null;
  }
}

/**
 * Resist ([13A-RESIST]): of the resistances matching the packet's types (or `all`), the highest
 * threshold N counts; damage is halved unless the attack's natural roll is N or more. With no
 * natural roll (ongoing damage, flat effects) it is always halved.
 */
function resistAdjustment(
  actor: ActorSource,
  packet: DamagePacket,
  amount: number,
  options: RuleOptions,
): Modifier | null {
  const matching = actor.resistances.filter((r) => r.type === "all" || packet.types.includes(r.type));
  if (matching.length === 0 || amount <= 0) return null;
  const threshold = Math.max(...matching.map((r) => r.value));
  if (packet.natural !== null && packet.natural >= threshold) return null;
  const rounding = option(options, "resistRounding", OPTION_DEFAULTS.resistRounding as string);
  const kept = rounding === "up" ? Math.ceil(amount / 2) : Math.floor(amount / 2);
  return { key: "resist", label: `${K}.Adjust.resist`, value: kept - amount };
}

/** Immunity, then [13A-RESIST], on one packet (one part of a blow of several damage types). */
function adjustOne(actor: ActorSource, packet: DamagePacket, options: RuleOptions): Adjusted {
  const adjustments: Modifier[] = [];
  let amount = Math.floor(packet.amount);
  const immune =
    packet.types.length > 0 &&
    packet.types.every((t) => actor.immunities.includes(t) || actor.immunities.includes("all"));
  if (immune && amount > 0) {
    adjustments.push({ key: "immune", label: `${K}.Adjust.immune`, value: -amount });
    amount = 0;
  }
  const resist = resistAdjustment(actor, packet, amount, options);
  if (resist) {
    adjustments.push(resist);
    amount += resist.value;
  }
  return { dealt: amount, adjustments };
}

export const applyDamage: Ruleset["applyDamage"] = (actor, packet, options, actorId) => {
  validateActorSource(actor, DAMAGE_TYPES);
  validatePacket(packet, DAMAGE_TYPES);
  const next = clonePlain(actor);
  const events: RuleEvent[] = [];
  // [SYS-MONSTERS] each damage part meets immunity and resistance (its natural roll) on its own.
  const { dealt: amount, adjustments } = adjustByParts(packet, DAMAGE_TYPES, (p) => adjustOne(actor, p, options));

  // [13A-TEMPHP] temporary HP go first.
  const t = absorbTemporary(actor.hp.temp, amount);
  next.hp.temp = t.temp;
  const before = actor.hp.value;
  let value = before - t.rest;
  if (!tracksNegativeHp(actor)) value = Math.max(0, value);
  // Damage never raises HP (a creature already below the floor stays where it is).
  value = Math.min(before, value);
  next.hp.value = value;
  events.push({ key: "D20C.Event.damageTaken", data: { amount, hpLost: before - value, temp: t.absorbed }, actorId });

  if (actor.state === "dead") {
    next.lastTurn = false;
  } else if (t.rest > 0 && value <= 0) {
    const fromOngoing = packet.ongoing && (actor.lastTurn || (actor.state === "active" && before > 0));
    if (fromOngoing) {
      // [13A-LASTTURN] ongoing damage: the creature keeps acting for one more turn, then drops.
      next.lastTurn = true;
      next.state = "active";
      if (!actor.lastTurn) events.push({ key: `${K}.Event.lastTurn`, actorId });
    } else {
      next.lastTurn = false;
      next.state = stateForHp(actor, value);
      if (next.state !== actor.state) {
        const ev = stateEvent(next.state, actorId);
        if (ev) events.push(ev);
      }
    }
  }
  return {
    actor: next,
    events,
    requests: [],
    adjustments,
    dealt: amount,
    absorbedByTemp: t.absorbed,
    hpLost: before - value,
  };
};

/**
 * Heal ([13A-NEGHEAL]: from negative HP healing starts at 0; never above max) or grant temporary
 * HP ([13A-TEMPHP]: they don't stack, the higher pool is kept). The dead get neither.
 */
export const applyHealing: Ruleset["applyHealing"] = (actor, amount, kind, _options, actorId) => {
  validateActorSource(actor, DAMAGE_TYPES);
  const n = Math.floor(requireNonNegative("healing.amount", amount));
  const next = clonePlain(actor);
  const events: RuleEvent[] = [];
  if (kind !== "heal" && kind !== "temp")
    throw new EngineError("healing.kind", `unknown healing kind "${String(kind)}"`, kind);
  if (actor.state === "dead") {
    events.push({ key: `${K}.Event.deadNoHealing`, actorId });
    return { actor: next, events, requests: [] };
  }
  if (kind === "temp") {
    if (n > actor.hp.temp) {
      next.hp.temp = n;
      events.push({ key: `${K}.Event.tempGained`, data: { amount: n }, actorId });
    } else {
      events.push({ key: `${K}.Event.tempKept`, data: { amount: n, kept: actor.hp.temp }, actorId });
    }
    return { actor: next, events, requests: [] };
  }
  const start = Math.max(0, actor.hp.value);
  if (actor.hp.value < 0) events.push({ key: `${K}.Event.healFromZero`, actorId });
  next.hp.value = healedHp(actor.hp, start, n);
  if (next.hp.value > 0) next.lastTurn = false;
  // Healing can only lift the state: dying → unconscious at 0, anything → active above 0 (a
  // down NPC healed by 0 stays as it was).
  if (!next.lastTurn) next.state = liftedState(actor.state, stateForHp(actor, next.hp.value));
  events.push({ key: "D20C.Event.healed", data: { amount: next.hp.value - actor.hp.value }, actorId });
  return { actor: next, events, requests: [] };
};

/** The roll of one recovery ([13A-RECOV]); `half` when none are left ([13A-NORECOV]). */
function recoveryRequest(
  actor: ActorSource,
  actorId: string,
  data: Record<string, string | number | boolean> = {},
): RollRequest {
  if (!actor.recoveries.formula || actor.recoveries.formula.trim() === "") {
    throw new EngineError("actor.recoveries.formula", "is empty", actor.recoveries.formula);
  }
  return healingRoll(actorId, actor.recoveries.formula, `${K}.Roll.recovery`, {
    ...data,
    half: actor.recoveries.value <= 0,
  });
}

/**
 * Spend a recovery ([13A-RECOV]) or rally in combat ([13A-RALLY]): the first rally of a battle
 * asks for the recovery roll straight away; each later one asks for a normal save first. Every
 * rally attempt is counted when it is made.
 */
export function startRecovery(actor: ActorSource, rally: boolean, _options: RuleOptions, actorId: string): RuleResult {
  validateActorSource(actor, DAMAGE_TYPES);
  const next = clonePlain(actor);
  if (actor.state === "dead")
    return { actor: next, events: [{ key: `${K}.Event.deadNoHealing`, actorId }], requests: [] };
  if (!rally) return { actor: next, events: [], requests: [recoveryRequest(actor, actorId)] };
  // [13A-RALLY] [13A-DOWN] rallying is a standard action: an unconscious or dying creature (or any
  // condition that leaves no action) cannot take it. A recovery spent for it by another's healing
  // is no rally and still works.
  const down = actor.state === "unconscious" || actor.state === "dying";
  if (down || conditionSpecs(CONDITIONS, actor.conditions).some((c) => c.noActions))
    return { actor: next, events: [{ key: `${K}.Event.cannotRally`, actorId }], requests: [] };
  const previous = actor.recoveries.ralliesThisBattle;
  next.recoveries.ralliesThisBattle = previous + 1;
  if (previous === 0) {
    return {
      actor: next,
      events: [{ key: `${K}.Event.rallyFree`, actorId }],
      requests: [recoveryRequest(actor, actorId, { rally: true })],
    };
  }
  const save: RollRequest = {
    kind: "rallySave",
    actorId,
    formula: d20Plus(actor.baseSaveBonus),
    target: SAVE_TARGETS.normal,
    against: "total",
    label: `${K}.Roll.rallySave`,
  };
  return { actor: next, events: [], requests: [save] };
}

/** A save of a difficulty from the sheet ([13A-SAVE]): d20 (+ flat save bonus, 0 by default). */
export const saveRequest: Ruleset["saveRequest"] = (actor, derived, kind, mode, actorId) => {
  if (!(kind in SAVE_TARGETS)) throw new EngineError("save.kind", `unknown save "${kind}" (easy, normal, hard)`, kind);
  const k = kind as SaveKind;
  return {
    kind: "save",
    actorId,
    formula: d20Plus(derived.saves[k] ?? actor.baseSaveBonus, mode),
    target: SAVE_TARGETS[k],
    against: "total",
    label: `D20C.Save.${k}`,
  };
};

/** The death save of a dying creature ([13A-DEATHSAVE]), or null if it isn't making them. */
export function deathSaveRequest(
  actor: ActorSource,
  _derived: DerivedActor | null,
  actorId: string,
): RollRequest | null {
  if (actor.state !== "dying") return null;
  return {
    kind: "deathSave",
    actorId,
    formula: d20Plus(actor.baseSaveBonus),
    target: DEATH_SAVE_TARGET,
    against: "total",
    label: `${K}.Roll.deathSave`,
  };
}

/** A disengage attempt ([13A-ENGAGE]): normal save; `standard` = the retry spends the standard action. */
export function disengageRequest(actor: ActorSource, actorId: string, standard = false): RollRequest {
  return {
    kind: "disengage",
    actorId,
    formula: d20Plus(actor.baseSaveBonus),
    target: SAVE_TARGETS.normal,
    against: "total",
    label: `${K}.Roll.disengage`,
    data: { action: standard ? "standard" : "move" },
  };
}

/** Spend one recovery's healing: half and a cumulative penalty when none are left ([13A-NORECOV]). */
function spendRecovery(actor: ActorSource, rolled: number, actorId: string, options: RuleOptions): RuleResult {
  const events: RuleEvent[] = [];
  let healing = Math.max(0, Math.floor(rolled));
  const spent = clonePlain(actor);
  if (actor.recoveries.value > 0) {
    spent.recoveries.value = actor.recoveries.value - 1;
  } else {
    healing = Math.floor(healing / 2);
    spent.recoveries.noRecoveryUses = actor.recoveries.noRecoveryUses + 1;
    events.push({ key: `${K}.Event.noRecovery`, data: { penalty: spent.recoveries.noRecoveryUses }, actorId });
  }
  const healed = applyHealing(spent, healing, "heal", options, actorId);
  return { actor: healed.actor, events: [...events, ...healed.events], requests: [] };
}

/** Feed back a requested roll (recovery, rally save, death save, save, disengage). */
export const resolveRoll: Ruleset["resolveRoll"] = (actor, request, roll, options) => {
  validateActorSource(actor, DAMAGE_TYPES);
  requireFinite("roll.total", roll.total);
  if (roll.natural !== null) requireFinite("roll.natural", roll.natural);
  const id = request.actorId;
  switch (request.kind) {
    case "recovery":
      return spendRecovery(actor, roll.total, id, options);
    case "rallySave": {
      if (meetsTarget(request, roll)) {
        return {
          actor: clonePlain(actor),
          events: [{ key: `${K}.Event.rallySaved`, actorId: id }],
          requests: [recoveryRequest(actor, id, { rally: true })],
        };
      }
      return { actor: clonePlain(actor), events: [{ key: `${K}.Event.rallyFailed`, actorId: id }], requests: [] };
    }
    case "deathSave": {
      const next = clonePlain(actor);
      if (actor.state !== "dying") return { actor: next, events: [], requests: [] };
      if (meetsTarget(request, roll)) {
        next.deathSaves.successes = actor.deathSaves.successes + 1;
        const events: RuleEvent[] = [{ key: `${K}.Event.deathSavePassed`, actorId: id }];
        // A natural 20 also lets the creature act this turn.
        if (roll.natural === 20) events.push({ key: `${K}.Event.deathSaveNatural20`, actorId: id });
        return { actor: next, events, requests: [recoveryRequest(actor, id, { deathSave: true })] };
      }
      next.deathSaves.failures = actor.deathSaves.failures + 1;
      const events: RuleEvent[] = [
        { key: `${K}.Event.deathSaveFailed`, data: { failures: next.deathSaves.failures }, actorId: id },
      ];
      if (next.deathSaves.failures >= DEATH_SAVE_FAILURES_TO_DIE) {
        next.state = "dead";
        events.push({ key: `${K}.Event.dead`, actorId: id });
      }
      return { actor: next, events, requests: [] };
    }
    case "save":
      return rollVerdict(actor, request, meetsTarget(request, roll), {
        succeeded: "D20C.Event.saveSucceeded",
        failed: "D20C.Event.saveFailed",
      });
    case "disengage":
      return rollVerdict(
        actor,
        request,
        meetsTarget(request, roll),
        { succeeded: `${K}.Event.disengaged`, failed: `${K}.Event.disengageFailed` },
        { action: String(request.data?.["action"] ?? "move") },
      );
    default:
      throw new EngineError("request.kind", `13th Age does not resolve "${request.kind}" rolls`, request.kind);
  }
};

/** Full heal-up ([13A-HEALUP]): HP, recoveries, no-recovery penalties and the battle count reset. */
export function fullHealUp(actor: ActorSource): ActorSource {
  validateActorSource(actor, DAMAGE_TYPES);
  const next = clonePlain(actor);
  if (actor.state === "dead") return next;
  next.hp = { value: actor.hp.max, max: actor.hp.max, temp: 0 };
  next.recoveries = {
    ...actor.recoveries,
    value: actor.recoveries.max,
    noRecoveryUses: 0,
    ralliesThisBattle: 0,
    battlesSinceHealUp: 0,
  };
  next.deathSaves = { successes: 0, failures: 0 };
  next.state = "active";
  next.lastTurn = false;
  return next;
}
