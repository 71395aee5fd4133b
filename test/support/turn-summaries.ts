/**
 * The turn lines a test's chat holds: every line of every turn summary (a `turn` message's
 * `system.lines`), and the single line of a message an older version posted, in posting order,
 * each with its undo as the GM reads it: from the summary's GM-only undo record (a GM whisper
 * naming the summary), else the line's own (older lines).
 */
import { readTurnSummary, readTurnUndo, type StoredUndo } from "../../src/workflows/turn-summary-data.js";
import type { ChatLine } from "../../src/engine/plans/turns.js";
import { diffActor } from "../../src/engine/changes.js";

type MessageLike = Parameters<typeof readTurnSummary>[0] & { id?: string };

/** A turn line with its undo as the GM's Undo reads it (differences, not whole copies). */
export type GMTurnLine = Omit<ChatLine, "undo"> & { undo: StoredUndo | null };

/** A line's own (older) undo record in the record's shape. */
function inline(line: ChatLine): StoredUndo | null {
  const u = line.undo;
  if (!u) return null;
  return {
    ...u,
    actors: u.actors.map((a) =>
      a.after
        ? { actorId: a.actorId, changes: diffActor(a.before, a.after) }
        : { actorId: a.actorId, restore: a.before },
    ),
  };
}

/** The lines of the summaries among `messages` (anything else is skipped), with the GM's undo of each. */
export function turnLinesOf(messages: readonly unknown[]): GMTurnLine[] {
  const records = messages.flatMap((m) => {
    const r = readTurnUndo(m as { flags: unknown });
    return r ? [r] : [];
  });
  return messages.flatMap((m) => {
    const message = m as MessageLike;
    const summary = readTurnSummary(message);
    if (!summary) return [];
    const record = records.find((r) => r.summaryId === message.id);
    return summary.lines.map(({ line }, i) => ({ ...line, undo: record?.lines[String(i)] ?? inline(line) }));
  });
}

/** Every undo kept in GM-only turn records among messages (or their creation data), in posting order. */
export function turnUndosOf(messages: readonly { flags?: unknown }[]): StoredUndo[] {
  return messages.flatMap((m) => {
    const record = readTurnUndo({ flags: m.flags ?? {} });
    return record ? Object.values(record.lines) : [];
  });
}

/** The turn-summary messages among `messages`. */
export function turnSummariesOf<M>(messages: readonly M[]): M[] {
  return messages.filter((m) => readTurnSummary(m as MessageLike) !== null);
}
