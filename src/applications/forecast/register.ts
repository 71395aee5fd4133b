/**
 * Registration of the encounter forecast ([SYS-FORECAST]): its templates, the tracker's forecast
 * line and the Actors directory's planner button, both GM only. Called once from `init`.
 */
import { SYSTEM_ID } from "../../constants.js";
import { FORECAST_TEMPLATE, PLANNER_TEMPLATE } from "./forecast.js";
import { onRenderActorDirectory } from "./planner.js";
import { onRenderTrackerForecast } from "./tracker-forecast.js";

export function registerForecast(): void {
  void foundry.applications.handlebars.loadTemplates([FORECAST_TEMPLATE, PLANNER_TEMPLATE]);
  Hooks.on("renderCombatTracker", (app: unknown, html: HTMLElement) => {
    onRenderTrackerForecast(app, html).catch((err) => console.error(`${SYSTEM_ID} | forecast`, err));
  });
  Hooks.on("renderActorDirectory", (app: unknown, html: HTMLElement) => onRenderActorDirectory(app, html));
}
