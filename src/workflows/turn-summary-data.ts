/**
 * Reading turn-summary messages ([SYS-TURNS]): a `turn` message's `system` (its data model is
 * ./turn-summary-model.ts), or the single step an older version stored under
 * `flags["d20-combat"].turnLine`. No Foundry globals: the self-test batches read messages with it.
 */
import { SYSTEM_ID } from "../constants.js";
import type { SummaryLine, SummarySubject } from "./combat-chat.js";
import type { ChatLine, UndoRecord } from "../engine/plans/turns.js";
import type { ActorChange } from "../engine/changes.js";
import type { ActorSource } from "../engine/types.js";

/** The message sub-type of a turn summary. */
export const TURN_SUMMARY_TYPE = "turn";

/** A turn summary's data as this system writes it into `system` (and reads it back). */
export interface TurnSummarySource {
  combatId: string;
  kind: SummarySubject["kind"];
  combatantId: string;
  actorId: string;
  name: string;
  round: number;
  lines: SummaryLine[];
  removedEffects: Record<string, ActiveEffect.CreateData>;
}

/** What a turn-line message of older versions stored under `flags["d20-combat"].turnLine`. */
export interface TurnLineFlags {
  line: ChatLine;
  removedEffects: Record<string, ActiveEffect.CreateData>;
  combatId: string;
  undone: boolean;
}

/** The subject of a stored summary. */
export function subjectOf(source: TurnSummarySource): SummarySubject {
  return source.kind === "turn"
    ? {
        kind: "turn",
        combatantId: source.combatantId,
        actorId: source.actorId || null,
        name: source.name,
        round: source.round,
      }
    : { kind: "event" };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A stored line, if it has the shape the plan runner writes (anything else is skipped). */
function chatLineOf(value: unknown): ChatLine | null {
  if (!isRecord(value)) return null;
  const ok =
    typeof value.key === "string" &&
    isRecord(value.data) &&
    Array.isArray(value.events) &&
    Array.isArray(value.rolls) &&
    (value.undo === null || isRecord(value.undo));
  return ok ? (value as unknown as ChatLine) : null;
}

/**
 * The summary a message holds: a `turn` message's `system`, or an older message's single turn
 * line (as an event summary of one line). Null for any other message.
 */
export function readTurnSummary(message: {
  type?: string | null;
  system?: unknown;
  flags: { [SYSTEM_ID]?: { turnLine?: TurnLineFlags } };
}): TurnSummarySource | null {
  const system = message.system;
  if (message.type === TURN_SUMMARY_TYPE && isRecord(system) && Array.isArray(system.lines)) {
    const lines = system.lines.flatMap((entry: unknown): SummaryLine[] => {
      const line = isRecord(entry) ? chatLineOf(entry.line) : null;
      return line && isRecord(entry) ? [{ line, undone: entry.undone === true }] : [];
    });
    return {
      combatId: typeof system.combatId === "string" ? system.combatId : "",
      kind: system.kind === "turn" ? "turn" : "event",
      combatantId: typeof system.combatantId === "string" ? system.combatantId : "",
      actorId: typeof system.actorId === "string" ? system.actorId : "",
      name: typeof system.name === "string" ? system.name : "",
      round: typeof system.round === "number" ? system.round : 0,
      lines,
      removedEffects: isRecord(system.removedEffects)
        ? (system.removedEffects as Record<string, ActiveEffect.CreateData>)
        : {},
    };
  }
  const legacy = message.flags[SYSTEM_ID]?.turnLine;
  const line = legacy ? chatLineOf(legacy.line) : null;
  if (!legacy || !line) return null;
  return {
    combatId: legacy.combatId,
    kind: "event",
    combatantId: "",
    actorId: "",
    name: "",
    round: 0,
    lines: [{ line, undone: Boolean(legacy.undone) }],
    removedEffects: legacy.removedEffects ?? {},
  };
}

/**
 * How one actor's part of a turn line is undone: the differences the step made (reversed on the
 * actor as it is now), or, for lines of older versions that kept only the prior state, that state.
 */
type ActorUndo = { actorId: string; changes: ActorChange[] } | { actorId: string; restore: ActorSource };

/** A turn line's undo as its GM-only record keeps it: differences, not whole copies of actors. */
export interface StoredUndo {
  actors: ActorUndo[];
  removedEffects: UndoRecord["removedEffects"];
  addedEffects: UndoRecord["addedEffects"];
  updatedEffects: UndoRecord["updatedEffects"];
  /** [SYS-MONSTERS] Power items' usage as it was (a recharge at turn start). Optional: absent = none. */
  items?: UndoRecord["items"];
  /** [FF-ACTIONPOINTS] Turn actions granted to combatants (an action point's), to take back. Optional: absent = none. */
  actions?: UndoRecord["actions"];
}

/**
 * The GM-only record of a turn summary's undo ([SYS-HIDDEN]): a GM-authored message whispered to
 * the GMs, under `flags["d20-combat"].turnUndo`, naming its summary. Players' copies of a summary
 * hold its lines without their undo (what the step changed on a monster is its stat block).
 */
export interface TurnUndoRecord {
  summaryId: string;
  /** Each undoable line's undo, by the line's index in its summary. */
  lines: Record<string, StoredUndo>;
  /** Full ActiveEffect data of the effects the lines removed, by effect id (Undo re-creates them). */
  removedEffects: Record<string, ActiveEffect.CreateData>;
}

/** The turn-undo record a message holds (readable as one), or null. */
export function readTurnUndo(message: { flags: unknown }): TurnUndoRecord | null {
  const ours = isRecord(message.flags) ? message.flags[SYSTEM_ID] : undefined;
  const record = isRecord(ours) ? ours.turnUndo : undefined;
  if (!isRecord(record) || typeof record.summaryId !== "string" || !isRecord(record.lines)) return null;
  return {
    summaryId: record.summaryId,
    lines: record.lines as Record<string, StoredUndo>,
    removedEffects: isRecord(record.removedEffects)
      ? (record.removedEffects as Record<string, ActiveEffect.CreateData>)
      : {},
  };
}
