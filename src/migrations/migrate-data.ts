/**
 * Shape migrations of stored `system` data, as pure functions of the raw source. The data models
 * call them from `migrateData` (every construction, before validation); the world runner
 * (src/migrations/world.ts) persists the result once per schema version.
 *
 * Rules every step follows:
 * - acts only when it sees the old shape, so running twice changes nothing and a partial update
 *   (which lacks most fields) is left alone;
 * - never fills in defaults (the schema's initial values do that);
 * - never mutates its input.
 *
 * Schema history:
 * - version 0 (the prototype): HP under `attributes.hp`; abilities as `{ value }` objects;
 *   resistances/vulnerabilities as `{ type: value }` maps; immunities as comma-separated text;
 *   `recoveries.rallies`; NPC `escalation` flag. Items: power `damageType` (one text);
 *   weapon `dice`; armor `maxDex` as "" or −1 for "no cap".
 * - version 1: the shape that mirrors the engine's `ActorSource`.
 * - (any version) every actor and item number within finite bounds (its own, else ±1,000,000): a
 *   number stored beyond them (HP of 1.7e308, a push of 21 squares) is brought to the bound by
 *   `boundStoredNumbers` on every load; it is stored the next time the document is written (or by
 *   the runner when a later version is raised).
 *
 * Trait words of the old shapes are normalised to damage type keys (src/migrations/trait-words.ts:
 * case, spacing, synonyms such as "electric"); a word nothing maps is kept as free text at the end
 * of the biography, so the document is valid and nothing typed is lost. In the current shape's
 * arrays a word that maps is normalised too, and one that doesn't is left for validation to name.
 */
import { EFFECT_NUMBER_MAX } from "../engine/item-fields.js";
import { clampNumbers, type FieldDescs } from "../engine/fields.js";
import { ABILITY_KEYS } from "../engine/types.js";
import { traitKeyFor, traitVocabulary, type TraitVocabulary } from "./trait-words.js";
import { anyGameDamageTypes } from "../engine/registry.js";

/** The schema version this code writes. Raise it with every new migration step. */
export const SCHEMA_VERSION = 1;

type Plain = Record<string, unknown>;

function isObject(v: unknown): v is Plain {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

let anyGameVocabulary: { types: ReadonlySet<string>; vocabulary: TraitVocabulary } | null = null;

/** Every registered game's damage types, no game preferred (used when the caller names none). */
function anyGameVocabularyNow(): TraitVocabulary {
  const types = anyGameDamageTypes();
  if (anyGameVocabulary?.types !== types) anyGameVocabulary = { types, vocabulary: traitVocabulary([], types) };
  return anyGameVocabulary.vocabulary;
}

/** A trait value as a finite number ≥ 0 (old data held text or nothing). */
function traitValue(value: unknown): number {
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

/** Old `{ type: value }` maps → arrays; words nothing maps go to `kept`. */
function traitMap(v: Plain, vocabulary: TraitVocabulary, kept: string[]): { type: string; value: number }[] {
  const out: { type: string; value: number }[] = [];
  for (const [word, value] of Object.entries(v)) {
    const type = traitKeyFor(word, vocabulary);
    if (type) out.push({ type, value: traitValue(value) });
    else kept.push(`${word} ${String(value)}`);
  }
  return out;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Migrate an actor's raw `system` source to the current shape (a new object; the input is
 * untouched). `vocabulary` decides which key a synonym becomes (the world's game first).
 */
export function migrateActorSystem(
  source: Readonly<Plain>,
  vocabulary: TraitVocabulary = anyGameVocabularyNow(),
): Plain {
  const s: Plain = structuredClone(source) as Plain;
  const kept: Record<string, string[]> = { resistances: [], vulnerabilities: [], immunities: [] };

  // v0 → v1: attributes.hp → hp
  if (isObject(s.attributes)) {
    const attrs = s.attributes;
    if (isObject(attrs.hp) && !isObject(s.hp)) s.hp = attrs.hp;
    delete attrs.hp;
    if (Object.keys(attrs).length === 0) delete s.attributes;
  }
  // abilities { str: { value: 12 } } → { str: 12 }
  if (isObject(s.abilities)) {
    const abilities = s.abilities;
    for (const k of ABILITY_KEYS) {
      const a = abilities[k];
      if (isObject(a) && "value" in a) abilities[k] = a.value;
    }
  }
  // trait maps → arrays
  for (const key of ["resistances", "vulnerabilities"] as const) {
    const v = s[key];
    if (isObject(v)) s[key] = traitMap(v, vocabulary, kept[key]!);
    else if (Array.isArray(v)) {
      for (const t of v) {
        if (!isObject(t)) continue;
        const type = traitKeyFor(t.type, vocabulary);
        if (type && type !== t.type) t.type = type;
      }
    }
  }
  if (typeof s.immunities === "string") {
    const words = s.immunities
      .split(/[,;]/)
      .map((t) => t.trim())
      .filter((t) => t !== "");
    const types: string[] = [];
    for (const word of words) {
      const type = traitKeyFor(word, vocabulary);
      if (type) types.push(type);
      else kept.immunities!.push(word);
    }
    s.immunities = [...new Set(types)];
  } else if (Array.isArray(s.immunities)) {
    s.immunities = s.immunities.map((t: unknown) => traitKeyFor(t, vocabulary) ?? t);
  }
  const keptText = Object.entries(kept)
    .filter(([, words]) => words.length)
    .map(([key, words]) => `${key}: ${words.join(", ")}`);
  if (keptText.length) {
    const details: Plain = isObject(s.details) ? s.details : {};
    const biography = typeof details.biography === "string" ? details.biography : "";
    details.biography = `${biography}<p class="d20c-kept-traits">${escapeHtml(keptText.join("; "))}</p>`;
    s.details = details;
  }
  if (isObject(s.recoveries) && "rallies" in s.recoveries) {
    const rec = s.recoveries;
    if (!("ralliesThisBattle" in rec)) rec.ralliesThisBattle = rec.rallies;
    delete rec.rallies;
  }
  if ("escalation" in s && typeof s.escalation === "boolean") {
    if (!("usesEscalation" in s)) s.usesEscalation = s.escalation;
    delete s.escalation;
  }
  return s;
}

/** Migrate an item's raw `system` source for its type (a new object; the input is untouched). */
export function migrateItemSystem(type: string, source: Readonly<Plain>): Plain {
  const s: Plain = structuredClone(source) as Plain;
  if (type === "power" && "damageType" in s) {
    const t = s.damageType;
    if (!Array.isArray(s.damageTypes)) s.damageTypes = typeof t === "string" && t.trim() !== "" ? [t.trim()] : [];
    delete s.damageType;
  }
  if (type === "weapon" && "dice" in s) {
    if (!("damageDice" in s)) s.damageDice = s.dice;
    delete s.dice;
  }
  if (type === "armor" && "maxDex" in s && (s.maxDex === "" || s.maxDex === -1)) s.maxDex = null;
  if (type === "power") {
    // Ongoing damage past the cap a later version puts on it is kept at the cap, not refused.
    capOngoing(s.ongoing);
    if (Array.isArray(s.effects)) for (const e of s.effects as unknown[]) if (isObject(e)) capOngoing(e.ongoing);
  }
  return s;
}

/** An ongoing-damage record's amount brought within {@link EFFECT_NUMBER_MAX} (in place). */
function capOngoing(ongoing: unknown): void {
  if (isObject(ongoing) && typeof ongoing.amount === "number" && ongoing.amount > EFFECT_NUMBER_MAX)
    ongoing.amount = EFFECT_NUMBER_MAX;
}

/**
 * v1 → v2: numbers stored beyond their bounds brought within them (a new object), by the
 * descriptions of the document's `system` (`fields`). Values a typed edit could not store
 * (Infinity, text) are left for validation to name.
 */
export function boundStoredNumbers(fields: FieldDescs, source: Readonly<Plain>): Plain {
  return clampNumbers(fields, source);
}

/**
 * Copy a migrated object's contents onto the raw source in place (Foundry's `migrateData`
 * contract mutates the source it is given): removes keys the migration dropped.
 */
export function replaceContents(target: Plain, next: Readonly<Plain>): void {
  for (const key of Object.keys(target)) if (!(key in next)) delete target[key];
  Object.assign(target, next);
}
