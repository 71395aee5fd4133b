/**
 * The encounter planner's data ([SYS-FORECAST]): the planned creatures as the forecast reads them,
 * the planner's markup (GM only) and saving the plan as a folder of actors.
 */
import { activeRuleset } from "../../active-ruleset.js";
import type { ForecastCombatant, ForecastSide } from "../../engine/forecast/index.js";
import { say } from "../../engine/vocabulary.js";
import { PLANNER_TEMPLATE, forecastCreature, forecastInput, forecastMarkup, forecastOf } from "./forecast.js";

/** One creature of a planned encounter. */
export interface PlannedCreature {
  actor: Actor.Implementation;
  side: ForecastSide;
}

/** The creatures of a plan as the forecast reads them (the escalation die at its start, 0). */
function plannedCreatures(plan: readonly PlannedCreature[]): ForecastCombatant[] {
  const ruleset = activeRuleset();
  return plan.map((p, i) => forecastCreature(p.actor, `planned${i}`, p.actor.name ?? "", p.side, ruleset));
}

/** The planner's markup for the GM ("" for anyone else). */
export async function plannerMarkup(plan: readonly PlannedCreature[], folder: string): Promise<string> {
  if (!game.user?.isGM) return "";
  const f = plan.length ? forecastOf(forecastInput(plannedCreatures(plan), 0)) : null;
  // [SYS-WORDS] the planner in the world's game's words (13th Age plans a battle, FFd20 an encounter).
  const w = (key: string) => say(activeRuleset(), key);
  const sides = (["party", "foes"] as const).map((side) => ({
    label: w(`D20C.Forecast.Side.${side}`),
    entries: plan.flatMap((p, index) => (p.side === side ? [{ name: p.actor.name ?? "", index }] : [])),
  }));
  return foundry.applications.handlebars.renderTemplate(PLANNER_TEMPLATE, {
    sides,
    forecast: plan.length ? await forecastMarkup(f, { open: true }) : "",
    folder,
    canSave: plan.length > 0,
    labels: Object.fromEntries(
      ["Hint", "Switch", "Remove", "Empty", "FolderName", "Save"].map((k) => [k, w(`D20C.Forecast.Planner.${k}`)]),
    ),
  });
}

/**
 * Save a plan as a folder of actors: a new Actor folder holding a copy of each creature (its data
 * as it is now), in the plan's order. Returns the folder and the actors made.
 */
export async function savePlanFolder(
  plan: readonly PlannedCreature[],
  name: string,
): Promise<{ folder: Folder.Stored | undefined; actors: Actor.Stored[] }> {
  const folder = await Folder.create({ name, type: "Actor" });
  const data = plan.map((p) => {
    const { _id: _unused, ...rest } = p.actor.toObject();
    return { ...rest, folder: folder?.id ?? null };
  });
  const actors = await Actor.createDocuments(data);
  return { folder, actors };
}
