/**
 * The ruleset stamp every actor and item carries in `flags["d20-combat"].ruleset` ([SYS-RULESET]):
 * which game the document was made for, so a document from another game is flagged instead of
 * silently misread. Pure helpers; the documents set the stamp on create.
 */
import type { RulesetId } from "../engine/types.js";
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
