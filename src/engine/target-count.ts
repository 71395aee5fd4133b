/**
 * [SYS-TARGETS] [SYS-MONSTERS] A power's target count: how many creatures one use of it may attack
 * ("1d3 nearby enemies", "two enemies", "one or two enemies engaged with it"). Stored on the power
 * as a small formula (`targetCount`: "2", "1d3", "1d4+1"; blank = no count, every target the user
 * picks). A formula with dice is rolled when the power is used; the card says "up to N targets"
 * and the attack goes to the first N of the user's targets (the rest are named in a warning). The
 * GM's client checks a posted card against the count (src/engine/plans/attack.ts `allowedTargets`).
 * Pure: no Foundry globals.
 */
import { parseDamage } from "./dice.js";
import { EngineError } from "./errors.js";

/** The most targets a count may allow (a larger number is refused naming the field). */
const TARGET_COUNT_MAX = 20;

/** What a target-count formula allows: the fewest and most targets it can give, and whether it rolls. */
interface TargetCountRange {
  min: number;
  max: number;
  rolled: boolean;
}

/**
 * Read a target-count formula: null when blank (no count). Throws an {@link EngineError} naming
 * `field` when it is not a sum of dice and whole numbers, or when it could give fewer than 1 or
 * more than {@link TARGET_COUNT_MAX} targets.
 */
export function readTargetCount(formula: string, field = "power.targetCount"): TargetCountRange | null {
  if (typeof formula !== "string" || formula.trim() === "") return null;
  if (/[@[\]*]/.test(formula))
    throw new EngineError(field, `must be dice and whole numbers only: "${formula}"`, formula);
  const expr = parseDamage(formula, null, field);
  let min = expr.flat;
  let max = expr.flat;
  for (const d of expr.dice) {
    if (d.sign > 0) {
      min += d.count;
      max += d.count * d.faces;
    } else {
      min -= d.count * d.faces;
      max -= d.count;
    }
  }
  if (min < 1) throw new EngineError(field, `can give fewer than 1 target: "${formula}"`, formula);
  if (max > TARGET_COUNT_MAX)
    throw new EngineError(field, `can give more than ${TARGET_COUNT_MAX} targets: "${formula}"`, formula);
  return { min, max, rolled: expr.dice.length > 0 };
}

/** Why a stored target-count formula is refused, or null when it is fine (or blank). */
export function targetCountProblem(formula: string): string | null {
  try {
    readTargetCount(formula, "formula");
    return null;
  } catch (err) {
    if (err instanceof EngineError) return err.message.replace(/^formula: /, "");
    throw err;
  }
}

/** A count as an attack used it: the power's formula and the number it gave (rolled, or the fixed number). */
export interface UsedTargetCount {
  formula: string;
  count: number;
}

/**
 * The count an attack may use, checked against its power's formula: `given` is the rolled total
 * (ignored for a fixed count, which is its own number). Throws naming `field` when the formula is
 * malformed or the total is one the formula cannot give. Null when the power has no count.
 */
export function usedTargetCount(formula: string, given: number | null, field = "targetCount"): UsedTargetCount | null {
  const range = readTargetCount(formula, field);
  if (!range) return null;
  if (!range.rolled) return { formula: formula.trim(), count: range.min };
  if (given === null || !Number.isInteger(given) || given < range.min || given > range.max)
    throw new EngineError(field, `${formula} cannot give ${String(given)}`, given);
  return { formula: formula.trim(), count: given };
}

/**
 * Split the user's targets by a count: the first `count` in target order are attacked, the rest
 * are left out (named to the user). No count: every target.
 */
export function splitByCount<T>(targets: readonly T[], count: UsedTargetCount | null): { kept: T[]; over: T[] } {
  if (!count) return { kept: [...targets], over: [] };
  return { kept: targets.slice(0, count.count), over: targets.slice(count.count) };
}

/**
 * [SYS-TARGETS] The GM's check of a posted card's rolled count: its last roll is the count's, of the
 * power's formula, and gave the number the card states. "" when it holds (or the card rolled no
 * count), else the card field that failed. `rolls` are the message's rolls; the rest are the attack's.
 */
export function postedCountRoll(
  rolls: readonly { formula: string; total: number | undefined }[],
  stated: UsedTargetCount | undefined,
): { reason: string; attackRolls: number } {
  if (!stated || !readTargetCount(stated.formula)?.rolled) return { reason: "", attackRolls: rolls.length };
  const last = rolls[rolls.length - 1];
  const same = last && last.formula.replace(/\s+/g, "") === stated.formula.replace(/\s+/g, "");
  return { reason: same && last.total === stated.count ? "" : "targetCount", attackRolls: rolls.length - 1 };
}
