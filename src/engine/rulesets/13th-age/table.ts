/**
 * 13th Age table procedure as data and small pure helpers the adapter shows:
 * action economy ([13A-ACTIONS]), abstract range ([13A-RANGE]), engagement ([13A-ENGAGE]).
 */
import { EngineError } from "../../errors.js";

/** Actions a turn holds; free actions are unlimited (the GM's call). */
export type TurnAction = "standard" | "move" | "quick";
export type ActionBudget = Readonly<Record<TurnAction, number>>;

/** A fresh turn: one standard, one move, one quick action. */
export const TURN_ACTIONS: ActionBudget = { standard: 1, move: 1, quick: 1 };

/** Which slot may pay for an action, cheapest first (a standard can stand in for a move or quick, a move for a quick). */
const SUBSTITUTES: Record<TurnAction, readonly TurnAction[]> = {
  standard: ["standard"],
  move: ["move", "standard"],
  quick: ["quick", "move", "standard"],
};

/**
 * [13A-ACTIONS] The slot that pays for `wanted` given what is left this turn, or null if nothing
 * can. Free actions cost nothing ("free").
 */
export function canSpend(available: ActionBudget, wanted: TurnAction | "free"): TurnAction | "free" | null {
  if (wanted === "free") return "free";
  for (const slot of SUBSTITUTES[wanted]) if ((available[slot] ?? 0) > 0) return slot;
  return null;
}

/** [13A-ACTIONS] Spend an action: the remaining budget, or null if it can't be paid. */
export function spendAction(available: ActionBudget, wanted: TurnAction | "free"): ActionBudget | null {
  const slot = canSpend(available, wanted);
  if (slot === null) return null;
  if (slot === "free") return { ...available };
  return { ...available, [slot]: available[slot] - 1 };
}

/**
 * Interrupt tracking ([13A-ACTIONS]): one interrupt when it is not your turn, then none until the
 * end of your next turn. `spent` = one was used; `turnStarted` = a turn of yours began since.
 */
export interface InterruptState {
  spent: boolean;
  turnStarted: boolean;
}

export const INTERRUPT_READY: InterruptState = { spent: false, turnStarted: false };

export function canInterrupt(state: InterruptState, ownTurn: boolean): boolean {
  return !ownTurn && !state.spent;
}

/** Use the interrupt; null when it isn't allowed. */
export function useInterrupt(state: InterruptState, ownTurn: boolean): InterruptState | null {
  return canInterrupt(state, ownTurn) ? { spent: true, turnStarted: false } : null;
}

export function interruptOnTurnStart(state: InterruptState): InterruptState {
  return state.spent ? { spent: true, turnStarted: true } : { ...state };
}

/** The end of the first own turn after the use makes the interrupt available again. */
export function interruptOnTurnEnd(state: InterruptState): InterruptState {
  return state.spent && state.turnStarted ? { ...INTERRUPT_READY } : { ...state };
}

/** Opportunity attacks are free actions taken out of turn: they never use the turn's budget. */
export const OPPORTUNITY_ATTACK_ACTION = "free" as const;

/** [13A-RANGE] Abstract distances: engaged (in melee), nearby (one move), far away (two moves or more). */
export type RangeBand = "engaged" | "nearby" | "farAway";

export const RANGE_BANDS: readonly { key: RangeBand; label: string; moves: number }[] = [
  { key: "engaged", label: "D20C.Age13.Range.engaged", moves: 0 },
  { key: "nearby", label: "D20C.Age13.Range.nearby", moves: 1 },
  { key: "farAway", label: "D20C.Age13.Range.farAway", moves: 2 },
];

/**
 * [13A-RANGE] Reaching a foe in melee this turn: the moves it takes, whether the standard action
 * must be spent moving, and whether an attack is still possible.
 */
export function reachFoe(band: RangeBand): { moves: number; standardSpentMoving: boolean; canAttack: boolean } {
  const moves = RANGE_BANDS.find((b) => b.key === band)?.moves;
  if (moves === undefined) throw new EngineError("range.band", `unknown range band "${String(band)}"`, band);
  return { moves, standardSpentMoving: moves >= 2, canAttack: moves <= 1 };
}

/**
 * [13A-ENGAGE] Whether moving away gives an engaged enemy an opportunity attack: only when the
 * mover is engaged with it and did not disengage first.
 */
export function provokesOpportunityAttack(move: { engaged: boolean; disengaged: boolean; leaving: boolean }): boolean {
  return move.engaged && move.leaving && !move.disengaged;
}

/**
 * [13A-ENGAGE] What a failed disengage costs: the action used for it (the move, or the standard
 * spent on a retry) is lost and the creature stays put.
 */
export function disengageOutcome(
  passed: boolean,
  action: "move" | "standard",
): { moved: boolean; actionLost: "move" | "standard" | null } {
  return passed ? { moved: true, actionLost: null } : { moved: false, actionLost: action };
}
