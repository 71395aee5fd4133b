/**
 * Who sees a card: the create option for the user's current mode.
 * - v13: the roll mode, core setting `rollMode`, create option `rollMode` (API v13
 *   `ChatMessage.applyRollMode`, https://foundryvtt.com/api/v13/classes/foundry.documents.ChatMessage.html);
 * - v14: the message mode, core setting `messageMode`, create option `messageMode`, a key of
 *   `CONFIG.ChatMessage.modes` (public, gm, blind, self, ic; API v14
 *   https://foundryvtt.com/api/v14/variables/CONFIG.ChatMessage.html). The in-character mode ("ic")
 *   is for speech, not rolls: a roll card posted in it goes out public, as dnd5e 5.3 maps it.
 */
import { foundryGeneration } from "./generation.js";

/** The v14 message mode a roll card is posted in, for the user's chosen mode. */
export function rollCardMessageMode(mode: string): string {
  return mode === "ic" ? "public" : mode;
}

/** Which setting and option the generation uses: `["messageMode", mode]` on v14, `["rollMode", mode]` on v13. */
export function messageModeSetting(generation: number = foundryGeneration()): "messageMode" | "rollMode" {
  return generation >= 14 ? "messageMode" : "rollMode";
}
