/**
 * [SYS-RULESET] FFd20's parts of the actor sheet: healing surges (recoveries, second wind as the
 * rally) and death saves. [FF-DEATH] (our Open choice): only PCs and important NPCs follow the dying
 * rules, so other NPCs show no surges, second wind or death saves. Insubstantial is one of its
 * fields (`fields.ts`), shown with the game's other fields.
 */
import type { SheetSlotPart } from "../../ruleset.js";
import { CHARACTERS_AND_IMPORTANT, EVERY_HOLDER, SHARED_SHEET_PARTS as P } from "../../sheet-parts.js";

export const SHEET_PARTS: readonly SheetSlotPart[] = [
  P.recoveriesBadge(CHARACTERS_AND_IMPORTANT),
  P.deathSavesBadge(CHARACTERS_AND_IMPORTANT),
  P.deathSaves(CHARACTERS_AND_IMPORTANT),
  P.recoveries(CHARACTERS_AND_IMPORTANT),
  P.baseSaveBonus(EVERY_HOLDER),
];
