/**
 * World settings of the attack workflow: who sees the targets' defenses and the odds on attack
 * cards. Registered from the workflow registration in the `init` hook.
 */
import { SYSTEM_ID } from "./constants.js";
import { settingOr, worldSetting } from "./settings.js";
import { CARD_VISIBILITY_CHOICES, type CardVisibility } from "./engine/plans/card-secrets.js";

export type { CardVisibility } from "./engine/plans/card-secrets.js";
const CARD_VISIBILITY_KEY = "cardVisibility";

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
}

/** The current card visibility (falls back to `owners` before the setting exists). */
export function cardVisibility(): CardVisibility {
  return settingOr(() => {
    const v: string = game.settings.get(SYSTEM_ID, CARD_VISIBILITY_KEY);
    return CARD_VISIBILITY_CHOICES.find((c) => c === v) ?? "owners";
  }, "owners");
}
