/**
 * The forecast line in the combat tracker's header, GM only ([SYS-FORECAST]): "Party wins in ~4
 * rounds; Tamsin 35% to drop", with a panel that breaks it down per creature. Worked out again at
 * each render of the tracker (every turn) when anything it reads changed, and on demand with its
 * button. Runs only on the GM's client and writes nothing anywhere.
 */
import { SYSTEM_ID } from "../../constants.js";
import { forgetForecasts, trackerForecastMarkup } from "./forecast.js";

/** Whether the GM left the panel open (kept across the tracker's re-renders). */
let panelOpen = false;

/** `renderCombatTracker` hook: place (or replace) the forecast in the header. */
export async function onRenderTrackerForecast(app: unknown, html: HTMLElement): Promise<void> {
  if (!game.user?.isGM) return;
  const viewed = (app as { viewed?: Combat | null } | null)?.viewed ?? game.combat ?? null;
  const markup = await trackerForecastMarkup(viewed, panelOpen);
  // ---- synchronous from here on (overlapping renders never double it) ----
  html.querySelectorAll("[data-d20c-forecast]").forEach((el) => el.remove());
  if (!markup) return;
  const header = html.querySelector(".combat-tracker-header") ?? html.querySelector("header") ?? html;
  const holder = document.createElement("template");
  holder.innerHTML = markup.trim();
  const el = holder.content.firstElementChild;
  if (!el) return;
  header.append(el);
  el.querySelector("details")?.addEventListener("toggle", (event) => {
    panelOpen = (event.currentTarget as HTMLDetailsElement).open;
  });
  el.querySelector("[data-d20c-forecast-action=refresh]")?.addEventListener("click", (event) => {
    event.preventDefault();
    forgetForecasts();
    onRenderTrackerForecast(app, html).catch((err) => console.error(`${SYSTEM_ID} | forecast`, err));
  });
}
