/**
 * The turn lines a test's chat holds: every line of every turn summary (a `turn` message's
 * `system.lines`), and the single line of a message an older version posted, in posting order.
 */
import { readTurnSummary } from "../../src/workflows/turn-summary-data.js";
import type { ChatLine } from "../../src/engine/plans/turns.js";

type MessageLike = Parameters<typeof readTurnSummary>[0];

/** The lines of the summaries among `messages` (anything else is skipped). */
export function turnLinesOf(messages: readonly unknown[]): ChatLine[] {
  return messages.flatMap((m) => readTurnSummary(m as MessageLike)?.lines.map((l) => l.line) ?? []);
}

/** The turn-summary messages among `messages`. */
export function turnSummariesOf<M>(messages: readonly M[]): M[] {
  return messages.filter((m) => readTurnSummary(m as MessageLike) !== null);
}
