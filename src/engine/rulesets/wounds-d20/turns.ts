/**
 * Wounds d20 turn cycle and initiative: surprise round ([WD-SURPRISE]), initiative rerolled every
 * round ([WD-INIT]) with simultaneous ties ([WD-TIES]), end-of-round death saves of the dying
 * ([WD-DYING]), and the generic effect timing every game shares.
 */
import { plainEffectData } from "../../effects.js";
import { clonePlain, effectTimer, ongoingDamagePacket } from "../../common.js";
import { EngineError, requireFinite } from "../../errors.js";
import type { ActorSource, CombatantSource, DerivedActor, EffectSource, InitiativeSlot } from "../../types.js";
import type { RollRequest, RollResult, TurnContext, TurnStep, TurnStepResult } from "../../types.js";
import { deathSave, resolveRoll, saveSucceeds } from "./damage.js";
import { DAMAGE_TYPES, K } from "./data.js";
import { d20Plus, effectSaveRoll } from "../../resolution.js";

/** [WD-SURPRISE] a surprise round happens when some, but not all, combatants are aware. */
function surpriseRoundApplies(combatants: readonly CombatantSource[]): boolean {
  const aware = combatants.filter((c) => c.aware).length;
  return aware > 0 && aware < combatants.length;
}

/** Save-ends DC by the effect's difficulty (the text gives no save-ends rule; our choice). */
export const SAVE_ENDS_DC: Readonly<Record<EffectSource["save"], number>> = { easy: 10, normal: 15, hard: 20 };

const CANNOT_ACT = new Set(["dying", "stable", "unconscious", "dead"]);

function find(ctx: TurnContext, id: string | null, field: string): CombatantSource {
  const c = ctx.combatants.find((x) => x.id === id);
  if (!c) throw new EngineError(field, `no combatant "${String(id)}" in this combat`, id);
  return c;
}

function byActor(ctx: TurnContext, actorId: string): CombatantSource {
  const c = ctx.combatants.find((x) => x.actorId === actorId);
  if (!c) throw new EngineError("request.actorId", `no combatant for actor "${actorId}"`, actorId);
  return c;
}

/** [WD-SURPRISE] unaware combatants start caught off guard (flat-footed) until their first turn. */
export function onCombatStart(ctx: TurnContext): TurnStep[] {
  if (!surpriseRoundApplies(ctx.combatants)) return [];
  const steps: TurnStep[] = [{ kind: "notice", event: { key: `${K}.Event.SurpriseRound` } }];
  for (const c of ctx.combatants) {
    if (c.aware) continue;
    steps.push({
      kind: "addEffect",
      actorId: c.actorId,
      label: `${K}.Step.Surprised`,
      effect: {
        ...plainEffectData(),
        name: `${K}.Effect.Surprised`,
        sourceCombatantId: c.id,
        duration: "startOfNextTurn",
        statuses: ["flatFooted"],
      },
    });
  }
  return steps;
}

/**
 * [WD-INIT] every round everyone rolls initiative again; [WD-SURPRISE] in the surprise round
 * only the aware roll.
 */
export function onRoundStart(ctx: TurnContext): TurnStep[] {
  const ids = ctx.combatants.filter((c) => !c.defeated && (!ctx.surpriseRound || c.aware)).map((c) => c.id);
  return ids.length ? [{ kind: "rerollInitiative", combatantIds: ids }] : [];
}

/**
 * Whose turns time an effect's "next turn" and sustain: its creator's; an effect that names no
 * creator (null, empty, or no longer in the combat) follows its bearer's own turns, since a timed
 * effect must end sometime.
 */
function timerOf(bearer: CombatantSource, effect: EffectSource, combatants?: readonly { id: string }[]): string {
  return effectTimer(bearer.id, effect, combatants);
}

/**
 * Turn start: effects timed by this combatant's turn end ("start of next turn") or arm ("end of
 * next turn", sustain); then ongoing damage on the combatant itself.
 */
export function onTurnStart(ctx: TurnContext): TurnStep[] {
  const me = find(ctx, ctx.combatantId, "ctx.combatantId");
  const steps: TurnStep[] = [];
  const removed = new Set<string>();
  // [WD-SURPRISE] an unaware combatant's place in the surprise round is no turn of its own: what its
  // turns time (its being caught off guard) waits for its first turn, in the first regular round.
  const ownTurn = !(ctx.surpriseRound && !me.aware);
  for (const c of ownTurn ? ctx.combatants : []) {
    for (const e of c.effects) {
      if (timerOf(c, e, ctx.combatants) !== me.id) continue;
      if (e.duration === "startOfNextTurn") {
        steps.push({ kind: "removeEffect", actorId: c.actorId, effectId: e.id, label: `${K}.Step.Expired` });
        removed.add(`${c.id}/${e.id}`);
      } else if ((e.duration === "endOfNextTurn" || e.duration === "sustain") && !e.armed) {
        steps.push({ kind: "updateEffect", actorId: c.actorId, effectId: e.id, changes: { armed: true } });
      }
    }
  }
  for (const e of me.effects) {
    if (!e.ongoing || removed.has(`${me.id}/${e.id}`)) continue;
    steps.push({
      kind: "damage",
      actorId: me.actorId,
      effectId: e.id,
      packet: ongoingDamagePacket(e.ongoing.amount, e.ongoing.type, DAMAGE_TYPES),
      label: `${K}.Step.Ongoing`,
    });
  }
  return steps;
}

/** A save against one save-ends effect (base save bonus + the effect's modifier). */
export function effectSaveRequest(actor: ActorSource, actorId: string, effect: EffectSource): RollRequest {
  const formula = d20Plus(actor.baseSaveBonus + effect.saveBonus);
  return effectSaveRoll(actorId, effect, formula, SAVE_ENDS_DC[effect.save], `${K}.Roll.EffectSave`, {
    effect: effect.name,
  });
}

/** Turn end: the bearer saves against each save-ends effect; armed timed effects of this creator end. */
export function onTurnEnd(ctx: TurnContext): TurnStep[] {
  const me = find(ctx, ctx.combatantId, "ctx.combatantId");
  const steps: TurnStep[] = [];
  for (const e of me.effects) {
    if (e.duration === "saveEnds") steps.push({ kind: "roll", request: effectSaveRequest(me.actor, me.actorId, e) });
  }
  for (const c of ctx.combatants) {
    for (const e of c.effects) {
      if (timerOf(c, e, ctx.combatants) !== me.id || !e.armed) continue;
      const ends = e.duration === "endOfNextTurn" || (e.duration === "sustain" && e.sustainedRound !== ctx.round);
      if (ends) steps.push({ kind: "removeEffect", actorId: c.actorId, effectId: e.id, label: `${K}.Step.Expired` });
    }
  }
  return steps;
}

/**
 * [WD-DYING] at the end of every round each dying combatant makes a death save: the round's own
 * roll (`everyRound`), made even when Next Round cut the round short past the creature's place.
 */
export function onRoundEnd(ctx: TurnContext): TurnStep[] {
  return ctx.combatants
    .filter((c) => c.actor.state === "dying")
    .map((c) => {
      const request = deathSave(c.actor, c.actorId, "dying");
      return { kind: "roll", request: { ...request, data: { ...request.data, everyRound: true } } } as TurnStep;
    });
}

/** Battle over: encounter-long and turn-timed effects end. */
export function onCombatEnd(ctx: TurnContext): TurnStep[] {
  const ending = new Set<EffectSource["duration"]>(["endOfEncounter", "startOfNextTurn", "endOfNextTurn", "sustain"]);
  const steps: TurnStep[] = [];
  for (const c of ctx.combatants) {
    for (const e of c.effects) {
      if (ending.has(e.duration))
        steps.push({ kind: "removeEffect", actorId: c.actorId, effectId: e.id, label: `${K}.Step.Expired` });
    }
  }
  return steps;
}

/** Resolve a roll step: an effect save (success removes it, aftereffect deferred) or a death save. */
export function resolveTurnRoll(ctx: TurnContext, request: RollRequest, roll: RollResult): TurnStepResult {
  const c = byActor(ctx, request.actorId);
  requireFinite("roll.total", roll.total);
  if (request.kind === "save" && request.effectId !== undefined) {
    const effect = c.effects.find((e) => e.id === request.effectId);
    if (!effect)
      throw new EngineError("request.effectId", `no effect "${request.effectId}" on ${c.name}`, request.effectId);
    const ok = saveSucceeds(roll, requireFinite("request.target", request.target));
    const result: TurnStepResult = {
      actor: clonePlain(c.actor),
      events: [
        {
          key: ok ? `${K}.Event.EffectSaved` : `${K}.Event.EffectPersists`,
          data: { effect: effect.name, total: roll.total },
          actorId: c.actorId,
        },
      ],
      requests: [],
      followUps: [],
      deferred: [],
    };
    if (ok) {
      result.followUps.push({
        kind: "removeEffect",
        actorId: c.actorId,
        effectId: effect.id,
        label: `${K}.Step.Saved`,
      });
      if (effect.aftereffect) {
        result.deferred.push({
          kind: "addEffect",
          actorId: c.actorId,
          effect: { ...clonePlain(effect.aftereffect), armed: false, sustainedRound: null, aftereffect: null },
          label: `${K}.Step.Aftereffect`,
        });
      }
    }
    return result;
  }
  const r = resolveRoll(c.actor, request, roll);
  return { ...r, followUps: [], deferred: [] };
}

/**
 * [WD-SURPRISE] only the aware act in the surprise round; the down and the dead never act —
 * [WD-TIES] but one that could act when its simultaneous slot began still acts in it, even if a
 * partner in that slot has since dropped it (their actions resolve together).
 */
export function actsThisRound(ctx: TurnContext, combatant: CombatantSource): boolean {
  if (ctx.slotStarted?.includes(combatant.id)) return true;
  if (combatant.defeated || CANNOT_ACT.has(combatant.actor.state)) return false;
  return !ctx.surpriseRound || combatant.aware;
}

/** [WD-INIT] d20 + BCB + Dex (+ the bloodied / wounded penalties, already in `derived.initiative`). */
export function initiativeFormula(_actor: ActorSource, derived: DerivedActor): string {
  return d20Plus(derived.initiative);
}

/** [WD-TIES] highest first; equal initiative shares one slot and acts at the same moment. */
export function order(ctx: TurnContext): InitiativeSlot[] {
  const rolled = ctx.combatants.filter((c) => c.initiative !== null && Number.isFinite(c.initiative));
  const values = [...new Set(rolled.map((c) => c.initiative as number))].sort((a, b) => b - a);
  const slots: InitiativeSlot[] = values.map((v) => ({
    combatantIds: rolled.filter((c) => c.initiative === v).map((c) => c.id),
    initiative: v,
  }));
  for (const c of ctx.combatants)
    if (c.initiative === null || !Number.isFinite(c.initiative)) slots.push({ combatantIds: [c.id], initiative: null });
  return slots;
}

/** No stacking rule in this game: an effect with the same id is replaced, others add up. */
export function addEffect(existing: readonly EffectSource[], incoming: EffectSource): EffectSource[] {
  return [...existing.filter((e) => e.id !== incoming.id).map((e) => clonePlain(e)), clonePlain(incoming)];
}

/** A long rest: all damage but wound points is gone, recovery dice refill, tallies reset. */
export function fullHealUp(actor: ActorSource): ActorSource {
  const next = clonePlain(actor);
  if (actor.state === "dead") return next;
  const wounds = Math.min(
    actor.hp.max,
    actor.wounds.reduce((s, w) => s + Math.max(0, w.severity), 0),
  );
  next.hp.value = actor.hp.max - wounds;
  next.hp.temp = 0;
  next.recoveries = { ...actor.recoveries, value: actor.recoveries.max };
  next.deathSaves = { successes: 0, failures: 0 };
  if (wounds < actor.hp.max) next.state = "active";
  return next;
}

/** The text has no flight rule: the party may flee while anyone on the player side can act. */
export function canFlee(combatants: readonly CombatantSource[]): boolean {
  return combatants.some(
    (c) => c.side === "player" && !c.defeated && (c.actor.state === "active" || c.actor.state === "staggered"),
  );
}
