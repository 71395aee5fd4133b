/**
 * [SYS-MONSTERS] Hundred Dungeons' legends as the 5th-edition family builds them (pure): legendary
 * actions come back at the start of the creature's own turn and the tracker reminds the GM of them
 * at the end of every other creature's turn; legendary resistance turns a failed save into a success
 * while uses are left (a day's uses, given back by the GM on the stat block). Lair actions stay text.
 */
import { clonePlain } from "../../common.js";
import type { Ruleset } from "../../ruleset.js";
import { noneLeft, type CreatureSpend, type SpendDecision } from "../../creature-spends.js";
import type { ActorSource, RollRequest, RollResult, RuleEvent, TurnContext, TurnStep } from "../../types.js";

const C = "D20C.Creature";

type Legendary = NonNullable<ActorSource["legendary"]>;
const legendaryOf = (a: ActorSource): Legendary =>
  a.legendary ?? { actions: 0, actionsLeft: 0, resistances: 0, resistancesLeft: 0 };

/** At the start of its own turn a legendary creature has all its legendary actions again. */
export function legendaryTurnStart(ctx: TurnContext): TurnStep[] {
  const me = ctx.combatants.find((c) => c.id === ctx.combatantId);
  if (!me || me.actor.state === "dead") return [];
  const l = legendaryOf(me.actor);
  if (l.actions <= 0 || l.actionsLeft === l.actions) return [];
  return [
    {
      kind: "updateActor",
      actorId: me.actorId,
      changes: { legendary: { ...l, actionsLeft: l.actions } },
      label: `${C}.Step.legendaryActions`,
      data: { count: l.actions },
    },
  ];
}

/** At the end of another creature's turn the GM is reminded of each legendary creature's actions left. */
export function legendaryPrompts(ctx: TurnContext): TurnStep[] {
  return ctx.combatants
    .filter((c) => c.id !== ctx.combatantId && c.actor.state !== "dead")
    .filter((c) => legendaryOf(c.actor).actions > 0 && legendaryOf(c.actor).actionsLeft > 0)
    .map((c) => ({
      kind: "notice" as const,
      event: {
        key: `${C}.Event.legendaryPrompt`,
        data: { name: c.name, left: legendaryOf(c.actor).actionsLeft },
        actorId: c.actorId,
      },
    }));
}

/** Whether a save with a target failed (an outcome the game decided outright stays as it is). */
function failedSave(request: RollRequest, roll: RollResult): boolean {
  if (request.kind !== "save" || request.target === null || request.data?.autoSucceed === true) return false;
  return request.data?.autoFail !== true && Number.isFinite(roll.total) && roll.total < request.target;
}

/** The creature spends one legendary resistance: its actor after, and the event saying so. */
function spendResistance(actor: ActorSource, request: RollRequest, roll: RollResult) {
  const l = legendaryOf(actor);
  const next = clonePlain(actor);
  next.legendary = { ...l, resistancesLeft: l.resistancesLeft - 1 };
  const event: RuleEvent = {
    key: `${C}.Event.legendaryResistance`,
    data: { total: roll.total, left: l.resistancesLeft - 1 },
    actorId: request.actorId,
  };
  return { next, event };
}

const canResist = (actor: ActorSource) => legendaryOf(actor).resistancesLeft > 0;

/** A save the creature fails with legendary resistance left succeeds instead, one use spent. */
export function withLegendaryResistance(resolve: Ruleset["resolveRoll"]): Ruleset["resolveRoll"] {
  return (actor, request, roll, options) => {
    if (!failedSave(request, roll) || !canResist(actor)) return resolve(actor, request, roll, options);
    const { next, event } = spendResistance(actor, request, roll);
    const r = resolve(next, request, { ...roll, total: request.target ?? roll.total }, options);
    return { ...r, events: [event, ...r.events] };
  };
}

/** The tracker's end-of-turn saves likewise. */
export function withLegendaryTurnResistance(resolve: Ruleset["resolveTurnRoll"]): Ruleset["resolveTurnRoll"] {
  return (ctx, request, roll) => {
    const c = ctx.combatants.find((x) => x.actorId === request.actorId);
    if (!c || !failedSave(request, roll) || !canResist(c.actor)) return resolve(ctx, request, roll);
    const { next, event } = spendResistance(c.actor, request, roll);
    const combatants = ctx.combatants.map((x) => (x === c ? { ...x, actor: next } : x));
    const r = resolve({ ...ctx, combatants }, request, { ...roll, total: request.target ?? roll.total });
    return { ...r, events: [event, ...r.events] };
  };
}

/**
 * [HD-LEGENDARY] [SYS-MONSTERS] A failed save against a save-based power succeeds instead while a
 * legendary resistance is left: the creature with one spent and the event saying so (null = none left).
 */
export function resistSaveAttack(actor: ActorSource, actorId: string): { actor: ActorSource; event: RuleEvent } | null {
  if (!canResist(actor)) return null;
  const l = legendaryOf(actor);
  const next = clonePlain(actor);
  next.legendary = { ...l, resistancesLeft: l.resistancesLeft - 1 };
  return {
    actor: next,
    event: { key: `${C}.Event.legendaryResistanceSaveAttack`, data: { left: l.resistancesLeft - 1 }, actorId },
  };
}

/** [HD-LEGENDARY] A legend's legendary actions and resistances as the tracker's spend buttons show them. */
export function legendarySpends(actor: ActorSource): CreatureSpend[] {
  const l = legendaryOf(actor);
  const out: CreatureSpend[] = [];
  if (l.actions > 0)
    out.push({ key: "legendaryAction", label: "D20C.Spend.legendaryAction", left: l.actionsLeft, max: l.actions });
  if (l.resistances > 0)
    out.push({
      key: "legendaryResistance",
      label: "D20C.Spend.legendaryResistance",
      left: l.resistancesLeft,
      max: l.resistances,
    });
  return out;
}

/**
 * [HD-LEGENDARY] Spend a legendary action (one left, at the end of another creature's turn: never
 * on its own, nor while it is down or cannot act) or a legendary resistance (one left: the GM turns
 * a failed save the system did not roll; those it rolls spend it by themselves).
 */
export function spendLegendary(ctx: TurnContext, combatantId: string, key: string): SpendDecision {
  const me = ctx.combatants.find((c) => c.id === combatantId);
  if (!me || (key !== "legendaryAction" && key !== "legendaryResistance"))
    return { ok: false, reason: "D20C.Spend.Refused.Unknown" };
  const l = legendaryOf(me.actor);
  const action = key === "legendaryAction";
  if ((action ? l.actionsLeft : l.resistancesLeft) <= 0) return noneLeft(me.name);
  if (me.actor.state !== "active") return { ok: false, reason: "D20C.Spend.Refused.Down", data: { name: me.name } };
  if (action && ctx.combatantId === combatantId)
    return { ok: false, reason: "D20C.Spend.Refused.OthersTurn", data: { name: me.name } };
  const legendary = action
    ? { ...l, actionsLeft: l.actionsLeft - 1 }
    : { ...l, resistancesLeft: l.resistancesLeft - 1 };
  return {
    ok: true,
    steps: [
      {
        kind: "updateActor",
        actorId: me.actorId,
        changes: { legendary },
        label: action ? "D20C.Spend.Step.legendaryAction" : "D20C.Spend.Step.legendaryResistance",
        data: { left: action ? legendary.actionsLeft : legendary.resistancesLeft },
      },
    ],
  };
}
