/**
 * World settings of the combat tracker ([SYS-ESC], [13A-FLEE]):
 * - `escalationAnyRuleset`: turns the escalation die on in games that don't use it by default.
 * - `campaignLosses`: the record of battles the party fled ([13A-FLEE]), newest last.
 * Registered from the `init` hook (src/d20-combat.ts); typed in src/config.d.ts.
 */
import { SYSTEM_ID } from "./constants.js";
import { settingOr, worldSetting } from "./settings.js";

/** One recorded campaign loss: when, and who fled the field. */
export interface CampaignLoss {
  /** ISO date of the flight. */
  date: string;
  /** World round of the battle when the party fled. */
  round: number;
  /** Names of the surviving characters. */
  survivors: string[];
}

/** Register the combat settings. Call once from `init`. */
export function registerCombatSettings(): void {
  game.settings.register(
    SYSTEM_ID,
    "escalationAnyRuleset",
    worldSetting("D20C.Combat.Settings.EscalationAny", {
      type: Boolean,
      default: false,
      onChange: () => {
        ui.combat?.render();
      },
    }),
  );
  // The record is the world's, kept out of Configure Settings.
  game.settings.register(
    SYSTEM_ID,
    "campaignLosses",
    worldSetting("D20C.Combat.Settings.CampaignLosses", { config: false, type: Array, default: [] }),
  );
}

/** Whether the GM turned the escalation die on for any ruleset. False before registration. */
export function escalationSettingOn(): boolean {
  return settingOr(() => Boolean(game.settings.get(SYSTEM_ID, "escalationAnyRuleset")), false);
}

/** The recorded campaign losses. */
function campaignLosses(): CampaignLoss[] {
  return settingOr(() => {
    const v = game.settings.get(SYSTEM_ID, "campaignLosses") as unknown;
    return Array.isArray(v) ? (v as CampaignLoss[]) : [];
  }, []);
}

/** Append a campaign loss to the world's record (GM only: world settings). */
export async function recordCampaignLoss(loss: CampaignLoss): Promise<void> {
  await game.settings.set(SYSTEM_ID, "campaignLosses", [...campaignLosses(), loss]);
}
