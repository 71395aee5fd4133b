/**
 * [SYS-IMPORT] Formulas from another system, made ours: references the source resolves
 * (`@mod`, `@prof`, `@lvl`…) are replaced by the numbers the converter knows, flavor brackets
 * (`2d6[fire]`) go, simple arithmetic (`floor(7/2)`) is computed, and the result must pass the
 * engine's own parser (`parseDamage`). A formula that does not is reported and never stored.
 */
import { formatDamage, parseDamage } from "../engine/dice.js";
import { EngineError } from "../engine/errors.js";
import type { Losses } from "./report.js";

/** Values a source formula may name, by reference (without the `@`): a number, or one of our own `@refs`. */
export type FormulaRefs = Readonly<Record<string, number | string>>;

function applyMath(s: string): string {
  let prev = "";
  let out = s;
  // Innermost first: floor(a/b), ceil(a/b), round(a/b), max(a,b), min(a,b), (n).
  while (prev !== out) {
    prev = out;
    out = out.replace(
      /(floor|ceil|round|trunc)\((-?\d+)(?:\/(-?\d+))?\)/gi,
      (_m, fn: string, a: string, b?: string) => {
        const v = Number(a) / (b ? Number(b) || 1 : 1);
        const f = fn.toLowerCase();
        const r =
          f === "floor" ? Math.floor(v) : f === "ceil" ? Math.ceil(v) : f === "round" ? Math.round(v) : Math.trunc(v);
        return String(r);
      },
    );
    out = out.replace(/(max|min)\((-?\d+),(-?\d+)\)/gi, (_m, fn: string, a: string, b: string) =>
      String(fn.toLowerCase() === "max" ? Math.max(Number(a), Number(b)) : Math.min(Number(a), Number(b))),
    );
    out = out.replace(/\((-?\d+)\)/g, "$1");
    out = out.replace(/(\d+)\*(\d+)(?![d\d])/g, (_m, a: string, b: string) => String(Number(a) * Number(b)));
    out = out.replace(/\+-/g, "-").replace(/--/g, "+").replace(/-\+/g, "-").replace(/\+\+/g, "+");
  }
  return out;
}

/**
 * The formula in our grammar, or null (reported as an error under `where`) when it cannot be.
 * `raw` blank gives "" (no formula). Unknown references are refused, naming them.
 */
export function importFormula(raw: unknown, refs: FormulaRefs, where: string, losses: Losses): string | null {
  const text = typeof raw === "number" && Number.isFinite(raw) ? String(raw) : typeof raw === "string" ? raw : "";
  if (text.trim() === "") return "";
  if (text.length > 1000) {
    losses.error(`${where}: formula longer than 1,000 characters`);
    return null;
  }
  let s = text.toLowerCase().replace(/\s+/g, "");
  s = s.replace(/\[(?!w\])[a-z ,]*\]/g, ""); // flavor: 2d6[fire]; keeps N[W]
  s = s.replace(/×/g, "*");
  const unknown: string[] = [];
  s = s.replace(/@([a-z_][\w.]*)/g, (_m, ref: string) => {
    const key = Object.keys(refs).find((k) => k.toLowerCase() === ref);
    if (key === undefined) {
      unknown.push(`@${ref}`);
      return "0";
    }
    const v = refs[key]!;
    if (typeof v === "string") return v;
    return v < 0 ? `(${v})` : String(v);
  });
  if (unknown.length) {
    losses.error(`${where}: "${text}" names ${unknown.join(", ")}, which this import cannot resolve`);
    return null;
  }
  s = s.replace(/\((-\d+)\)/g, "$1");
  s = applyMath(s);
  s = s.replace(/^\+/, "");
  try {
    // Our own references stay for the roll data to resolve; the rest is checked with them as 1.
    if (s.includes("@")) {
      // A reference the source resolves to 0 (an item bonus it lacks) leaves no "+ 0" behind.
      s = s.replace(/\+0(?=$|[+-])/g, "");
      parseDamage(s.replace(/@[a-z_][\w.]*/gi, "1"), { dice: [{ count: 1, faces: 4, sign: 1 }], flat: 0 }, "formula");
      return s.replace(/\+/g, " + ").replace(/(?<=[\w\]])-/g, " - ");
    }
    return formatDamage(parseDamage(s, null, "formula"));
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    losses.error(`${where}: "${text}" is not a formula this system reads (${err.message.replace(/^formula: /, "")})`);
    return null;
  }
}
