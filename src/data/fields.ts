/**
 * Foundry schema fields from field descriptions (src/engine/fields.ts), and the FormulaField they
 * use for formulas. Builders take Foundry's `fields` namespace as a parameter, so tests pass a
 * stand-in that records each field's options (test/stand-ins/foundry-fields.ts).
 */
import { numberBounds, type FieldDesc, type FieldDescs, type FormulaKind } from "../engine/fields.js";
import { formulaProblem } from "./formula.js";

/** Foundry's data field namespace (`foundry.data.fields`), or a test stand-in shaped like it. */
export type FieldsNamespace = typeof foundry.data.fields;

/** A Foundry schema: field name → data field. */
export type Schema = foundry.data.fields.DataSchema;

type FormulaOptions = { required: true; blank: true; initial: string };

/** A text field holding a roll formula, refused at the field when the engine cannot parse it. */
interface FormulaField extends foundry.data.fields.StringField<FormulaOptions> {
  /** Which parser checks the formula. */
  readonly formulaKind: FormulaKind;
}

type FormulaFieldClass = new (kind: FormulaKind, options: FormulaOptions) => FormulaField;

const formulaClasses = new WeakMap<FieldsNamespace, FormulaFieldClass>();

/**
 * The FormulaField class of a fields namespace (a StringField subclass, one class per namespace).
 * `@refs` are allowed (resolved from roll data before parsing); `N[W]` is allowed in damage.
 */
function formulaFieldClass(f: FieldsNamespace): FormulaFieldClass {
  const known = formulaClasses.get(f);
  if (known) return known;
  class D20FormulaField extends f.StringField<FormulaOptions> implements FormulaField {
    constructor(
      readonly formulaKind: FormulaKind,
      options: FormulaOptions,
    ) {
      super(options);
    }

    protected override _validateType(
      value: string,
      options?: foundry.data.fields.DataField.ValidateOptions<this>,
    ): boolean | foundry.data.validation.DataModelValidationFailure | void {
      // Non-text is the base class's to refuse.
      const problem = typeof value === "string" ? formulaProblem(value, this.formulaKind) : null;
      if (problem) throw new Error(problem);
      return super._validateType(value, options);
    }
  }
  formulaClasses.set(f, D20FormulaField);
  return D20FormulaField;
}

function choicesOf(keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [k, k]));
}

/**
 * The Foundry field a description asks for: every field required with its `initial` as described,
 * except an omittable one, which is neither required nor filled in (its key stays absent).
 * `bounded`: every number gets finite bounds (its own, else ±NUMBER_LIMIT): actor and item data,
 * which users type.
 */
function foundryField(f: FieldsNamespace, desc: FieldDesc, bounded: boolean): foundry.data.fields.DataField.Any {
  const initial = desc.omitted ? { initial: undefined } : desc.initial === undefined ? {} : { initial: desc.initial };
  const required = desc.omitted !== true;
  switch (desc.kind) {
    case "number": {
      const bounds = bounded ? numberBounds(desc) : desc;
      return new f.NumberField({
        required,
        nullable: desc.nullable === true,
        ...(desc.integer ? { integer: true } : {}),
        ...(initial as { initial?: number | null }),
        ...(bounds.min === undefined ? {} : { min: bounds.min }),
        ...(bounds.max === undefined ? {} : { max: bounds.max }),
      });
    }
    case "boolean":
      if (desc.omitted) return new f.BooleanField({ required, initial: undefined });
      return desc.nullable
        ? new f.BooleanField({ required, nullable: true, initial: null })
        : new f.BooleanField({ required, initial: desc.initial === true });
    case "string":
      return new f.StringField({
        required,
        ...(desc.nullable ? { nullable: true } : {}),
        blank: desc.blank === true,
        ...(initial as { initial?: string | null }),
        ...(desc.choices ? { choices: choicesOf(desc.choices) } : {}),
      });
    case "formula":
      return new (formulaFieldClass(f))(desc.formula ?? "damage", {
        required: true,
        blank: true,
        initial: typeof desc.initial === "string" ? desc.initial : "",
      });
    case "html":
      return new f.HTMLField({ required: true, blank: true, initial: "" });
    case "array":
      return new f.ArrayField(
        foundryField(f, elementOf(desc), bounded),
        desc.omitted ? { required, initial: undefined } : { initial: [] },
      );
    case "object":
      return new f.TypedObjectField(foundryField(f, elementOf(desc), bounded), { initial: {} });
    case "json":
      return new f.ObjectField({ required, nullable: desc.nullable === true, ...(initial as { initial?: null }) });
    case "schema":
      if (desc.omitted)
        return new f.SchemaField(foundrySchema(f, desc.fields ?? {}, bounded), { required, initial: undefined });
      return desc.nullable
        ? new f.SchemaField(foundrySchema(f, desc.fields ?? {}, bounded), {
            required: true,
            nullable: true,
            initial: null,
          })
        : new f.SchemaField(foundrySchema(f, desc.fields ?? {}, bounded));
  }
}

function elementOf(desc: FieldDesc): FieldDesc {
  if (!desc.element) throw new Error(`a ${desc.kind} field needs an element description`);
  return desc.element;
}

/** A Foundry schema from a set of descriptions, in their order (`bounded`: see {@link foundryField}). */
export function foundrySchema(f: FieldsNamespace, fields: FieldDescs, bounded = false): Schema {
  const out: Schema = {};
  for (const [name, desc] of Object.entries(fields)) out[name] = foundryField(f, desc, bounded);
  return out;
}
