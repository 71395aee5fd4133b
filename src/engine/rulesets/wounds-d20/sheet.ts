/**
 * [SYS-RULESET] Wounds d20's parts of the actor sheet: damage counted up against hit points with the
 * wound total, the wound track and Constitution damage, the base combat and save bonuses, and
 * death saves, which every creature makes ([WD-DAMAGE], [WD-DYING]); recovery dice
 * ([WD-RECOVERY]) are the resting party's. No in-combat rally.
 */
import type { SheetSlotPart } from "../../ruleset.js";
import { CHARACTERS, EVERY_HOLDER, SHARED_SHEET_PARTS as P, gameSheetPart } from "../../sheet-parts.js";

export const SHEET_PARTS: readonly SheetSlotPart[] = [
  gameSheetPart("wounds-d20", "hp", "hp"),
  P.recoveriesBadge(CHARACTERS),
  P.deathSavesBadge(EVERY_HOLDER),
  P.deathSaves(EVERY_HOLDER),
  P.recoveries(CHARACTERS),
  gameSheetPart("wounds-d20", "wounds", "combatEnd"),
  gameSheetPart("wounds-d20", "base-combat-bonus", "bonuses"),
  P.baseSaveBonus(EVERY_HOLDER),
];
