/**
 * Safe readers of foreign JSON ([SYS-IMPORT]): a document from another system may have any shape,
 * so nothing here throws. Every reader answers a plain value or an empty one.
 */

/** A plain JSON object, or null for anything else (arrays included). */
export function obj(v: unknown): Record<string, unknown> | null {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** The value at a dotted path (`system.attributes.hp.max`), or undefined. */
export function at(v: unknown, path: string): unknown {
  let cur: unknown = v;
  for (const part of path.split(".")) {
    const o = obj(cur);
    if (!o || !Object.hasOwn(o, part)) return undefined;
    cur = o[part];
  }
  return cur;
}

/** A string (numbers written as text), trimmed; "" for anything else. */
export function str(v: unknown): string {
  if (typeof v === "string") return v.trim();
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return "";
}

/** A finite number (numeric strings read, "+2" too), or null. */
export function num(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string" && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

/** An integer (rounded down), or null. */
export function int(v: unknown): number | null {
  const n = num(v);
  return n === null ? null : Math.floor(n);
}

/** An array, the values of an object keyed by id (Foundry collections), or []. */
export function list(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  const o = obj(v);
  return o ? Object.values(o) : [];
}

/** Strings of an array or of a Set-like object (`{ value: [...] }`), lower-cased. */
export function words(v: unknown): string[] {
  const src = Array.isArray(v) ? v : list(at(v, "value"));
  return src.map((w) => str(w).toLowerCase()).filter(Boolean);
}

/** Whether a boolean-ish value is on. */
export function truthy(v: unknown): boolean {
  return v === true || v === 1 || v === "true";
}
