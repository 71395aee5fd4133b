/**
 * World settings of the attack workflow: who sees the targets' defenses and the odds on attack
 * cards. Registered from the workflow registration in the `init` hook.
 */
import { SYSTEM_ID } from "./constants.js";
import { settingOr, worldSetting } from "./settings.js";
import { CARD_VISIBILITY_CHOICES, type CardVisibility } from "./engine/plans/card-secrets.js";
import {
  SITUATION_ASK_CHOICES,
  USER_SITUATION_ASK_CHOICES,
  situationAskOf,
  type SituationAsk,
} from "./engine/views/situation-ask.js";

export type { CardVisibility } from "./engine/plans/card-secrets.js";
const CARD_VISIBILITY_KEY = "cardVisibility";
const SITUATION_ASK_KEY = "situationDialog";
const USER_SITUATION_ASK_KEY = "situationDialogUser";

/** Register the attack-card settings (world scope, in Configure Settings). */
export function registerAttackSettings(): void {
  game.settings.register(
    SYSTEM_ID,
    CARD_VISIBILITY_KEY,
    worldSetting("D20C.Settings.CardVisibility", {
      type: String,
      choices: Object.fromEntries(CARD_VISIBILITY_CHOICES.map((c) => [c, `D20C.Settings.CardVisibility.Choices.${c}`])),
      default: "owners",
    }),
  );
  // Issue 45: the situation dialog only when the scene and data leave a question (world), and
  // each user's own choice (client) that may follow the world's.
  game.settings.register(
    SYSTEM_ID,
    SITUATION_ASK_KEY,
    worldSetting("D20C.Calm.Settings.SituationDialog", {
      type: String,
      choices: Object.fromEntries(
        SITUATION_ASK_CHOICES.map((c) => [c, `D20C.Calm.Settings.SituationDialog.Choices.${c}`]),
      ),
      default: "needed",
    }),
  );
  game.settings.register(SYSTEM_ID, USER_SITUATION_ASK_KEY, {
    ...worldSetting("D20C.Calm.Settings.SituationDialogUser", {
      type: String,
      choices: Object.fromEntries(
        USER_SITUATION_ASK_CHOICES.map((c) => [c, `D20C.Calm.Settings.SituationDialog.Choices.${c}`]),
      ),
      default: "world",
    }),
    scope: "client",
  });
}

/** When this user's attacks open the situation dialog (`needed` before the settings exist). */
export function situationAsk(): SituationAsk {
  const world = settingOr(() => {
    const v: string = game.settings.get(SYSTEM_ID, SITUATION_ASK_KEY);
    return SITUATION_ASK_CHOICES.find((c) => c === v) ?? "needed";
  }, "needed" as SituationAsk);
  const user = settingOr(() => {
    const v: string = game.settings.get(SYSTEM_ID, USER_SITUATION_ASK_KEY);
    return USER_SITUATION_ASK_CHOICES.find((c) => c === v) ?? "world";
  }, "world" as const);
  return situationAskOf(world, user);
}

/** The current card visibility (falls back to `owners` before the setting exists). */
export function cardVisibility(): CardVisibility {
  return settingOr(() => {
    const v: string = game.settings.get(SYSTEM_ID, CARD_VISIBILITY_KEY);
    return CARD_VISIBILITY_CHOICES.find((c) => c === v) ?? "owners";
  }, "owners");
}
