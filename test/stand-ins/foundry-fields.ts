/**
 * Stand-in for `foundry.data.fields` (StringField, NumberField, BooleanField, HTMLField, ObjectField,
 * SchemaField, ArrayField, TypedObjectField): each field only RECORDS the options it was built with, so tests can
 * read a schema built by src/data/schema.ts without Foundry.
 *
 * String fields also `validate` (the type check plus a subclass's `_validateType`, e.g. the FormulaField).
 * `standInInitial(field)` gives a field's initial value the way Foundry's `getInitialValue` does for
 * these options (SchemaField: the initial of each sub-field, unless it has its own `initial`).
 * `standInFill(schema, source)` imitates Foundry's cleaning of missing keys on construction: keys
 * absent from the source take their initial value; present keys are kept as they are (Foundry would
 * also cast and validate them — this stand-in knowingly does neither).
 */
import type { FieldsNamespace } from "../../src/data/schema.js";

export class StandInDataField {
  readonly standIn = true;
  constructor(readonly options: Record<string, unknown> = {}) {}
}
/**
 * `validate(value)` imitates Foundry's `DataField#validate` for a string: the type check, then a
 * subclass's `_validateType`; it answers the refusal's message (Foundry: a validation failure) or
 * undefined. Blank and null handling (`_validateSpecial`) is not imitated.
 */
export class StandInStringField extends StandInDataField {
  protected _validateType(value: unknown): void {
    if (typeof value !== "string") throw new Error("must be a string");
  }
  validate(value: unknown): string | undefined {
    try {
      this._validateType(value);
      return undefined;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }
}
export class StandInNumberField extends StandInDataField {}
export class StandInBooleanField extends StandInDataField {}
export class StandInHTMLField extends StandInDataField {}
export class StandInObjectField extends StandInDataField {}
export class StandInSchemaField extends StandInDataField {
  constructor(
    readonly fields: Record<string, StandInDataField>,
    options: Record<string, unknown> = {},
  ) {
    super(options);
  }
}
export class StandInArrayField extends StandInDataField {
  constructor(
    readonly element: StandInDataField,
    options: Record<string, unknown> = {},
  ) {
    super(options);
  }
}
export class StandInTypedObjectField extends StandInDataField {
  constructor(
    readonly element: StandInDataField,
    options: Record<string, unknown> = {},
  ) {
    super(options);
  }
}

/** The stand-in namespace, typed as Foundry's so the schema builders accept it. */
export const standInFields = {
  StringField: StandInStringField,
  NumberField: StandInNumberField,
  BooleanField: StandInBooleanField,
  HTMLField: StandInHTMLField,
  ObjectField: StandInObjectField,
  SchemaField: StandInSchemaField,
  ArrayField: StandInArrayField,
  TypedObjectField: StandInTypedObjectField,
} as unknown as FieldsNamespace;

/** Initial value of a stand-in field (see the file comment). */
export function standInInitial(field: unknown): unknown {
  const f = field as StandInDataField;
  if ("initial" in f.options) {
    const i = f.options.initial;
    return typeof i === "function" ? (i as () => unknown)() : structuredClone(i);
  }
  if (f instanceof StandInSchemaField) {
    return Object.fromEntries(Object.entries(f.fields).map(([k, sub]) => [k, standInInitial(sub)]));
  }
  return undefined;
}

/** Fill keys missing from `source` with their initial values, recursing into schema fields. */
export function standInFill(schema: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = structuredClone(source);
  for (const [key, field] of Object.entries(schema)) {
    if (!(key in out)) out[key] = standInInitial(field);
    else if (field instanceof StandInSchemaField && typeof out[key] === "object" && out[key] !== null) {
      out[key] = standInFill(field.fields, out[key] as Record<string, unknown>);
    }
  }
  return out;
}

/** Stand-in for `game.settings` (get / set / register, and the `settings` map Foundry keeps). */
export class StandInSettings {
  readonly settings = new Map<string, { default: unknown }>();
  readonly values = new Map<string, unknown>();
  register(ns: string, key: string, config: { default: unknown }): void {
    this.settings.set(`${ns}.${key}`, config);
  }
  get(ns: string, key: string): unknown {
    const k = `${ns}.${key}`;
    if (!this.settings.has(k)) throw new Error(`stand-in settings: "${k}" is not registered`);
    return this.values.has(k) ? this.values.get(k) : this.settings.get(k)?.default;
  }
  async set(ns: string, key: string, value: unknown): Promise<unknown> {
    this.values.set(`${ns}.${key}`, value);
    return value;
  }
}

/**
 * Install a stand-in `game` holding only `settings` (and `combat`, null) on globalThis; returns the
 * uninstaller. Explicit, per test: nothing is installed implicitly.
 */
export function installStandInGame(settings: StandInSettings): () => void {
  const g = globalThis as Record<string, unknown>;
  const previous = g.game;
  g.game = { settings, combat: null };
  return () => {
    if (previous === undefined) delete g.game;
    else g.game = previous;
  };
}
