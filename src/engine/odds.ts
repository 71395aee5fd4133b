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
import { resolvingEachFace } from "./resolution.js";
import type { AttackInput, AttackResult, DamageRecipe, PowerSource, RollMode, RuleOptions } from "./types.js";

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

/** The (result, miss effect) slots odds tally: slot 2 × result index + (miss effect ? 1 : 0). */
const RESULTS: readonly AttackResult[] = ["autoMiss", "miss", "hit", "crit"];
const SLOTS = 2 * RESULTS.length;

function resultIndex(result: AttackResult, natural: number): number {
  switch (result) {
    case "autoMiss":
      return 0;
    case "miss":
      return 1;
    case "hit":
      return 2;
    case "crit":
      return 3;
    default:
      throw new EngineError("attack.result", `unknown attack result "${String(result)}"`, natural);
  }
}

/** What one attack's damage recipes are built from, besides the outcome: a memo's key. */
interface DamageKey {
  ruleset: Ruleset;
  hit: DamageExpression | null;
  miss: DamageExpression | null;
  critExtra: DamageExpression | null;
  missEffect: NonNullable<PowerSource["missEffect"]>;
  types: readonly string[];
  options: RuleOptions;
}

/**
 * One attack's damage worked out: per slot, the expected damage of its recipe (NaN until some face
 * reaches the slot), the convolution work it cost and the dice it rolls.
 */
interface DamageMemo {
  key: DamageKey;
  expected: number[];
  work: number[];
  roll: (DamageExpression | null)[];
}

/**
 * The damage of the last few attacks asked about: every target of a card shares its attack's
 * recipes, so each one's expected damage is worked out once per attack, not once per target.
 * A memo is found by what its recipes are built from (compared by value against copies taken when
 * it was made, so a caller changing its objects afterwards finds no stale memo).
 */
const damageMemos: DamageMemo[] = [];
const DAMAGE_MEMOS = 8;

function sameExpression(a: DamageExpression | null, b: DamageExpression | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.flat !== b.flat || a.dice.length !== b.dice.length) return false;
  for (let i = 0; i < a.dice.length; i++) {
    const x = a.dice[i] as DamageExpression["dice"][number];
    const y = b.dice[i] as DamageExpression["dice"][number];
    if (x.count !== y.count || x.faces !== y.faces || x.sign !== y.sign) return false;
  }
  return true;
}

function sameOptions(a: RuleOptions, b: RuleOptions): boolean {
  let n = 0;
  for (const k in a) {
    if (a[k] !== b[k]) return false;
    n++;
  }
  for (const _ in b) n--;
  return n === 0;
}

function sameKey(a: DamageKey, b: DamageKey): boolean {
  return (
    a.ruleset === b.ruleset &&
    a.missEffect === b.missEffect &&
    a.types.length === b.types.length &&
    a.types.every((t, i) => t === b.types[i]) &&
    sameExpression(a.hit, b.hit) &&
    sameExpression(a.miss, b.miss) &&
    sameExpression(a.critExtra, b.critExtra) &&
    sameOptions(a.options, b.options)
  );
}

const copyExpression = (e: DamageExpression | null): DamageExpression | null =>
  e && { dice: e.dice.map((d) => ({ ...d })), flat: e.flat };

/** The memo of this attack's damage, found or made (the most recent first). */
function damageMemo(key: DamageKey): DamageMemo {
  for (let i = 0; i < damageMemos.length; i++) {
    const memo = damageMemos[i] as DamageMemo;
    if (!sameKey(memo.key, key)) continue;
    if (i > 0) {
      damageMemos.splice(i, 1);
      damageMemos.unshift(memo);
    }
    return memo;
  }
  const memo: DamageMemo = {
    key: {
      ruleset: key.ruleset,
      hit: copyExpression(key.hit),
      miss: copyExpression(key.miss),
      critExtra: copyExpression(key.critExtra),
      missEffect: key.missEffect,
      types: [...key.types],
      options: { ...key.options },
    },
    expected: new Array<number>(SLOTS).fill(Number.NaN),
    work: new Array<number>(SLOTS).fill(0),
    roll: new Array<DamageExpression | null>(SLOTS).fill(null),
  };
  damageMemos.unshift(memo);
  if (damageMemos.length > DAMAGE_MEMOS) damageMemos.pop();
  return memo;
}

/**
 * Expected damage of one slot of an attack: its recipe asked of the ruleset and summed the first
 * time, read from the memo after. The budget is charged the slot's convolution work either way.
 */
function slotDamage(memo: DamageMemo, slot: number, budget: OddsBudget): number {
  let expected = memo.expected[slot] as number;
  if (Number.isNaN(expected)) {
    const { key } = memo;
    const recipe = key.ruleset.damageRecipe({
      outcome: RESULTS[slot >> 1] as AttackResult,
      hit: key.hit,
      miss: key.miss,
      missEffect: key.missEffect,
      missApplies: (slot & 1) === 1,
      critExtra: key.critExtra,
      types: key.types.slice(),
      options: key.options,
    });
    // A refused sum throws before anything is kept, so it is refused again the next time.
    const fresh: OddsBudget = { work: budget.work };
    expected = recipe ? expectedRecipeDamage(recipe, fresh) : 0;
    memo.work[slot] = budget.work - fresh.work;
    memo.roll[slot] = recipe ? recipe.roll : null;
    memo.expected[slot] = expected;
  }
  const work = memo.work[slot] as number;
  if (work > budget.work)
    throw new EngineError("damage.roll", "has too many dice to compute exact odds", memo.roll[slot]);
  budget.work -= work;
  return expected;
}

/**
 * Exact odds of an attack (see the module comment). `damage` is optional: without it the
 * expected damage is 0. Throws EngineError where the ruleset refuses the input, and where the
 * damage dice would cost more than {@link ODDS_WORK_BUDGET} to sum exactly.
 */
export function attackOdds(ruleset: Ruleset, input: Omit<AttackInput, "dice">, damage?: OddsDamage): AttackOdds {
  // The attack's dice-independent part once, then one pass over the kept naturals.
  const prepared = ruleset.prepareAttack ? ruleset.prepareAttack(input) : resolvingEachFace(ruleset, input);
  const { mode } = prepared;
  const { weights, denominator } = keptFaceWeights(mode);
  const faces: AttackResult[] = [];
  // Weight of each (result, miss effect applies) slot.
  const slots = [0, 0, 0, 0, 0, 0, 0, 0];
  for (let n = 1; n <= 20; n++) {
    const face = prepared.face(n);
    faces.push(face.result);
    const slot = 2 * resultIndex(face.result, n) + (face.missEffect ? 1 : 0);
    slots[slot] = (slots[slot] as number) + (weights[n - 1] as number);
  }

  const tally = [0, 0, 0, 0];
  const byResultSum = [0, 0, 0, 0];
  let missEffectWeight = 0;
  let expectedDamage = 0;
  const budget: OddsBudget = { work: ODDS_WORK_BUDGET };
  const memo = damage
    ? damageMemo({
        ruleset,
        hit: damage.hit,
        miss: damage.miss ?? null,
        critExtra: damage.critExtra ?? null,
        missEffect: damage.missEffect ?? "none",
        types: damage.types ?? input.damageTypes,
        options: input.options,
      })
    : null;
  // Expected damage: one recipe per (result, miss effect) that some face reaches.
  for (let slot = 0; slot < SLOTS; slot++) {
    const weight = slots[slot] as number;
    if (weight === 0) continue;
    const result = slot >> 1;
    tally[result] = (tally[result] as number) + weight;
    if ((slot & 1) === 1) missEffectWeight += weight;
    if (!memo) continue;
    const e = slotDamage(memo, slot, budget) * weight;
    byResultSum[result] = (byResultSum[result] as number) + e;
    expectedDamage += e;
  }
  const prob = (i: number): number => (tally[i] as number) / denominator;
  const cond = (i: number): number | null =>
    tally[i] === 0 ? null : memo ? (byResultSum[i] as number) / (tally[i] as number) : 0;

  return {
    mode,
    autoMiss: prob(0),
    miss: prob(1),
    hit: prob(2),
    crit: prob(3),
    hitOrCrit: ((tally[2] as number) + (tally[3] as number)) / denominator,
    missEffect: missEffectWeight / denominator,
    expectedDamage: expectedDamage / denominator,
    expectedByResult: { autoMiss: cond(0), miss: cond(1), hit: cond(2), crit: cond(3) },
    faces,
  };
}

/**
 * Exact expected damage of one recipe (what {@link attackOdds} sums per outcome), for callers that
 * classify the faces themselves (the encounter forecast). Throws EngineError past the work budget.
 */
export function expectedRecipe(recipe: DamageRecipe): number {
  return expectedRecipeDamage(recipe, { work: ODDS_WORK_BUDGET });
}
