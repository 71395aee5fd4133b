/**
 * Hundred Dungeons turn cycle and initiative: the dying check at the end of each turn
 * ([HD-DYING]), surprise ([HD-SURPRISE]), effect timing (Help, Dodge, Disengage), initiative around
 * the table ([HD-INIT]) and mounted creatures taking no turn ([HD-MOUNT]).
 */
import { clonePlain, effectTimer, ongoingDamagePacket } from "../../common.js";
import { EngineError } from "../../errors.js";
import { d20Plus, effectSaveRoll } from "../../resolution.js";
import type { ActorSource, CombatantSource, DerivedActor, EffectSource, InitiativeSlot } from "../../types.js";
import type { RollRequest, RollResult, RuleEvent, TurnContext, TurnStep, TurnStepResult } from "../../types.js";
import { abilityRollMode, specsOf } from "./conditions.js";
import { HD_DAMAGE_TYPES } from "./data.js";
import { advanceDying, dyingCheckRequest, resolveDyingCheck, signed } from "./damage.js";
import { releasedBy } from "./combat.js";
import { gmSeat } from "./options.js";

/** Save-ends targets: the text has no saving throws, so a flat d20 against these. */
export const SAVE_TARGETS = { easy: 10, normal: 12, hard: 15 } as const;

function combatant(ctx: TurnContext, id: string | null, field = "ctx.combatantId"): CombatantSource {
  const c = ctx.combatants.find((x) => x.id === id);
  if (!c) throw new EngineError(field, `no combatant with id "${String(id)}"`, id);
  return c;
}

export function onCombatStart(ctx: TurnContext): TurnStep[] {
  const steps: TurnStep[] = [];
  for (const c of ctx.combatants) {
    if (!c.aware && !c.actor.conditions.includes("surprised")) {
      steps.push({
        kind: "updateActor",
        actorId: c.actorId,
        changes: { conditions: [...c.actor.conditions, "surprised"] },
        label: "D20C.HD.Condition.surprised",
      });
    }
  }
  return steps;
}

export function onRoundStart(ctx: TurnContext): TurnStep[] {
  if (ctx.round < 2) return [];
  return ctx.combatants
    .filter((c) => c.actor.conditions.includes("surprised"))
    .map((c) => ({
      kind: "updateActor" as const,
      actorId: c.actorId,
      changes: { conditions: c.actor.conditions.filter((x) => x !== "surprised") },
      label: "D20C.HD.Event.surpriseOver",
    }));
}

/**
 * Whose turns time an effect's "your next turn" (Help, Dodge: [HD-ACTIONS], [HD-QUICK]): its
 * creator's; an effect that names no creator (null or empty) or one no longer in the combat follows
 * its bearer's own turns, since a timed effect must end sometime.
 */
function timerOf(bearer: CombatantSource, effect: EffectSource, combatants?: readonly { id: string }[]): string {
  return effectTimer(bearer.id, effect, combatants);
}

/** Effects timed by `creatorId`'s turns, wherever they sit. */
function createdBy(ctx: TurnContext, creatorId: string): { bearer: CombatantSource; effect: EffectSource }[] {
  return ctx.combatants.flatMap((bearer) =>
    bearer.effects
      .filter((e) => timerOf(bearer, e, ctx.combatants) === creatorId)
      .map((effect) => ({ bearer, effect })),
  );
}

/** [HD-COND] grapples whose grappler can no longer hold, checked at every turn start: no one acts held by a grip that has let go. */
function releasedGrapples(ctx: TurnContext): TurnStep[] {
  return ctx.combatants.flatMap((holder) => releasedBy(holder, ctx.combatants));
}

/**
 * [HD-COND] unconscious: the creature fell prone when it went down, so an effect of unconsciousness
 * whose time is up (among the plan's removals) leaves it prone. These steps go first in the plan,
 * where each bearer is still as planned, so they change nothing else about it.
 */
function leftProne(ctx: TurnContext, steps: readonly TurnStep[]): Extract<TurnStep, { kind: "updateActor" }>[] {
  const out: Extract<TurnStep, { kind: "updateActor" }>[] = [];
  const seen = new Set<string>();
  for (const s of steps) {
    if (s.kind !== "removeEffect" || seen.has(s.actorId)) continue;
    const bearer = ctx.combatants.find((c) => c.actorId === s.actorId);
    const effect = bearer?.effects.find((e) => e.id === s.effectId);
    if (!bearer || !effect?.statuses.includes("unconscious") || bearer.actor.conditions.includes("prone")) continue;
    seen.add(s.actorId);
    out.push({
      kind: "updateActor",
      actorId: s.actorId,
      changes: { conditions: [...bearer.actor.conditions, "prone"] },
      label: "D20C.HD.Event.wakesProne",
      timing: true,
    });
  }
  return out;
}

export function onTurnStart(ctx: TurnContext): TurnStep[] {
  const me = combatant(ctx, ctx.combatantId);
  const steps: TurnStep[] = releasedGrapples(ctx);
  // Ongoing damage on the bearer (the text has none of its own; spells that add it tick here).
  for (const e of me.effects) {
    if (e.ongoing && e.ongoing.amount > 0) {
      steps.push({
        kind: "damage",
        actorId: me.actorId,
        effectId: e.id,
        label: e.name,
        packet: ongoingDamagePacket(e.ongoing.amount, e.ongoing.type, HD_DAMAGE_TYPES),
      });
    }
  }
  for (const { bearer, effect } of createdBy(ctx, me.id)) {
    if (effect.duration === "startOfNextTurn") {
      steps.push({ kind: "removeEffect", actorId: bearer.actorId, effectId: effect.id, label: effect.name });
    } else if ((effect.duration === "endOfNextTurn" || effect.duration === "sustain") && !effect.armed) {
      steps.push({ kind: "updateEffect", actorId: bearer.actorId, effectId: effect.id, changes: { armed: true } });
    }
  }
  return [...leftProne(ctx, steps), ...steps];
}

/** The save against one save-ends effect: a Constitution-mode d20 + the effect's modifier against its DC. */
export function effectSaveRequest(actor: ActorSource, actorId: string, effect: EffectSource): RollRequest {
  const m = abilityRollMode(actor.conditions, actor.exhaustion, "con");
  const target = SAVE_TARGETS[effect.save] ?? SAVE_TARGETS.normal;
  const formula = d20Plus(effect.saveBonus, m.mode);
  return effectSaveRoll(actorId, effect, formula, target, "D20C.HD.Save.effect", { effect: effect.name });
}

export function onTurnEnd(ctx: TurnContext): TurnStep[] {
  const me = combatant(ctx, ctx.combatantId);
  const steps: TurnStep[] = [];
  // Save-ends effects: the bearer rolls at the end of its own turn.
  for (const e of me.effects) {
    if (e.duration === "saveEnds") steps.push({ kind: "roll", request: effectSaveRequest(me.actor, me.actorId, e) });
  }
  // Armed end-of-turn effects and unsustained sustain effects this creature made.
  for (const { bearer, effect } of createdBy(ctx, me.id)) {
    const ends =
      (effect.duration === "endOfNextTurn" && effect.armed) ||
      (effect.duration === "sustain" && effect.armed && effect.sustainedRound !== ctx.round);
    if (ends) steps.push({ kind: "removeEffect", actorId: bearer.actorId, effectId: effect.id, label: effect.name });
  }
  // [HD-DYING] the end-of-turn dying procedure.
  if (me.actor.state === "dying") {
    const adv = advanceDying(me.actor, me.actorId);
    const changes: Partial<ActorSource> = { exhaustion: adv.actor.exhaustion, dyingTurns: adv.actor.dyingTurns };
    if (adv.actor.state === "dead") {
      changes.state = "dead";
      changes.conditions = adv.actor.conditions;
      steps.push({ kind: "updateActor", actorId: me.actorId, changes, label: "D20C.HD.Event.exhaustionDeath" });
      steps.push({ kind: "notice", event: { key: "D20C.HD.Event.exhaustionDeath", actorId: me.actorId } });
    } else {
      // The line names the level reached ("now 2").
      steps.push({
        kind: "updateActor",
        actorId: me.actorId,
        changes,
        label: "D20C.HD.Event.exhaustionGained",
        data: { level: adv.actor.exhaustion },
      });
      steps.push({
        kind: "roll",
        request: dyingCheckRequest(me.actor, me.actorId, adv.actor.exhaustion, adv.actor.dyingTurns, false),
      });
    }
  }
  return [...leftProne(ctx, steps), ...steps];
}

/** Combat over: effects that only make sense in a fight end (a knock-out among them leaves its bearer prone); surprise is cleared. */
export function onCombatEnd(ctx: TurnContext): TurnStep[] {
  const removals: TurnStep[] = [];
  const ending = new Set<EffectSource["duration"]>(["endOfEncounter", "startOfNextTurn", "endOfNextTurn", "sustain"]);
  for (const c of ctx.combatants)
    for (const e of c.effects)
      if (ending.has(e.duration))
        removals.push({ kind: "removeEffect", actorId: c.actorId, effectId: e.id, label: e.name });
  const prone = leftProne(ctx, removals);
  const steps: TurnStep[] = [...prone, ...removals];
  for (const c of ctx.combatants) {
    if (!c.actor.conditions.includes("surprised")) continue;
    const lies = prone.some((s) => s.actorId === c.actorId);
    const conditions = c.actor.conditions.filter((x) => x !== "surprised");
    steps.push({
      kind: "updateActor",
      actorId: c.actorId,
      changes: { conditions: lies ? [...conditions, "prone"] : conditions },
      label: "D20C.HD.Event.surpriseOver",
    });
  }
  return steps;
}

export function resolveTurnRoll(ctx: TurnContext, request: RollRequest, roll: RollResult): TurnStepResult {
  const c = ctx.combatants.find((x) => x.actorId === request.actorId);
  if (!c) throw new EngineError("request.actorId", `no combatant for actor "${request.actorId}"`, request.actorId);
  if (request.kind === "dyingCheck") {
    const r = resolveDyingCheck(c.actor, request, roll);
    return { ...r, followUps: [], deferred: [] };
  }
  if (request.kind === "save") {
    const effect = c.effects.find((e) => e.id === request.effectId);
    const success = Number.isFinite(roll.total) && request.target !== null && roll.total >= request.target;
    const events: RuleEvent[] = [
      {
        key: success ? "D20C.HD.Event.saveSucceeded" : "D20C.HD.Event.saveFailed",
        data: { total: roll.total, target: request.target ?? 0 },
        actorId: c.actorId,
      },
    ];
    const followUps: TurnStep[] = [];
    const deferred: TurnStep[] = [];
    const actor = clonePlain(c.actor);
    if (success && effect) {
      // [HD-COND] unconscious: the creature fell prone, so it comes round from the effect still prone.
      if (effect.statuses.includes("unconscious") && !actor.conditions.includes("prone")) {
        actor.conditions = [...actor.conditions, "prone"];
        events.push({ key: "D20C.HD.Event.wakesProne", actorId: c.actorId });
      }
      followUps.push({ kind: "removeEffect", actorId: c.actorId, effectId: effect.id, label: effect.name });
      if (effect.aftereffect) {
        deferred.push({
          kind: "addEffect",
          actorId: c.actorId,
          effect: { ...effect.aftereffect, armed: false, sustainedRound: null, aftereffect: null },
          label: effect.aftereffect.name,
        });
      }
    }
    return { actor, events, requests: [], followUps, deferred };
  }
  return { actor: clonePlain(c.actor), events: [], requests: [], followUps: [], deferred: [] };
}

/** Mount ids: creatures a rider's `mounted` effect points to take no turn of their own. */
function ridden(ctx: TurnContext, c: CombatantSource): boolean {
  return actsOnTurnOf(ctx, c) !== null;
}

/** What the rider may have its mount do on its turn beside an attack: Dash, or a quick action of its own. */
const MOUNT_PROCEDURES: readonly string[] = ["dash", "disengage", "dodge"];

/** A ridden mount acts on its rider's turn: one action or quick action beside the rider's own ([HD-MOUNT]). */
export function actsOnTurnOf(
  ctx: TurnContext,
  c: CombatantSource,
): { id: string; cap: number; procedures: readonly string[] } | null {
  const rider = ctx.combatants.find(
    (r) => r.id !== c.id && r.effects.some((e) => e.statuses.includes("mounted") && e.sourceCombatantId === c.id),
  );
  return rider ? { id: rider.id, cap: 1, procedures: MOUNT_PROCEDURES } : null;
}

export function actsThisRound(ctx: TurnContext, c: CombatantSource): boolean {
  if (c.actor.state === "dead") return false;
  if (ctx.round <= 1 && (!c.aware || specsOf(c.actor.conditions, c.actor.exhaustion).some((s) => s.noTurnFirstRound)))
    return false;
  if (ridden(ctx, c)) return false;
  return true;
}

/** `1d6 + Dex + Int + Wis` (+ any initiative bonus); the GM rolls it for one NPC. */
export function initiativeFormula(actor: ActorSource, derived: DerivedActor): string {
  return `1d6${signed(derived.initiative)}`;
}

export function initiativeModifier(actor: ActorSource): number {
  return actor.abilities.dex + actor.abilities.int + actor.abilities.wis + actor.initiativeBonus;
}

/**
 * Around the table: players in seat order with the GM (all NPCs, acting together) at the `gmSeat`
 * position; the circle starts at the highest result. Ties for the highest: a player before the
 * GM, then the lower seat. The GM side's result is its single roll (the highest NPC result given).
 */
export function order(ctx: TurnContext): InitiativeSlot[] {
  const gmIds = ctx.combatants.filter((c) => c.side === "gm").map((c) => c.id);
  const gmRolls = ctx.combatants
    .filter((c) => c.side === "gm" && c.initiative !== null)
    .map((c) => c.initiative as number);
  type Seat = { ids: string[]; seat: number; gm: boolean; initiative: number | null; tiebreak: string };
  const seats: Seat[] = ctx.combatants
    .filter((c) => c.side === "player")
    .map((c) => ({ ids: [c.id], seat: c.seat, gm: false, initiative: c.initiative, tiebreak: c.id }));
  if (gmIds.length)
    seats.push({
      ids: gmIds,
      seat: gmSeat(ctx.options),
      gm: true,
      initiative: gmRolls.length ? Math.max(...gmRolls) : null,
      tiebreak: "",
    });
  // Around the table: by seat; at a shared seat players sit before the GM, then by id for stability.
  seats.sort((a, b) => a.seat - b.seat || Number(a.gm) - Number(b.gm) || a.tiebreak.localeCompare(b.tiebreak));
  let start = 0;
  let best: Seat | null = null;
  seats.forEach((s, i) => {
    if (s.initiative === null) return;
    const better =
      best === null ||
      s.initiative > (best.initiative as number) ||
      (s.initiative === best.initiative && !s.gm && best.gm);
    if (better) {
      best = s;
      start = i;
    }
  });
  const rotated = [...seats.slice(start), ...seats.slice(0, start)];
  return rotated.map((s) => ({ combatantIds: [...s.ids], initiative: s.initiative }));
}

/** Same-named effect from the same creator replaces the old one (effects don't stack with themselves). */
export function addEffect(existing: readonly EffectSource[], incoming: EffectSource): EffectSource[] {
  const kept = existing.filter(
    (e) => !(e.name === incoming.name && e.sourceCombatantId === incoming.sourceCombatantId),
  );
  return [...kept.map((e) => clonePlain(e)), clonePlain(incoming)];
}

/** The text is silent on fleeing: a party can try while any of its characters can still act. */
export function canFlee(combatants: readonly CombatantSource[]): boolean {
  return combatants.some((c) => c.side === "player" && c.actor.state === "active");
}
