/**
 * Register the system's actor and item sheets as the defaults (call once in `init`).
 */
import { SYSTEM_ID } from "../../constants.js";
import { D20ActorSheet } from "./actor-sheet.js";
import { D20ItemSheet } from "./item-sheet.js";

export function registerSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, D20ActorSheet as never, {
    types: ["character", "npc"],
    makeDefault: true,
    label: "D20C.Sheet.ActorSheet",
  });
  DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, D20ItemSheet as never, {
    types: ["power", "weapon", "armor", "feature"],
    makeDefault: true,
    label: "D20C.Sheet.ItemSheet",
  });
}
