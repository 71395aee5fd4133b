/**
 * Undo within the game's bounds ([SYS-PERM]): an undo reverses what one application changed on
 * the creature as it is NOW, so the reversed numbers are held to what the game lets a creature
 * have — never above its maximum HP (Wounds d20: less its wounds), never below the HP its game
 * allows, temporary HP never below 0 (undoing a grant already spent). Temporary HP do not stack
 * in any of the games (the higher is kept: [13A-TEMPHP], and the same in the others' damage
 * code), so undo reads them as the game does: undoing a grant that a later, higher grant replaced
 * takes nothing away, and undoing a blow that spent them gives back at most up to the higher of
 * what they are now and what they were before the blow — never a stack of the two. When a bound
 * cuts what undo gives back, the shortfall says so.
 */
import { TEMP_HP_PATH, type ActorChange } from "./changes.js";
import type { Ruleset } from "./ruleset.js";
import type { ActorSource } from "./types.js";

/** A number undo could not give back in full: what it gave back (`restored`) of what it reversed (`wanted`). */
export interface UndoShortfall {
  field: "hp" | "temp";
  restored: number;
  wanted: number;
}

/** The HP a creature may hold in a game: the ruleset's own range, else up to its maximum. */
function hpRangeOf(ruleset: Pick<Ruleset, "hpRange">, actor: ActorSource): { min: number; max: number } {
  return ruleset.hpRange?.(actor) ?? { min: Number.NEGATIVE_INFINITY, max: actor.hp.max };
}

/**
 * The temporary HP undoing `change` (what one application did to them: from `from`, by `delta`)
 * leaves when they are `now`, under the games' rule that they do not stack. A grant (they rose to
 * `left`): a later grant above it replaced it, so nothing is taken; else what it gave comes off,
 * never below 0. A blow (they fell to `left`): what it took comes back, but never above the
 * higher of now and before (a grant since would have replaced, not added to, what it took).
 */
function tempAfterUndo(change: { from: number; delta: number }, now: number): number {
  const { from, delta } = change;
  const left = from + delta;
  if (delta > 0) return now > left ? now : Math.max(0, now - delta);
  return Math.min(now - delta, Math.max(now, from));
}

/**
 * `restored` (the plain inverse of one application on `current`) held to the game's bounds. A
 * bound never moves a number past where it is now: undo only stops short, it never takes more
 * than it gives. `changes` = the application's changes (its temporary HP change, when it records
 * where they stood, is undone as the games count temporary HP).
 */
export function boundUndo(
  ruleset: Pick<Ruleset, "hpRange">,
  current: ActorSource,
  restored: ActorSource,
  changes: readonly ActorChange[] = [],
): { next: ActorSource; shortfalls: UndoShortfall[] } {
  const shortfalls: UndoShortfall[] = [];
  const range = hpRangeOf(ruleset, restored);
  const nowHp = current.hp.value;
  let value = restored.hp.value;
  if (value > nowHp) value = Math.min(value, Math.max(range.max, nowHp));
  else if (value < nowHp) value = Math.max(value, Math.min(range.min, nowHp));
  if (value !== restored.hp.value)
    shortfalls.push({ field: "hp", restored: value - nowHp, wanted: restored.hp.value - nowHp });

  const nowTemp = current.hp.temp;
  const tempChange = changes.find(
    (c): c is Extract<ActorChange, { kind: "add" }> & { from: number } =>
      c.kind === "add" && c.path === TEMP_HP_PATH && typeof c.from === "number" && Number.isFinite(c.from + c.delta),
  );
  let temp = tempChange ? tempAfterUndo(tempChange, nowTemp) : restored.hp.temp;
  if (temp < nowTemp) temp = Math.max(temp, Math.min(0, nowTemp));
  if (temp !== restored.hp.temp)
    shortfalls.push({ field: "temp", restored: temp - nowTemp, wanted: restored.hp.temp - nowTemp });

  if (!shortfalls.length) return { next: restored, shortfalls };
  return { next: { ...restored, hp: { ...restored.hp, value, temp } }, shortfalls };
}
