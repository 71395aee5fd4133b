/**
 * Registration of the combat tracker and turn automation: document classes, settings, templates
 * and hooks. Called once from the `init` hook (src/d20-combat.ts).
 */
import { activeRuleset } from "../../active-ruleset.js";
import { SYSTEM_ID } from "../../constants.js";
import { D20Combat } from "../../documents/combat.js";
import { D20Combatant } from "../../documents/combatant.js";
import { registerCombatSettings } from "../../settings-combat.js";
import {
  COMBATANT_CONTROLS_TEMPLATE,
  SIMULTANEOUS_TEMPLATE,
  TRACKER_HEADER_TEMPLATE,
  onRenderCombatTracker,
} from "./tracker.js";
import { TURN_SUMMARY_TEMPLATE, onRenderTurnLine } from "../../workflows/turn-chat.js";
import { TurnSummaryData } from "../../workflows/turn-summary-model.js";
import { TURN_SUMMARY_TYPE } from "../../workflows/turn-summary-data.js";

/** Wire combat into Foundry. */
export function registerCombat(): void {
  CONFIG.Combat.documentClass = D20Combat;
  CONFIG.Combatant.documentClass = D20Combatant;
  // Turn summaries are typed messages (system.json documentTypes.ChatMessage).
  CONFIG.ChatMessage.dataModels = { ...CONFIG.ChatMessage.dataModels, [TURN_SUMMARY_TYPE]: TurnSummaryData };
  registerCombatSettings();
  // World time advances by the game's round length ([HD-ROUND] 20 s) when the tracker moves on a round.
  const roundSeconds = activeRuleset().roundSeconds;
  if (roundSeconds) CONFIG.time.roundTime = roundSeconds;
  void foundry.applications.handlebars.loadTemplates([
    TRACKER_HEADER_TEMPLATE,
    SIMULTANEOUS_TEMPLATE,
    COMBATANT_CONTROLS_TEMPLATE,
    TURN_SUMMARY_TEMPLATE,
  ]);
  Hooks.on("renderCombatTracker", (app: unknown, html: HTMLElement) => {
    onRenderCombatTracker(app, html).catch((err) => console.error(`${SYSTEM_ID} | combat tracker additions`, err));
  });
  Hooks.on("renderChatMessageHTML", (message: ChatMessage, html: HTMLElement) => onRenderTurnLine(message, html));
}
