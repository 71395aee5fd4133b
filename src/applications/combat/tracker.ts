/**
 * Combat tracker additions (v13 AppV2 tracker; `renderCombatTracker` passes an HTMLElement): the escalation die in the header for every user with the GM's −/+/pause
 * controls ([SYS-ESC]), the GM's battle actions (tough battle, flee, heal-up), and a marker on
 * combatants that act at the same moment ([WD-TIES]). Idempotent: partial renders replace, never
 * duplicate, what was injected.
 */
import { activeRuleset } from "../../active-ruleset.js";
import { SYSTEM_ID } from "../../constants.js";
import type { D20Combat } from "../../documents/combat.js";
import { escalationEnabled } from "../../escalation.js";
import { simultaneousGroups } from "../../engine/plans/combat-cycle.js";
import { actionsLeftPlacements } from "./actions-left.js";
import { creatureSpendPlacements } from "./creature-spends.js";
import { restsOf } from "../../engine/powers.js";
import { wordsOf } from "../../engine/words.js";
import { combatantControlsView, trackerHeaderView } from "./tracker-view.js";

export const TRACKER_HEADER_TEMPLATE = `systems/${SYSTEM_ID}/templates/combat/tracker-header.hbs`;
export const SIMULTANEOUS_TEMPLATE = `systems/${SYSTEM_ID}/templates/combat/simultaneous.hbs`;
export const COMBATANT_CONTROLS_TEMPLATE = `systems/${SYSTEM_ID}/templates/combat/combatant-controls.hbs`;

function asD20Combat(combat: unknown): D20Combat | null {
  const c = combat as Partial<D20Combat> | null | undefined;
  return c && typeof c.turnContext === "function" ? (c as D20Combat) : null;
}

/** [SYS-MONSTERS] The GM's creatures in a started combat (counted by strength in the header). */
function foesOf(combat: D20Combat | null) {
  if (!combat?.started || !game.user?.isGM) return [];
  try {
    return combat
      .combatantSources()
      .filter((c) => c.side === "gm")
      .map((c) => c.actor);
  } catch {
    return [];
  }
}

/** Template data for the header additions of a combat (or none). */
function headerViewFor(combat: D20Combat | null) {
  let canFlee = false;
  let rests: { key: string; label: string }[] = [];
  try {
    rests = [...restsOf(activeRuleset())];
  } catch {
    rests = [];
  }
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
    rests,
    words: wordsOf(activeRuleset()),
    foes: foesOf(combat),
  });
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
    case "rest": {
      // Loaded on use: resting rolls dice, and the tracker additions load where no dice exist yet.
      const { restParty } = await import("../../workflows/power-usage.js");
      await restParty(target.dataset.rest ?? "");
      return;
    }
  }
}

/** One piece of markup to place in the tracker: where, and what to bind once placed. */
interface Placement {
  /** Selector of the element to append to (scoped to `html`), or null for the header. */
  rowId: string | null;
  markup: string;
  bind?: (host: Element) => void;
}

/**
 * `renderCombatTracker` hook: inject (or replace) the additions. Foundry fires the hook on every
 * render, including partial ones, and does not wait for us; two renders close together can
 * therefore run this twice at once. So every template is rendered first (the only awaits), and
 * the old additions are removed and the new ones placed in one synchronous pass: whichever run
 * finishes last wins, and nothing is ever doubled.
 */
export async function onRenderCombatTracker(app: unknown, html: HTMLElement): Promise<void> {
  const combat = asD20Combat((app as { viewed?: unknown } | null)?.viewed ?? game.combat);
  const placements: Placement[] = [];
  placements.push({
    rowId: null,
    markup: await foundry.applications.handlebars.renderTemplate(TRACKER_HEADER_TEMPLATE, headerViewFor(combat)),
    bind: (section) => bindHeaderActions(combat, section),
  });
  if (combat) {
    placements.push(...(await combatantControlPlacements(combat)));
    placements.push(...(await simultaneousPlacements(combat)));
    placements.push(...(await actionsLeftPlacements(combat)));
    placements.push(...(await creatureSpendPlacements(combat)));
  }
  // ---- synchronous from here on ----
  html
    .querySelectorAll(
      "[data-d20c-tracker], [data-d20c-simultaneous], [data-d20c-combatant-controls], [data-d20c-actions-left], [data-d20c-creature-spends]",
    )
    .forEach((el) => el.remove());
  const header = html.querySelector(".combat-tracker-header") ?? html.querySelector("header") ?? html;
  for (const p of placements) {
    const host = p.rowId === null ? header : rowNameOf(html, p.rowId);
    if (!host) continue;
    const holder = document.createElement("template");
    holder.innerHTML = p.markup.trim();
    const el = holder.content.firstElementChild;
    if (!el) continue;
    host.append(el);
    p.bind?.(el);
  }
}

/** The name cell of a combatant's row (v13: `li.combatant[data-combatant-id] .token-name`). */
function rowNameOf(html: HTMLElement, combatantId: string): Element | null {
  const row = html.querySelector(`[data-combatant-id="${combatantId}"]`);
  return row?.querySelector(".token-name, h4, .name") ?? row;
}

function bindHeaderActions(combat: D20Combat | null, section: Element): void {
  section.querySelectorAll<HTMLElement>("[data-d20c-action]").forEach((el) => {
    const action = el.dataset.d20cAction ?? "";
    el.addEventListener(el.tagName === "INPUT" ? "change" : "click", (event) => {
      event.preventDefault();
      onAction(combat, action, el).catch((err) => console.error(`${SYSTEM_ID} | tracker action ${action}`, err));
    });
  });
}

/** Simultaneous groups ([WD-TIES]): a badge on each member's row. */
async function simultaneousPlacements(combat: D20Combat): Promise<Placement[]> {
  let groups: Map<string, number>;
  try {
    const ruleset = activeRuleset();
    if (!ruleset.initiative.simultaneousTies) return [];
    groups = simultaneousGroups(ruleset.order(combat.turnContext(null)));
  } catch {
    return [];
  }
  const out: Placement[] = [];
  for (const [id, group] of groups) {
    const markup = await foundry.applications.handlebars.renderTemplate(SIMULTANEOUS_TEMPLATE, { group });
    out.push({ rowId: id, markup });
  }
  return out;
}

/** The GM's per-combatant controls: aware toggle (surprise) and table seat (around the table). */
async function combatantControlPlacements(combat: D20Combat): Promise<Placement[]> {
  if (!game.user?.isGM) return [];
  let rules: { surprise: string; mode: string };
  try {
    rules = activeRuleset().initiative;
  } catch {
    return [];
  }
  const out: Placement[] = [];
  for (const src of combat.combatantSources()) {
    const view = combatantControlsView(rules, src, true, {
      started: Boolean(combat.started),
      round: combat.round ?? 0,
    });
    if (!view.show) continue;
    const markup = await foundry.applications.handlebars.renderTemplate(COMBATANT_CONTROLS_TEMPLATE, view);
    out.push({
      rowId: src.id,
      markup,
      bind: (controls) => {
        controls.querySelectorAll<HTMLElement>("[data-d20c-combatant-action]").forEach((el) => {
          const action = el.dataset.d20cCombatantAction;
          // The row itself is a v13 action target (activateCombatant: select and pan to the token);
          // clicks in our controls must not reach it.
          el.addEventListener("click", (event) => event.stopPropagation());
          el.addEventListener(action === "seat" ? "change" : "click", (event) => {
            event.preventDefault();
            event.stopPropagation();
            const flags =
              action === "seat"
                ? { seat: Math.max(0, Math.trunc(Number((el as HTMLInputElement).value) || 0)) }
                : { aware: !src.aware };
            // The GM's ruling goes on the Combat, which only GMs write ([SYS-PERM]).
            combat
              .update({ flags: { [SYSTEM_ID]: { rulings: { [src.id]: flags } } } })
              .catch((err: unknown) => console.error(`${SYSTEM_ID} | combatant ruling`, err));
          });
        });
      },
    });
  }
  return out;
}
