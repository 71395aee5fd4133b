/**
 * [SYS-RULESET] The actor-sheet parts several games share (recoveries, death saves, the base save
 * bonus), for a game's `sheetParts` to list with the holders its rules give them. A part only one
 * game has lives in that game's folder (`templates/games/<id>/`, listed in `rulesets/<id>/sheet.ts`).
 * The sheet names no game's block: it writes, at each of its slots, the parts the game lists there.
 */
import type { SheetHolderKind, SheetSlot, SheetSlotPart } from "./ruleset.js";

/** Where the built-in sheet's templates are served from. */
export const SHEET_TEMPLATES = "systems/d20-combat/templates";

/** Every holder: characters, NPCs and important NPCs. */
export const EVERY_HOLDER: readonly SheetHolderKind[] = ["character", "npc", "importantNpc"];
/** Characters only. */
export const CHARACTERS: readonly SheetHolderKind[] = ["character"];
/** Characters and the NPCs the GM marked important. */
export const CHARACTERS_AND_IMPORTANT: readonly SheetHolderKind[] = ["character", "importantNpc"];

const shared = (id: string, slot: SheetSlot, holders: readonly SheetHolderKind[]): SheetSlotPart => ({
  id,
  slot,
  template: `${SHEET_TEMPLATES}/actor/parts/${id}.hbs`,
  holders,
});

/** The shared parts, each for the holders a game gives it. */
export const SHARED_SHEET_PARTS = {
  /** The recoveries count beside the defenses (13th Age recoveries, surges, hit dice, recovery dice). */
  recoveriesBadge: (holders: readonly SheetHolderKind[]) => shared("recoveries-badge", "badges", holders),
  /** The death-save tally beside the defenses. */
  deathSavesBadge: (holders: readonly SheetHolderKind[]) => shared("death-saves-badge", "badges", holders),
  /** The death-save roll and tallies among the resources. */
  deathSaves: (holders: readonly SheetHolderKind[]) => shared("death-saves", "resources", holders),
  /** Spending a recovery (and the rally, where the game's words name one) among the resources. */
  recoveries: (holders: readonly SheetHolderKind[]) => shared("recoveries", "resources", holders),
  /** The base save bonus input among the bonuses. */
  baseSaveBonus: (holders: readonly SheetHolderKind[]) => shared("base-save-bonus", "bonuses", holders),
} as const;

/** One game's own part, its template in `templates/games/<game>/<id>.hbs`. */
export function gameSheetPart(
  game: string,
  id: string,
  slot: SheetSlot,
  holders: readonly SheetHolderKind[] = EVERY_HOLDER,
): SheetSlotPart {
  return { id, slot, template: `${SHEET_TEMPLATES}/games/${game}/${id}.hbs`, holders };
}
