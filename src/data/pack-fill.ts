/**
 * [SYS-DOCS] Pack documents as the build compiles them: every field a pack source leaves out is
 * filled from its description (its initial value), so a new field costs no YAML. Actors take the
 * world's actor fields (the core and every registered game's part), items their type's fields,
 * embedded items included; a field the source gives is kept as written, groups are filled inside,
 * and fields that may stay absent (`optional`, `omitted`) stay absent. Run by `npm run build` on
 * each entry (scripts/lib/pack-fill.mjs) and by the pack tests on what they read.
 */
import { initialOf, type FieldDesc, type FieldDescs } from "../engine/fields.js";
import { ITEM_FIELDS } from "../engine/item-fields.js";
import { worldActorFields } from "../engine/registry.js";

type Plain = Record<string, unknown>;

const isPlain = (v: unknown): v is Plain => typeof v === "object" && v !== null && !Array.isArray(v);

/** `stored` with every missing field of `fields` at its initial value (groups filled inside; a new object). */
export function fillOmitted(fields: FieldDescs, stored: Readonly<Plain>): Plain {
  const out: Plain = { ...stored };
  for (const [name, desc] of Object.entries(fields)) {
    if (!(name in out)) {
      if (!desc.optional && !desc.omitted) out[name] = initialOf(desc);
    } else if (isGroup(desc) && isPlain(out[name])) {
      out[name] = fillOmitted(desc.fields, out[name]);
    }
  }
  return out;
}

function isGroup(desc: FieldDesc): desc is FieldDesc & { fields: FieldDescs } {
  return desc.kind === "schema" && desc.fields !== undefined;
}

function fillItem(item: Plain): void {
  const fields = (ITEM_FIELDS as Readonly<Record<string, FieldDescs>>)[String(item.type)];
  if (fields && isPlain(item.system)) item.system = fillOmitted(fields, item.system);
}

/**
 * Fill one pack document in place (a Foundry CLI `transformEntry`): an actor's `system` and its
 * embedded items', or an item's. Other documents (journals, folders, scenes) are left as they are.
 */
export function fillPackDocument(doc: Plain): void {
  const type = String(doc.type);
  if ((type === "character" || type === "npc") && isPlain(doc.system)) {
    doc.system = fillOmitted(worldActorFields(), doc.system);
    if (Array.isArray(doc.items)) for (const item of doc.items) if (isPlain(item)) fillItem(item);
  } else if (type in ITEM_FIELDS) {
    fillItem(doc);
  }
}
