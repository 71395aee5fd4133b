/**
 * [SYS-RULESET] Hundred Dungeons' parts of the actor sheet: hit dice ride on recoveries and the
 * dying check on the death-save button; exhaustion, renown and weapon skills are its own. No rally.
 * [HD-ENEMYDEATH] enemies die at 0 HP and spend no hit dice; an important one goes dying, so it
 * keeps the dying check (not hit dice). A monster's attack bonus is printed in its stat block: no
 * renown or weapon skills (a character's) on its sheet. [HD-MIGHTY] A monster's stat block toggles
 * its Pack Tactics (`attackTraits` holds `packTactics`): its attacks are mighty while an ally able to
 * act stands next to the target.
 */
import type { SheetHolderKind, SheetSlotPart } from "../../ruleset.js";
import { CHARACTERS, CHARACTERS_AND_IMPORTANT, SHARED_SHEET_PARTS as P, gameSheetPart } from "../../sheet-parts.js";

/** Monsters' sheets (plain and important). */
const NPCS: readonly SheetHolderKind[] = ["npc", "importantNpc"];

export const SHEET_PARTS: readonly SheetSlotPart[] = [
  P.recoveriesBadge(CHARACTERS),
  P.deathSavesBadge(CHARACTERS_AND_IMPORTANT),
  P.deathSaves(CHARACTERS_AND_IMPORTANT),
  P.recoveries(CHARACTERS),
  gameSheetPart("hundred-dungeons", "exhaustion", "resourcesEnd"),
  gameSheetPart("hundred-dungeons", "renown", "bonuses", CHARACTERS),
  // [HD-MIGHTY] a monster's Pack Tactics, set by the GM in its stat block (the scene reads it).
  gameSheetPart("hundred-dungeons", "pack-tactics", "statBlock", NPCS),
];
