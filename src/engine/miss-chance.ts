/**
 * [WD-MISSCHANCE] Miss chance, the 3rd-edition family's concealment (issue 38): a game that has it
 * (the `missChances` capability) says for each attack the percent chance that a hit misses all the
 * same; the card rolls a d100 for each target the d20 hit, and a roll at or under the chance turns
 * the hit into a miss. Pure: the attack plan asks which targets need the roll, the adapter rolls
 * them after the attack rolls (before damage), and the GM's client reads them back from the message.
 */
import type { Ruleset } from "./ruleset.js";
import type { AttackInput, AttackOutcome } from "./types.js";
import type { AttackOdds } from "./odds.js";

/** The roll a miss chance is decided by. */
export const MISS_CHANCE_FORMULA = "1d100";

/** A target's miss chance as the card keeps it: the chance (percent) and the d100 rolled against it. */
export interface MissChanceRoll {
  chance: number;
  roll: number;
}

/** The attack's miss chance in percent (0–100, whole), 0 when the game has none. */
export function missChanceOf(ruleset: Pick<Ruleset, "missChance">, input: Omit<AttackInput, "dice">): number {
  const raw = ruleset.missChance?.(input) ?? 0;
  if (!Number.isFinite(raw)) return 0;
  return Math.min(100, Math.max(0, Math.trunc(raw)));
}

/** Whether a d100 `roll` loses the hit to a `chance` percent miss chance (1 to chance misses). */
function missedByChance(chance: number, roll: number): boolean {
  return roll <= chance;
}

/**
 * The outcome after its miss chance: a hit (or crit) the d100 took away is a plain miss, its miss
 * effect applying as on any miss of a power that has one; anything else is as the d20 read it.
 */
export function afterMissChance(
  outcome: AttackOutcome,
  chance: number,
  roll: number,
  hasMissEffect: boolean,
): AttackOutcome {
  if (!outcome.isHit || !missedByChance(chance, roll)) return outcome;
  return {
    ...outcome,
    result: "miss",
    isHit: false,
    isCrit: false,
    autoHit: false,
    autoMiss: false,
    missEffect: hasMissEffect,
    reasons: [],
  };
}

/**
 * The card's odds with a miss chance: every hit and crit survives with (100 − chance)%, and a lost
 * hit deals what a plain miss deals (its miss effect, where the power has one).
 */
export function oddsWithMissChance(
  odds: AttackOdds,
  chance: number,
  hasMissEffect: boolean,
): { hit: number; crit: number; expectedDamage: number } {
  const p = chance / 100;
  const keep = 1 - p;
  const hitPart = odds.hit * (odds.expectedByResult.hit ?? 0) + odds.crit * (odds.expectedByResult.crit ?? 0);
  const missDamage = hasMissEffect ? (odds.expectedByResult.miss ?? 0) : 0;
  return {
    hit: odds.hitOrCrit * keep,
    crit: odds.crit * keep,
    expectedDamage: odds.expectedDamage - p * hitPart + p * odds.hitOrCrit * missDamage,
  };
}
