/**
 * The encounter planner ([SYS-FORECAST]), GM only, opened from the Actors directory: drop
 * characters and monsters into it, see the forecast change as creatures join or leave, and save
 * the encounter as a folder of actors ready for a combat. It lives on the GM's client: the
 * encounter is kept in the window, the forecast in memory, and only the saved folder is written.
 */
import { activeRuleset } from "../../active-ruleset.js";
import { SYSTEM_ID } from "../../constants.js";
import { say } from "../../engine/vocabulary.js";
import { actorFromUuid, fmt } from "../../workflows/foundry-docs.js";
import { sideOf } from "./forecast.js";
import { plannerMarkup, savePlanFolder, type PlannedCreature } from "./planner-data.js";

/** A planner string's key in the world's game's words ([SYS-WORDS]: 13th Age's battle planner). */
const plannerWord = (key: string): string => say(activeRuleset(), `D20C.Forecast.Planner.${key}`);

/** The actor a drop on the planner carries, or null. */
async function droppedActor(event: DragEvent): Promise<Actor.Implementation | null> {
  let data: { type?: unknown; uuid?: unknown };
  try {
    data = JSON.parse(event.dataTransfer?.getData("text/plain") ?? "{}") as { type?: unknown; uuid?: unknown };
  } catch {
    return null;
  }
  if (data.type !== "Actor" || typeof data.uuid !== "string") return null;
  return actorFromUuid(data.uuid);
}

/** Open the planner (GM only): a window whose content is re-rendered as creatures come and go. */
async function openPlanner(): Promise<void> {
  if (!game.user?.isGM) return;
  const plan: PlannedCreature[] = [];
  let folder = game.i18n.localize(plannerWord("DefaultFolder"));
  const dialog = new foundry.applications.api.DialogV2({
    window: { title: plannerWord("Title"), resizable: true },
    position: { width: 460 },
    content: `<div class="d20-combat" data-d20c-planner-host>${await plannerMarkup(plan, folder)}</div>`,
    buttons: [{ action: "close", label: "Close", default: true }],
  });
  await dialog.render({ force: true });
  const host = dialog.element.querySelector<HTMLElement>("[data-d20c-planner-host]");
  if (!host) return;
  const redraw = async () => {
    host.innerHTML = await plannerMarkup(plan, folder);
  };
  host.addEventListener("dragover", (event) => event.preventDefault());
  host.addEventListener("drop", (event) => {
    event.preventDefault();
    void droppedActor(event).then(async (actor) => {
      if (!actor) {
        ui.notifications?.warn(game.i18n.localize(plannerWord("NotActor")));
        return;
      }
      plan.push({ actor, side: sideOf(actor) });
      await redraw();
    });
  });
  host.addEventListener("change", (event) => {
    const input = event.target as HTMLInputElement;
    if (input.name === "folder") folder = input.value;
  });
  host.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>("[data-d20c-planner-action]");
    if (!button) return;
    event.preventDefault();
    const index = Number(button.dataset.index);
    const entry = plan[index];
    const action = button.dataset.d20cPlannerAction;
    const work = async () => {
      if (action === "remove" && entry) plan.splice(index, 1);
      else if (action === "switch" && entry) entry.side = entry.side === "party" ? "foes" : "party";
      else if (action === "save" && plan.length) {
        const saved = await savePlanFolder(plan, folder || game.i18n.localize(plannerWord("DefaultFolder")));
        ui.notifications?.info(fmt(plannerWord("Saved"), { count: saved.actors.length, name: folder }));
      }
      await redraw();
    };
    work().catch((err) => console.error(`${SYSTEM_ID} | encounter planner`, err));
  });
}

/** `renderActorDirectory` hook: the GM's button that opens the planner. */
export function onRenderActorDirectory(_app: unknown, html: HTMLElement): void {
  if (!game.user?.isGM) return;
  html.querySelectorAll("[data-d20c-planner-open]").forEach((el) => el.remove());
  const actions = html.querySelector(".header-actions") ?? html.querySelector("header") ?? html;
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.d20cPlannerOpen = "";
  button.innerHTML = `<i class="fa-solid fa-chart-line"></i> ${foundry.utils.escapeHTML(
    game.i18n.localize(plannerWord("Open")),
  )}`;
  button.addEventListener("click", (event) => {
    event.preventDefault();
    openPlanner().catch((err) => console.error(`${SYSTEM_ID} | encounter planner`, err));
  });
  actions.append(button);
}
