/**
 * Rally and spending recoveries from the sheet (Foundry): the ruleset's rolls (rally save,
 * recovery roll) are rolled, the actor written once, one card posted ([13A-RALLY], [13A-RECOV],
 * [13A-NORECOV], [13A-NEGHEAL], [WD-RECOVERY]).
 */
import { sheetRoll } from "./saves.js";
import { decideRecovery } from "../engine/plans/sheet-rolls.js";

function recover(actor: Actor.Implementation, rally: boolean): Promise<void> {
  return sheetRoll(
    actor,
    rally ? "D20C.Chat.RallyTitle" : "D20C.Chat.RecoveryTitle",
    (ruleset, source, id, roll, options) => decideRecovery(ruleset, source, id, rally, roll, options),
  );
}

/** Rally: a standard action spending a recovery in combat (later rallies need a save). */
export function rally(actor: Actor.Implementation): Promise<void> {
  return recover(actor, true);
}

/** Spend a recovery out of combat. */
export function spendRecovery(actor: Actor.Implementation): Promise<void> {
  return recover(actor, false);
}
