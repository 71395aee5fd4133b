/**
 * FFd20 turn cycle: ongoing damage at the start of the bearer's turn ([FF-ONGOING]), saves at the
 * end of it ([FF-SAVE]), aftereffects after all saves ([FF-AFTER]), durations timed by the
 * creator's turns ([FF-DURATION]), sustain ([FF-SUSTAIN]), death saves ([FF-DEATH]), stacking.
 */
import { abilityModifier, effectTimer, ongoingDamagePacket } from "../../common.js";
import { EngineError, requireFinite } from "../../errors.js";
import { d20Plus, effectSaveRoll } from "../../resolution.js";
import type {
  ActorSource,
  CombatantSource,
  DurationKind,
  EffectSource,
  EffectTiming,
  InitiativeSlot,
} from "../../types.js";
import type { RollRequest, RollResult, TurnContext, TurnStep, TurnStepResult } from "../../types.js";
import { FF_CONDITIONS, FF_DAMAGE_TYPES } from "./data.js";
import { deathSaveRequest, dyingRules, resolveDeathSave, resolveRecovery, SAVE_TARGET } from "./damage.js";
import { halfLevel } from "./attack.js";
import { battleEndRests } from "./powers.js";
import { rankSaveBonus } from "./creature.js";

const ongoingType = (t: string | undefined | null): string => (!t || t === "untyped" ? "untyped" : t);

function current(ctx: TurnContext): CombatantSource | null {
  if (!ctx.combatantId) return null;
  return ctx.combatants.find((c) => c.id === ctx.combatantId) ?? null;
}

/**
 * [FF-ONGOING] The ongoing damage a creature takes now: one entry per damage type (untyped counts
 * as one type), the highest amount of that type only.
 */
function ongoingByType(effects: readonly EffectSource[]): { effect: EffectSource; type: string; amount: number }[] {
  const best = new Map<string, { effect: EffectSource; type: string; amount: number }>();
  for (const e of effects) {
    if (!e.ongoing || !(e.ongoing.amount > 0)) continue;
    const type = ongoingType(e.ongoing.type);
    const prev = best.get(type);
    if (!prev || e.ongoing.amount > prev.amount) best.set(type, { effect: e, type, amount: e.ongoing.amount });
  }
  return [...best.values()];
}

/**
 * [FF-DURATION] Whose turns time an effect's "your next turn": its creator's; an effect that names
 * no creator, or one no longer in the combat, is timed by its bearer's own turns (otherwise it
 * would never end).
 */
function timerOf(bearer: CombatantSource, e: EffectSource, combatants?: readonly { id: string }[]): string {
  return effectTimer(bearer.id, e, combatants);
}

/**
 * [FF-SAVE] [FF-ONGOING] Whether the bearer saves against an effect at the end of its turn: every
 * save-ends effect, and ongoing damage that names no other way to end (the text has a save against
 * ongoing damage every round).
 */
function savesAgainst(e: EffectSource): boolean {
  if (e.duration === "saveEnds") return true;
  return !!e.ongoing && e.ongoing.amount > 0 && (e.duration === "permanent" || e.duration === "endOfEncounter");
}

export function onTurnStart(ctx: TurnContext): TurnStep[] {
  const me = current(ctx);
  if (!me) return [];
  const steps: TurnStep[] = [];
  // Ongoing damage at the start of the bearer's own turn.
  if (me.actor.state !== "dead") {
    for (const o of ongoingByType(me.effects)) {
      steps.push({
        kind: "damage",
        actorId: me.actorId,
        effectId: o.effect.id,
        packet: ongoingDamagePacket(o.amount, o.type, FF_DAMAGE_TYPES),
        label: "D20C.FF.Turn.OngoingDamage",
      });
    }
  }
  // Effects timed by this combatant's turns, on whoever bears them.
  for (const c of ctx.combatants) {
    for (const e of c.effects) {
      if (timerOf(c, e, ctx.combatants) !== me.id) continue;
      if (e.duration === "startOfNextTurn") {
        steps.push({ kind: "removeEffect", actorId: c.actorId, effectId: e.id, label: "D20C.FF.Turn.EffectEnds" });
      } else if ((e.duration === "endOfNextTurn" || e.duration === "sustain") && !e.armed) {
        steps.push({ kind: "updateEffect", actorId: c.actorId, effectId: e.id, changes: { armed: true } });
      }
    }
  }
  return steps;
}

/** [FF-SAVE] The save against one effect: d20 + save bonuses, 10 or higher. */
export function effectSaveRequest(actor: ActorSource, actorId: string, effect: EffectSource): RollRequest {
  // [SYS-MONSTERS] elites and solos add their rank's bonus.
  const formula = d20Plus(actor.baseSaveBonus + rankSaveBonus(actor) + (effect.saveBonus || 0));
  return effectSaveRoll(actorId, effect, formula, SAVE_TARGET, "D20C.FF.Roll.SaveAgainst", { effect: effect.name });
}

export function onTurnEnd(ctx: TurnContext): TurnStep[] {
  const me = current(ctx);
  if (!me) return [];
  const steps: TurnStep[] = [];
  if (me.actor.state !== "dead") {
    // [FF-SAVE] one save per save-ends effect (a bundled effect is one effect, so one save).
    for (const e of me.effects) {
      if (savesAgainst(e)) steps.push({ kind: "roll", request: effectSaveRequest(me.actor, me.actorId, e) });
    }
    // [FF-DEATH] the death save, also at the end of the turn.
    if (dyingRules(ctx.options) === "4e") {
      const ds = deathSaveRequest(me.actor, me.actorId, me.actor.baseSaveBonus);
      if (ds) steps.push({ kind: "roll", request: ds });
    }
  }
  // This combatant's "end of your next turn" effects and unsustained effects end now.
  for (const c of ctx.combatants) {
    for (const e of c.effects) {
      if (timerOf(c, e, ctx.combatants) !== me.id || !e.armed) continue;
      if (e.duration === "endOfNextTurn") {
        steps.push({ kind: "removeEffect", actorId: c.actorId, effectId: e.id, label: "D20C.FF.Turn.EffectEnds" });
      } else if (e.duration === "sustain" && e.sustainedRound !== ctx.round) {
        steps.push({ kind: "removeEffect", actorId: c.actorId, effectId: e.id, label: "D20C.FF.Turn.NotSustained" });
      }
    }
  }
  return steps;
}

/** The effect an aftereffect becomes once added (fresh timing state). */
function aftereffectToAdd(e: EffectSource): Omit<EffectSource, "id"> | null {
  if (!e.aftereffect) return null;
  return { ...structuredClone(e.aftereffect), aftereffect: null, armed: false, sustainedRound: null };
}

export function resolveTurnRoll(ctx: TurnContext, request: RollRequest, roll: RollResult): TurnStepResult {
  const who = ctx.combatants.find((c) => c.actorId === request.actorId);
  if (!who) throw new EngineError("request.actorId", `no combatant for actor "${request.actorId}"`, request.actorId);
  requireFinite("roll.total", roll.total);
  if (request.kind === "save") {
    const effect = who.effects.find((e) => e.id === request.effectId);
    const target = request.target ?? SAVE_TARGET;
    if (!effect) {
      return {
        actor: structuredClone(who.actor),
        events: [{ key: "D20C.FF.Event.EffectGone", actorId: who.actorId }],
        requests: [],
        followUps: [],
        deferred: [],
      };
    }
    if (roll.total < target) {
      return {
        actor: structuredClone(who.actor),
        events: [
          { key: "D20C.FF.Event.SaveFailed", data: { effect: effect.name, total: roll.total }, actorId: who.actorId },
        ],
        requests: [],
        followUps: [],
        deferred: [],
      };
    }
    const deferred: TurnStep[] = [];
    const after = aftereffectToAdd(effect);
    // [FF-AFTER] added after the whole end-of-turn plan, so it gets no save this turn.
    if (after)
      deferred.push({ kind: "addEffect", actorId: who.actorId, effect: after, label: "D20C.FF.Turn.Aftereffect" });
    return {
      actor: structuredClone(who.actor),
      events: [
        { key: "D20C.FF.Event.SaveSucceeded", data: { effect: effect.name, total: roll.total }, actorId: who.actorId },
      ],
      requests: [],
      followUps: [{ kind: "removeEffect", actorId: who.actorId, effectId: effect.id, label: "D20C.FF.Turn.Saved" }],
      deferred,
    };
  }
  if (request.kind === "deathSave") {
    const r = resolveDeathSave(who.actor, roll, who.actorId);
    const followUps: TurnStep[] = [
      {
        kind: "updateActor",
        actorId: who.actorId,
        changes: { deathSaves: r.actor.deathSaves, state: r.actor.state },
        label: "D20C.FF.Roll.DeathSave",
      },
      ...r.requests.map((req): TurnStep => ({ kind: "roll", request: req })),
    ];
    return { ...r, requests: [], followUps, deferred: [] };
  }
  if (request.kind === "recovery") {
    const r = resolveRecovery(who.actor, request, roll, ctx.options, who.actorId);
    return {
      ...r,
      followUps: [
        {
          kind: "updateActor",
          actorId: who.actorId,
          changes: { hp: r.actor.hp, recoveries: r.actor.recoveries, state: r.actor.state },
          label: "D20C.FF.Roll.Recovery",
        },
      ],
      deferred: [],
    };
  }
  throw new EngineError("request.kind", `the FFd20 turn cycle makes no "${request.kind}" roll`, request.kind);
}

/**
 * [FF-SUSTAIN] Second wind comes back with a short rest, not with a battle's start or end: the
 * count is reset here only where the table counts the battle's end as each combatant's short rest.
 */
function shortRestSteps(ctx: TurnContext): TurnStep[] {
  return ctx.combatants
    .filter((c) => c.actor.recoveries.ralliesThisBattle !== 0)
    .map((c) => ({
      kind: "updateActor" as const,
      actorId: c.actorId,
      changes: { recoveries: { ...c.actor.recoveries, ralliesThisBattle: 0 } },
      label: "D20C.FF.Turn.BattleEndRest",
    }));
}

/**
 * End of the battle: no more turns, so effects timed by turns, saves or sustain, and "until the end
 * of the encounter" effects all end. Permanent effects stay. Then, only where the table's Open
 * option says so, the end counts as each combatant's short rest (second wind back; its encounter
 * powers come back through `refreshPower`).
 */
export function onCombatEnd(ctx: TurnContext): TurnStep[] {
  const steps: TurnStep[] = [];
  for (const c of ctx.combatants) {
    for (const e of c.effects) {
      if (e.duration === "permanent") continue;
      steps.push({ kind: "removeEffect", actorId: c.actorId, effectId: e.id, label: "D20C.FF.Turn.EncounterOver" });
    }
  }
  return battleEndRests(ctx.options) ? [...steps, ...shortRestSteps(ctx)] : steps;
}

/**
 * Initiative modifier: a character's is ½ level + Dex modifier + its initiative bonus; a monster's
 * stat block prints the whole modifier (½ level and Dex already in it), stored as `initiativeBonus`
 * and rolled as printed, never with them added again.
 */
export function initiativeModifier(c: CombatantSource["actor"]): number {
  if (c.kind !== "character") return c.initiativeBonus || 0;
  return halfLevel(c.level) + abilityModifier(c.abilities.dex) + (c.initiativeBonus || 0);
}

/** Highest first; ties go to the higher initiative modifier, then players, then by name and id. */
export function order(ctx: TurnContext): InitiativeSlot[] {
  const rolled = ctx.combatants.filter((c) => c.initiative !== null && Number.isFinite(c.initiative));
  const unrolled = ctx.combatants.filter((c) => !(c.initiative !== null && Number.isFinite(c.initiative)));
  rolled.sort(
    (a, b) =>
      (b.initiative as number) - (a.initiative as number) ||
      initiativeModifier(b.actor) - initiativeModifier(a.actor) ||
      (a.side === b.side ? 0 : a.side === "player" ? -1 : 1) ||
      a.name.localeCompare(b.name) ||
      a.id.localeCompare(b.id),
  );
  return [
    ...rolled.map((c) => ({ combatantIds: [c.id], initiative: c.initiative })),
    ...unrolled.map((c) => ({ combatantIds: [c.id], initiative: null })),
  ];
}

/** Rank of how long a duration lasts, for overlapping effects ([FF-DURATION]). */
const DURATION_RANK: Record<DurationKind, number> = {
  instant: 0,
  startOfNextTurn: 1,
  endOfNextTurn: 2,
  saveEnds: 3,
  sustain: 4,
  endOfEncounter: 5,
  permanent: 6,
};

/** Past every turn boundary of the coming rounds: durations that no turn boundary ends. */
const UNTIMED = 1_000_000;

/**
 * [FF-DURATION] When an effect ends, as a point on the combat's timeline counted from now, so that
 * two copies compare: turn boundaries in order (each turn's start, then its end; this round's
 * remaining turns before the next round's), then save ends < sustain < end of encounter <
 * permanent after every turn boundary. Start of next turn ends at the timer's next turn start;
 * end of next turn at the end of that turn (an armed one: at the end of the timer's turn under
 * way). Without a turn order (out of combat, or a timer not in it) the kinds rank as
 * start < end of next turn < the rest.
 */
function effectEndsAt(e: EffectSource, timing?: EffectTiming): number {
  const rank = DURATION_RANK[e.duration];
  if (e.duration !== "startOfNextTurn" && e.duration !== "endOfNextTurn") return UNTIMED + rank;
  if (!timing) return rank;
  const n = timing.order.length;
  const timer = effectTimer(
    timing.bearerId,
    e,
    timing.order.map((id) => ({ id })),
  );
  const ti = timing.order.indexOf(timer);
  if (ti < 0) return rank;
  const ci = timing.current === null ? -1 : timing.order.indexOf(timing.current);
  // The timer's next turn start: still this round when its place is after the current turn.
  const nextStart = (ti > ci ? 0 : n) + ti;
  if (e.duration === "startOfNextTurn") return 2 * nextStart;
  // An armed end-of-next-turn effect ends at the end of the timer's turn under way (or to come).
  const armedEnd = (ti >= ci ? 0 : n) + ti;
  return 2 * (e.armed ? armedEnd : nextStart) + 1;
}

function sameEffect(a: EffectSource, b: EffectSource): boolean {
  if (a.ongoing || b.ongoing) return false;
  if (a.statuses.length || b.statuses.length) {
    const sa = [...a.statuses].sort().join("|");
    const sb = [...b.statuses].sort().join("|");
    return sa === sb && sa !== "";
  }
  return a.name.trim().toLowerCase() !== "" && a.name.trim().toLowerCase() === b.name.trim().toLowerCase();
}

const pureOngoing = (e: EffectSource): boolean => !!e.ongoing && e.statuses.length === 0 && !e.aftereffect;

/** The conditions that mark (a penalty to attacks that leave the marker out). */
const MARKS: ReadonlySet<string> = new Set(FF_CONDITIONS.filter((c) => (c.markPenalty ?? 0) !== 0).map((c) => c.id));
const marks = (e: EffectSource): boolean => e.statuses.some((s) => MARKS.has(s));
/** An effect that does nothing but mark (no other condition, ongoing damage or aftereffect). */
const onlyMarks = (e: EffectSource): boolean =>
  e.statuses.length > 0 && e.statuses.every((s) => MARKS.has(s)) && !e.ongoing && !e.aftereffect;

/**
 * Stacking when an effect lands (`timing`: the combat's turn order; absent out of combat):
 * - [FF-ONGOING] plain ongoing damage of a type already burning (untyped with untyped): a copy
 *   stays only while no other copy of that type is at least as high and ends no earlier (equal
 *   ones: the newer stays). A lower one that outlasts a higher one stays beside it (the turn step
 *   deals only the highest of a type while both are on), and burns alone once the higher ends.
 *   Different types sit side by side and are saved separately.
 * - [FF-DURATION] the same effect twice (same conditions, or same name): the one with the most
 *   time left stays (`effectEndsAt`, from the turn order); for equal ends the newer one.
 * - [FF-CONDMARKED] a creature bears one mark at a time: a new mark supersedes the old, whatever
 *   their durations, so an effect that only marks goes when a new mark lands (one that also does
 *   something else stays whole, its mark with it).
 */
export function addEffect(
  existing: readonly EffectSource[],
  incoming: EffectSource,
  timing?: EffectTiming,
): EffectSource[] {
  const inc = structuredClone(incoming);
  const list = existing.filter((e) => !(marks(inc) && onlyMarks(e))).map((e) => structuredClone(e));
  if (pureOngoing(inc)) {
    const type = ongoingType(inc.ongoing?.type);
    const all = [...list, inc];
    const rivals = all.filter((e) => pureOngoing(e) && ongoingType(e.ongoing?.type) === type);
    const amount = (e: EffectSource): number => e.ongoing?.amount ?? 0;
    const dominated = (e: EffectSource): boolean =>
      rivals.some((f) => {
        if (f === e) return false;
        const [fa, ea, fe, ee] = [amount(f), amount(e), effectEndsAt(f, timing), effectEndsAt(e, timing)];
        if (fa < ea || fe < ee) return false;
        return fa > ea || fe > ee || all.indexOf(f) > all.indexOf(e);
      });
    return all.filter((e) => !rivals.includes(e) || !dominated(e));
  }
  const idx = list.findIndex((e) => sameEffect(e, inc));
  if (idx >= 0) {
    const prev = list[idx] as EffectSource;
    if (effectEndsAt(inc, timing) >= effectEndsAt(prev, timing)) list[idx] = inc;
    return list;
  }
  return [...list, inc];
}
