/**
 * What a turn-automation chat line shows ([SYS-TURNS]): a pure view of a {@link ChatLine} for the
 * template templates/combat/turn-summary.hbs, with every text already localised through an injected
 * formatter (Foundry: `game.i18n.format`; tests: the i18n stand-in).
 */
import type { ChatLine, UndoRecord } from "../engine/plans/turns.js";

/** `game.i18n.format`-like: an i18n key and its data → text. */
export type Formatter = (key: string, data?: Record<string, string | number>) => string;

interface TurnLineRollView {
  label: string;
  formula: string;
  total: number;
  /** Natural d20, or "" when the roll had none. */
  natural: string;
  /** "", or "vs 11+" style text. */
  target: string;
  /** CSS modifier: `success`, `failure` or `plain`. */
  outcome: "success" | "failure" | "plain";
}

/** Template data (a type alias, not an interface: Foundry's `renderTemplate` takes a string-keyed record, which only alias object types satisfy). */
type TurnLineView = {
  headline: string;
  details: string[];
  rolls: TurnLineRollView[];
  error: string;
  canUndo: boolean;
  undone: boolean;
  undoLabel: string;
  undoneLabel: string;
};

/**
 * The template context of a chat line. `canUndo` = the line changed something and the viewer is a
 * GM; `undone` = the GM already put it back.
 */
function turnLineView(line: ChatLine, format: Formatter, opts: { isGM: boolean; undone?: boolean }): TurnLineView {
  const undone = opts.undone ?? false;
  const headline = format(line.key, line.data);
  const details = line.events
    .map((e) => format(e.key, { ...line.data, ...(e.data ?? {}) }))
    .filter((text) => text !== headline);
  const resisted = resistanceDetail(line, format);
  return {
    headline,
    details: resisted ? [resisted, ...details] : details,
    rolls: line.rolls.map((r) => ({
      label: format(r.request.label, line.data),
      formula: r.request.formula,
      total: r.result.total,
      natural: r.result.natural === null ? "" : String(r.result.natural),
      target:
        r.request.target === null
          ? ""
          : format(r.request.against === "natural" ? "D20C.Combat.Line.TargetNatural" : "D20C.Combat.Line.Target", {
              target: r.request.target,
            }),
      outcome: r.success === null ? "plain" : r.success ? "success" : "failure",
    })),
    error: line.error ?? "",
    canUndo: opts.isGM && !undone && hasUndo(line),
    undone,
    undoLabel: format("D20C.Combat.Line.Undo"),
    undoneLabel: format("D20C.Combat.Line.Undone"),
  };
}

/**
 * Whether only GMs may read a turn line ([SYS-HIDDEN]): a failed step, or a line about a
 * combatant players cannot see (hidden in the tracker or on a hidden token), whose name, rolls
 * and HP would give it away.
 */
function turnLineGmOnly(line: Pick<ChatLine, "actorId" | "error">, hiddenActors: ReadonlySet<string>): boolean {
  return Boolean(line.error) || (line.actorId !== null && hiddenActors.has(line.actorId));
}

/**
 * What resistance (or vulnerability) made of a damage step: "no damage (resisted)" when nothing
 * got through, else the amount before and after; "" when the damage went through unchanged.
 */
function resistanceDetail(line: ChatLine, format: Formatter): string {
  const { amount, dealt } = line.data;
  if (typeof amount !== "number" || typeof dealt !== "number" || amount === dealt) return "";
  if (dealt <= 0) return format("D20C.Combat.Summary.Resisted");
  return format("D20C.Combat.Summary.Adjusted", { amount, dealt });
}

/** Whether a line's undo record would change anything. */
export function hasUndo(line: ChatLine): boolean {
  if (line.undoable === true) return true;
  const u = line.undo;
  if (!u) return false;
  return (
    u.actors.length +
      u.removedEffects.length +
      u.addedEffects.length +
      u.updatedEffects.length +
      (u.items?.length ?? 0) >
    0
  );
}

// ------------------------------------------------------------------------------------------------
// Turn summaries: one message per combatant turn, one per round or battle event
// ------------------------------------------------------------------------------------------------

/** What a summary message is about: one combatant's turn, or the round / battle as a whole. */
export type SummarySubject =
  { kind: "turn"; combatantId: string; actorId: string | null; name: string; round: number } | { kind: "event" };

/** One line of a summary as stored: the step's line and whether the GM undid it. */
export interface SummaryLine {
  line: ChatLine;
  undone: boolean;
}

/** A summary line's view, with its place in the message (its Undo names it). */
type SummaryLineView = TurnLineView & { index: number };

/** Template data of a summary (templates/combat/turn-summary.hbs). */
export type TurnSummaryView = {
  /** "" for round and battle events (each line says what it is). */
  header: string;
  lines: SummaryLineView[];
};

/**
 * Lines split by who may read them ([SYS-HIDDEN]): a turn of a creature players cannot see is
 * GM-only as a whole; otherwise only the GM-only lines go to the GMs' copy.
 */
export function splitByAudience(
  lines: readonly ChatLine[],
  subject: SummarySubject,
  hiddenActors: ReadonlySet<string>,
): { everyone: ChatLine[]; gmOnly: ChatLine[] } {
  const subjectHidden = subject.kind === "turn" && subject.actorId !== null && hiddenActors.has(subject.actorId);
  const everyone: ChatLine[] = [];
  const gmOnly: ChatLine[] = [];
  for (const line of lines) (subjectHidden || turnLineGmOnly(line, hiddenActors) ? gmOnly : everyone).push(line);
  return { everyone, gmOnly };
}

/**
 * Round and battle events once each, not once per creature: lines of the same step kind that
 * rolled nothing become one line naming every creature, whose Undo reverses all of them.
 */
export function mergeRepeatedLines(lines: readonly ChatLine[]): ChatLine[] {
  const out: ChatLine[] = [];
  const byKey = new Map<string, number>();
  for (const line of lines) {
    const mergeable = !line.rolls.length && !line.error && line.actorId !== null;
    const at = mergeable ? byKey.get(line.key) : undefined;
    const first = at === undefined ? undefined : out[at];
    if (at === undefined || !first) {
      if (mergeable) byKey.set(line.key, out.length);
      out.push(line);
      continue;
    }
    const data = { ...first.data };
    delete data.effect;
    if (line.data.name !== undefined) data.name = `${first.data.name ?? ""}, ${line.data.name}`;
    out[at] = {
      ...first,
      data,
      effectId: null,
      events: [...first.events, ...line.events],
      undo: mergeUndo(first.undo, line.undo),
    };
  }
  return out;
}

function mergeUndo(a: UndoRecord | null, b: UndoRecord | null): UndoRecord | null {
  if (!a || !b) return a ?? b;
  return {
    actors: [...a.actors, ...b.actors],
    removedEffects: [...a.removedEffects, ...b.removedEffects],
    addedEffects: [...a.addedEffects, ...b.addedEffects],
    updatedEffects: [...a.updatedEffects, ...b.updatedEffects],
  };
}

/**
 * The view of a summary: a header naming the creature whose turn it is, then each line in order,
 * naming its creature when that is someone else, and the effect it was about.
 */
export function turnSummaryView(
  subject: SummarySubject,
  lines: readonly SummaryLine[],
  format: Formatter,
  opts: { isGM: boolean },
): TurnSummaryView {
  const header =
    subject.kind === "turn" ? format("D20C.Combat.Summary.Turn", { name: subject.name, round: subject.round }) : "";
  return {
    header,
    lines: lines.map((entry, index) => {
      const view = turnLineView(entry.line, format, { isGM: opts.isGM, undone: entry.undone });
      const other = subject.kind !== "turn" || entry.line.actorId !== subject.actorId;
      // A roll named as its line is unlabelled: the headline above already says which roll it is.
      const rolls = view.rolls.map((r, i) =>
        entry.line.rolls[i]?.request.label === entry.line.key ? { ...r, label: "" } : r,
      );
      return { ...view, rolls, headline: summaryHeadline(entry.line, view.headline, other, format), index };
    }),
  };
}

function summaryHeadline(line: ChatLine, headline: string, other: boolean, format: Formatter): string {
  let text = headline;
  const effect = line.data.effect;
  if (effect !== undefined && effect !== "" && !text.includes(String(effect)))
    text = format("D20C.Combat.Summary.WithEffect", { step: text, effect });
  const name = line.data.name;
  if (other && name !== undefined && name !== "" && !text.includes(String(name)))
    text = format("D20C.Combat.Summary.WithName", { step: text, name });
  return text;
}
