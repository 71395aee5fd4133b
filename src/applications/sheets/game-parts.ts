/**
 * [SYS-RULESET] The active game's own parts of the actor sheet (`Ruleset.sheetParts`), as the
 * sheet's render parts and their data (pure). A game without parts adds nothing: the sheet and
 * its context stay exactly as they were.
 */
import type { Ruleset } from "../../engine/ruleset.js";
import type { ActorSource, DerivedActor } from "../../engine/types.js";

/** The render parts of the game's sheet parts, after the sheet's own: `game-<id>` → its template. */
export function gameSheetParts(ruleset: Pick<Ruleset, "sheetParts">): Record<string, { template: string }> {
  return Object.fromEntries((ruleset.sheetParts ?? []).map((p) => [`game-${p.id}`, { template: p.template }]));
}

/** `{ gameParts: { <id>: data } }` for the templates of the game's parts; `{}` when it has none. */
export function gamePartsContext(
  ruleset: Pick<Ruleset, "sheetParts">,
  actor: ActorSource,
  derived: DerivedActor,
): { gameParts?: Record<string, Record<string, unknown>> } {
  const parts = ruleset.sheetParts ?? [];
  if (parts.length === 0) return {};
  return { gameParts: Object.fromEntries(parts.map((p) => [p.id, p.context(actor, derived)])) };
}
