/**
 * Seeded randomness for the forecast (pure, no `Math.random`): a 32-bit Mulberry generator, dice
 * of a damage expression and Foundry-style roll formulas (`1d20 + 3`, `2d20kh`, `5d10 + 2`) the
 * rules ask for (rally saves, recovery rolls, death saves after a blow).
 */
import type { DamageExpression } from "../dice.js";
import type { RollResult } from "../types.js";

/** A uniform draw in [0, 1) from a seeded stream. */
export type Random = () => number;

/** Mulberry32: a small, fast, well-mixed 32-bit generator; the same seed gives the same stream. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One face of a `faces`-sided die. */
export function rollDie(random: Random, faces: number): number {
  return 1 + Math.floor(random() * faces);
}

/** The total of an expression's dice and flat part. */
export function rollExpression(random: Random, expr: DamageExpression): number {
  let total = expr.flat;
  for (const term of expr.dice) {
    for (let k = 0; k < term.count; k++) total += term.sign * rollDie(random, term.faces);
  }
  return total;
}

/**
 * Roll a formula the rules ask for: sums of `NdF`, `NdFkh` / `NdFkl` (keep one) and numbers. The
 * first d20 kept is the natural. Null when the formula holds anything else (the request is then
 * left unrolled and the forecast counts the creature as the rules left it).
 */
export function rollFormula(random: Random, formula: string): RollResult | null {
  let total = 0;
  let natural: number | null = null;
  const terms = formula.replace(/\s+/g, "").match(/[+-]?[^+-]+/g) ?? [];
  if (terms.length === 0) return null;
  for (const term of terms) {
    const sign = term.startsWith("-") ? -1 : 1;
    const body = term.replace(/^[+-]/, "");
    const dice = /^(\d*)d(\d+)(kh|kl)?$/.exec(body);
    if (dice) {
      const n = Number(dice[1] || 1);
      const f = Number(dice[2]);
      if (n < 1 || n > 100 || f < 1 || f > 1000) return null;
      const rolled = Array.from({ length: n }, () => rollDie(random, f));
      const kept = dice[3] === "kh" ? [Math.max(...rolled)] : dice[3] === "kl" ? [Math.min(...rolled)] : rolled;
      if (f === 20 && natural === null) natural = kept[0] as number;
      total += sign * kept.reduce((s, x) => s + x, 0);
    } else {
      const v = Number(body);
      if (!Number.isFinite(v)) return null;
      total += sign * v;
    }
  }
  return { total, natural };
}
