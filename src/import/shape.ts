/**
 * [SYS-IMPORT] Our documents as the converters build them: an actor or item source with every
 * field at its data model's initial value, then filled in. Ids are derived from the source id, so
 * importing the same file twice gives the same pack. Pure: no Foundry globals.
 */
import { defaultsOf, type FieldDesc, type FieldDescs } from "../engine/fields.js";
import { ITEM_FIELDS } from "../engine/item-fields.js";
import { getRuleset } from "../engine/registry.js";
import type { Ruleset } from "../engine/ruleset.js";
import { worldActorFields } from "../data/schema.js";
import { SCHEMA_VERSION } from "../migrations/migrate-data.js";
import type { Losses, ReportEntry, SourceSystem } from "./report.js";

export type Plain = Record<string, unknown>;
export type ItemType = keyof typeof ITEM_FIELDS;

/** An item as we write it (embedded in an actor, or on its own). */
export interface ItemDoc {
  _id: string;
  name: string;
  type: ItemType;
  img: string;
  system: Plain;
  effects: unknown[];
  folder: null;
  sort: number;
  ownership: { default: number };
  flags: Plain;
}

/** An actor as we write it. */
export interface ActorDoc {
  _id: string;
  name: string;
  type: "npc" | "character";
  img: string;
  system: Plain;
  prototypeToken: Plain;
  items: ItemDoc[];
  effects: unknown[];
  folder: null;
  sort: number;
  ownership: { default: number };
  flags: Plain;
}

type ConvertedDoc = { documentName: "Actor"; data: ActorDoc } | { documentName: "Item"; data: ItemDoc };

/** What converting one source document gives: our document (null when it failed) and its report line. */
export interface Conversion {
  doc: ConvertedDoc | null;
  entry: ReportEntry;
}

/** The system id our flags live under. */
const FLAG_SCOPE = "d20-combat";

/** Where a converter is: the target game and the losses of the document in hand. */
export interface Ctx {
  readonly target: string;
  readonly ruleset: Ruleset;
  readonly losses: Losses;
  /** Seed of the ids of this document and its items. */
  readonly seed: string;
}

export function contextFor(target: string, losses: Losses, seed: string): Ctx {
  return { target, ruleset: getRuleset(target), losses, seed };
}

const ID_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** A Foundry-shaped id (16 letters and digits) from a text: the same text, the same id. */
function stableId(seed: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < seed.length; i++) {
    const c = seed.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  let out = "";
  for (let i = 0; i < 16; i++) {
    const v = i % 2 ? h1 : h2;
    out += ID_CHARS[(v >>> ((i * 3) % 27)) % ID_CHARS.length];
    h1 = Math.imul(h1 ^ (h1 >>> 15), 0x2c1b3c6d) >>> 0;
    h2 = Math.imul(h2 ^ (h2 >>> 13), 0x297a2d39) >>> 0;
  }
  return out;
}

function clone<T>(v: T): T {
  return structuredClone(v);
}

/** Every actor field at its initial value (every registered game's part, plus the biography). */
export function blankActorSystem(): Plain {
  return { ...clone(defaultsOf(worldActorFields())), details: { biography: "" } };
}

/** Every field of an item type at its initial value. */
function blankItemSystem(type: ItemType): Plain {
  return clone(defaultsOf(ITEM_FIELDS[type] as FieldDescs)) as Plain;
}

function descAt(fields: FieldDescs, path: string): FieldDesc | undefined {
  let cur: FieldDescs | undefined = fields;
  let desc: FieldDesc | undefined;
  for (const part of path.split(".")) {
    if (!cur || !Object.hasOwn(cur, part)) return undefined;
    desc = cur[part];
    cur = desc?.fields ?? desc?.element?.fields;
  }
  return desc;
}

/**
 * Whether the stored actor has a field at this path. A datum whose field another issue adds is
 * mapped by one function that asks this: the field absent, the datum stays text; present, it lands.
 */
export function actorHasField(path: string): boolean {
  return descAt(worldActorFields(), path) !== undefined;
}

/** Whether an item type stores a field at this path (see {@link actorHasField}). */
export function itemHasField(type: ItemType, path: string): boolean {
  return descAt(ITEM_FIELDS[type] as FieldDescs, path) !== undefined;
}

/** The allowed values of an item field (a choice), or []. */
export function itemFieldChoices(type: ItemType, path: string): readonly string[] {
  return descAt(ITEM_FIELDS[type] as FieldDescs, path)?.choices ?? [];
}

/** Our flags on an imported document: the ruleset stamp and where it came from with its losses. */
export function importFlags(
  target: string,
  origin: { sourceSystem: SourceSystem; sourceId: string; sourceName: string },
  losses?: Losses,
): Plain {
  return {
    [FLAG_SCOPE]: {
      ruleset: target,
      schemaVersion: SCHEMA_VERSION,
      import: {
        ...origin,
        text: losses ? losses.text.slice(0, 50) : [],
        dropped: losses ? losses.dropped.slice(0, 50) : [],
        errors: losses ? losses.errors.slice(0, 50) : [],
        review: losses ? losses.review.slice(0, 50) : [],
        dismissed: false,
      },
    },
  };
}

/** A new item of our type with blank fields. */
export function newItem(ctx: Ctx, type: ItemType, name: string, key: string, img = ""): ItemDoc {
  return {
    _id: stableId(`${ctx.seed}/${key}`),
    name: name || "Unnamed",
    type,
    img: img || DEFAULT_ITEM_IMG[type],
    system: blankItemSystem(type),
    effects: [],
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags: { [FLAG_SCOPE]: { ruleset: ctx.target, schemaVersion: SCHEMA_VERSION } },
  };
}

const DEFAULT_ITEM_IMG: Record<ItemType, string> = {
  power: "icons/svg/sword.svg",
  weapon: "icons/svg/sword.svg",
  armor: "icons/svg/shield.svg",
  feature: "icons/svg/book.svg",
  equipment: "icons/svg/item-bag.svg",
};

/** A new actor of our type with blank fields and a token like our packs' monsters. */
export function newActor(ctx: Ctx, type: "npc" | "character", name: string, img = ""): ActorDoc {
  const n = name || "Unnamed";
  const image = img || (type === "npc" ? "icons/svg/skull.svg" : "icons/svg/mystery-man.svg");
  return {
    _id: stableId(ctx.seed),
    name: n,
    type,
    img: image,
    system: blankActorSystem(),
    prototypeToken: {
      name: n,
      actorLink: type === "character",
      disposition: type === "npc" ? -1 : 1,
      displayName: 20,
      displayBars: 20,
      bar1: { attribute: "hp" },
      bar2: { attribute: null },
      texture: { src: image },
    },
    items: [],
    effects: [],
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags: {},
  };
}

/** A source image path kept only when it is one of Foundry's core icons (other systems' paths break). */
export function keptImage(img: unknown): string {
  return typeof img === "string" && /^icons\/[\w\-/.]+\.(svg|webp|png|jpg)$/.test(img) ? img : "";
}
