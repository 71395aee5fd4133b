/**
 * Combat tracker additions (v13 AppV2 tracker, `renderCombatTracker` with an HTMLElement —
 * FOUNDRY.md §5 (b)): the escalation die in the header for every user with the GM's −/+/pause
 * controls ([SYS-ESC]), the GM's battle actions (tough battle, flee, heal-up), and a marker on
 * combatants that act at the same moment ([WD-TIES]). Idempotent: partial renders replace, never
 * duplicate, what was injected.
 */
import { activeRuleset } from "../../active-ruleset.js";
import { SYSTEM_ID } from "../../constants.js";
import type { D20Combat } from "../../documents/combat.js";
import type { ActorSource } from "../../engine/types.js";
import { escalationEnabled } from "../../escalation.js";
import { simultaneousGroups } from "../../workflows/combat-cycle.js";
import { combatantControlsView, trackerHeaderView } from "./tracker-view.js";

export const TRACKER_HEADER_TEMPLATE = `systems/${SYSTEM_ID}/templates/combat/tracker-header.hbs`;
export const SIMULTANEOUS_TEMPLATE = `systems/${SYSTEM_ID}/templates/combat/simultaneous.hbs`;
export const COMBATANT_CONTROLS_TEMPLATE = `systems/${SYSTEM_ID}/templates/combat/combatant-controls.hbs`;

function asD20Combat(combat: unknown): D20Combat | null {
  const c = combat as Partial<D20Combat> | null | undefined;
  return c && typeof c.turnContext === "function" ? (c as D20Combat) : null;
}

/** Template data for the header additions of a combat (or none). */
export function headerViewFor(combat: D20Combat | null) {
  let canFlee = false;
  try {
    if (combat?.started) canFlee = activeRuleset().canFlee(combat.combatantSources());
  } catch {
    canFlee = false;
  }
  const flags = combat?.d20Flags ?? {};
  return trackerHeaderView({
    inCombat: Boolean(combat?.started),
    escalationEnabled: escalationEnabled(),
    escalation: combat?.escalation ?? 0,
    paused: typeof flags.frozen === "number",
    isGM: Boolean(game.user?.isGM),
    tough: Boolean(flags.tough),
    canFlee,
  });
}

/** Full heal-up ([13A-HEALUP]) for every player-owned character actor. GM only. */
export async function healUpParty(): Promise<number> {
  if (!game.user?.isGM) return 0;
  const ruleset = activeRuleset();
  let n = 0;
  for (const actor of game.actors ?? []) {
    const a = actor as unknown as {
      hasPlayerOwner: boolean;
      toEngineSource?(): ActorSource;
      applyEngineActor?(n: ActorSource): Promise<unknown>;
    };
    if (!a.hasPlayerOwner || !a.toEngineSource || !a.applyEngineActor) continue;
    await a.applyEngineActor(ruleset.fullHealUp(a.toEngineSource()));
    n += 1;
  }
  ui.notifications?.info(game.i18n?.format("D20C.Combat.HealedUp", { count: String(n) }) ?? "");
  return n;
}

async function onAction(combat: D20Combat | null, action: string, target: HTMLElement): Promise<void> {
  if (!game.user?.isGM) return;
  switch (action) {
    case "escalationUp":
      return combat?.adjustEscalation(1);
    case "escalationDown":
      return combat?.adjustEscalation(-1);
    case "escalationPause":
      return combat?.toggleEscalationPause();
    case "toughBattle":
      return combat?.setTough((target as HTMLInputElement).checked);
    case "flee":
      await combat?.flee();
      return;
    case "healUp":
      await healUpParty();
      return;
  }
}

/** `renderCombatTracker` hook: inject (or replace) the additions. */
export async function onRenderCombatTracker(app: unknown, html: HTMLElement): Promise<void> {
  const combat = asD20Combat((app as { viewed?: unknown } | null)?.viewed ?? game.combat);
  const header = html.querySelector(".combat-tracker-header") ?? html.querySelector("header") ?? html;
  const markup = await foundry.applications.handlebars.renderTemplate(
    TRACKER_HEADER_TEMPLATE,
    headerViewFor(combat) as never,
  );
  const holder = document.createElement("div");
  holder.innerHTML = markup.trim();
  const section = holder.firstElementChild as HTMLElement | null;
  header.querySelector("[data-d20c-tracker]")?.remove();
  if (section) {
    header.append(section);
    section.querySelectorAll<HTMLElement>("[data-d20c-action]").forEach((el) => {
      const action = el.dataset.d20cAction ?? "";
      el.addEventListener(el.tagName === "INPUT" ? "change" : "click", (event) => {
        event.preventDefault();
        onAction(combat, action, el).catch((err) => console.error(`${SYSTEM_ID} | tracker action ${action}`, err));
      });
    });
  }
  // Simultaneous groups ([WD-TIES]).
  html.querySelectorAll("[data-d20c-simultaneous]").forEach((el) => el.remove());
  if (!combat) return;
  await injectCombatantControls(combat, html);
  let groups: Map<string, number>;
  try {
    const ruleset = activeRuleset();
    if (!ruleset.initiative.simultaneousTies) return;
    groups = simultaneousGroups(ruleset.order(combat.turnContext(null)));
  } catch {
    return;
  }
  for (const [id, group] of groups) {
    const row = html.querySelector(`[data-combatant-id="${id}"]`);
    const name = row?.querySelector(".token-name, h4, .name") ?? row;
    if (!name) continue;
    const badge = await foundry.applications.handlebars.renderTemplate(SIMULTANEOUS_TEMPLATE, { group } as never);
    name.insertAdjacentHTML("beforeend", badge);
  }
}

/** Re-render the tracker for everyone when the die's flags or the round change. */
export function refreshTracker(): void {
  void ui.combat?.render();
}

/** The GM's per-combatant controls: aware toggle (surprise) and table seat (around the table). */
async function injectCombatantControls(combat: D20Combat, html: HTMLElement): Promise<void> {
  html.querySelectorAll("[data-d20c-combatant-controls]").forEach((el) => el.remove());
  if (!game.user?.isGM) return;
  let rules: { surprise: string; mode: string };
  try {
    rules = activeRuleset().initiative;
  } catch {
    return;
  }
  const sources = combat.combatantSources();
  for (const src of sources) {
    const view = combatantControlsView(rules, src, true);
    if (!view.show) continue;
    const row = html.querySelector(`[data-combatant-id="${src.id}"]`);
    const name = row?.querySelector(".token-name, h4, .name") ?? row;
    if (!name) continue;
    const markup = await foundry.applications.handlebars.renderTemplate(COMBATANT_CONTROLS_TEMPLATE, view as never);
    name.insertAdjacentHTML("beforeend", markup);
    const doc = combat.combatants.get(src.id);
    name.querySelectorAll<HTMLElement>("[data-d20c-combatant-action]").forEach((el) => {
      const action = el.dataset.d20cCombatantAction;
      const type = action === "seat" ? "change" : "click";
      el.addEventListener(type, (event) => {
        event.preventDefault();
        event.stopPropagation();
        const flags =
          action === "seat"
            ? { seat: Math.max(0, Math.trunc(Number((el as HTMLInputElement).value) || 0)) }
            : { aware: !src.aware };
        doc
          ?.update({ flags: { [SYSTEM_ID]: flags } } as never)
          .catch((err: unknown) => console.error(`${SYSTEM_ID} | combatant flags`, err));
      });
    });
  }
}
