/**
 * Pure preparation helpers the data models and documents use: armor from equipped items, the
 * engine's view of an actor, derived values with a safe fallback, and the change set between two
 * actor sources. No Foundry globals.
 */
import { abilityModifier, clonePlain } from "../engine/common.js";
import type { FieldDescs } from "../engine/fields.js";
import { worldActorFields } from "../engine/registry.js";
import type { Ruleset } from "../engine/ruleset.js";
import type { ActorKind, ActorSource, ArmorSummary, DerivedActor, RuleOptions } from "../engine/types.js";
import { ABILITY_KEYS } from "../engine/types.js";

let keysFor: FieldDescs | null = null;
let worldKeys: readonly string[] = [];

/**
 * The stored actor keys of the world: the core's plus every registered game's `actorFields` (so a
 * game registered later reaches its own field), read from the registry. Cached while they stay.
 */
function actorSourceKeys(): readonly string[] {
  const fields = worldActorFields();
  if (fields !== keysFor) {
    keysFor = fields;
    worldKeys = Object.keys(fields);
  }
  return worldKeys;
}

/** What an armor item contributes (its `system`). */
export interface ArmorItemData {
  armorBonus: number;
  shieldBonus: number;
  maxDex: number | null;
  heavy: boolean;
  equipped: boolean;
}

/**
 * Add equipped armor items onto the actor's own armor values (which act as the base and as the
 * Active Effect target): bonuses add up, the tightest Dex cap wins, any heavy piece makes it heavy.
 */
export function combineArmor(base: ArmorSummary, items: readonly ArmorItemData[]): ArmorSummary {
  const out: ArmorSummary = { ...base };
  for (const item of items) {
    if (!item.equipped) continue;
    out.armorBonus += item.armorBonus;
    out.shieldBonus += item.shieldBonus;
    if (item.maxDex !== null) out.maxDex = out.maxDex === null ? item.maxDex : Math.min(out.maxDex, item.maxDex);
    out.heavy ||= item.heavy;
  }
  return out;
}

/** Anything holding an actor's system fields: a plain record, or the actor data model itself. */
export type ActorSystemLike = { readonly [K in Exclude<keyof ActorSource, "kind">]?: unknown };

/**
 * The engine's plain view of an actor's (prepared) system data: a deep copy, `kind` from the type.
 * The fields are gathered first and copied in one pass (one copy per field cost more than the
 * derivation it feeds when a world prepares hundreds of actors).
 */
export function toActorSource(kind: ActorKind, system: ActorSystemLike): ActorSource {
  return { kind, ...clonePlain(storedFields(system)) } as unknown as ActorSource;
}

/**
 * The same view without the copy: its fields are the prepared data's own, for a decision that only
 * reads the actor (an attack's targets). Nothing may change it or keep it.
 */
export function actorSourceView(kind: ActorKind, system: ActorSystemLike): ActorSource {
  return { kind, ...storedFields(system) } as unknown as ActorSource;
}

function storedFields(system: ActorSystemLike): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const stored: Readonly<Record<string, unknown>> = system;
  for (const key of actorSourceKeys()) fields[key] = stored[key];
  return fields;
}

/**
 * The engine's view with the actor's active status effects (token HUD toggles, effect statuses)
 * counted as conditions too: one list for the rules. Foundry collects `Actor#statuses` while
 * applying Active Effects, before `prepareDerivedData`, so the data model and the document read the
 * same list. Returns a new source; duplicates are dropped, stored conditions come first.
 */
export function withStatuses(source: ActorSource, statuses: Iterable<string> | null | undefined): ActorSource {
  return { ...source, conditions: [...new Set([...source.conditions, ...(statuses ?? [])])] };
}

/**
 * The inverse of {@link withStatuses} for writing an engine answer back: drops from `next` the
 * conditions that only came from status effects (in `statuses` but not stored), so a token's
 * status is never baked into `system.conditions` when the engine changes the list (it would stay
 * after the effect is removed). Conditions the engine adds or removes otherwise pass through.
 */
export function withoutStatuses(
  next: ActorSource,
  storedConditions: readonly string[],
  statuses: Iterable<string> | null | undefined,
): ActorSource {
  const stored = new Set(storedConditions);
  const statusOnly = new Set([...(statuses ?? [])].filter((s) => !stored.has(s)));
  if (statusOnly.size === 0) return next;
  return { ...next, conditions: next.conditions.filter((c) => !statusOnly.has(c)) };
}

/** Derived values when the ruleset cannot derive (missing module, bad data): plain, never NaN. */
function fallbackDerived(actor: ActorSource): DerivedActor {
  const abilityMods = Object.fromEntries(
    ABILITY_KEYS.map((k) => [k, abilityModifier(actor.abilities[k])]),
  ) as DerivedActor["abilityMods"];
  const defenses: Record<string, number> = {};
  for (const [key, d] of Object.entries(actor.defenses)) defenses[key] = (d.base ?? 10) + d.bonus;
  return {
    abilityMods,
    defenses,
    attackPenalties: [],
    defensePenalties: [],
    initiative: actor.initiativeBonus,
    saves: {},
    bloodied: false,
    wounded: false,
    damageTaken: Math.max(0, actor.hp.max - actor.hp.value),
    statusLabels: [],
  };
}

/**
 * Derive an actor's values with a ruleset; a ruleset that throws (bad data mid-edit) gives the
 * fallback and the error, so a sheet still opens.
 */
export function deriveSafely(
  ruleset: Ruleset,
  actor: ActorSource,
  options: RuleOptions,
): { derived: DerivedActor; error: Error | null } {
  try {
    if (typeof ruleset.deriveActor !== "function")
      throw new Error(`ruleset ${String(ruleset.id)} cannot derive actors yet`);
    return { derived: ruleset.deriveActor(actor, options), error: null };
  } catch (err) {
    return { derived: fallbackDerived(actor), error: err instanceof Error ? err : new Error(String(err)) };
  }
}

type Json = unknown;

function sameJson(a: Json, b: Json): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The nested change set that turns `current` into `next` (plain objects recursed, arrays and
 * scalars replaced whole), or null when nothing changed. Keys only in `current` are left alone.
 */
function changedFields(
  current: Readonly<Record<string, Json>>,
  next: Readonly<Record<string, Json>>,
): Record<string, Json> | null {
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(next)) {
    const before = current[key];
    const bothObjects =
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      typeof before === "object" &&
      before !== null &&
      !Array.isArray(before);
    if (bothObjects) {
      const inner = changedFields(before as Record<string, Json>, value as Record<string, Json>);
      if (inner) out[key] = inner;
    } else if (!sameJson(before, value)) {
      out[key] = clonePlain(value);
    }
  }
  return Object.keys(out).length ? out : null;
}

/** The `system` change set an engine answer asks for, against the stored source; null = no change. */
export function actorSystemChanges(
  storedSystem: Readonly<Record<string, Json>>,
  next: ActorSource,
): Record<string, Json> | null {
  const wanted: Record<string, Json> = {};
  const source: Readonly<Record<string, Json>> = next;
  for (const key of actorSourceKeys()) wanted[key] = source[key];
  return changedFields(storedSystem, wanted);
}

/** Values formulas reach as `@…` ([SYS-ROLLHOOK]): abilities, their modifiers, level, escalation die. */
export interface ActorRollData {
  abilities: Record<string, number>;
  mods: Record<string, number>;
  /** `@str` etc. are the modifiers, the most common formula need. */
  [ability: string]: unknown;
  level: number;
  escalation: number;
  /** What an ability added to damage is multiplied by (13th Age tiers: 1, 2, 3; every other game 1). */
  tier: number;
}

/** Build an actor's roll data from its source and derived values. */
export function actorRollData(actor: ActorSource, derived: DerivedActor, escalation: number): ActorRollData {
  const data: ActorRollData = {
    abilities: { ...actor.abilities },
    mods: { ...derived.abilityMods },
    level: actor.level,
    halfLevel: Math.floor(actor.level / 2),
    escalation,
    baseCombatBonus: actor.baseCombatBonus,
    renown: actor.renown,
    defenses: { ...derived.defenses },
    tier: derived.tier ?? 1,
  };
  for (const k of ABILITY_KEYS) data[k] = derived.abilityMods[k];
  return data;
}
