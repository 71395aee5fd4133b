/**
 * A power's action in the active game's words (pure): what the game's action economy counts it as
 * (Hundred Dungeons' "Action" for a standard one, Wounds d20's "Major action"), or the item's own
 * action name where the economy counts it as nothing of its own (a reaction that costs nothing).
 */
import { costLabel, costOf } from "../../engine/actions.js";
import { POWER_ACTIONS } from "../../data/schema.js";
import type { Ruleset } from "../../engine/ruleset.js";

const ITEM_WORD = (type: string) => `D20C.Item.Power.Action.${type}`;

/** The i18n key naming a power's action type in the game; "" for none. */
export function actionWord(ruleset: Pick<Ruleset, "economy">, actionType: string): string {
  if (!actionType) return "";
  const economy = ruleset.economy;
  if (!economy) return ITEM_WORD(actionType);
  const cost = costOf(economy, actionType);
  const named =
    [...economy.turn, ...(economy.outOfTurn ?? [])].some((s) => s.key === cost) ||
    economy.labels?.[cost] !== undefined ||
    cost === "free" ||
    cost in (economy.composite ?? {});
  if (named) return costLabel(economy, cost);
  return ITEM_WORD((POWER_ACTIONS as readonly string[]).includes(cost) ? cost : actionType);
}

/**
 * A power's action choices in the game's words: each of its actions once, under the action type
 * of its own name where there is one (Hundred Dungeons offers no "minor" beside its quick action);
 * a stored type stays listed so the select shows the truth.
 */
export function actionChoices(ruleset: Pick<Ruleset, "economy">, stored: unknown): { value: string; label: string }[] {
  const choices = POWER_ACTIONS.map((type) => ({
    type,
    cost: ruleset.economy ? costOf(ruleset.economy, type) : type,
    label: actionWord(ruleset, type),
  }));
  const offered = ({ type, label }: (typeof choices)[number]) => {
    const same = choices.filter((c) => c.label === label);
    return (same.find((c) => c.cost === c.type) ?? same[0])?.type === type;
  };
  return choices.filter((c) => offered(c) || c.type === stored).map((c) => ({ value: c.type, label: c.label }));
}
