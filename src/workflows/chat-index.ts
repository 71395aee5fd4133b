/**
 * The chat index ([SYS-RELEASE], [SYS-PERM]): which GM-written messages hold each card's ledger and
 * the numbers whispered about it (details), and which hold a turn summary's undo records. A
 * campaign keeps every message, so nothing here walks the log per lookup: the index is built in
 * one pass over `game.messages` the first time it is read (and again when the collection is
 * another one: a reload) and kept current by the `createChatMessage` / `deleteChatMessage` hooks
 * (see {@link registerChatIndex}; the first build listens too, should nothing have registered them). The pass reads each message's type, author and one id field;
 * it copies no document.
 *
 * Entries name messages; a lookup hands back only messages still in the log, written by a GM, so
 * a deletion the index did not hear of reads as a miss, never as a stale hit. Entries are removed
 * with the messages they name: the maps hold no more than the log does.
 */
import { SYSTEM_ID } from "../constants.js";
import { CARD_TYPES } from "../engine/plans/card-data.js";

/** What an indexed message holds, and for which card (or summary) message. */
export type IndexedKind = "ledger" | "details" | "turnUndo";

/** The sub-type of the GM-only message holding a turn summary's undo records. */
const TURN_UNDO_FLAG = "turnUndo";

interface ChatIndex {
  /** The collection this index was built from (another one after a reload: built again). */
  source: unknown;
  /** kind → the owning message's id → the ids of the messages of that kind, in the order written. */
  byOwner: Record<IndexedKind, Map<string, string[]>>;
  /** An indexed message's id → what it indexes (to remove it when it is deleted). */
  byMessage: Map<string, { kind: IndexedKind; owner: string }>;
}

let index: ChatIndex | null = null;

/** The fields of a message the index looks at. */
interface IndexedMessage {
  id?: string | null;
  type?: string | null;
  system?: unknown;
  author?: { isGM?: boolean } | null;
  flags?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A string id field of a record, or "". */
const idIn = (value: unknown, key: string): string => {
  const v = isRecord(value) ? value[key] : undefined;
  return typeof v === "string" ? v : "";
};

/**
 * What a GM-written message is an index entry for, read without copying it: a typed `ledger` or
 * `details` message's `system.cardId`, the same under this system's flags (older versions), or a
 * turn summary's GM-only undo record. Null for any other message (and for any player's).
 */
function entryOf(message: IndexedMessage): { kind: IndexedKind; owner: string } | null {
  if (!message.author?.isGM) return null;
  const type = message.type;
  if (type === CARD_TYPES.ledger || type === CARD_TYPES.details) {
    const owner = idIn(message.system, "cardId");
    return owner ? { kind: type, owner } : null;
  }
  const ours = isRecord(message.flags) ? message.flags[SYSTEM_ID] : undefined;
  if (!isRecord(ours)) return null;
  const undo = idIn(ours[TURN_UNDO_FLAG], "summaryId");
  if (undo) return { kind: "turnUndo", owner: undo };
  const ledger = idIn(ours.ledger, "cardId");
  if (ledger) return { kind: "ledger", owner: ledger };
  const details = idIn(ours.details, "cardId");
  return details ? { kind: "details", owner: details } : null;
}

function add(ix: ChatIndex, message: IndexedMessage): void {
  const id = message.id ?? "";
  if (!id) return;
  const entry = entryOf(message);
  const known = ix.byMessage.get(id);
  if (known) {
    if (entry && known.kind === entry.kind && known.owner === entry.owner) return;
    // An id the index knew for something else (a message since replaced) is indexed afresh.
    remove(ix, id);
  }
  if (!entry) return;
  ix.byMessage.set(id, entry);
  const map = ix.byOwner[entry.kind];
  const ids = map.get(entry.owner);
  if (ids) ids.push(id);
  else map.set(entry.owner, [id]);
}

function remove(ix: ChatIndex, id: string): void {
  const entry = ix.byMessage.get(id);
  if (!entry) return;
  ix.byMessage.delete(id);
  const map = ix.byOwner[entry.kind];
  const left = (map.get(entry.owner) ?? []).filter((x) => x !== id);
  if (left.length) map.set(entry.owner, left);
  else map.delete(entry.owner);
}

/** The hook registries the index listens on (one `Hooks` per page; a test may install another). */
const listening = new WeakSet<object>();

/** Listen for messages made and deleted, once per hook registry. */
function listen(): void {
  if (typeof Hooks === "undefined" || listening.has(Hooks)) return;
  listening.add(Hooks);
  Hooks.on("createChatMessage", (message) => noteMessage(message as ChatMessage));
  Hooks.on("deleteChatMessage", (message) => forgetMessage(message as ChatMessage));
}

/** The index of the log as it is now (built in one pass when there is none for this collection). */
function current(): ChatIndex {
  const source: unknown = game.messages;
  if (index && index.source === source) return index;
  listen();
  const ix: ChatIndex = {
    source,
    byOwner: { ledger: new Map(), details: new Map(), turnUndo: new Map() },
    byMessage: new Map(),
  };
  for (const message of game.messages.contents) add(ix, message);
  index = ix;
  return ix;
}

/**
 * The GM-written messages of one kind for a card (or summary) message id, in the order written:
 * only those still in the log and still a GM's (an entry for a message gone is dropped).
 */
export function indexed(kind: IndexedKind, owner: string): ChatMessage[] {
  const ix = current();
  const ids = ix.byOwner[kind].get(owner);
  if (!ids) return [];
  const found: ChatMessage[] = [];
  for (const id of [...ids]) {
    const message = game.messages.get(id);
    // Still there, still a GM's, still what the index says (a message gone reads as a miss).
    const entry = message ? entryOf(message) : null;
    if (message && entry?.kind === kind && entry.owner === owner) found.push(message);
    else remove(ix, id);
  }
  return found;
}

/** Every GM-written message of one kind the log holds (each ledger, for what undo never brings back). */
export function allIndexed(kind: IndexedKind): ChatMessage[] {
  const ix = current();
  return [...ix.byOwner[kind].keys()].flatMap((owner) => indexed(kind, owner));
}

/** Whether a card (or summary) message has a GM-written message of this kind in the index. */
export function hasIndexed(kind: IndexedKind, owner: string): boolean {
  return indexed(kind, owner).length > 0;
}

/** Note a message just written (idempotent: the create hook notes it as well). */
export function noteMessage(message: IndexedMessage): void {
  if (index && index.source === game.messages) add(index, message);
}

/** Forget a deleted message (the delete hook). */
function forgetMessage(message: IndexedMessage): void {
  if (index) remove(index, message.id ?? "");
}

/**
 * Keep the index current (init, before any other chat hook of this system, so the hooks that look
 * a card's ledger up find the one just written).
 */
export function registerChatIndex(): void {
  listen();
}
