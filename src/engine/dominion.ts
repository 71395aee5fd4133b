/**
 * [FF-CONDDOMINATED] Whose choice a creature's turn is: a condition whose data says its creator
 * chooses (`creatorChooses`: FFd20 dominated) gives the bearer's action to the effect's creator. At
 * the bearer's turn start the adapter prompts the creator's controllers (and the GM) with what the
 * family allows them to choose. Pure: read from the turn's combatants and their effects.
 */
import type { ConditionSpec, TurnContext } from "./types.js";

/** A turn chosen by another: the bearer, the conditions that give its choice away, and who chooses. */
export interface ChosenTurn {
  combatantId: string;
  /** The i18n keys of what the chooser may choose, one per condition (the game's words). */
  choices: string[];
  /** The condition ids (from the game's table) that hand the choice over, in table order. */
  conditions: string[];
  /**
   * The combatants who choose: each such effect's creator still in the battle (not the bearer, not
   * defeated), in combat order. Empty = no creator known (a status toggled by hand) or none left:
   * the GM chooses.
   */
  controllerIds: string[];
}

/**
 * The turn of `ctx.combatantId` as its conditions hand it over, or null when the creature chooses
 * its own action. A listed condition without an effect (toggled on the sheet) names no creator.
 */
export function chosenTurn(table: readonly ConditionSpec[], ctx: TurnContext): ChosenTurn | null {
  const me = ctx.combatants.find((c) => c.id === ctx.combatantId);
  if (!me) return null;
  const handing = table.filter((s) => s.creatorChooses);
  if (!handing.length) return null;
  const held = new Set<string>();
  const creators = new Set<string>();
  for (const spec of handing) {
    const effects = me.effects.filter((e) => e.statuses.includes(spec.id));
    if (effects.length || me.actor.conditions.includes(spec.id)) held.add(spec.id);
    for (const e of effects) if (e.sourceCombatantId) creators.add(e.sourceCombatantId);
  }
  if (!held.size) return null;
  const controllerIds = ctx.combatants
    .filter((c) => creators.has(c.id) && c.id !== me.id && !c.defeated)
    .map((c) => c.id);
  const given = handing.filter((s) => held.has(s.id));
  return {
    combatantId: me.id,
    conditions: given.map((s) => s.id),
    choices: given.map((s) => s.creatorChooses as string),
    controllerIds,
  };
}
