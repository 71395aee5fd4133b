/**
 * [FF-CONDDOMINATED] The prompt at a dominated creature's turn start (GM client): whispered to the
 * GM and to the owners of each creature that dominates it (the effect's creator, from GM-written
 * effect data), saying that they choose its one action. A creature the GM hides from players (its
 * combatant or token) is named to the GM alone. Decided in src/engine/dominion.ts.
 */
import { SYSTEM_ID } from "../constants.js";
import { chosenTurn } from "../engine/dominion.js";
import type { Ruleset } from "../engine/ruleset.js";
import type { TurnContext } from "../engine/types.js";

const PROMPT_TEMPLATE = `systems/${SYSTEM_ID}/templates/chat/prompt.hbs`;

/** What the prompt reads of a combatant. */
interface PromptCombatant {
  name: string | null | undefined;
  hidden: boolean;
  token: { hidden: boolean } | null;
  actor: { testUserPermission(user: User.Implementation, level: "OWNER"): boolean } | null;
}

/** What the prompt reads of the combat: its combatants by id. */
interface PromptCombat {
  combatants: { get(id: string): PromptCombatant | undefined };
}

/**
 * Prompt whoever chooses the turn of `ctx.combatantId` (nothing when the creature chooses its own).
 * Returns the ids of the users whispered.
 */
export async function promptChosenTurn(combat: PromptCombat, ruleset: Ruleset, ctx: TurnContext): Promise<string[]> {
  const chosen = chosenTurn(ruleset.conditions, ctx);
  if (!chosen) return [];
  const bearer = combat.combatants.get(chosen.combatantId);
  if (!bearer) return [];
  const controllers = chosen.controllerIds.flatMap((id) => {
    const c = combat.combatants.get(id);
    return c ? [c] : [];
  });
  const hidden = bearer.hidden || bearer.token?.hidden === true;
  const whisper = game.users
    .filter((u) => u.isGM || (!hidden && controllers.some((c) => c.actor?.testUserPermission(u, "OWNER") === true)))
    .map((u) => u.id ?? "");
  const condition = chosen.conditions
    .map((id) => game.i18n.localize(ruleset.conditions.find((s) => s.id === id)?.label ?? id))
    .join(", ");
  const choice = chosen.choices.map((key) => game.i18n.localize(key)).join(" ");
  const name = bearer.name ?? "";
  const by = controllers.map((c) => c.name ?? "").join(", ");
  const text = controllers.length
    ? game.i18n.format("D20C.Dominion.Prompt.Text", { name, by, condition, choice })
    : game.i18n.format("D20C.Dominion.Prompt.NoCreator", { name, condition, choice });
  const content = await foundry.applications.handlebars.renderTemplate(PROMPT_TEMPLATE, {
    title: game.i18n.format("D20C.Dominion.Prompt.Title", { name }),
    text,
  });
  await ChatMessage.create({ content, whisper });
  return whisper;
}
