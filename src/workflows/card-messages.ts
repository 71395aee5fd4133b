/**
 * Reading and writing our cards in chat messages: each card kind is a message sub-type whose
 * `system` holds the card (src/engine/plans/card-data.ts describes each kind; src/data/chat-models.ts
 * is its data model). Messages of older versions keep the same data under `flags["d20-combat"]`
 * (`attack`, `ledger`, `details`, `rule`); they are read the same way and updated in the shape
 * they have, so old cards still render and their controls still work. No Foundry globals.
 */
import { SYSTEM_ID } from "../constants.js";
import { deletionEntry } from "../compat/deletion.js";
import { group, readableAs, type FieldDesc } from "../engine/fields.js";
import {
  CARD_FIELDS,
  CARD_TYPES,
  type AttackCardData,
  type CardDetails,
  type CardKind,
  type CardLedger,
  type RuleCardData,
} from "../engine/plans/card-data.js";

/** The data of each card kind. */
export interface CardDataOf {
  attack: AttackCardData;
  ledger: CardLedger;
  details: CardDetails;
  rule: RuleCardData;
}

/** What of a chat message the readers look at (a ChatMessage, or a stand-in shaped like one). */
export interface CardMessage {
  type?: string | null;
  system?: unknown;
  flags: { [SYSTEM_ID]?: Partial<CardDataOf> };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A message's `system` as plain data (a data model's source copy; stand-ins hold plain data). */
function plainSystem(system: unknown): unknown {
  if (!isRecord(system)) return null;
  const toObject = system.toObject;
  return typeof toObject === "function" ? (toObject as (this: unknown) => unknown).call(system) : system;
}

/** Each card kind as one group, to check what older versions kept in flags. */
const FLAG_SHAPES = Object.fromEntries(
  (Object.keys(CARD_FIELDS) as CardKind[]).map((kind) => [kind, group(CARD_FIELDS[kind])]),
) as Record<CardKind, FieldDesc>;

/**
 * The card of one kind a message holds: its `system` when the message is of that sub-type (the
 * data model has validated it), else what an older version kept in its flags when it reads as that
 * kind (flags are checked by nothing else: a malformed card is no card). Null for any other.
 */
export function cardData<K extends CardKind>(message: CardMessage, kind: K): CardDataOf[K] | null {
  if (message.type === CARD_TYPES[kind]) {
    const system = plainSystem(message.system);
    return isRecord(system) ? (system as unknown as CardDataOf[K]) : null;
  }
  const old: unknown = message.flags[SYSTEM_ID]?.[kind];
  return old !== undefined && readableAs(FLAG_SHAPES[kind], old) ? (old as CardDataOf[K]) : null;
}

/** The attack card data of a message, or null. */
export const cardOf = (message: CardMessage): AttackCardData | null => cardData(message, "attack");

/** Whether a message is one of our cards (of any kind, in either shape). */
export function isCardMessage(message: CardMessage): boolean {
  return (Object.keys(CARD_TYPES) as CardKind[]).some((kind) => cardData(message, kind) !== null);
}

/** The create data of a new card: its message sub-type and `system`. */
export function cardCreateData<K extends CardKind>(
  kind: K,
  data: CardDataOf[K],
): { type: string; system: CardDataOf[K] } {
  return { type: CARD_TYPES[kind], system: data };
}

/**
 * The update that writes a message's card of one kind, in the shape the message already has: the
 * whole card, or with `changedOnly` only the parts that differ from what the message holds (an
 * application writes its record, not the whole card: every client receives what an update writes).
 */
export function cardUpdateData<K extends CardKind>(
  message: CardMessage,
  kind: K,
  data: CardDataOf[K],
  opts: { changedOnly?: boolean } = {},
): { system: CardDataOf[K] } | { flags: { [SYSTEM_ID]: Partial<CardDataOf> } } {
  const typed = message.type === CARD_TYPES[kind];
  const old: unknown = typed ? plainSystem(message.system) : message.flags[SYSTEM_ID]?.[kind];
  const written = (opts.changedOnly && isRecord(old) ? updateOver(old, data, false) : data) as CardDataOf[K];
  if (typed) return { system: written };
  return { flags: { [SYSTEM_ID]: { [kind]: written } } };
}

/** Plain data as text with its keys in order (two cards compare equal whatever order their keys came in). */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "object" && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * `target` as an update over `current` ([SYS-RELEASE]): the parts of `target` that differ from
 * `current` (an unchanged part is not written: every client receives what an update writes; a
 * changed array or value is written whole). With `deleting`, it leaves exactly `target`: updates
 * merge objects, so every part `current` has and `target` lacks gets the running generation's
 * deletion (src/compat/deletion.ts: v13's deletion key, v14's `ForcedDeletion` operator).
 */
function updateOver(current: unknown, target: unknown, deleting: boolean): unknown {
  if (!isRecord(current) || !isRecord(target)) return target;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(target)) {
    if (v === undefined) continue;
    if (k in current && canonical(current[k]) === canonical(v)) continue;
    out[k] = updateOver(current[k], v, deleting);
  }
  if (deleting)
    for (const k of Object.keys(current)) {
      if (target[k] !== undefined) continue;
      const [key, value] = deletionEntry(k);
      out[key] = value;
    }
  return out;
}

const exactly = (current: unknown, target: unknown): unknown => updateOver(current, target, true);

/** This system's part of a message's flags as it holds only the card of `kind` (null for a typed card). */
function flagsOnly<K extends CardKind>(message: CardMessage, kind: K, data: CardDataOf[K]): object | null {
  if (message.type === CARD_TYPES[kind]) return null;
  const ours: unknown = message.flags[SYSTEM_ID];
  const kept = isRecord(ours) ? Object.keys(ours).filter((k) => !(k in CARD_TYPES)) : [];
  return { ...Object.fromEntries(kept.map((k) => [k, (ours as Record<string, unknown>)[k]])), [kind]: data };
}

/** Whether a message's card of one kind is exactly `data`, with no other card of ours beside it. */
export function cardIsExactly<K extends CardKind>(message: CardMessage, kind: K, data: CardDataOf[K]): boolean {
  const flags = flagsOnly(message, kind, data);
  if (flags) return canonical(message.flags[SYSTEM_ID]) === canonical(flags);
  return message.flags[SYSTEM_ID] === undefined && canonical(plainSystem(message.system)) === canonical(data);
}

/**
 * The update after which a message's card of one kind is exactly `data`, in the shape the message
 * already has: what an edit added to its `system`, or another card kind in this system's flags, is
 * deleted.
 */
export function cardExactUpdateData<K extends CardKind>(message: CardMessage, kind: K, data: CardDataOf[K]): object {
  const ours: unknown = message.flags[SYSTEM_ID];
  const flags = flagsOnly(message, kind, data);
  if (flags) return { flags: { [SYSTEM_ID]: exactly(ours, flags) } };
  const system = exactly(plainSystem(message.system), data);
  return ours === undefined ? { system } : { system, flags: Object.fromEntries([deletionEntry(SYSTEM_ID)]) };
}
