/**
 * The ruleset stamp every actor and item carries in `flags["d20-combat"].ruleset` ([SYS-RULESET]):
 * which game the document was made for, so a document from another game is flagged instead of
 * silently misread. Pure helpers; the documents set the stamp on create.
 */
import { ABILITY_KEYS, type AbilityKey, type RulesetId } from "../engine/types.js";
import { isRulesetId } from "../engine/registry.js";

/** The flags this system keeps on actors and items. */
export interface SystemDocumentFlags {
  ruleset?: RulesetId;
  schemaVersion?: number;
}

/**
 * The flags to add on create: the active ruleset and schema version, keeping a stamp the source
 * already has (a monster imported from another game keeps saying so). Null = nothing to add.
 */
export function stampOnCreate(
  existing: SystemDocumentFlags | undefined,
  active: RulesetId,
  schemaVersion: number,
): SystemDocumentFlags | null {
  const out: SystemDocumentFlags = {};
  if (!isRulesetId(existing?.ruleset)) out.ruleset = active;
  if (typeof existing?.schemaVersion !== "number") out.schemaVersion = schemaVersion;
  return Object.keys(out).length ? out : null;
}

/** The other ruleset a document was made for, or null when it matches (or has no stamp). */
export function rulesetMismatch(stamp: unknown, active: RulesetId): RulesetId | null {
  return isRulesetId(stamp) && stamp !== active ? stamp : null;
}

/**
 * The speed a new actor starts with: the active game's default ([HD-TURN]: 60 ft) when the creation
 * data names no speed (a compendium creature or a typed-in speed keeps its own). Null = keep what
 * the data model gives (the game has no default of its own, or the data already has a speed).
 */
export function speedOnCreate(createData: unknown, defaultSpeed: number | undefined): number | null {
  if (typeof defaultSpeed !== "number" || !Number.isFinite(defaultSpeed) || defaultSpeed < 0) return null;
  if (typeof createData !== "object" || createData === null) return defaultSpeed;
  const data = createData as Record<string, unknown>;
  if (typeof data["system.speed"] === "number") return null;
  const system = data.system;
  if (typeof system === "object" && system !== null) {
    const speed = (system as Record<string, unknown>).speed;
    if (typeof speed === "number" && Number.isFinite(speed)) return null;
  }
  return defaultSpeed;
}

/** The object under `key` of a record, or an empty one. */
function recordAt(node: unknown, key: string): Record<string, unknown> {
  const value = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

/** Whether creation data names one ability (nested, or as a flat dotted key at either level). */
function namesAbility(createData: unknown, key: AbilityKey): boolean {
  const data = typeof createData === "object" && createData !== null ? (createData as Record<string, unknown>) : {};
  const system = recordAt(data, "system");
  return `system.abilities.${key}` in data || `abilities.${key}` in system || key in recordAt(system, "abilities");
}

/**
 * The abilities a new actor starts with: the active game's defaults (a game reading abilities as
 * modifiers starts them at 0) for every ability the creation data does not name. Null = keep what
 * the data model gives (the game has no defaults of its own, or the data names every ability).
 */
export function abilitiesOnCreate(
  createData: unknown,
  defaults: Readonly<Record<AbilityKey, number>> | undefined,
): Partial<Record<AbilityKey, number>> | null {
  if (!defaults) return null;
  const out: Partial<Record<AbilityKey, number>> = {};
  for (const key of ABILITY_KEYS)
    if (!namesAbility(createData, key) && Number.isFinite(defaults[key])) out[key] = defaults[key];
  return Object.keys(out).length ? out : null;
}

/** The level creation data names (nested or flat), or null when it names none. */
function levelIn(createData: unknown): number | null {
  const data = typeof createData === "object" && createData !== null ? (createData as Record<string, unknown>) : {};
  const level = data["system.level"] ?? recordAt(data, "system").level;
  return typeof level === "number" && Number.isFinite(level) ? Math.max(0, Math.trunc(level)) : null;
}

/**
 * The recoveries a new actor starts with, left and most: the active game's count for its level
 * (Hundred Dungeons: one hit die per level; level 1 when the data names none). Null = keep what the
 * data model gives (the game has no count of its own, or the creation data names its recoveries).
 */
export function recoveriesOnCreate(
  createData: unknown,
  startingRecoveries: ((level: number) => number) | undefined,
): { value: number; max: number } | null {
  if (!startingRecoveries) return null;
  const data = typeof createData === "object" && createData !== null ? (createData as Record<string, unknown>) : {};
  const system = recordAt(data, "system");
  const named = (k: string) =>
    `system.recoveries.${k}` in data || `recoveries.${k}` in system || k in recordAt(system, "recoveries");
  if (named("value") || named("max")) return null;
  const count = startingRecoveries(levelIn(createData) ?? 1);
  return Number.isFinite(count) && count >= 0 ? { value: Math.trunc(count), max: Math.trunc(count) } : null;
}

/**
 * The prototype token settings this system gives a new player character (the document maps the
 * disposition and bar mode names to Foundry's `CONST` values).
 */
interface CharacterTokenDefaults {
  actorLink?: true;
  disposition?: "FRIENDLY";
  displayBars?: "OWNER";
}

/**
 * What a new player character's prototype token gets beyond core's defaults: linked to the actor,
 * friendly, and its HP bar shown to its owners (core already points bar 1 at the system's primary
 * token attribute, `hp`, and otherwise leaves tokens unlinked, hostile, with bars hidden). A value
 * the creation data names is kept (an imported or duplicated character keeps its token). NPCs get
 * nothing. Null = nothing to set.
 */
export function prototypeTokenOnCreate(type: string, createData: unknown): CharacterTokenDefaults | null {
  if (type !== "character") return null;
  const data = typeof createData === "object" && createData !== null ? (createData as Record<string, unknown>) : {};
  const token = recordAt(data, "prototypeToken");
  const named = (key: string) => key in token || `prototypeToken.${key}` in data;
  const out: CharacterTokenDefaults = {};
  if (!named("actorLink")) out.actorLink = true;
  if (!named("disposition")) out.disposition = "FRIENDLY";
  if (!named("displayBars")) out.displayBars = "OWNER";
  return Object.keys(out).length ? out : null;
}
