/**
 * Damage expressions as plain data. The engine never rolls: it parses a formula the adapter has
 * already resolved (`@str` → `4`), expands weapon dice, and says which dice to roll and how to
 * total them. The adapter rolls the listed dice with Foundry's `Roll` and hands the faces back.
 */
import { EngineError } from "./errors.js";

/** `count` dice of `faces` sides; `sign` −1 for a subtracted term. */
interface DiceTerm {
  count: number;
  faces: number;
  sign: 1 | -1;
}

/** A sum of dice terms and a flat modifier, e.g. `2d6 + 1d4 + 3`. */
export interface DamageExpression {
  dice: DiceTerm[];
  flat: number;
}

/** Most dice one expression may roll, counted after `N[W]` expansion and merging ([SYS-HIDDEN]). */
const MAX_DICE = 1000;
/** Most faces one die may have. */
const MAX_FACES = 1000;
/** Largest flat number (or product) a formula may hold: keeps every total a small, exact integer. */
const MAX_FLAT = 1_000_000;
/** Longest formula text parsed (longer text is refused before any work is done). */
const MAX_FORMULA_LENGTH = 1000;

/**
 * Parse `2d6+3`, `1d8 - 1`, `3[W]+4`, `d12`, `7`, `2*3` into a {@link DamageExpression}.
 * `N[W]` expands to N times `weaponDice` ([FF-WDICE]); a formula with `[W]` but no weapon dice is
 * refused. Anything else (unknown tokens, `@refs` left unresolved, empty input) throws an
 * {@link EngineError} naming `field`.
 */
export function parseDamage(
  formula: string,
  weaponDice: DamageExpression | null = null,
  field = "damage.formula",
): DamageExpression {
  // A sheet or card parses the same few formulas again and again: a formula parsed before (with
  // the same weapon dice) is copied from the cache; what is refused is parsed again, to name its field.
  const key = typeof formula === "string" ? `${formula}|${weaponDice ? diceKey(weaponDice) : ""}` : null;
  const known = key === null ? undefined : parsed.get(key);
  if (known) return { dice: known.dice.map((d) => ({ ...d })), flat: known.flat };
  const expr = parseFresh(formula, weaponDice, field);
  if (key !== null) {
    if (parsed.size >= PARSED_CACHE_SIZE) parsed.clear();
    parsed.set(key, { dice: expr.dice.map((d) => ({ ...d })), flat: expr.flat });
  }
  return expr;
}

/** Formulas parsed so far, by formula and weapon dice (cleared when it fills). */
const parsed = new Map<string, DamageExpression>();
const PARSED_CACHE_SIZE = 512;

/** A cache key of an expression's dice, flat part left out (in order: sums and `N[W]` follow it). */
export function diceKey(expr: DamageExpression): string {
  let key = "";
  for (const t of expr.dice) key += `${t.sign > 0 ? "+" : "-"}${t.count}d${t.faces}`;
  return key;
}

function parseFresh(formula: string, weaponDice: DamageExpression | null, field: string): DamageExpression {
  if (typeof formula !== "string" || formula.trim() === "") {
    throw new EngineError(field, "is empty", formula);
  }
  if (formula.length > MAX_FORMULA_LENGTH) {
    throw new EngineError(field, `is longer than ${MAX_FORMULA_LENGTH} characters`, formula.length);
  }
  const src = formula.replace(/\s+/g, "").toLowerCase();
  if (!/^[-+]?[0-9d[\]w*+-]+$/.test(src)) {
    throw new EngineError(field, `has characters a damage formula cannot hold: "${formula}"`, formula);
  }
  const out: DamageExpression = { dice: [], flat: 0 };
  // Split into signed terms; a leading sign is allowed.
  const parts = src.match(/[+-]?[^+-]+/g);
  if (!parts || parts.join("") !== src) {
    throw new EngineError(field, `is not a sum of dice and numbers: "${formula}"`, formula);
  }
  for (const raw of parts) {
    const sign: 1 | -1 = raw.startsWith("-") ? -1 : 1;
    const body = raw.replace(/^[+-]/, "");
    let m: RegExpMatchArray | null;
    if ((m = body.match(/^(\d*)d(\d+)$/))) {
      const count = m[1] === "" ? 1 : Number(m[1]);
      const faces = Number(m[2]);
      checkDice(field, formula, count, faces);
      if (count > 0) out.dice.push({ count, faces, sign });
    } else if ((m = body.match(/^(\d*)\[w\]$/))) {
      const n = m[1] === "" ? 1 : Number(m[1]);
      if (!weaponDice) {
        throw new EngineError(field, `uses weapon dice [W] but no weapon dice are known: "${formula}"`, formula);
      }
      // Refuse before expanding: `10000000[W]` must cost nothing.
      if (!Number.isSafeInteger(n) || n * diceCount(weaponDice) + diceCount(out) > MAX_DICE) {
        throw new EngineError(
          field,
          `rolls more than ${MAX_DICE} dice once weapon dice are counted: "${formula}"`,
          formula,
        );
      }
      for (let i = 0; i < n; i++) {
        for (const d of weaponDice.dice) out.dice.push({ ...d, sign: (d.sign * sign) as 1 | -1 });
      }
    } else if ((m = body.match(/^(\d+)(?:\*(\d+))*$/))) {
      const factors = body.split("*").map(Number);
      const product = factors.reduce((a, b) => a * b, 1);
      if (!(Math.abs(product) <= MAX_FLAT) || !(Math.abs(out.flat + sign * product) <= MAX_FLAT)) {
        throw new EngineError(field, `has a number larger than ${MAX_FLAT}: "${formula}"`, formula);
      }
      out.flat += sign * product;
    } else {
      throw new EngineError(field, `has a term that is not dice or a number: "${body}" in "${formula}"`, formula);
    }
  }
  if (diceCount(out) > MAX_DICE) {
    throw new EngineError(field, `rolls more than ${MAX_DICE} dice: "${formula}"`, formula);
  }
  return mergeDice(out);
}

/** Parse a weapon's own dice (`1d8`, `2d6`); flat parts are refused. */
export function parseWeaponDice(formula: string, field = "weapon.damageDice"): DamageExpression {
  const expr = parseDamage(formula, null, field);
  if (expr.flat !== 0 || expr.dice.length === 0 || expr.dice.some((d) => d.sign < 0)) {
    throw new EngineError(field, `must be dice only, like 1d8 or 2d6 (got "${formula}")`, formula);
  }
  return expr;
}

function checkDice(field: string, formula: string, count: number, faces: number): void {
  if (!Number.isInteger(count) || count > MAX_DICE) {
    throw new EngineError(field, `has too many dice in "${formula}" (at most ${MAX_DICE})`, formula);
  }
  if (!Number.isInteger(faces) || faces < 1 || faces > MAX_FACES) {
    throw new EngineError(
      field,
      `has a die with an impossible number of faces in "${formula}" (1 to ${MAX_FACES})`,
      formula,
    );
  }
}

/** Combine like terms (`1d6+1d6` → `2d6`) so formulas stay short and stable. */
export function mergeDice(expr: DamageExpression): DamageExpression {
  // A formula holds a handful of terms: a linear scan beats building a keyed map.
  const merged: DiceTerm[] = [];
  for (const d of expr.dice) {
    const prev = merged.find((t) => t.sign === d.sign && t.faces === d.faces);
    if (prev) prev.count += d.count;
    else merged.push({ ...d });
  }
  return { dice: merged.filter((d) => d.count > 0), flat: expr.flat };
}

/** Render an expression as a Foundry-compatible formula string. */
export function formatDamage(expr: DamageExpression): string {
  // Built term by term ("2d6 + 1d8 - 1", a leading minus kept on the first term): every card and
  // sheet row formats its damage, so no splitting and rejoining with patterns.
  let out = "";
  const term = (negative: boolean, text: string) => {
    out += out === "" ? (negative ? `-${text}` : text) : ` ${negative ? "-" : "+"} ${text}`;
  };
  for (const d of expr.dice) term(d.sign < 0, `${d.count}d${d.faces}`);
  if (expr.flat !== 0 || out === "") term(expr.flat < 0, `${Math.abs(expr.flat)}`);
  return out;
}

/** Highest total the expression can produce. */
export function maxDamage(expr: DamageExpression): number {
  return expr.dice.reduce((s, d) => s + d.sign * (d.sign > 0 ? d.count * d.faces : d.count), expr.flat);
}

/** Number of individual dice the expression rolls (what MAX_DICE counts). */
function diceCount(expr: DamageExpression): number {
  return expr.dice.reduce((s, d) => s + d.count, 0);
}
