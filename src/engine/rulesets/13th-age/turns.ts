/**
 * 13th Age: the turn cycle, initiative order and between-battle bookkeeping.
 * [13A-INIT] [13A-ESC] [13A-SAVE] [13A-ONGOING] [13A-LASTTURN] [13A-DEATHSAVE] [13A-TEMPHP]
 * [13A-RALLY] [13A-HEALUP] [13A-DEATH] [13A-FLEE]
 */
import { clonePlain, effectTimer, escalationDie, ongoingDamagePacket, option } from "../../common.js";
import { EngineError } from "../../errors.js";
import { d20Plus, effectSaveRoll } from "../../resolution.js";
import type { ActorSource, CombatantSource, DerivedActor, EffectSource, InitiativeSlot } from "../../types.js";
import type { RollRequest, RollResult, TurnContext, TurnStep, TurnStepResult } from "../../types.js";
import { initiativeModifier } from "./actor.js";
import { deathSaveRequest, resolveRoll, stateForHp } from "./damage.js";
import { BATTLES_PER_HEAL_UP, DAMAGE_TYPES, OPTION_DEFAULTS, SAVE_TARGETS } from "./data.js";

const K = "D20C.Age13";

function current(ctx: TurnContext): CombatantSource | null {
  if (ctx.combatantId === null) return null;
  const c = ctx.combatants.find((x) => x.id === ctx.combatantId);
  if (!c)
    throw new EngineError("ctx.combatantId", `no combatant "${ctx.combatantId}" in the turn context`, ctx.combatantId);
  return c;
}

function deathSaveTiming(ctx: TurnContext): string {
  return option(ctx.options, "deathSaveTiming", OPTION_DEFAULTS.deathSaveTiming as string);
}

function deathSaveStep(c: CombatantSource): TurnStep[] {
  const req = deathSaveRequest(c.actor, null, c.actorId);
  return req ? [{ kind: "roll", request: req }] : [];
}

/**
 * Effects (on anyone) whose "next turn" timing is this combatant's: those it created, and those on
 * it that name no creator or one no longer in the combat (a timed effect must end sometime; with no
 * creator, "your next turn" can only be the bearer's own).
 */
function createdBy(ctx: TurnContext, combatantId: string): { bearer: CombatantSource; effect: EffectSource }[] {
  const out: { bearer: CombatantSource; effect: EffectSource }[] = [];
  for (const bearer of ctx.combatants) {
    for (const effect of bearer.effects) {
      const timer = effectTimer(bearer.id, effect, ctx.combatants);
      if (timer === combatantId) out.push({ bearer, effect });
    }
  }
  return out;
}

/** Whether the bearer rolls a save against this effect at the end of its turn ([13A-SAVE], [13A-ONGOING]). */
function savesAgainst(effect: EffectSource): boolean {
  if (effect.duration === "saveEnds") return true;
  // Ongoing damage ends on a save unless the effect is timed another way.
  return effect.ongoing !== null && (effect.duration === "permanent" || effect.duration === "endOfEncounter");
}

/** [13A-SAVE] The save against one effect: d20 + save bonuses against 6 / 11 / 16. */
export function effectSaveRequest(actor: ActorSource, actorId: string, effect: EffectSource): RollRequest {
  const formula = d20Plus(actor.baseSaveBonus + (effect.saveBonus || 0));
  return effectSaveRoll(
    actorId,
    effect,
    formula,
    SAVE_TARGETS[effect.save] ?? SAVE_TARGETS.normal,
    `D20C.Save.${effect.save}`,
  );
}

function saveStepFor(bearer: CombatantSource, effect: EffectSource): TurnStep {
  return { kind: "roll", request: effectSaveRequest(bearer.actor, bearer.actorId, effect) };
}

export function onCombatStart(ctx: TurnContext): TurnStep[] {
  const steps: TurnStep[] = [];
  for (const c of ctx.combatants) {
    const r = c.actor.recoveries;
    if (r.ralliesThisBattle !== 0 || c.actor.deathSaves.failures !== 0 || c.actor.deathSaves.successes !== 0) {
      steps.push({
        kind: "updateActor",
        actorId: c.actorId,
        changes: { recoveries: { ...r, ralliesThisBattle: 0 }, deathSaves: { successes: 0, failures: 0 } },
        label: `${K}.Step.battleStart`,
      });
    }
  }
  return steps;
}

/**
 * [13A-ESC] the die's value for the new round, as a notice: the combat's own value when it gives
 * one (the GM's offset and pause applied), else the plain round-based value.
 */
export function onRoundStart(ctx: TurnContext): TurnStep[] {
  const given = ctx.escalation;
  const value =
    typeof given === "number" && Number.isFinite(given)
      ? Math.min(6, Math.max(0, Math.trunc(given)))
      : escalationDie(ctx.round);
  return [{ kind: "notice", event: { key: `${K}.Event.escalation`, data: { value } } }];
}

export function onTurnStart(ctx: TurnContext): TurnStep[] {
  const c = current(ctx);
  if (!c) return [];
  const steps: TurnStep[] = [];
  for (const { bearer, effect } of createdBy(ctx, c.id)) {
    if (effect.duration === "startOfNextTurn") {
      steps.push({ kind: "removeEffect", actorId: bearer.actorId, effectId: effect.id, label: `${K}.Step.expired` });
    } else if ((effect.duration === "endOfNextTurn" || effect.duration === "sustain") && !effect.armed) {
      steps.push({ kind: "updateEffect", actorId: bearer.actorId, effectId: effect.id, changes: { armed: true } });
    }
  }
  if (deathSaveTiming(ctx) === "start") steps.push(...deathSaveStep(c));
  return steps;
}

/**
 * End of a turn, in order: a creature on its last turn drops ([13A-LASTTURN]); ongoing damage of
 * each effect ([13A-ONGOING]); a save per save-ends effect ([13A-SAVE]); effects timed by this
 * combatant's turn expire; the death save when the timing option says end of turn.
 */
export function onTurnEnd(ctx: TurnContext): TurnStep[] {
  const c = current(ctx);
  if (!c) return [];
  const steps: TurnStep[] = [];
  const actor = c.actor;
  let dead = actor.state === "dead";
  if (actor.lastTurn && !dead) {
    if (actor.hp.value <= 0) {
      const state = stateForHp(actor, actor.hp.value);
      steps.push({
        kind: "updateActor",
        actorId: c.actorId,
        changes: { lastTurn: false, state },
        label: `${K}.Step.lastTurnOver`,
      });
      dead = state === "dead";
    } else {
      steps.push({
        kind: "updateActor",
        actorId: c.actorId,
        changes: { lastTurn: false },
        label: `${K}.Step.lastTurnOver`,
      });
    }
  }
  if (!dead) {
    for (const e of c.effects) {
      if (!e.ongoing || e.ongoing.amount <= 0) continue;
      const packet = ongoingDamagePacket(e.ongoing.amount, e.ongoing.type, DAMAGE_TYPES);
      steps.push({ kind: "damage", actorId: c.actorId, effectId: e.id, packet, label: `${K}.Step.ongoing` });
    }
    for (const e of c.effects) if (savesAgainst(e)) steps.push(saveStepFor(c, e));
  }
  for (const { bearer, effect } of createdBy(ctx, c.id)) {
    const timed = effect.duration === "endOfNextTurn" && effect.armed;
    const unsustained = effect.duration === "sustain" && effect.armed && effect.sustainedRound !== ctx.round;
    if (timed || unsustained)
      steps.push({ kind: "removeEffect", actorId: bearer.actorId, effectId: effect.id, label: `${K}.Step.expired` });
  }
  if (!dead && deathSaveTiming(ctx) === "end") steps.push(...deathSaveStep(c));
  return steps;
}

export function onRoundEnd(_ctx: TurnContext): TurnStep[] {
  return [];
}

const ENDS_WITH_BATTLE = new Set<EffectSource["duration"]>([
  "endOfEncounter",
  "startOfNextTurn",
  "endOfNextTurn",
  "sustain",
]);

/**
 * After a battle: encounter-long and turn-timed effects end; temporary HP vanish ([13A-TEMPHP]), rallies and death-save tallies reset, and each
 * PC counts the battle toward the heal-up, two if it was tough ([13A-HEALUP]).
 */
export function onCombatEnd(ctx: TurnContext, tough: boolean): TurnStep[] {
  const steps: TurnStep[] = [];
  for (const c of ctx.combatants) {
    // The battle is over: effects that last for it, or that wait on a turn, end with it.
    for (const e of c.effects) {
      if (ENDS_WITH_BATTLE.has(e.duration))
        steps.push({ kind: "removeEffect", actorId: c.actorId, effectId: e.id, label: `${K}.Step.expired` });
    }
    const a = c.actor;
    const changes: Partial<ActorSource> = {
      hp: { ...a.hp, temp: 0 },
      lastTurn: false,
      deathSaves: { successes: 0, failures: 0 },
    };
    // [13A-LASTTURN] the battle ended during a last turn: no turn is left, so it drops now.
    if (a.lastTurn && a.state === "active" && a.hp.value <= 0) changes.state = stateForHp(a, a.hp.value);
    if (a.kind === "character") {
      const battles = a.recoveries.battlesSinceHealUp + (tough ? 2 : 1);
      changes.recoveries = { ...a.recoveries, ralliesThisBattle: 0, battlesSinceHealUp: battles };
      steps.push({ kind: "updateActor", actorId: c.actorId, changes, label: `${K}.Step.battleEnd` });
      if (battles >= BATTLES_PER_HEAL_UP) {
        steps.push({ kind: "notice", event: { key: `${K}.Event.healUpDue`, data: { battles }, actorId: c.actorId } });
      }
    } else {
      changes.recoveries = { ...a.recoveries, ralliesThisBattle: 0 };
      steps.push({ kind: "updateActor", actorId: c.actorId, changes, label: `${K}.Step.battleEnd` });
    }
  }
  return steps;
}

/**
 * A rolled save or death save from the turn plan: a passed save removes its effect (an aftereffect,
 * if the effect names one, starts after the whole plan).
 */
export function resolveTurnRoll(ctx: TurnContext, request: RollRequest, roll: RollResult): TurnStepResult {
  const c = ctx.combatants.find((x) => x.actorId === request.actorId);
  if (!c) throw new EngineError("request.actorId", `no combatant for actor "${request.actorId}"`, request.actorId);
  const base = resolveRoll(c.actor, request, roll, ctx.options);
  const followUps: TurnStep[] = [];
  const deferred: TurnStep[] = [];
  if (request.kind === "save" && request.effectId) {
    const effect = c.effects.find((e) => e.id === request.effectId);
    const passed = base.events.some((e) => e.key === "D20C.Event.saveSucceeded");
    if (passed && effect) {
      followUps.push({ kind: "removeEffect", actorId: c.actorId, effectId: effect.id, label: `${K}.Step.saved` });
      if (effect.aftereffect) {
        deferred.push({
          kind: "addEffect",
          actorId: c.actorId,
          effect: { ...clonePlain(effect.aftereffect), armed: false, sustainedRound: null, aftereffect: null },
          label: `${K}.Step.aftereffect`,
        });
      }
    }
  }
  return { ...base, followUps, deferred };
}

/** 13th Age has no surprise round: everyone not dead takes turns (the dying make death saves). */
export function actsThisRound(_ctx: TurnContext, combatant: CombatantSource): boolean {
  return combatant.actor.state !== "dead" && !combatant.defeated;
}

/** [13A-INIT] `1d20 + initiative modifier` (PC: level + Dex mod + bonus; NPC: its initiative). */
export function initiativeFormula(actor: ActorSource, derived: DerivedActor | null): string {
  return d20Plus(derived ? derived.initiative : initiativeModifier(actor));
}

/**
 * [13A-INIT] order once rolled: higher initiative first; ties go to the player side, then to the
 * higher initiative modifier, then to the combatant listed first. Unrolled combatants go last.
 */
export function order(ctx: TurnContext): InitiativeSlot[] {
  const indexed = ctx.combatants.map((c, i) => ({ c, i, mod: initiativeModifier(c.actor) }));
  indexed.sort((a, b) => {
    const ai = a.c.initiative;
    const bi = b.c.initiative;
    if (ai === null || bi === null) return ai === bi ? a.i - b.i : ai === null ? 1 : -1;
    if (ai !== bi) return bi - ai;
    if (a.c.side !== b.c.side) return a.c.side === "player" ? -1 : 1;
    if (a.mod !== b.mod) return b.mod - a.mod;
    return a.i - b.i;
  });
  return indexed.map(({ c }) => ({ combatantIds: [c.id], initiative: c.initiative }));
}

/** Effects stack as separate entries, each saved on its own; re-adding an id replaces it. */
export function addEffect(existing: readonly EffectSource[], incoming: EffectSource): EffectSource[] {
  return [...existing.filter((e) => e.id !== incoming.id).map((e) => clonePlain(e)), clonePlain(incoming)];
}

/** A PC who is up: active (incl. one on its last turn). */
function isConsciousPc(c: CombatantSource): boolean {
  return c.actor.kind === "character" && c.side === "player" && c.actor.state === "active";
}

/** [13A-FLEE] the party may flee while at least one PC is conscious. */
export function canFlee(combatants: readonly CombatantSource[]): boolean {
  return combatants.some(isConsciousPc);
}
