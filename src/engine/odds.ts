/**
 * Exact odds of an attack against one defense, for any ruleset.
 *
 * Nothing here knows a game's rules: every natural d20 face is classified by asking the ruleset's
 * own resolution (its `prepareAttack`, worked out once for the attack, or `resolveAttack`), faces are weighted by the exact distribution of the kept die under the roll
 * mode, and expected damage comes from the exact distribution of the damage dice passed through
 * the ruleset's own `damageRecipe`. Exact sums (no sampling, no randomness).
 */
import { EngineError } from "./errors.js";
import { diceKey, type DamageExpression } from "./dice.js";
import type { Ruleset } from "./ruleset.js";
import type { AttackInput, AttackResult, DamageRecipe, PowerSource, PreparedAttack, RollMode } from "./types.js";

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
function keptFaceWeights(mode: RollMode): { weights: readonly number[]; denominator: number } {
  return FACE_WEIGHTS[mode];
}

function faceWeights(weight: (n: number) => number, denominator: number) {
  return { weights: Array.from({ length: 20 }, (_, i) => weight(i + 1)), denominator };
}

const FACE_WEIGHTS: Record<RollMode, { weights: readonly number[]; denominator: number }> = {
  normal: faceWeights(() => 1, 20),
  mighty: faceWeights((n) => n * n - (n - 1) * (n - 1), 400),
  weak: faceWeights((n) => (21 - n) * (21 - n) - (20 - n) * (20 - n), 400),
};

/** Largest number of distinct totals we convolve before refusing (keeps a card render cheap). */
const MAX_SUPPORT = 200_000;

/**
 * Most multiply-adds one {@link attackOdds} call may spend convolving damage dice (a few
 * milliseconds): past it the odds are refused rather than freezing the client ([SYS-HIDDEN]).
 */
const ODDS_WORK_BUDGET = 2_000_000;

/** Work left for exact sums; shared by every distribution one odds computation builds. */
interface OddsBudget {
  work: number;
}

/** Multiply-adds convolving `expr` one die at a time costs (counted before doing any of it). */
function distributionWork(expr: DamageExpression): number {
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

/** A small map that forgets its oldest entry past `size` entries (a hit costs one lookup). */
class RecentCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly size: number) {}
  get(key: string): V | undefined {
    return this.entries.get(key);
  }
  set(key: string, v: V): V {
    this.entries.set(key, v);
    if (this.entries.size > this.size) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return v;
  }
}

/**
 * Distributions of dice already summed (by their dice, flat part excluded), and the expected damage
 * of recipes already summed (by everything {@link recipeDamage} reads): the same attack against each
 * target of a card, a crit's doubled dice and a half-damage miss reuse a handful of each.
 */
const distributions = new RecentCache<{ min: number; p: readonly number[] }>(64);
const expectations = new RecentCache<number>(256);

/**
 * Exact distribution of an expression's dice (its flat part left out): `min` is the lowest total
 * and `p[i]` the chance of total `min + i`. Built by convolving one die at a time, or taken from the
 * cache; read-only either way.
 */
function diceDistribution(expr: DamageExpression, key: string, field: string): { min: number; p: readonly number[] } {
  const cached = distributions.get(key);
  if (cached) return cached;
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
  return distributions.set(key, { min, p });
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

/**
 * Exact expected damage of a recipe. The budget is charged the convolution's work whether or not
 * the sum was cached, so what is refused does not depend on what was asked before.
 */
function expectedRecipeDamage(recipe: DamageRecipe, budget: OddsBudget): number {
  const roll = recipe.roll;
  const work = distributionWork(roll);
  if (work > budget.work) throw new EngineError("damage.roll", "has too many dice to compute exact odds", roll);
  budget.work -= work;
  const dice = diceKey(roll);
  const key = `${dice}|${roll.flat}|${recipe.flatBonus}|${recipe.multiplier}|${recipe.minimum}`;
  const cached = expectations.get(key);
  if (cached !== undefined) return cached;
  const { min, p } = diceDistribution(roll, dice, "damage.roll");
  const lowest = min + roll.flat;
  let sum = 0;
  for (let i = 0; i < p.length; i++) {
    const pi = p[i] as number;
    if (pi !== 0) sum += pi * recipeDamage(recipe, lowest + i);
  }
  return expectations.set(key, sum);
}

/** Dice to hand the ruleset so that the kept natural is `n` under each mode (index n − 1). */
const FACE_DICE: Record<RollMode, readonly (readonly number[])[]> = {
  normal: Array.from({ length: 20 }, (_, i) => Object.freeze([i + 1])),
  mighty: Array.from({ length: 20 }, (_, i) => Object.freeze([i + 1, i + 1])),
  weak: Array.from({ length: 20 }, (_, i) => Object.freeze([i + 1, i + 1])),
};

const RESULTS: readonly AttackResult[] = ["autoMiss", "miss", "hit", "crit"];

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
  const faces: AttackResult[] = [];
  // Weight of each (result, miss effect applies) pair: slot 2 × result index + (miss effect ? 1 : 0).
  const slots = [0, 0, 0, 0, 0, 0, 0, 0];
  let mode: RollMode = planned;
  const diceOf = FACE_DICE[planned];
  let weights: readonly number[] = [];
  for (let n = 1; n <= 20; n++) {
    const outcome = resolveFace(diceOf[n - 1] as readonly number[]);
    if (outcome.natural !== n) {
      throw new EngineError("attack.dice", `the ruleset kept ${outcome.natural} where ${n} was rolled`, n);
    }
    if (n === 1) {
      mode = outcome.mode;
      weights = keptFaceWeights(mode).weights;
    }
    const index = RESULTS.indexOf(outcome.result);
    if (index < 0) throw new EngineError("attack.result", `unknown attack result "${String(outcome.result)}"`, n);
    faces.push(outcome.result);
    const slot = 2 * index + (outcome.missEffect ? 1 : 0);
    slots[slot] = (slots[slot] as number) + (weights[n - 1] as number);
  }
  const { denominator } = keptFaceWeights(mode);

  const tally: Record<AttackResult, number> = { autoMiss: 0, miss: 0, hit: 0, crit: 0 };
  const byResultSum: Record<AttackResult, number> = { autoMiss: 0, miss: 0, hit: 0, crit: 0 };
  let missEffectWeight = 0;
  let expectedDamage = 0;
  const budget: OddsBudget = { work: ODDS_WORK_BUDGET };
  // Expected damage: one recipe per (result, miss effect) that some face reaches.
  for (let slot = 0; slot < slots.length; slot++) {
    const weight = slots[slot] as number;
    if (weight === 0) continue;
    const result = RESULTS[slot >> 1] as AttackResult;
    const missApplies = (slot & 1) === 1;
    tally[result] += weight;
    if (missApplies) missEffectWeight += weight;
    if (!damage) continue;
    const recipe = ruleset.damageRecipe({
      outcome: result,
      hit: damage.hit,
      miss: damage.miss ?? null,
      missEffect: damage.missEffect ?? "none",
      missApplies,
      critExtra: damage.critExtra ?? null,
      types: damage.types ?? input.damageTypes,
      options: input.options,
    });
    const e = recipe ? expectedRecipeDamage(recipe, budget) * weight : 0;
    byResultSum[result] += e;
    expectedDamage += e;
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
    faces,
  };
}
