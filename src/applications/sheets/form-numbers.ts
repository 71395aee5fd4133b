/**
 * Empty number inputs (pure). Foundry submits a cleared `<input type="number">` as null, which a
 * field that may not be null refuses, failing the whole update. Before submitting, such a value is
 * replaced by the stored one (else the field's initial value, else 0) and reported so the sheet can
 * say so; nullable fields keep their null ("none").
 */

/** What the schema says about a field: whether it may be null, and its initial value. */
export interface NumberFieldInfo {
  nullable: boolean;
  initial: unknown;
}

/** One corrected input: its form name and the number it keeps. */
export interface EmptyNumberFix {
  name: string;
  value: number;
}

/**
 * The schema path of a form name: list rows (`system.wounds.0.severity`) are looked up through the
 * list's element (`system.wounds.element.severity`).
 */
export function schemaPath(name: string): string {
  return name
    .split(".")
    .map((k) => (/^\d+$/.test(k) ? "element" : k))
    .join(".");
}

function getPath(obj: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (o, k) => (o !== null && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined),
      obj,
    );
}

function hasPath(obj: unknown, path: string): boolean {
  const keys = path.split(".");
  const last = keys.pop() as string;
  const parent = keys.length ? getPath(obj, keys.join(".")) : obj;
  return parent !== null && typeof parent === "object" && last in parent;
}

/** A copy of `obj` with `path` set (objects along the path copied, nothing else). */
function setPath(obj: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split(".") as [string, ...string[]];
  const out: Record<string, unknown> = Array.isArray(obj) ? Object.assign([], obj) : { ...obj };
  out[head] = rest.length ? setPath((out[head] ?? {}) as Record<string, unknown>, rest.join("."), value) : value;
  return out;
}

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * Replace empty or invalid values of the form's number inputs in the (expanded) submit data.
 * @param data        the expanded submit data (`{ system: { hp: { value: null } } }`); not mutated
 * @param numberNames the names of the form's number inputs
 * @param field       the schema's answer for a name (null: unknown, treated as not nullable)
 * @param stored      the document's stored value for a name
 */
export function fillEmptyNumbers(
  data: Record<string, unknown>,
  numberNames: Iterable<string>,
  field: (name: string) => NumberFieldInfo | null,
  stored: (name: string) => unknown,
): { data: Record<string, unknown>; fixed: EmptyNumberFix[] } {
  let out = data;
  const fixed: EmptyNumberFix[] = [];
  for (const name of new Set(numberNames)) {
    if (!hasPath(out, name)) continue;
    const value = getPath(out, name);
    if (isNumber(value)) continue;
    if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) continue;
    const info = field(name);
    if (info?.nullable && (value === null || value === "")) continue;
    const old = stored(name);
    const keep = isNumber(old) ? old : isNumber(info?.initial) ? info.initial : 0;
    out = setPath(out, name, keep);
    fixed.push({ name, value: keep });
  }
  return { data: out, fixed };
}
