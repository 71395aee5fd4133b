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
  const terms = formulaTerms(formula);
  if (!terms) return null;
  let total = 0;
  let natural: number | null = null;
  for (const term of terms) {
    if (term.faces === 0) {
      total += term.sign * term.count;
      continue;
    }
    let kept = 0;
    if (term.keep === null) {
      for (let i = 0; i < term.count; i++) kept += rollDie(random, term.faces);
    } else {
      kept = rollDie(random, term.faces);
      for (let i = 1; i < term.count; i++) {
        const face = rollDie(random, term.faces);
        if (term.keep === "kh" ? face > kept : face < kept) kept = face;
      }
    }
    if (term.faces === 20 && natural === null && (term.count === 1 || term.keep !== null)) natural = kept;
    total += term.sign * kept;
  }
  return { total, natural };
}

/** One term of a formula: `count` dice of `faces` (0 = the number `count`), keeping one or all. */
interface FormulaTerm {
  sign: 1 | -1;
  count: number;
  faces: number;
  keep: "kh" | "kl" | null;
}

/** Formulas read so far (the rules ask for the same few again and again); null = not rollable. */
const TERMS = new Map<string, FormulaTerm[] | null>();

function formulaTerms(formula: string): FormulaTerm[] | null {
  const known = TERMS.get(formula);
  if (known !== undefined) return known;
  let terms: FormulaTerm[] | null = [];
  const parts = formula.replace(/\s+/g, "").match(/[+-]?[^+-]+/g) ?? [];
  if (parts.length === 0) terms = null;
  for (const part of parts) {
    if (!terms) break;
    const sign = part.startsWith("-") ? -1 : 1;
    const body = part.replace(/^[+-]/, "");
    const dice = /^(\d*)d(\d+)(kh|kl)?$/.exec(body);
    if (dice) {
      const count = Number(dice[1] || 1);
      const faces = Number(dice[2]);
      if (count < 1 || count > 100 || faces < 1 || faces > 1000) terms = null;
      else terms.push({ sign, count, faces, keep: (dice[3] as "kh" | "kl" | undefined) ?? null });
    } else {
      const v = Number(body);
      if (!Number.isFinite(v)) terms = null;
      else terms.push({ sign, count: v, faces: 0, keep: null });
    }
  }
  if (TERMS.size > 256) TERMS.clear();
  TERMS.set(formula, terms);
  return terms;
}
