/**
 * Rally and spending recoveries from the sheet (Foundry): the ruleset's rolls (rally save,
 * recovery roll) are rolled, the actor written once, one card posted ([13A-RALLY], [13A-RECOV],
 * [13A-NORECOV], [13A-NEGHEAL], [WD-RECOVERY]).
 */
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import { reportError } from "./attack.js";
import { engineSource } from "./foundry-docs.js";
import { commitSheetRoll, foundryRoller } from "./saves.js";
import { decideRecovery } from "../engine/plans/sheet-rolls.js";

async function recover(actor: Actor.Implementation, rally: boolean): Promise<void> {
  try {
    const { roll, made } = foundryRoller(actor);
    const outcome = await decideRecovery(
      activeRuleset(),
      engineSource(actor),
      actor.id ?? "",
      rally,
      roll,
      ruleOptions(),
    );
    await commitSheetRoll(actor, rally ? "D20C.Chat.RallyTitle" : "D20C.Chat.RecoveryTitle", outcome, made);
  } catch (err) {
    reportError(err);
  }
}

/** Rally: a standard action spending a recovery in combat (later rallies need a save). */
export function rally(actor: Actor.Implementation): Promise<void> {
  return recover(actor, true);
}

/** Spend a recovery out of combat. */
export function spendRecovery(actor: Actor.Implementation): Promise<void> {
  return recover(actor, false);
}
