/**
 * What a turn-automation chat line shows ([SYS-TURNS]): a pure view of a {@link ChatLine} for the
 * template templates/combat/turn-line.hbs, with every text already localised through an injected
 * formatter (Foundry: `game.i18n.format`; tests: the i18n stand-in).
 */
import type { ChatLine } from "../engine/plans/turns.js";

/** `game.i18n.format`-like: an i18n key and its data → text. */
export type Formatter = (key: string, data?: Record<string, string | number>) => string;

export interface TurnLineRollView {
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
export type TurnLineView = {
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
export function turnLineView(
  line: ChatLine,
  format: Formatter,
  opts: { isGM: boolean; undone?: boolean },
): TurnLineView {
  const undone = opts.undone ?? false;
  return {
    headline: format(line.key, line.data),
    details: line.events.map((e) => format(e.key, { ...line.data, ...(e.data ?? {}) })),
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
    canUndo: opts.isGM && line.undo !== null && !undone && hasUndo(line),
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
export function turnLineGmOnly(line: Pick<ChatLine, "actorId" | "error">, hiddenActors: ReadonlySet<string>): boolean {
  return Boolean(line.error) || (line.actorId !== null && hiddenActors.has(line.actorId));
}

/** Whether a line's undo record would change anything. */
export function hasUndo(line: ChatLine): boolean {
  const u = line.undo;
  if (!u) return false;
  return u.actors.length + u.removedEffects.length + u.addedEffects.length + u.updatedEffects.length > 0;
}
