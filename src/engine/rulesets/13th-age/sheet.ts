/**
 * [SYS-RULESET] 13th Age's parts of the actor sheet: recoveries, the rally and death saves are the
 * PCs'; monsters are slain at 0 HP ([13A-DOWN]). An NPC the GM marks important makes death saves,
 * but monsters have no recoveries to spend or rally with.
 */
import type { SheetSlotPart } from "../../ruleset.js";
import { CHARACTERS, CHARACTERS_AND_IMPORTANT, EVERY_HOLDER, SHARED_SHEET_PARTS as P } from "../../sheet-parts.js";

export const SHEET_PARTS: readonly SheetSlotPart[] = [
  P.recoveriesBadge(CHARACTERS),
  P.deathSavesBadge(CHARACTERS_AND_IMPORTANT),
  P.deathSaves(CHARACTERS_AND_IMPORTANT),
  P.recoveries(CHARACTERS),
  P.baseSaveBonus(EVERY_HOLDER),
];
