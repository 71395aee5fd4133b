/**
 * Undo within the game's bounds ([SYS-PERM]): an undo reverses what one application changed on
 * the creature as it is NOW, so the reversed numbers are held to what the game lets a creature
 * have — never above its maximum HP (Wounds d20: less its wounds), never below the HP its game
 * allows, temporary HP never below 0 (undoing a grant already spent). When a bound cuts what undo
 * gives back, the shortfall says so.
 */
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
 * `restored` (the plain inverse of one application on `current`) held to the game's bounds. A
 * bound never moves a number past where it is now: undo only stops short, it never takes more
 * than it gives.
 */
export function boundUndo(
  ruleset: Pick<Ruleset, "hpRange">,
  current: ActorSource,
  restored: ActorSource,
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
  let temp = restored.hp.temp;
  if (temp < nowTemp) temp = Math.max(temp, Math.min(0, nowTemp));
  if (temp !== restored.hp.temp)
    shortfalls.push({ field: "temp", restored: temp - nowTemp, wanted: restored.hp.temp - nowTemp });

  if (!shortfalls.length) return { next: restored, shortfalls };
  return { next: { ...restored, hp: { ...restored.hp, value, temp } }, shortfalls };
}
