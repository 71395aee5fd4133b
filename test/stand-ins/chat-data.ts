/**
 * Foundry's cleaning of a typed chat message's `system`, for the stand-ins' messages (on create and
 * after each update): keys the card kind's schema doesn't describe are dropped, described keys that
 * are missing take their initial value, omittable ones stay absent, JSON fields are kept whole. The
 * real schema (src/data/chat-models.ts) is built from the same descriptions. Casting and
 * validation are not imitated. Messages of other types are left as they are.
 */
import { initialOf, type FieldDesc } from "../../src/engine/fields.js";
import { CARD_FIELDS, CARD_TYPES, type CardKind } from "../../src/engine/plans/card-data.js";

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function clean(desc: FieldDesc, v: unknown): unknown {
  if (desc.kind === "array" && Array.isArray(v) && desc.element) return v.map((x: unknown) => clean(desc.element!, x));
  if (desc.kind === "schema" && isRecord(v)) return cleanFields(desc.fields ?? {}, v);
  return v;
}

function cleanFields(fields: Readonly<Record<string, FieldDesc>>, v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, desc] of Object.entries(fields)) {
    if (v[key] !== undefined) out[key] = clean(desc, v[key]);
    else if (!desc.omitted) out[key] = initialOf(desc);
  }
  return out;
}

/**
 * Clean, in place, the `system` a stand-in message of `type` stores (its own copy: tests may hold
 * it), when the type is a card kind.
 */
export function cleanSystem(type: unknown, system: unknown): void {
  const kind = (Object.keys(CARD_TYPES) as CardKind[]).find((k) => CARD_TYPES[k] === type);
  if (!kind || !isRecord(system)) return;
  const cleaned = cleanFields(CARD_FIELDS[kind], system);
  for (const key of Object.keys(system)) delete system[key];
  Object.assign(system, cleaned);
}

/** Message creation data as a stand-in stores it: a copy, its card `system` cleaned. */
export function storedMessageData<T extends Record<string, unknown>>(data: T): T {
  if (data.system === undefined) return data;
  const copy = { ...data, system: structuredClone(data.system) };
  cleanSystem(copy.type, copy.system);
  return copy;
}
