/**
 * Registration of the attack workflow (called once from the init hook in src/d20-combat.ts):
 * roll classes, settings, the GM relay on the system socket, the roll hook, card templates, scrolling numbers, and the
 * follow-up rolls the rules ask for after a token-HUD HP edit.
 */
import { registerEffectLinkGuard } from "./effect-links.js";
import { SYSTEM_ID } from "../constants.js";
import { preloadChatTemplates } from "./chat-render.js";
import { registerRolls } from "../dice/rolls.js";
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import type { RuleResult } from "../engine/types.js";
import { registerAttackSettings } from "../settings-attack.js";
import { registerSceneSettings } from "../settings-scene.js";
import { registerSceneBands } from "./scene-bands.js";
import { registerRelay } from "../socket.js";
import { SAVE_QUERY, onSaveQuery, registerSaveRollerSetting } from "./owner-saves.js";
import { RELAY_REQUESTS } from "./relay-table.js";
import { registerActHooks } from "./acts.js";
import { registerAuraHooks } from "./auras.js";
import { registerAuraRings } from "../canvas/aura-rings.js";
import { onCardCreated, onCardDeleted, onCardDeleting, onCardUpdated, reconcileRecentCards } from "./card-ledger.js";
import { registerChatIndex } from "./chat-index.js";
import { registerRollHook } from "./roll-hook.js";
import { registerScrollingText } from "./scrolling-text.js";
import { setSpendFollower } from "./actions.js";
import { followSpend } from "./spend-follow.js";
import { commitSheetRoll, foundryRoller } from "./saves.js";
import { runRequests } from "../engine/plans/requests.js";
import { engineSource } from "./foundry-docs.js";

/** Rolls the rules ask for after an HP edit outside a card (token HUD): roll them, write, post. */
async function followRuleResult(actor: Actor.Implementation, result: RuleResult): Promise<void> {
  if (!result.requests.length || !actor.isOwner) return;
  const { roll, made } = foundryRoller(actor);
  const options = ruleOptions();
  const followed = await runRequests(
    activeRuleset(),
    engineSource(actor),
    actor.id ?? "",
    result.requests,
    roll,
    options,
  );
  await commitSheetRoll(
    actor,
    "D20C.Chat.RulesRolls",
    { next: followed.actor, events: followed.events, rolls: followed.rolls },
    made,
  );
}

export function registerAttackWorkflow(): void {
  registerRolls();
  registerAttackSettings();
  registerSaveRollerSetting();
  registerSceneSettings();
  registerSceneBands();
  registerRelay(RELAY_REQUESTS);
  // [SYS-MONSTERS] this client rolls its creatures' saves when an attacker asks (owner-saves.ts).
  CONFIG.queries[SAVE_QUERY] = onSaveQuery;
  registerRollHook();
  registerScrollingText();
  // The chat index first: the hooks after it look a card's ledger up through it.
  registerChatIndex();
  Hooks.on("createChatMessage", (message) => onCardCreated(message as ChatMessage));
  Hooks.on("updateChatMessage", (message, changed, _options, userId) =>
    onCardUpdated(message as ChatMessage, changed, userId),
  );
  Hooks.on("preDeleteChatMessage", (message, _options, userId) => onCardDeleting(message as ChatMessage, userId));
  Hooks.on("deleteChatMessage", (message, _options, userId) => onCardDeleted(message as ChatMessage, userId));
  Hooks.once("ready", () => {
    void reconcileRecentCards().catch((err: unknown) => console.error(`${SYSTEM_ID} | card ledger`, err));
  });
  setSpendFollower(followSpend);
  registerActHooks();
  registerAuraHooks();
  registerAuraRings();
  registerEffectLinkGuard();
  Hooks.on(`${SYSTEM_ID}.ruleResult`, (actor, result) => {
    void followRuleResult(actor, result);
  });
  void preloadChatTemplates();
}
