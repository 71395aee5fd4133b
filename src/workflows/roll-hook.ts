/**
 * The roll hook ([SYS-ROLLHOOK]): before a chat message with a d20 roll is created by this user
 * while tokens are targeted, resolve the roll against every target (src/engine/plans/roll-hook.ts) and store
 * the outcomes in the message flags; the card hooks show them under the roll.
 */
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { publicLooseRoll } from "../engine/plans/card-secrets.js";
import { d20FromRollJson, decideLooseRoll, inlineRollJson } from "../engine/plans/roll-hook.js";
import { cardVisibility } from "../settings-attack.js";
import { isCardMessage } from "./card-messages.js";
import { targetSnapshots } from "./foundry-docs.js";
import { rollResolvedHook } from "./hooks.js";

/** Register the preCreateChatMessage hook (init). */
export function registerRollHook(): void {
  Hooks.on("preCreateChatMessage", (message, _data, _options, userId) => {
    try {
      if (userId !== game.user.id || game.user.targets.size === 0) return;
      // Our own cards decide their targets themselves.
      if (message.flags[SYSTEM_ID] || isCardMessage(message)) return;
      if (message.flags.core?.initiativeRoll) return; // initiative is not an attack
      const rolls = [...(message.rolls ?? []).map((r) => r.toJSON()), ...inlineRollJson(String(message.content ?? ""))];
      const roll = rolls.map(d20FromRollJson).find((r) => r !== null);
      if (!roll) return;
      const loose = decideLooseRoll(activeRuleset(), ruleOptions(), roll, targetSnapshots());
      // Every client receives the message: only what the world lets everyone see goes in it, and
      // the hook hears what the message carries.
      const shown = publicLooseRoll(loose, cardVisibility());
      message.updateSource({ flags: { [SYSTEM_ID]: { loose: shown } } });
      rollResolvedHook(shown);
    } catch (err) {
      console.warn(`${SYSTEM_ID} | roll hook could not resolve the roll against the targets`, err);
    }
  });
}
