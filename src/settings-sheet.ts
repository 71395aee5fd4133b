/**
 * World setting of the actor sheets: whether players rewrite the stat blocks of the NPCs they own
 * (a companion, a summon, a hireling). Off by default: an owner plays such an NPC (attacks, usage,
 * hit points, conditions) and the GM keeps its numbers. Registered with the sheets in `init`.
 */
import { SYSTEM_ID } from "./constants.js";
import { settingOr, worldSetting } from "./settings.js";

const NPC_BLOCK_PLAYERS_KEY = "npcBlockPlayers";

/** Register the sheet settings (world scope, in Configure Settings). */
export function registerSheetSettings(): void {
  game.settings.register(
    SYSTEM_ID,
    NPC_BLOCK_PLAYERS_KEY,
    worldSetting("D20C.Settings.NpcBlockPlayers", { type: Boolean, default: false }),
  );
}

/** Whether players may edit the stat blocks of the NPCs they own (false before the setting exists). */
export function playersEditNpcBlocks(): boolean {
  return settingOr(() => game.settings.get(SYSTEM_ID, NPC_BLOCK_PLAYERS_KEY) === true, false);
}
