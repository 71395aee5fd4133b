/**
 * Register the system's actor and item sheets as the defaults (call once in `init`), replacing
 * core's V1 sheets for the system's document types so a player never lands on core's blank sheet.
 */
import { D20ActorSheet } from "./actor-sheet.js";
import { D20ItemSheet } from "./item-sheet.js";
import { loadEffectTemplates } from "../../workflows/effects.js";
import { registerStatusDurationPrompt } from "../../workflows/status-duration.js";
import { registerRegionObscurement } from "../../canvas/region-obscurement.js";
import { registerSheetsWith, type SheetConfigCalls } from "./registration.js";
import { registerHotbarAttacks } from "./hotbar.js";
import { registerSheetSettings } from "../../settings-sheet.js";

/** Foundry's V1 core sheets, where this Foundry version still ships them (v13–v15). */
function coreV1Sheets(): { actor: unknown; item: unknown } {
  const appv1 = (foundry as unknown as { appv1?: { sheets?: { ActorSheet?: unknown; ItemSheet?: unknown } } }).appv1;
  return { actor: appv1?.sheets?.ActorSheet, item: appv1?.sheets?.ItemSheet };
}

/** Replace core's V1 sheets with the system's actor and item sheets (call once in `init`). */
export function registerSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  registerSheetSettings();
  const core = coreV1Sheets();
  registerSheetsWith(DocumentSheetConfig as unknown as SheetConfigCalls<unknown, unknown>, {
    actor: Actor,
    item: Item,
    coreActorSheet: core.actor,
    coreItemSheet: core.item,
    actorSheet: D20ActorSheet,
    itemSheet: D20ItemSheet,
  });
  refreshSheetsOnEscalation();
  refreshSheetsOnActions();
  loadEffectTemplates();
  registerStatusDurationPrompt();
  registerHotbarAttacks();
  registerRegionObscurement();
}

/** The Actions panel shows the combatant's actions left: re-render its actor's open sheets when they change. */
function refreshSheetsOnActions(): void {
  Hooks.on("updateCombatant", (combatant) => {
    const uuid = combatant.actor?.uuid;
    for (const app of foundry.applications.instances.values()) {
      if (app instanceof D20ActorSheet && app.rendered && app.document.uuid === uuid) void app.render();
    }
  });
}

/**
 * The attack list shows bonuses with the escalation die: re-render open actor sheets when the
 * viewed combat's round or escalation flags change, so the numbers stay current.
 */
function refreshSheetsOnEscalation(): void {
  Hooks.on("updateCombat", (_combat, change) => {
    if (!("round" in change) && !("flags" in change)) return;
    for (const app of foundry.applications.instances.values()) {
      if (app instanceof D20ActorSheet && app.rendered) void app.render();
    }
  });
}
