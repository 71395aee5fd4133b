/**
 * Field descriptions: each stored document field is described once here, as plain data, and
 * everything else is read from that description — the TypeScript type (`SourceOf`), the default
 * source (`defaultsOf`), the boundary checks (`fieldIssues`), and, in the adapter, the Foundry
 * schema field (src/data/fields.ts). A description is JSON-like (no Foundry globals).
 *
 * Builders (`int`, `text`, `choice`, `group`…) return a description whose phantom type parameter is
 * the stored value's type, so `SourceOf<typeof FIELDS>` is the source shape without repeating it.
 */

/** What kind of stored value a description holds. */
type FieldKind = "number" | "boolean" | "string" | "formula" | "html" | "array" | "object" | "schema" | "json";

/**
 * Which parser a formula field is checked with: a damage formula, weapon dice only, or a power's
 * target count (dice and whole numbers giving 1 to 20 targets, src/engine/target-count.ts).
 */
export type FormulaKind = "damage" | "weaponDice" | "targetCount";

declare const VALUE: unique symbol;

/** One stored field. `T` is the type of its stored value (phantom: never present at run time). */
export interface FieldDesc<T = unknown> {
  readonly kind: FieldKind;
  /** Initial value; absent for list elements, which have none. Schema fields derive theirs. */
  readonly initial?: T | undefined;
  readonly nullable?: boolean;
  /** Numbers: whole numbers only. */
  readonly integer?: boolean;
  /** Numbers: smallest value allowed. */
  readonly min?: number;
  /** Numbers: largest value allowed (kept by the stored schema and the field checks). */
  readonly max?: number;
  /**
   * Numbers: `min` is kept by the stored schema only; the engine's boundary check asks for a
   * finite number (engine callers may pass less, e.g. a negative level or trait value).
   */
  readonly minStoredOnly?: boolean;
  /** Strings: whether "" is a valid value. */
  readonly blank?: boolean;
  /** Strings: the allowed values, in display order. */
  readonly choices?: readonly string[];
  /** Strings: a damage type key (checked against every game's damage types). */
  readonly damageType?: boolean;
  /** Formulas: which parser checks them. */
  readonly formula?: FormulaKind;
  /** Arrays and typed objects: the element's description. */
  readonly element?: FieldDesc;
  /** Schema fields: the nested descriptions. */
  readonly fields?: FieldDescs;
  /** The key may be absent from the engine's source type (older sources lack it). */
  readonly optional?: boolean;
  /** The key stays absent in stored data when it has no value (no initial; the schema doesn't require it). */
  readonly omitted?: boolean;
  /**
   * The actor sheet offers an input for it (in its game's own block, while that game is active):
   * a number input, a checkbox, or a text input for texts and formulas.
   */
  readonly sheet?: boolean;
  readonly [VALUE]?: T;
}

/** A set of named field descriptions (a document's `system`, or one game's part of it). */
export type FieldDescs = { readonly [key: string]: FieldDesc };

/** The stored value type of one description. */
export type ValueOf<D> = D extends FieldDesc<infer T> ? T : never;

type OptionalKeys<F> = { [K in keyof F]: F[K] extends { readonly optional: true } ? K : never }[keyof F];

type Flatten<T> = { [K in keyof T]: T[K] };

/** The stored source shape a set of descriptions describes. */
export type SourceOf<F extends FieldDescs> = Flatten<
  {
    -readonly [K in keyof F as K extends OptionalKeys<F> ? never : K]: ValueOf<F[K]>;
  } & {
    -readonly [K in keyof F as K extends OptionalKeys<F> ? K : never]?: ValueOf<F[K]>;
  }
>;

interface NumberOptions {
  min?: number;
  max?: number;
  minStoredOnly?: boolean;
}

/**
 * The bound of every stored actor or item number that names none of its own ([SYS-PERM]): a
 * number a user can type is finite at the data model (±1.7e308 HP drew "+Infinity" on every client).
 */
const NUMBER_LIMIT = 1_000_000;

/** The smallest and largest value a stored number may hold: its own bounds, else ±{@link NUMBER_LIMIT}. */
export function numberBounds(desc: Pick<FieldDesc, "min" | "max">): { min: number; max: number } {
  return { min: desc.min ?? -NUMBER_LIMIT, max: desc.max ?? NUMBER_LIMIT };
}

/**
 * A stored source with every number its descriptions bound brought within those bounds (a new
 * object; nested groups, lists and records too): what a migration does to data stored before the
 * bounds, so nothing typed is lost but an impossible number.
 */
export function clampNumbers(fields: FieldDescs, source: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...source };
  for (const [name, desc] of Object.entries(fields)) if (name in out) out[name] = clampValue(desc, out[name]);
  return out;
}

function clampValue(desc: FieldDesc, v: unknown): unknown {
  switch (desc.kind) {
    case "number": {
      if (typeof v !== "number" || !Number.isFinite(v)) return v;
      const { min, max } = numberBounds(desc);
      return Math.min(max, Math.max(min, v));
    }
    case "array":
      return Array.isArray(v) && desc.element ? v.map((item: unknown) => clampValue(desc.element!, item)) : v;
    case "object":
      return isObject(v) && desc.element
        ? Object.fromEntries(Object.entries(v).map(([k, item]) => [k, clampValue(desc.element!, item)]))
        : v;
    case "schema":
      return isObject(v) ? clampNumbers(desc.fields ?? {}, v) : v;
    default:
      return v;
  }
}

/** A whole number (never null) starting at `initial`. */
export function int(initial: number, options: NumberOptions = {}): FieldDesc<number> {
  return { kind: "number", integer: true, nullable: false, initial, ...options };
}

/** A number (never null, fractions allowed) starting at `initial`. */
export function num(initial: number, options: NumberOptions = {}): FieldDesc<number> {
  return { kind: "number", nullable: false, initial, ...options };
}

/** A whole number or null (null = none / derive it), starting at null. */
export function nullableInt(options: NumberOptions = {}): FieldDesc<number | null> {
  return { kind: "number", integer: true, nullable: true, initial: null, ...options };
}

/** A flag starting at `initial`. */
export function bool(initial: boolean): FieldDesc<boolean> {
  return { kind: "boolean", initial };
}

/** Free text that may be blank. */
export function text(initial = ""): FieldDesc<string> {
  return { kind: "string", blank: true, initial };
}

/** A non-blank key; `initial` undefined = no initial (list elements), null = nullable, starts null. */
export function key(initial?: string): FieldDesc<string>;
export function key(initial: null): FieldDesc<string | null>;
export function key(initial?: string | null): FieldDesc<string | null> {
  if (initial === null) return { kind: "string", nullable: true, blank: false, initial: null };
  return { kind: "string", blank: false, ...(initial === undefined ? {} : { initial }) };
}

/** A damage type key (or `all`/`untyped`), checked against every game's damage types. */
export function damageType(initial?: string): FieldDesc<string> {
  return { kind: "string", blank: false, damageType: true, ...(initial === undefined ? {} : { initial }) };
}

/** One of `choices`, starting at `initial`. */
export function choice<const C extends readonly string[]>(choices: C, initial: C[number]): FieldDesc<C[number]> {
  return { kind: "string", blank: false, initial, choices };
}

/** One of `choices` or null (= none), starting at `initial`. */
export function nullableChoice<const C extends readonly string[]>(
  choices: C,
  initial: C[number] | null = null,
): FieldDesc<C[number] | null> {
  return { kind: "string", nullable: true, blank: false, initial, choices };
}

/** One of `choices` or blank (blank = decided elsewhere), starting blank. */
export function blankChoice<const C extends readonly string[]>(choices: C): FieldDesc<C[number] | ""> {
  return { kind: "string", blank: true, initial: "", choices: ["", ...choices] };
}

/** A roll formula checked by the engine's parser (`@refs` allowed; `N[W]` in damage). */
export function formula(kind: FormulaKind, initial = ""): FieldDesc<string> {
  return { kind: "formula", formula: kind, initial };
}

/** Rich text (HTML), starting blank. */
export function html(): FieldDesc<string> {
  return { kind: "html", initial: "" };
}

/** A list of `element`, starting empty. */
export function list<T>(element: FieldDesc<T>): FieldDesc<T[]> {
  return { kind: "array", element, initial: [] };
}

/** A record of `element` by any key, starting empty. */
export function record<T>(element: FieldDesc<T>): FieldDesc<Record<string, T>> {
  return { kind: "object", element, initial: {} };
}

/** A nested object of `fields` (its initial value is each field's). */
export function group<const F extends FieldDescs>(fields: F): FieldDesc<SourceOf<F>> {
  return { kind: "schema", fields };
}

/** A nested object of `fields`, or null (= none), starting null. */
export function nullableGroup<const F extends FieldDescs>(fields: F): FieldDesc<SourceOf<F> | null> {
  return { kind: "schema", fields, nullable: true, initial: null };
}

/** The same description, its key optional in the engine's source type. */
export function optional<T>(desc: FieldDesc<T>): FieldDesc<T> & { readonly optional: true } {
  return { ...desc, optional: true };
}

/**
 * The same description, its key absent when it has no value — in the engine's source type and in
 * stored data alike (no initial value is filled in). For records where "absent" means "none".
 */
export function omittable<T>(desc: FieldDesc<T>): FieldDesc<T> & { readonly optional: true } {
  return { ...desc, optional: true, omitted: true, initial: undefined };
}

/**
 * A plain JSON object whose shape the engine's type `T` states and the engine's code builds (an
 * outcome, a recipe, a situation): stored whole, never cleaned key by key.
 */
export function json<T extends object>(): FieldDesc<T> {
  return { kind: "json" };
}

/** The same description, or null (= none), starting null. */
export function orNull<T>(desc: FieldDesc<T>): FieldDesc<T | null> {
  return { ...desc, nullable: true, initial: null };
}

/** The same description, offered as an input on the actor sheet while its game is active. */
export function onSheet<T>(desc: FieldDesc<T>): FieldDesc<T> {
  if (desc.choices || !["number", "boolean", "string", "formula"].includes(desc.kind)) {
    throw new Error(`a ${desc.kind} field with choices or parts has no sheet input of its own`);
  }
  return { ...desc, sheet: true };
}

// ------------------------------------------------------------------------------------------------
// What the descriptions give
// ------------------------------------------------------------------------------------------------

/** The initial value of one field (a fresh copy). */
export function initialOf<T>(desc: FieldDesc<T>): T {
  if (desc.kind === "schema" && desc.initial === undefined && desc.fields) return defaultsOf(desc.fields) as T;
  return structuredClone(desc.initial) as T;
}

/** The default source of a set of descriptions: every field at its initial value. */
export function defaultsOf<F extends FieldDescs>(fields: F): SourceOf<F> {
  const out: Record<string, unknown> = {};
  for (const [name, desc] of Object.entries(fields)) out[name] = initialOf(desc);
  return out as SourceOf<F>;
}

/**
 * Merge sets of descriptions (core first, then each game's part). Two parts may describe the same
 * key only with the same description; a clash is a programming error and throws.
 */
export function mergeFields(...parts: readonly (FieldDescs | undefined)[]): FieldDescs {
  const out: Record<string, FieldDesc> = {};
  for (const part of parts) {
    for (const [name, desc] of Object.entries(part ?? {})) {
      const before = out[name];
      if (before && before !== desc && JSON.stringify(before) !== JSON.stringify(desc)) {
        throw new Error(`field "${name}" is described twice, differently`);
      }
      out[name] = desc;
    }
  }
  return out;
}

/** One refused value: the dotted `system.…` path and why. */
export interface ValidationIssue {
  field: string;
  message: string;
}

/** What the checks need besides the descriptions. */
export interface FieldCheckContext {
  /** Damage type keys data may name. */
  readonly damageTypes: ReadonlySet<string>;
  /** Why a formula is malformed, or null when it is fine. */
  readonly formulaProblem: (formula: string, kind: FormulaKind) => string | null;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function checkValue(desc: FieldDesc, v: unknown, field: string, ctx: FieldCheckContext, out: ValidationIssue[]): void {
  if (v === null && desc.nullable) return;
  const fail = (message: string): void => {
    out.push({ field, message });
  };
  switch (desc.kind) {
    case "number":
      if (typeof v !== "number") return fail(`must be a number (got ${JSON.stringify(v) ?? String(v)})`);
      if (!Number.isFinite(v)) return fail(`must be a finite number (got ${String(v)})`);
      if (desc.min !== undefined && v < desc.min) fail(`must be at least ${desc.min} (got ${v})`);
      if (desc.max !== undefined && v > desc.max) fail(`must be at most ${desc.max} (got ${v})`);
      return;
    case "string":
      if (desc.damageType && (typeof v !== "string" || !ctx.damageTypes.has(v))) {
        fail(`unknown damage type ${JSON.stringify(v)}`);
      }
      return;
    case "formula": {
      if (typeof v !== "string") return fail("must be text");
      const message = ctx.formulaProblem(v, desc.formula ?? "damage");
      if (message) fail(message);
      return;
    }
    case "array":
      if (Array.isArray(v) && desc.element) {
        v.forEach((item: unknown, i) => checkValue(desc.element!, item, `${field}.${i}`, ctx, out));
      }
      return;
    case "object":
      if (isObject(v) && desc.element) {
        for (const [k, item] of Object.entries(v)) checkValue(desc.element, item, `${field}.${k}`, ctx, out);
      }
      return;
    case "schema":
      if (!isObject(v)) return fail("must be an object");
      out.push(...fieldIssues(desc.fields ?? {}, v, field, ctx));
      return;
    default:
      return;
  }
}

/**
 * Problems in a source (complete or a partial update: only present keys are checked), each naming
 * its dotted path under `path`. Numbers must be finite and at least their minimum, formulas must
 * parse, damage types must be known. Types of flags, texts and choices are Foundry's field checks.
 */
export function fieldIssues(
  fields: FieldDescs,
  source: Readonly<Record<string, unknown>>,
  path: string,
  ctx: FieldCheckContext,
): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const [name, desc] of Object.entries(fields)) {
    if (!(name in source)) continue;
    checkValue(desc, source[name], `${path}.${name}`, ctx, out);
  }
  return out;
}

/**
 * Whether a value is exactly what its description allows, as Foundry's field checks would judge
 * it (type, choices, blank, whole numbers, minimum, null; nested fields and elements too). For
 * data read outside a data model, which must be repaired rather than refused.
 */
export function conforms(desc: FieldDesc, v: unknown): boolean {
  return fits(desc, v, true);
}

/**
 * Whether data stored outside a data model (an older version's flags, which any author may have
 * written) can be read as its description types it: every value present is of its described kind,
 * nested fields and elements too, and lists, records and groups are present unless omittable. More
 * lenient than {@link conforms}: a missing text, number or flag is read as absent, and choices,
 * blanks, whole numbers and minimums are not asked.
 */
export function readableAs(desc: FieldDesc, v: unknown): boolean {
  return fits(desc, v, false);
}

const SCALAR_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>(["number", "boolean", "string", "formula", "html"]);

/** {@link conforms} when `exact`, else {@link readableAs}. */
function fits(desc: FieldDesc, v: unknown, exact: boolean): boolean {
  if (v === null) return desc.nullable === true;
  const each = (items: readonly unknown[]) => !desc.element || items.every((item) => fits(desc.element!, item, exact));
  switch (desc.kind) {
    case "number":
      if (!exact) return typeof v === "number" && Number.isFinite(v);
      return (
        typeof v === "number" &&
        (desc.integer ? Number.isSafeInteger(v) : Number.isFinite(v)) &&
        (desc.min === undefined || v >= desc.min) &&
        (desc.max === undefined || v <= desc.max)
      );
    case "boolean":
      return typeof v === "boolean";
    case "string":
    case "formula":
    case "html":
      if (!exact) return typeof v === "string";
      return typeof v === "string" && (desc.blank !== false || v !== "") && (!desc.choices || desc.choices.includes(v));
    case "array":
      return Array.isArray(v) && each(v);
    case "object":
      return isObject(v) && each(Object.values(v));
    case "json":
      return isObject(v);
    case "schema":
      return (
        isObject(v) &&
        Object.entries(desc.fields ?? {}).every(([k, sub]) =>
          k in v && v[k] !== undefined
            ? fits(sub, v[k], exact)
            : sub.omitted === true || (!exact && SCALAR_KINDS.has(sub.kind)),
        )
      );
  }
}

/** What a description allows, in words (after "must be"). */
export function expectedOf(desc: FieldDesc): string {
  const orNull = desc.nullable ? " or null" : "";
  switch (desc.kind) {
    case "number":
      return `${desc.integer ? "a whole number" : "a number"}${desc.min === undefined ? "" : ` of at least ${desc.min}`}${desc.max === undefined ? "" : `${desc.min === undefined ? " of" : ","} at most ${desc.max}`}${orNull}`;
    case "boolean":
      return `true or false${orNull}`;
    case "array":
      return `a list${desc.element ? ` of ${expectedOf(desc.element)}` : ""}`;
    case "schema":
      return `{ ${Object.entries(desc.fields ?? {})
        .map(([k, sub]) => `${k}: ${expectedOf(sub)}`)
        .join(", ")} }${orNull}`;
    case "object":
    case "json":
      return `an object${orNull}`;
    default:
      if (desc.choices) return `one of ${desc.choices.join(", ")}${orNull}`;
      return `${desc.blank === false ? "non-empty text" : "text"}${orNull}`;
  }
}
