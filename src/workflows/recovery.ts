/**
 * Rally and spending recoveries from the sheet (Foundry): the ruleset's rolls (rally save,
 * recovery roll) are rolled, the actor written once, one card posted ([13A-RALLY], [13A-RECOV],
 * [13A-NORECOV], [13A-NEGHEAL], [WD-RECOVERY]).
 */
import { sheetRoll } from "./saves.js";
import { activeRuleset } from "../active-ruleset.js";
import { decideRecovery } from "../engine/plans/sheet-rolls.js";
import { wordsOf } from "../engine/words.js";

function recover(actor: Actor.Implementation, rally: boolean): Promise<void> {
  // The card is titled in the game's words (a rally, a second wind, a healing surge, a hit die).
  const words = wordsOf(activeRuleset());
  // In a running battle when the current combat has started and the actor fights in it.
  const combat = game.combat;
  const inCombat =
    Boolean(combat?.started) && (combat?.combatants.contents ?? []).some((c) => c.actor?.uuid === actor.uuid);
  return sheetRoll(actor, (rally ? words.rally : null) ?? words.spendRecovery, (ruleset, source, id, roll, options) =>
    decideRecovery(ruleset, source, id, rally, roll, options, inCombat),
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
