/**
 * FFd20 damage and healing: [FF-TYPES], [FF-RESIST], [FF-VULN], [FF-INSUB], temp HP first, and the
 * chosen dying rules ([FF-DEATH], Open, option `dyingRules`).
 */
import { absorbTemporary, clonePlain, healedHp, option, validateActorSource, validatePacket } from "../../common.js";
import { EngineError, requireFinite, requireNonNegative } from "../../errors.js";
import type { Ruleset } from "../../ruleset.js";
import { d20Plus, healingRoll, rollVerdict } from "../../resolution.js";
import type { ActorSource, DamagePacket, Modifier } from "../../types.js";
import type { RollRequest, RollResult, RuleEvent, RuleOptions, RuleResult } from "../../types.js";
import type { DyingRules } from "./data.js";
import { conditionResistAll, FF_DAMAGE_TYPES } from "./data.js";
import { rankSaveBonus } from "./creature.js";
import { adjustByParts } from "../../damage-parts.js";

const DEATH_SAVE_TARGET = 10;
export const SAVE_TARGET = 10;
const DEATH_SAVE_RECOVERY = 20;
const DEATH_SAVE_FAILURES = 3;

export function dyingRules(options: RuleOptions): DyingRules {
  const v = option<string>(options, "dyingRules", "4e");
  return v === "unconscious" || v === "lethal" ? v : "4e";
}

/** Half of maximum HP, rounded down; at or below it a creature is bloodied. */
export const bloodiedValue = (actor: ActorSource): number => Math.floor(actor.hp.max / 2);

/** One recovery (healing surge) heals a quarter of maximum HP, rounded down. */
const recoveryValue = (actor: ActorSource): number => Math.floor(actor.hp.max / 4);

/** Whether the creature follows the PC dying rules (PCs, and NPCs the GM marks important). */
const followsPcRules = (actor: ActorSource): boolean => actor.kind === "character" || actor.important;

/** Strongest trait value per damage type (`all` counts for every type, untyped included). */
function traitFor(list: readonly { type: string; value: number }[], type: string): number {
  let best = 0;
  for (const t of list)
    if (t.type === type || t.type === "all") best = Math.max(best, requireFinite("trait.value", t.value));
  return best;
}

/**
 * Adjust a packet's amount for the target's traits, in the 4th-edition order: halve first
 * (insubstantial), then vulnerability and resistance together, never below 0.
 * - [FF-RESIST] with several types, resistance only helps if it covers every type, and then only
 *   the weakest of those resistances applies. Untyped damage is only reduced by `all`/`untyped`.
 * - [FF-VULN] every type's vulnerability adds (once per type, the best of its own); `all` is one to
 *   every type, not added on top of a type's own: it adds once, for the types it beats.
 * - Immunity: immune to every type of the packet (or `all`) = no damage.
 * - [FF-INSUB] halves damage from attacks and ongoing damage, rounded down.
 */
function adjustDamage(actor: ActorSource, packet: DamagePacket): { dealt: number; adjustments: Modifier[] } {
  const adjustments: Modifier[] = [];
  const types = packet.types.filter((t) => t !== "untyped");
  const keys = types.length ? [...new Set(types)] : ["untyped"];
  let amount = Math.floor(packet.amount);
  if (amount !== packet.amount)
    adjustments.push({ key: "round", label: "D20C.FF.Adjust.Round", value: amount - packet.amount });

  const immune = new Set(actor.immunities);
  if (immune.has("all") || keys.every((k) => immune.has(k))) {
    if (amount > 0) adjustments.push({ key: "immune", label: "D20C.FF.Adjust.Immune", value: -amount });
    return { dealt: 0, adjustments };
  }
  const insubstantial = actor.insubstantial || actor.conditions.includes("insubstantial");
  if (insubstantial && (packet.fromAttack || packet.ongoing)) {
    const halved = Math.floor(amount / 2);
    if (halved !== amount)
      adjustments.push({ key: "insubstantial", label: "D20C.FF.Adjust.Insubstantial", value: halved - amount });
    amount = halved;
  }
  if (amount <= 0) return { dealt: 0, adjustments };

  // Vulnerabilities to one type are not cumulative, `all` being one to every type: a type adds the
  // best of its own, and `all` adds once for the types it beats (resistance takes the best alike).
  const allVuln = actor.vulnerabilities
    .filter((v) => v.type === "all")
    .reduce((m, v) => Math.max(m, requireFinite("vulnerabilities.value", v.value)), 0);
  let vulnerable = 0;
  let allCounts = false;
  for (const k of keys) {
    const own = actor.vulnerabilities
      .filter((v) => v.type === k)
      .reduce((m, v) => Math.max(m, requireFinite("vulnerabilities.value", v.value)), 0);
    if (own >= allVuln) vulnerable += own;
    else allCounts = true;
  }
  if (allCounts) vulnerable += allVuln;
  // [FF-CONDPETRIFIED] a condition's resistance to all damage counts as one more resistance (the best holds).
  const resist = Math.max(
    conditionResistAll(actor.conditions),
    Math.min(...keys.map((k) => traitFor(actor.resistances, k))),
  );
  if (vulnerable > 0) adjustments.push({ key: "vulnerable", label: "D20C.FF.Adjust.Vulnerable", value: vulnerable });
  const before = amount + vulnerable;
  const resisted = Math.min(Math.max(0, resist), before);
  if (resisted > 0) adjustments.push({ key: "resist", label: "D20C.FF.Adjust.Resist", value: -resisted });
  return { dealt: before - resisted, adjustments };
}

function newState(
  actor: ActorSource,
  packet: DamagePacket,
  rules: DyingRules,
  events: RuleEvent[],
  actorId: string,
): ActorSource["state"] {
  const hp = actor.hp.value;
  if (actor.state === "dead") return "dead";
  if (hp > 0) return actor.state;
  if (packet.nonlethal || packet.knockOut) {
    if (actor.state !== "unconscious") events.push({ key: "D20C.FF.Event.KnockedOut", actorId });
    return actor.state === "dying" ? "dying" : "unconscious";
  }
  if (!followsPcRules(actor) || rules === "lethal") {
    events.push({ key: "D20C.FF.Event.Slain", actorId });
    return "dead";
  }
  if (rules === "unconscious") {
    if (actor.state !== "unconscious") events.push({ key: "D20C.FF.Event.Unconscious", actorId });
    return "unconscious";
  }
  // 4e: dying at 0 or less; at minus the bloodied value, dead.
  if (hp <= -bloodiedValue(actor)) {
    events.push({ key: "D20C.FF.Event.DeadMassive", data: { threshold: -bloodiedValue(actor) }, actorId });
    return "dead";
  }
  if (actor.state !== "dying") events.push({ key: "D20C.FF.Event.Dying", actorId });
  return "dying";
}

export const applyDamage: Ruleset["applyDamage"] = (actor, packet, options, actorId) => {
  validateActorSource(actor, FF_DAMAGE_TYPES);
  validatePacket(packet, FF_DAMAGE_TYPES);
  // [SYS-MONSTERS] each damage part meets the target's traits on its own ([FF-RESIST] within a part).
  const { dealt, adjustments } = adjustByParts(packet, FF_DAMAGE_TYPES, (p) => adjustDamage(actor, p));
  const { temp, absorbed, rest } = absorbTemporary(actor.hp.temp, dealt);
  const next = clonePlain(actor);
  next.hp.temp = temp;
  next.hp.value = actor.hp.value - rest;
  const events: RuleEvent[] = [];
  if (dealt > 0) events.push({ key: "D20C.FF.Event.Damaged", data: { dealt, hpLost: rest, absorbed }, actorId });
  const wasBloodied = actor.hp.value <= bloodiedValue(actor);
  if (!wasBloodied && next.hp.value <= bloodiedValue(next) && next.hp.value > 0)
    events.push({ key: "D20C.FF.Event.Bloodied", actorId });
  next.state = newState(next, packet, dyingRules(options), events, actorId);
  return { actor: next, events, requests: [], adjustments, dealt, absorbedByTemp: absorbed, hpLost: rest };
};

/**
 * Healing: a creature below 0 starts counting from 0, never above maximum; coming above 0 ends
 * dying/unconscious. Temporary HP do not stack: the higher of old and new is kept.
 */
export const applyHealing: Ruleset["applyHealing"] = (actor, amount, kind, _options, actorId) => {
  validateActorSource(actor, FF_DAMAGE_TYPES);
  requireNonNegative("healing.amount", amount);
  if (kind !== "heal" && kind !== "temp")
    throw new EngineError("healing.kind", `unknown healing kind "${String(kind)}"`, kind);
  const next = clonePlain(actor);
  const events: RuleEvent[] = [];
  const n = Math.floor(amount);
  if (actor.state === "dead") {
    events.push({ key: "D20C.FF.Event.DeadCannotHeal", actorId });
    return { actor: next, events, requests: [] };
  }
  if (kind === "temp") {
    next.hp.temp = Math.max(actor.hp.temp, n);
    events.push({ key: "D20C.FF.Event.TempHp", data: { temp: next.hp.temp }, actorId });
    return { actor: next, events, requests: [] };
  }
  next.hp.value = healedHp(actor.hp, Math.max(0, actor.hp.value), n);
  events.push({ key: "D20C.FF.Event.Healed", data: { healed: next.hp.value - actor.hp.value }, actorId });
  if (next.hp.value > 0 && (actor.state === "dying" || actor.state === "unconscious" || actor.state === "stable")) {
    next.state = "active";
    events.push({ key: "D20C.FF.Event.BackUp", actorId });
  }
  return { actor: next, events, requests: [] };
};

function recoveryRequest(
  actor: ActorSource,
  actorId: string,
  data: Record<string, string | number | boolean>,
): RollRequest {
  return healingRoll(actorId, String(recoveryValue(actor)), "D20C.FF.Roll.Recovery", data);
}

/**
 * Spend a recovery (healing surge). `rally` = second wind in battle, once per battle. Nothing
 * changes until the request comes back through `resolveRoll`.
 */
export function startRecovery(actor: ActorSource, rally: boolean, _options: RuleOptions, actorId: string): RuleResult {
  validateActorSource(actor, FF_DAMAGE_TYPES);
  const next = clonePlain(actor);
  if (actor.state === "dead")
    return { actor: next, events: [{ key: "D20C.FF.Event.DeadCannotHeal", actorId }], requests: [] };
  if (actor.recoveries.value <= 0)
    return { actor: next, events: [{ key: "D20C.FF.Event.NoRecoveries", actorId }], requests: [] };
  if (rally && actor.recoveries.ralliesThisBattle >= 1) {
    return { actor: next, events: [{ key: "D20C.FF.Event.SecondWindUsed", actorId }], requests: [] };
  }
  return { actor: next, events: [], requests: [recoveryRequest(actor, actorId, { rally })] };
}

export function deathSaveRequest(actor: ActorSource, actorId: string, bonus: number): RollRequest | null {
  if (actor.state !== "dying") return null;
  return {
    kind: "deathSave",
    actorId,
    formula: d20Plus(bonus),
    target: DEATH_SAVE_TARGET,
    against: "total",
    label: "D20C.FF.Roll.DeathSave",
  };
}

/**
 * [FF-DEATH] (4e reading) death save: below 10 a failure (the third kills), 10–19 nothing changes,
 * 20 or more: spend a recovery right away (asked for as a follow-up request).
 */
export function resolveDeathSave(actor: ActorSource, roll: RollResult, actorId: string): RuleResult {
  const total = requireFinite("roll.total", roll.total);
  const next = clonePlain(actor);
  const events: RuleEvent[] = [];
  const requests: RollRequest[] = [];
  if (actor.state !== "dying") {
    events.push({ key: "D20C.FF.Event.NotDying", actorId });
    return { actor: next, events, requests };
  }
  if (total < DEATH_SAVE_TARGET) {
    next.deathSaves.failures = actor.deathSaves.failures + 1;
    events.push({ key: "D20C.FF.Event.DeathSaveFailed", data: { failures: next.deathSaves.failures }, actorId });
    if (next.deathSaves.failures >= DEATH_SAVE_FAILURES) {
      next.state = "dead";
      events.push({ key: "D20C.FF.Event.DiedFailures", actorId });
    }
  } else if (total >= DEATH_SAVE_RECOVERY) {
    events.push({ key: "D20C.FF.Event.DeathSaveRecovery", actorId });
    if (actor.recoveries.value > 0) requests.push(recoveryRequest(actor, actorId, { deathSave: true }));
    else events.push({ key: "D20C.FF.Event.NoRecoveries", actorId });
  } else {
    events.push({ key: "D20C.FF.Event.DeathSaveNoChange", actorId });
  }
  return { actor: next, events, requests };
}

/** A recovery came back: heal (from 0 when below), spend one recovery, count second wind. */
export function resolveRecovery(
  actor: ActorSource,
  request: RollRequest,
  roll: RollResult,
  options: RuleOptions,
  actorId: string,
): RuleResult {
  const total = requireNonNegative("roll.total", roll.total);
  if (actor.recoveries.value <= 0) {
    return { actor: clonePlain(actor), events: [{ key: "D20C.FF.Event.NoRecoveries", actorId }], requests: [] };
  }
  const healed = applyHealing(actor, total, "heal", options, actorId);
  healed.actor.recoveries.value = actor.recoveries.value - 1;
  if (request.data?.["rally"] === true)
    healed.actor.recoveries.ralliesThisBattle = actor.recoveries.ralliesThisBattle + 1;
  return healed;
}

export const saveRequest: Ruleset["saveRequest"] = (actor, _derived, kind, _mode, actorId) => {
  const as = kind === "save" ? "save" : kind === "death" ? "deathSave" : null;
  if (!as) throw new EngineError("save.kind", `FFd20 has no "${kind}" save (expected save or death)`, kind);
  const label = as === "save" ? "D20C.FF.Roll.Save" : "D20C.FF.Roll.DeathSave";
  // [SYS-MONSTERS] an elite's or solo's saving throw bonus (never on death saves).
  const bonus = actor.baseSaveBonus + (as === "save" ? rankSaveBonus(actor) : 0);
  return { kind: as, actorId, formula: d20Plus(bonus), target: SAVE_TARGET, against: "total", label };
};

/** Feed back a requested roll: a death save, a healing surge's healing, a save from the sheet. */
export const resolveRoll: Ruleset["resolveRoll"] = (actor, request, roll, options) => {
  validateActorSource(actor, FF_DAMAGE_TYPES);
  switch (request.kind) {
    case "deathSave":
      return resolveDeathSave(actor, roll, request.actorId);
    case "recovery":
      return resolveRecovery(actor, request, roll, options, request.actorId);
    case "save":
      // A save from the sheet is against no named effect (the turn cycle's saves name theirs).
      return rollVerdict(
        actor,
        request,
        roll.total >= (request.target ?? SAVE_TARGET),
        { succeeded: "D20C.FF.Event.SaveRollSucceeded", failed: "D20C.FF.Event.SaveRollFailed" },
        { total: roll.total },
      );
    default:
      throw new EngineError("request.kind", `FFd20 makes no "${request.kind}" roll`, request.kind);
  }
};
