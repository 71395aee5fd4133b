/**
 * Wounds d20 damage and death: damage counted up against HP ([WD-DAMAGE]), wound points and
 * nasty wounds ([WD-WOUNDPTS], [WD-NASTY]), the death save and its outcomes ([WD-DEATHDC],
 * [WD-STAGGER], [WD-DYING], [WD-STABLE], [WD-NONLETHAL]), heal checks ([WD-HEALCHECK]), saves
 * ([WD-SAVES]) and recovery dice ([WD-RECOVERY]).
 */
import { absorbTemporary, clonePlain, option, validateActorSource, validatePacket } from "../../common.js";
import { EngineError, requireFinite, requireNonNegative } from "../../errors.js";
import type { Ruleset } from "../../ruleset.js";
import { d20Plus, healingRoll, rollVerdict } from "../../resolution.js";
import type { ActorSource, DamagePacket, DamageResult, HealingKind, LifeState } from "../../types.js";
import type { Modifier, RollRequest, RollResult, RuleEvent, RuleOptions, RuleResult } from "../../types.js";
import type { Wound } from "./fields.js";
import { DAMAGE_TYPES, K, damageTaken, deathSaveDC, isBloodied, isWounded, woundThreshold } from "./data.js";
import { woundTotal } from "./data.js";
import { statBlockSaveTotal } from "./creature.js";
import { adjustByParts } from "../../damage-parts.js";

/**
 * Why a death save is rolled; the resolver reads it back from `request.data.reason`.
 * - `damage`: damage reached max HP on an up (or knocked-out) creature.
 * - `hit`: a staggered or stable creature took lethal damage (anything but dead → dying).
 * - `strenuous`: a staggered creature took a major or strenuous action (fail → dying).
 * - `dyingHit`: a dying creature took damage (only death ends the count).
 * - `dying`: the end-of-round save of a dying creature (tallies, 1 Con).
 * - `stable`: the hourly save of a stable creature (1 Con).
 * - `coupDeGrace`: a coup de grace's save against death at 10 + the damage dealt (fail → dead).
 */
export type DeathSaveReason = "damage" | "hit" | "strenuous" | "dyingHit" | "dying" | "stable" | "coupDeGrace";

/**
 * [WD-COUPDEGRACE] The save a creature that lived through a coup de grace's damage owes: its death
 * save (the family's Fortitude) against 10 + the damage the blow dealt; failure kills it.
 */
function coupDeGraceSave(actor: ActorSource, actorId: string, dealt: number): RollRequest {
  return {
    kind: "deathSave",
    actorId,
    formula: d20Plus(statBlockSaveTotal(actor, "death") ?? actor.baseSaveBonus),
    target: 10 + dealt,
    against: "total",
    label: `${K}.Roll.CoupDeGraceSave`,
    data: { reason: "coupDeGrace", nonlethal: false },
  };
}

const SAVE_KINDS = ["charm", "reflex", "death", "fear", "spell"];

/** A death save request at the actor's current DC. */
export function deathSave(
  actor: ActorSource,
  actorId: string,
  reason: DeathSaveReason,
  nonlethal = false,
): RollRequest {
  const dc = deathSaveDC(damageTaken(actor), actor.hp.max);
  return {
    kind: reason === "stable" ? "stableCheck" : "deathSave",
    actorId,
    // [SYS-MONSTERS] a stat block's own death save total replaces the base save bonus.
    formula: d20Plus(statBlockSaveTotal(actor, "death") ?? actor.baseSaveBonus),
    target: dc,
    against: "total",
    label:
      reason === "stable"
        ? `${K}.Roll.StableCheck`
        : reason === "strenuous"
          ? `${K}.Roll.StrenuousSave`
          : `${K}.Roll.DeathSave`,
    data: { reason, nonlethal },
  };
}

/** [WD-STAGGER] the death save a staggered creature owes for a major or strenuous action. */
export function strenuousActionRequest(actor: ActorSource, actorId: string): RollRequest | null {
  return actor.state === "staggered" ? deathSave(actor, actorId, "strenuous") : null;
}

/**
 * [WD-HEALCHECK] an adjacent helper's Heal check (a full-round action) on a dying or stable
 * creature. `healBonus` is the helper's Heal modifier; the DC is the `healCheckDC` option.
 * Success: dying → stable; stable → conscious and staggered.
 */
export function healCheckRequest(
  patient: ActorSource,
  patientId: string,
  healBonus: number,
  options: RuleOptions,
): RollRequest | null {
  if (patient.state !== "dying" && patient.state !== "stable") return null;
  requireFinite("healBonus", healBonus);
  return {
    kind: "dyingCheck",
    actorId: patientId,
    formula: d20Plus(healBonus),
    target: option(options, "healCheckDC", 15),
    against: "total",
    label: `${K}.Roll.HealCheck`,
    data: { check: "heal" },
  };
}

/**
 * [WD-NASTY] the wound a failed save inflicts when an effect says so: a natural 1 (a critical
 * failure) makes it nasty.
 */
export function woundFromSave(severity: number, natural: number | null): Wound {
  requireNonNegative("wound.severity", severity);
  return { severity, location: "", nasty: natural === 1 };
}

function lifeEvent(state: LifeState, actorId: string): RuleEvent {
  return { key: `${K}.Event.State.${state}`, actorId };
}

function traitAdjustments(actor: ActorSource, packet: DamagePacket): { amount: number; adjustments: Modifier[] } {
  const types = packet.types.length ? packet.types : ["untyped"];
  const adjustments: Modifier[] = [];
  let amount = packet.amount;
  const immune = types.every((t) => actor.immunities.includes(t) || actor.immunities.includes("all"));
  if (immune && amount > 0) {
    adjustments.push({ key: "immune", label: `${K}.Adjust.Immune`, value: -amount });
    return { amount: 0, adjustments };
  }
  const matches = (t: { type: string }) => t.type === "all" || types.includes(t.type);
  const resist = Math.max(0, ...actor.resistances.filter(matches).map((r) => r.value));
  if (resist > 0 && amount > 0) {
    const cut = Math.min(amount, resist);
    adjustments.push({ key: "resist", label: `${K}.Adjust.Resist`, value: -cut });
    amount -= cut;
  }
  const vuln = Math.max(0, ...actor.vulnerabilities.filter(matches).map((v) => v.value));
  if (vuln > 0 && packet.amount > 0) {
    adjustments.push({ key: "vulnerable", label: `${K}.Adjust.Vulnerable`, value: vuln });
    amount += vuln;
  }
  return { amount, adjustments };
}

/**
 * Apply a damage packet. Temp HP absorb first; the rest is damage taken (HP may go below 0).
 * Lethal damage past the wounded threshold records a wound of the points past it; a crit makes it
 * nasty. Then the death save the state demands is requested.
 */
export function applyDamage(actor: ActorSource, packet: DamagePacket, actorId: string): DamageResult {
  validateActorSource(actor, DAMAGE_TYPES);
  validatePacket(packet, DAMAGE_TYPES);
  const next = clonePlain(actor);
  // [SYS-MONSTERS] each damage part meets immunity, resistance and vulnerability on its own.
  const { dealt: amount, adjustments } = adjustByParts(packet, DAMAGE_TYPES, (p) => {
    const one = traitAdjustments(actor, p);
    return { dealt: one.amount, adjustments: one.adjustments };
  });
  const dealt = Math.max(0, Math.floor(amount));
  const temp = absorbTemporary(actor.hp.temp, dealt);
  const hpLost = temp.rest;
  next.hp.temp = temp.temp;
  next.hp.value = actor.hp.value - hpLost;
  const max = actor.hp.max;
  const before = damageTaken(actor);
  const after = damageTaken(next);
  const events: RuleEvent[] = [];
  const requests: RollRequest[] = [];
  if (temp.absorbed > 0) events.push({ key: `${K}.Event.TempAbsorbed`, data: { amount: temp.absorbed }, actorId });
  if (hpLost > 0) events.push({ key: `${K}.Event.Damage`, data: { amount: hpLost, total: after, max }, actorId });

  // [WD-WOUNDPTS] / [WD-NASTY] / [WD-NONLETHAL]
  const threshold = woundThreshold(max);
  const severity = after - Math.max(before, threshold);
  // severity > 0 means this blow took damage past the threshold (so HP were lost).
  if (!packet.nonlethal && severity > 0) {
    const wound: Wound = { severity, location: "", nasty: packet.critical };
    next.wounds = [...next.wounds, wound];
    events.push({ key: packet.critical ? `${K}.Event.NastyWound` : `${K}.Event.Wound`, data: { severity }, actorId });
  }
  if (!isBloodied(before, max) && isBloodied(after, max)) events.push({ key: `${K}.Event.Bloodied`, actorId });
  if (!isWounded(before, max) && isWounded(after, max)) events.push({ key: `${K}.Event.Wounded`, actorId });

  // [WD-COUPDEGRACE] lethal damage from a coup de grace asks its save against death first.
  if (packet.coupDeGrace && !packet.nonlethal && dealt > 0 && actor.state !== "dead") {
    const req = coupDeGraceSave(next, actorId, dealt);
    requests.push(req);
    events.push({ key: `${K}.Event.CoupDeGraceSave`, data: { dc: req.target ?? 0 }, actorId });
  }
  if (hpLost > 0 && after >= max) {
    let reason: DeathSaveReason | null = null;
    switch (actor.state) {
      case "active":
      case "unconscious":
        reason = "damage";
        break;
      case "staggered":
      case "stable":
        // [WD-STAGGER] only lethal damage forces the new save; nonlethal adds up quietly.
        reason = packet.nonlethal ? null : "hit";
        break;
      case "dying":
        reason = "dyingHit";
        break;
      case "dead":
        reason = null;
        break;
    }
    if (reason) {
      const req = deathSave(next, actorId, reason, packet.nonlethal);
      requests.push(req);
      events.push({ key: `${K}.Event.DeathSaveNeeded`, data: { dc: req.target ?? 0 }, actorId });
    }
  }
  return { actor: next, events, requests, adjustments, dealt, absorbedByTemp: temp.absorbed, hpLost };
}

/** Reset the death-save tallies when a new dying spell starts or ends. */
function setState(actor: ActorSource, state: LifeState, resetTallies: boolean): void {
  actor.state = state;
  if (resetTallies) actor.deathSaves = { successes: 0, failures: 0 };
}

/**
 * Healing removes damage but never wound points ([WD-WOUNDPTS], [WD-RECOVERY]) and never raises
 * HP above max. Damage back under max HP brings a staggered, dying, stable or knocked-out creature
 * back up. Temporary HP do not stack: the higher amount is kept. The dead are not healed.
 */
export function applyHealing(actor: ActorSource, amount: number, kind: HealingKind, actorId: string): RuleResult {
  validateActorSource(actor, DAMAGE_TYPES);
  requireNonNegative("healing.amount", amount);
  const next = clonePlain(actor);
  const events: RuleEvent[] = [];
  if (actor.state === "dead") {
    return { actor: next, events: [{ key: `${K}.Event.NoHealDead`, actorId }], requests: [] };
  }
  if (kind === "temp") {
    next.hp.temp = Math.max(actor.hp.temp, Math.floor(amount));
    events.push({ key: `${K}.Event.TempHP`, data: { amount: next.hp.temp }, actorId });
    return { actor: next, events, requests: [] };
  }
  const floorDamage = Math.min(actor.hp.max, woundTotal(actor));
  const ceiling = actor.hp.max - floorDamage;
  const healed = Math.max(actor.hp.value, Math.min(ceiling, actor.hp.value + Math.floor(amount)));
  next.hp.value = healed;
  const gained = healed - actor.hp.value;
  events.push({ key: `${K}.Event.Healed`, data: { amount: gained }, actorId });
  // Healing fell short only where the wound points' ceiling stopped it.
  if (gained < Math.floor(amount) && ceiling < actor.hp.max) {
    events.push({ key: `${K}.Event.WoundsLimitHealing`, data: { wounds: floorDamage }, actorId });
  }
  if (actor.state !== "active" && damageTaken(next) < next.hp.max) {
    setState(next, "active", true);
    events.push(lifeEvent("active", actorId));
  }
  return { actor: next, events, requests: [] };
}

/** [WD-RECOVERY] recovery dice are rolled out of combat only; one die per call. */
export function startRecovery(actor: ActorSource, inCombat: boolean, actorId: string): RuleResult {
  validateActorSource(actor, DAMAGE_TYPES);
  // [WD-RECOVERY] catching your breath happens only out of combat: no rally, and no recovery die in a battle.
  if (inCombat)
    return { actor: clonePlain(actor), events: [{ key: `${K}.Event.NoRallyInCombat`, actorId }], requests: [] };
  if (actor.recoveries.value < 1)
    return { actor: clonePlain(actor), events: [{ key: `${K}.Event.NoRecoveries`, actorId }], requests: [] };
  if (actor.state === "dead")
    return { actor: clonePlain(actor), events: [{ key: `${K}.Event.NoHealDead`, actorId }], requests: [] };
  const roll = healingRoll(actorId, actor.recoveries.formula, `${K}.Roll.Recovery`);
  return { actor: clonePlain(actor), events: [], requests: [roll] };
}

/** [WD-SAVES] a save of one of the five kinds; its DC comes from the effect (null = shown, not judged). */
export const saveRequest: Ruleset["saveRequest"] = (actor, derived, kind, mode, actorId) => {
  if (!SAVE_KINDS.includes(kind))
    throw new EngineError("save.kind", `unknown save "${kind}" (expected ${SAVE_KINDS.join(", ")})`, kind);
  if (mode !== "normal") throw new EngineError("save.mode", "this game has no mighty or weak rolls", mode);
  const bonus = derived.saves[kind] ?? actor.baseSaveBonus;
  return {
    kind: "save",
    actorId,
    formula: d20Plus(bonus),
    target: null,
    against: "total",
    label: `${K}.Save.${kind[0]!.toUpperCase()}${kind.slice(1)}`,
    data: { saveKind: kind },
  };
};

/** The death save the sheet offers for the actor's current state, or null. */
export function deathSaveRequest(actor: ActorSource, actorId: string): RollRequest | null {
  switch (actor.state) {
    case "dying":
      return deathSave(actor, actorId, "dying");
    case "stable":
      return deathSave(actor, actorId, "stable");
    case "staggered":
      return deathSave(actor, actorId, "strenuous");
    case "active":
    case "unconscious":
      return damageTaken(actor) >= actor.hp.max ? deathSave(actor, actorId, "damage") : null;
    default:
      return null;
  }
}

/** [WD-SAVES] natural 20 always succeeds, natural 1 always fails; else total ≥ target. */
export function saveSucceeds(roll: RollResult, target: number): boolean {
  if (roll.natural === 20) return true;
  if (roll.natural === 1) return false;
  return roll.total >= target;
}

function resolveDeathSave(actor: ActorSource, request: RollRequest, roll: RollResult): RuleResult {
  const next = clonePlain(actor);
  const actorId = request.actorId;
  const events: RuleEvent[] = [];
  const reason = String(request.data?.reason ?? "damage") as DeathSaveReason;
  const nonlethal = request.data?.nonlethal === true;
  const dc = requireFinite("request.target", request.target);
  const success = saveSucceeds(roll, dc);
  const failBy = dc - roll.total;
  // [WD-DEATHDC] failing by 10 or more kills; [WD-NONLETHAL] shifts each failure one step milder.
  const dead: LifeState = nonlethal ? "dying" : "dead";
  const down: LifeState = nonlethal ? "unconscious" : "dying";
  events.push({
    key: success ? `${K}.Event.DeathSaveSuccess` : `${K}.Event.DeathSaveFailure`,
    data: { total: roll.total, dc },
    actorId,
  });
  const go = (state: LifeState, reset: boolean) => {
    if (next.state !== state || reset) {
      setState(next, state, reset);
      events.push(lifeEvent(state, actorId));
    }
  };
  const costCon = () => {
    next.constitutionDamage = actor.constitutionDamage + 1;
    events.push({ key: `${K}.Event.ConLoss`, data: { total: next.constitutionDamage }, actorId });
  };
  switch (reason) {
    case "damage":
      if (success) go(actor.state === "unconscious" ? "unconscious" : "staggered", false);
      else if (failBy >= 10) go(dead, dead === "dying");
      else go(down, down === "dying");
      break;
    case "hit":
      // [WD-STAGGER] anything but dead means dying.
      if (!success && failBy >= 10) go("dead", false);
      else go("dying", true);
      break;
    case "strenuous":
      if (!success) go("dying", true);
      break;
    case "dyingHit":
      // [WD-DYING] a fresh save against the new total; surviving continues the same count.
      if (roll.natural === 20) go("stable", true);
      else if (roll.natural === 1 || (!success && failBy >= 10)) {
        if (!nonlethal) go("dead", false);
      }
      break;
    case "dying":
      costCon();
      if (roll.natural === 20) go("stable", true);
      else if (roll.natural === 1) go("dead", false);
      else if (success) {
        next.deathSaves = { successes: actor.deathSaves.successes + 1, failures: actor.deathSaves.failures };
        if (next.deathSaves.successes >= 4) go("stable", true);
      } else {
        next.deathSaves = { successes: actor.deathSaves.successes, failures: actor.deathSaves.failures + 1 };
        if (next.deathSaves.failures >= 3) go("dead", false);
      }
      break;
    case "coupDeGrace":
      // [WD-COUPDEGRACE] survive the save or die; a success changes nothing.
      if (!success) go("dead", false);
      break;
    case "stable":
      costCon();
      if (!success) go("dying", true);
      else if (roll.total - dc >= 5) go("staggered", true);
      break;
  }
  return { actor: next, events, requests: [] };
}

function resolveHealCheck(actor: ActorSource, request: RollRequest, roll: RollResult): RuleResult {
  const next = clonePlain(actor);
  const dc = requireFinite("request.target", request.target);
  const ok = roll.total >= dc;
  const events: RuleEvent[] = [
    {
      key: ok ? `${K}.Event.HealCheckSuccess` : `${K}.Event.HealCheckFailure`,
      data: { total: roll.total, dc },
      actorId: request.actorId,
    },
  ];
  if (ok && actor.state === "dying") {
    setState(next, "stable", true);
    events.push(lifeEvent("stable", request.actorId));
  } else if (ok && actor.state === "stable") {
    setState(next, "staggered", true);
    events.push(lifeEvent("staggered", request.actorId));
  }
  return { actor: next, events, requests: [] };
}

/** Feed back a requested roll. */
export function resolveRoll(actor: ActorSource, request: RollRequest, roll: RollResult): RuleResult {
  validateActorSource(actor, DAMAGE_TYPES);
  requireFinite("roll.total", roll.total);
  if (actor.state === "dead" && request.kind !== "save") {
    return {
      actor: clonePlain(actor),
      events: [{ key: `${K}.Event.State.dead`, actorId: request.actorId }],
      requests: [],
    };
  }
  switch (request.kind) {
    case "deathSave":
    case "stableCheck":
      return resolveDeathSave(actor, request, roll);
    case "dyingCheck":
      return resolveHealCheck(actor, request, roll);
    case "recovery": {
      const healed = applyHealing(actor, Math.max(0, roll.total), "heal", request.actorId);
      healed.actor.recoveries = { ...healed.actor.recoveries, value: Math.max(0, actor.recoveries.value - 1) };
      return healed;
    }
    case "save": {
      if (request.target === null) {
        const rolled: RuleEvent = {
          key: `${K}.Event.SaveRolled`,
          data: { total: roll.total },
          actorId: request.actorId,
        };
        return { actor: clonePlain(actor), events: [rolled], requests: [] };
      }
      return rollVerdict(
        actor,
        request,
        saveSucceeds(roll, request.target),
        { succeeded: `${K}.Event.SaveSuccess`, failed: `${K}.Event.SaveFailure` },
        { total: roll.total, dc: request.target },
      );
    }
    default:
      throw new EngineError("request.kind", `this game does not resolve "${request.kind}" rolls`, request.kind);
  }
}
