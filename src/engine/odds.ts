/**
 * Exact odds of an attack against one defense, for any ruleset.
 *
 * Nothing here knows a game's rules: every natural d20 face is classified by asking the ruleset's
 * own resolution (its `prepareAttack`, worked out once for the attack, or `resolveAttack`), faces are weighted by the exact distribution of the kept die under the roll
 * mode, and expected damage comes from the exact distribution of the damage dice passed through
 * the ruleset's own `damageRecipe`. Exact sums (no sampling, no randomness).
 */
import { EngineError } from "./errors.js";
import type { DamageExpression } from "./dice.js";
import type { Ruleset } from "./ruleset.js";
import type {
  AttackInput,
  AttackOutcome,
  AttackResult,
  DamageRecipe,
  PowerSource,
  PreparedAttack,
  RollMode,
} from "./types.js";

/** Damage an attack deals, for the expected-damage part of {@link attackOdds}. */
export interface OddsDamage {
  /** Hit damage (weapon dice already expanded). Null = the attack deals no damage. */
  hit: DamageExpression | null;
  /** Miss damage when `missEffect` is `formula`. */
  miss?: DamageExpression | null;
  /** Extra crit dice (weapon + power). */
  critExtra?: DamageExpression | null;
  missEffect?: PowerSource["missEffect"];
  types?: string[];
}

/** Exact odds of one attack. The four outcome probabilities sum to 1. */
export interface AttackOdds {
  /** Roll mode the ruleset chose for this attack (decides the face weights). */
  mode: RollMode;
  /** Automatic miss (natural 1, wrong square, total cover…). */
  autoMiss: number;
  /** Plain miss. */
  miss: number;
  /** Hit that is not a crit. */
  hit: number;
  crit: number;
  /** Any hit, crits included (what cards show as "chance to hit"). */
  hitOrCrit: number;
  /** Chance that the power's miss effect applies. */
  missEffect: number;
  /** Expected damage over all outcomes (0 when no damage was given). */
  expectedDamage: number;
  /** Expected damage given each outcome (null when that outcome cannot happen). */
  expectedByResult: Record<AttackResult, number | null>;
  /** How each kept natural face 1..20 resolves (index 0 = natural 1). */
  faces: AttackResult[];
}

/**
 * Integer weights of the kept natural face 1..20 and their common denominator.
 * Normal: one d20, each face 1 of 20. Mighty (keep the higher of two): the kept face is n when both
 * dice are ≤ n but not both ≤ n−1, i.e. n² − (n−1)² = 2n − 1 of 400 pairs. Weak (keep the lower):
 * both ≥ n but not both ≥ n+1, i.e. (21−n)² − (20−n)² = 41 − 2n of 400 pairs.
 */
export function keptFaceWeights(mode: RollMode): { weights: number[]; denominator: number } {
  const weights: number[] = [];
  for (let n = 1; n <= 20; n++) {
    if (mode === "normal") weights.push(1);
    else if (mode === "mighty") weights.push(n * n - (n - 1) * (n - 1));
    else weights.push((21 - n) * (21 - n) - (20 - n) * (20 - n));
  }
  return { weights, denominator: mode === "normal" ? 20 : 400 };
}

/** Largest number of distinct totals we convolve before refusing (keeps a card render cheap). */
const MAX_SUPPORT = 200_000;

/**
 * Most multiply-adds one {@link attackOdds} call may spend convolving damage dice (a few
 * milliseconds): past it the odds are refused rather than freezing the client ([SYS-HIDDEN]).
 */
export const ODDS_WORK_BUDGET = 2_000_000;

/** Work left for exact sums; shared by every distribution one odds computation builds. */
interface OddsBudget {
  work: number;
}

/** Multiply-adds convolving `expr` one die at a time costs (counted before doing any of it). */
export function distributionWork(expr: DamageExpression): number {
  let size = 1;
  let work = 0;
  for (const term of expr.dice) {
    for (let k = 0; k < term.count; k++) {
      work += size * term.faces;
      size += term.faces - 1;
    }
  }
  return work;
}

/** Distributions of dice already summed (by their dice, flat part excluded), newest last. */
const distributions = new Map<string, { min: number; p: readonly number[] }>();
/** How many summed dice sets {@link totalDistribution} keeps (a card's attacks reuse a handful). */
const DISTRIBUTION_CACHE_SIZE = 64;

/** The cache key of an expression's dice (order matters: it is the convolution's order). */
function diceKey(expr: DamageExpression): string {
  let key = "";
  for (const t of expr.dice) key += `${t.sign > 0 ? "+" : "-"}${t.count}d${t.faces}`;
  return key;
}

/**
 * Exact distribution of an expression's total: `min` is the lowest total and `p[i]` the chance of
 * total `min + i`. Built by convolving one die at a time; a set of dice summed before (the same
 * damage against each target, a crit's doubled total) is taken from a small cache. The budget is
 * charged the same work either way, so what is refused does not depend on what was cached.
 */
export function totalDistribution(
  expr: DamageExpression,
  field = "damage",
  budget?: OddsBudget,
): { min: number; p: number[] } {
  if (budget) {
    const work = distributionWork(expr);
    if (work > budget.work) throw new EngineError(field, "has too many dice to compute exact odds", expr);
    budget.work -= work;
  }
  const key = diceKey(expr);
  const cached = distributions.get(key);
  if (cached) {
    distributions.delete(key);
    distributions.set(key, cached);
    return { min: cached.min + expr.flat, p: [...cached.p] };
  }
  let min = 0;
  let p: number[] = [1];
  for (const term of expr.dice) {
    for (let k = 0; k < term.count; k++) {
      const size = p.length + term.faces - 1;
      if (size > MAX_SUPPORT) {
        throw new EngineError(field, "has too many dice to compute exact odds", expr);
      }
      const next = new Array<number>(size).fill(0);
      const share = 1 / term.faces;
      for (let i = 0; i < p.length; i++) {
        const pi = (p[i] as number) * share;
        if (pi === 0) continue;
        for (let f = 0; f < term.faces; f++) {
          // A subtracted die shifts downwards: face f+1 contributes −(f+1).
          const j = term.sign > 0 ? i + f : i + (term.faces - 1 - f);
          next[j] = (next[j] as number) + pi;
        }
      }
      min += term.sign > 0 ? 1 : -term.faces;
      p = next;
    }
  }
  distributions.set(key, { min, p: [...p] });
  if (distributions.size > DISTRIBUTION_CACHE_SIZE) {
    const oldest = distributions.keys().next().value;
    if (oldest !== undefined) distributions.delete(oldest);
  }
  return { min: min + expr.flat, p };
}

/**
 * The damage a recipe produces from the total of its rolled dice (flat part included): add the
 * flat bonus, multiply and round down, then lift to the recipe's minimum; never below 0.
 * The adapter should total rolled damage with this same function so cards and odds agree.
 */
export function recipeDamage(recipe: DamageRecipe, rolledTotal: number): number {
  const scaled = Math.floor((rolledTotal + recipe.flatBonus) * recipe.multiplier);
  return Math.max(0, recipe.minimum, scaled);
}

/** Exact expected damage of a recipe. */
export function expectedRecipeDamage(recipe: DamageRecipe | null, budget?: OddsBudget): number {
  if (!recipe) return 0;
  const { min, p } = totalDistribution(recipe.roll, "damage.roll", budget);
  let sum = 0;
  for (let i = 0; i < p.length; i++) {
    const pi = p[i] as number;
    if (pi !== 0) sum += pi * recipeDamage(recipe, min + i);
  }
  return sum;
}

/** Dice to hand the ruleset so that the kept natural is `n` under `mode`. */
function diceFor(mode: RollMode, n: number): number[] {
  return mode === "normal" ? [n] : [n, n];
}

/**
 * Exact odds of an attack (see the module comment). `damage` is optional: without it the
 * expected damage is 0. Throws EngineError where the ruleset refuses the input, and where the
 * damage dice would cost more than {@link ODDS_WORK_BUDGET} to sum exactly.
 */
export function attackOdds(ruleset: Ruleset, input: Omit<AttackInput, "dice">, damage?: OddsDamage): AttackOdds {
  const planned = ruleset.attackMode(input);
  // The attack's dice-independent part once, then each face (a ruleset without a prepared form is
  // asked to resolve the attack once per face).
  const resolveFace: PreparedAttack = ruleset.prepareAttack
    ? ruleset.prepareAttack(input)
    : (dice) => ruleset.resolveAttack({ ...input, dice: [...dice] });
  const outcomes: AttackOutcome[] = [];
  for (let n = 1; n <= 20; n++) {
    const outcome = resolveFace(diceFor(planned, n));
    if (outcome.natural !== n) {
      throw new EngineError("attack.dice", `the ruleset kept ${outcome.natural} where ${n} was rolled`, n);
    }
    outcomes.push(outcome);
  }
  const mode = outcomes[0]?.mode ?? planned;
  const { weights, denominator } = keptFaceWeights(mode);

  const tally: Record<AttackResult, number> = { autoMiss: 0, miss: 0, hit: 0, crit: 0 };
  let missEffectWeight = 0;
  // Expected damage: group faces by what the recipe depends on (result and miss-effect flag).
  const groups = new Map<string, { result: AttackResult; missApplies: boolean; weight: number }>();
  outcomes.forEach((o, i) => {
    const w = weights[i] as number;
    tally[o.result] += w;
    if (o.missEffect) missEffectWeight += w;
    const key = `${o.result}|${o.missEffect}`;
    const g = groups.get(key);
    if (g) g.weight += w;
    else groups.set(key, { result: o.result, missApplies: o.missEffect, weight: w });
  });

  const byResultSum: Record<AttackResult, number> = { autoMiss: 0, miss: 0, hit: 0, crit: 0 };
  let expectedDamage = 0;
  const budget: OddsBudget = { work: ODDS_WORK_BUDGET };
  if (damage) {
    for (const g of groups.values()) {
      const recipe = ruleset.damageRecipe({
        outcome: g.result,
        hit: damage.hit,
        miss: damage.miss ?? null,
        missEffect: damage.missEffect ?? "none",
        missApplies: g.missApplies,
        critExtra: damage.critExtra ?? null,
        types: damage.types ?? input.damageTypes,
        options: input.options,
      });
      const e = expectedRecipeDamage(recipe, budget) * g.weight;
      byResultSum[g.result] += e;
      expectedDamage += e;
    }
  }
  const prob = (w: number): number => w / denominator;
  const cond = (r: AttackResult): number | null => (tally[r] === 0 ? null : damage ? byResultSum[r] / tally[r] : 0);

  return {
    mode,
    autoMiss: prob(tally.autoMiss),
    miss: prob(tally.miss),
    hit: prob(tally.hit),
    crit: prob(tally.crit),
    hitOrCrit: prob(tally.hit + tally.crit),
    missEffect: prob(missEffectWeight),
    expectedDamage: expectedDamage / denominator,
    expectedByResult: { autoMiss: cond("autoMiss"), miss: cond("miss"), hit: cond("hit"), crit: cond("crit") },
    faces: outcomes.map((o) => o.result),
  };
}
