/**
 * Stored formulas, pure: whether one parses (the check every formula field makes, see
 * src/data/fields.ts), and `@path` references resolved from roll data before the engine parses it
 * (the engine refuses unresolved references; an unknown reference becomes 0, as Foundry's
 * `Roll.replaceFormulaData` with `missing: "0"` does).
 */
import { parseDamage, parseWeaponDice } from "../engine/dice.js";
import { EngineError } from "../engine/errors.js";
import type { FormulaKind } from "../engine/fields.js";
import { targetCountProblem } from "../engine/target-count.js";

/**
 * Why a stored formula is malformed, or null when it is fine (or blank). `@refs` are allowed (they
 * are resolved from roll data before the engine parses the formula); `N[W]` is allowed in damage.
 */
export function formulaProblem(formula: string, kind: FormulaKind): string | null {
  if (formula.trim() === "") return null;
  // [SYS-TARGETS] a target count holds no references: it is checked whole.
  if (kind === "targetCount") return targetCountProblem(formula);
  const resolved = formula.replace(/@[a-zA-Z_][\w.]*/g, "1");
  try {
    if (kind === "weaponDice") parseWeaponDice(resolved, "formula");
    else parseDamage(resolved, { dice: [{ count: 1, faces: 4, sign: 1 }], flat: 0 }, "formula");
    return null;
  } catch (err) {
    if (err instanceof EngineError) return err.message.replace(/^formula: /, "");
    throw err;
  }
}

/** Value at a dotted path of plain data, or undefined. */
function at(data: unknown, path: string): unknown {
  let cur: unknown = data;
  for (const part of path.split(".")) {
    if (typeof cur !== "object" || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/**
 * Replace every `@a.b.c` with its numeric value from `data` (numbers and dice text like `1d8` are
 * inserted as they are; anything else becomes 0). Negative numbers are bracketed-free: `+ @x`
 * with x = −2 gives `+ -2`, which the engine's parser reads correctly as a signed term… so we
 * emit `(0-2)`-free forms by folding the sign: `+ -2` → `- 2`.
 */
export function resolveFormulaRefs(formula: string, data: unknown): string {
  const replaced = formula.replace(/@([a-zA-Z_][\w.]*[\w])/g, (_m, path: string) => {
    const v = at(data, path);
    if (typeof v === "number" && Number.isFinite(v)) return String(v);
    if (typeof v === "string" && /^[\dd+\-\s[\]w]+$/i.test(v) && v.trim() !== "") return v.trim();
    return "0";
  });
  return replaced.replace(/\+\s*-/g, "- ").replace(/-\s*-/g, "+ ");
}
