/**
 * The Foundry side of {@link fillEmptyNumbers}: reads the form's number inputs, the document's
 * schema and stored values, and tells the user which cleared inputs kept their value.
 */
import { fillEmptyNumbers, schemaPath, type NumberFieldInfo } from "./form-numbers.js";

interface SchemaLike {
  getField(path: string): unknown;
}

/** The schema field behind a form name (`system.*` through the type's data model). */
function fieldInfo(document: ClientDocumentLike, name: string): NumberFieldInfo | null {
  const path = schemaPath(name);
  const systemSchema = (document.system as { schema?: SchemaLike } | undefined)?.schema;
  const field = (
    path.startsWith("system.") && systemSchema
      ? systemSchema.getField(path.slice("system.".length))
      : document.schema.getField(path)
  ) as { nullable?: boolean; initial?: unknown; label?: string } | undefined;
  if (!field) return null;
  return {
    nullable: Boolean(field.nullable),
    initial: typeof field.initial === "function" ? undefined : field.initial,
  };
}

interface ClientDocumentLike {
  _source: object;
  system?: unknown;
  schema: SchemaLike;
}

/** The label a user sees next to an input (its <label>, aria-label, else its name). */
function inputLabel(form: HTMLFormElement, name: string): string {
  const input = form.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`);
  const text = input?.labels?.[0]?.textContent?.trim() || input?.getAttribute("aria-label") || input?.title;
  return text || name;
}

/**
 * Replace cleared number inputs of a non-nullable field by the stored value (else the initial
 * value, else 0) in the expanded submit data, with one warning naming the inputs.
 */
export function submitWithoutEmptyNumbers(
  document: ClientDocumentLike,
  form: HTMLFormElement,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const names = [...form.querySelectorAll<HTMLInputElement>('input[type="number"][name]')].map((i) => i.name);
  const { data: out, fixed } = fillEmptyNumbers(
    data,
    names,
    (name) => fieldInfo(document, name),
    (name) => foundry.utils.getProperty(document._source, name),
  );
  if (fixed.length) {
    ui.notifications?.warn(
      game.i18n.format("D20C.Sheet.EmptyNumber", {
        fields: fixed.map((f) => `${inputLabel(form, f.name)} (${f.value})`).join(", "),
      }),
    );
  }
  return out;
}

/** The submit data Foundry hands back (typed `object`) as a plain record: a shallow copy, no cast. */
export function plainRecord(data: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data));
}
