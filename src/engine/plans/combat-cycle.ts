/**
 * The combat cycle, decided without Foundry ([SYS-TURNS]): which ruleset hook a turn boundary
 * calls, who rolls initiative and how the rolls are shared, the turn order and its simultaneous
 * groups, who skips a turn, and whether a surprise round happens. The Combat document
 * (src/documents/combat.ts) calls these and does the Foundry side; tests call them directly.
 *
 * Nothing here looks at the ruleset id: every difference comes from the ruleset's data
 * (`initiative`, `escalationByDefault`) or its functions (`order`, `actsThisRound`, `on…`).
 */
import type { Ruleset } from "../ruleset.js";
import type { CombatantSource, InitiativeRules, InitiativeSlot, TurnContext, TurnStep } from "../types.js";
import { stepsForRoundEnd, stepsForTurn, turnTaken } from "../turn-taken.js";
import { runPlan, type ChatLine, type PlanOutcome, type TurnPorts } from "./turns.js";

/** The moments of a battle at which a ruleset may plan work. */
export type CombatPhase = "combatStart" | "roundStart" | "turnStart" | "turnEnd" | "roundEnd" | "combatEnd";

export interface BoundaryOptions {
  /** Combat end only: the GM marked the battle as tough (counts two toward the heal-up, [13A-HEALUP]). */
  tough?: boolean;
  /** Turn phases only: Foundry walked past this turn (`context.skipped`). */
  walkedPast?: boolean;
}

/** Ask the ruleset for the steps of one phase. Throws what the ruleset throws. */
function planFor(ruleset: Ruleset, phase: CombatPhase, ctx: TurnContext, options: BoundaryOptions = {}): TurnStep[] {
  switch (phase) {
    case "combatStart":
      return ruleset.onCombatStart(ctx);
    case "roundStart":
      return ruleset.onRoundStart(ctx);
    case "turnStart":
      return ruleset.onTurnStart(ctx);
    case "turnEnd":
      return ruleset.onTurnEnd(ctx);
    case "roundEnd":
      return ruleset.onRoundEnd(ctx);
    case "combatEnd":
      return ruleset.onCombatEnd(ctx, options.tough ?? false);
  }
}

/** Whether the current combatant of a turn phase acts this round (false = its turn is skipped). */
export function currentActs(ruleset: Ruleset, ctx: TurnContext): boolean {
  const c = ctx.combatants.find((x) => x.id === ctx.combatantId);
  if (!c) return true;
  return ruleset.actsThisRound(ctx, c);
}

/**
 * Plan and run one phase. Never throws: a ruleset that fails while planning is reported like a
 * failing step, and the combat goes on. A turn its combatant did not take (walked past, or not
 * acting this round) runs only its effect timing (src/engine/turn-taken.ts); a round cut short
 * runs no roll for those walked past.
 */
export async function runBoundary(
  ruleset: Ruleset,
  phase: CombatPhase,
  ctx: TurnContext,
  ports: TurnPorts,
  options: BoundaryOptions = {},
): Promise<PlanOutcome> {
  const log = ports.log ?? ((message: string, error: unknown) => console.error(message, error));
  let steps: TurnStep[];
  try {
    const planned = planFor(ruleset, phase, ctx, options);
    if (phase === "turnStart" || phase === "turnEnd") {
      const c = ctx.combatants.find((x) => x.id === ctx.combatantId) ?? null;
      const taken = turnTaken({ walkedPast: Boolean(options.walkedPast), acts: currentActs(ruleset, ctx) });
      steps = stepsForTurn(phase, planned, taken, c);
    } else if (phase === "roundEnd") {
      steps = stepsForRoundEnd(planned, ctx);
    } else {
      steps = planned;
    }
  } catch (error) {
    log(`d20-combat | the ruleset could not plan "${phase}"; the combat goes on`, error);
    const line: ChatLine = {
      key: "D20C.Combat.Step.failed",
      data: { phase },
      actorId: null,
      effectId: null,
      events: [],
      rolls: [],
      undo: null,
      error: error instanceof Error ? error.message : String(error),
    };
    try {
      await ports.post(line);
    } catch (err) {
      log("d20-combat | could not post a combat chat line", err);
    }
    return { ctx, lines: [line], errors: [{ step: { kind: "notice", event: { key: line.key } }, error }] };
  }
  return runPlan(ruleset, ctx, steps, ports);
}

/** A turn event as Foundry reports it: the combatant it names and whether the turn was passed over. */
export interface TurnEventFacts {
  combatantId: string | null;
  /** Foundry's `context.skipped`: a turn walked past on the way to the current one. */
  skipped: boolean;
}

/**
 * Whose turn a Start Turn event really starts, and whether a combatant that does not act may pass
 * it on at once. Foundry v13 (`Combat#_manageTurnEvents`) walks the turn order it captured before
 * the round-start events ran and marks the turns it walks past (skip defeated, Next Round
 * mid-round) as `skipped`. So:
 * - a skipped start is about the combatant Foundry names, and must never advance the combat (the
 *   combat already sits on a later turn: advancing again would jump over the current combatant);
 * - the real start is about the combat's current combatant, which differs from the one Foundry
 *   names when the round-start events reordered the turns (initiative rerolled each round,
 *   [WD-INIT]).
 */
export function startTurnSubject(
  event: TurnEventFacts,
  currentCombatantId: string | null,
): { combatantId: string | null; mayPassOn: boolean } {
  if (event.skipped) return { combatantId: event.combatantId, mayPassOn: false };
  return { combatantId: currentCombatantId ?? event.combatantId, mayPassOn: currentCombatantId !== null };
}

/**
 * Whether an End Round event closes a round that was played. Foundry also reports the end of
 * "round 0" when a combat begins; nothing was played then.
 */
export function roundWasPlayed(round: number): boolean {
  return round >= 1;
}

// ------------------------------------------------------------------------------------------------
// Initiative
// ------------------------------------------------------------------------------------------------

/**
 * Whether the battle opens with a surprise round ([WD-SURPRISE]): the ruleset has one, and some
 * but not all combatants start aware.
 */
export function hasSurpriseRound(
  rules: InitiativeRules,
  combatants: readonly Pick<CombatantSource, "aware">[],
): boolean {
  if (rules.surprise !== "surpriseRound") return false;
  const aware = combatants.filter((c) => c.aware).length;
  return aware > 0 && aware < combatants.length;
}

/**
 * Who rolls initiative now, grouped by shared roll: each group rolls once and every member takes
 * that result. `gmSingle` ([HD-INIT]) puts the whole GM side in one group; otherwise everyone
 * rolls alone. In a surprise round only the aware roll ([WD-SURPRISE]). Combatants that already
 * have initiative are left out unless `reroll` (every-round initiative, [WD-INIT]).
 */
export function initiativeGroups(
  rules: InitiativeRules,
  combatants: readonly Pick<CombatantSource, "id" | "side" | "aware" | "initiative" | "defeated">[],
  opts: { surpriseRound?: boolean; reroll?: boolean } = {},
): string[][] {
  const rolling = combatants.filter(
    (c) => !c.defeated && (opts.reroll || c.initiative === null) && (!opts.surpriseRound || c.aware),
  );
  if (rules.roll !== "gmSingle") return rolling.map((c) => [c.id]);
  const gm = rolling.filter((c) => c.side === "gm").map((c) => c.id);
  const groups = rolling.filter((c) => c.side !== "gm").map((c) => [c.id]);
  if (gm.length) groups.push(gm);
  return groups;
}

/** The turn order as a flat list of combatant ids, from the ruleset's slots. */
function turnOrder(slots: readonly InitiativeSlot[]): string[] {
  return slots.flatMap((s) => s.combatantIds);
}

/**
 * Combatants that act at the same moment ([WD-TIES]): combatant id → group number (1, 2…), for
 * slots holding more than one combatant. The tracker marks them.
 */
export function simultaneousGroups(slots: readonly InitiativeSlot[]): Map<string, number> {
  const out = new Map<string, number>();
  let n = 0;
  for (const slot of slots) {
    if (slot.combatantIds.length < 2) continue;
    n += 1;
    for (const id of slot.combatantIds) out.set(id, n);
  }
  return out;
}

/** Rank of each combatant id in the ruleset's order (for sorting the tracker's turns). */
export function orderRanks(slots: readonly InitiativeSlot[]): Map<string, number> {
  return new Map(turnOrder(slots).map((id, i) => [id, i]));
}

/**
 * The next turn index after `from` whose combatant acts this round, or null when none is left
 * (the round is over). `acts(i)` says whether turn i acts.
 */
export function nextActingIndex(count: number, from: number | null, acts: (index: number) => boolean): number | null {
  for (let i = (from ?? -1) + 1; i < count; i++) if (acts(i)) return i;
  return null;
}

// ------------------------------------------------------------------------------------------------
// Escalation die ([SYS-ESC], [13A-ESC])
// ------------------------------------------------------------------------------------------------

/** Whether the die is in play: the ruleset uses it by default, or the GM's world setting turns it on. */
export function escalationInPlay(ruleset: Pick<Ruleset, "escalationByDefault">, worldSettingOn: boolean): boolean {
  return ruleset.escalationByDefault || worldSettingOn;
}

// ------------------------------------------------------------------------------------------------
// Fleeing ([13A-FLEE])
// ------------------------------------------------------------------------------------------------

/** What fleeing would mean now: whether the ruleset allows it, and the names of the survivors. */
export function fleeOutcome(
  ruleset: Pick<Ruleset, "canFlee">,
  combatants: readonly CombatantSource[],
): { allowed: boolean; survivors: string[] } {
  if (!ruleset.canFlee(combatants)) return { allowed: false, survivors: [] };
  const survivors = combatants.filter((c) => c.side === "player" && c.actor.state !== "dead").map((c) => c.name);
  return { allowed: true, survivors };
}
