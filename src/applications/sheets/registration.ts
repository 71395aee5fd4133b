/**
 * Which sheets the system registers and how (pure): core's V1 sheets are removed for the system's
 * types, then ours become the defaults. src/applications/sheets/register.ts makes the calls.
 */
import { SYSTEM_ID } from "../../constants.js";

/** The system's document types each sheet serves. */
const ACTOR_SHEET_TYPES = ["character", "npc"] as const;
export const ITEM_SHEET_TYPES = ["power", "weapon", "armor", "feature", "equipment"] as const;

/** The two calls of Foundry's v13 `DocumentSheetConfig` this module makes. */
export interface SheetConfigCalls<D, S> {
  registerSheet(
    documentClass: D,
    scope: string,
    sheetClass: S,
    options: { types: string[]; makeDefault: boolean; label: string },
  ): void;
  unregisterSheet(documentClass: D, scope: string, sheetClass: S, options?: { types: string[] }): void;
}

/** What is registered: the document classes, core's V1 sheets (absent once core drops them) and ours. */
export interface SheetRegistration<D, S> {
  actor: D;
  item: D;
  coreActorSheet: S | null | undefined;
  coreItemSheet: S | null | undefined;
  actorSheet: S;
  itemSheet: S;
}

/**
 * Unregister core's V1 sheets for our types and register ours as the defaults (plain calls on the
 * injected config, so the order and arguments are testable without Foundry).
 */
export function registerSheetsWith<D, S>(config: SheetConfigCalls<D, S>, r: SheetRegistration<D, S>): void {
  if (r.coreActorSheet) config.unregisterSheet(r.actor, "core", r.coreActorSheet, { types: [...ACTOR_SHEET_TYPES] });
  if (r.coreItemSheet) config.unregisterSheet(r.item, "core", r.coreItemSheet, { types: [...ITEM_SHEET_TYPES] });
  config.registerSheet(r.actor, SYSTEM_ID, r.actorSheet, {
    types: [...ACTOR_SHEET_TYPES],
    makeDefault: true,
    label: "D20C.Sheet.ActorSheet",
  });
  config.registerSheet(r.item, SYSTEM_ID, r.itemSheet, {
    types: [...ITEM_SHEET_TYPES],
    makeDefault: true,
    label: "D20C.Sheet.ItemSheet",
  });
}
