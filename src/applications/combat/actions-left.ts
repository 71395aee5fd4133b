/**
 * The current combatant's actions left in the combat tracker ([SYS-ACTIONS]): one pill per kind
 * with what is left of it, on the current combatant's row, for every user. The GM and the
 * combatant's owner click a pill to spend one (advisory: an over-spend warns). The view is pure
 * ({@link actionsLeftView}); the placement renders it and binds the clicks.
 */
import { activeRuleset } from "../../active-ruleset.js";
import { SYSTEM_ID } from "../../constants.js";
import { actionRows, type ActionsLeft } from "../../engine/actions.js";
import type { Ruleset } from "../../engine/ruleset.js";
import {
  actionsLeftOf,
  controlledBy,
  spendForCombatant,
  type EconomyCombat,
  type EconomyCombatant,
} from "../../workflows/actions.js";

const ACTIONS_LEFT_TEMPLATE = `systems/${SYSTEM_ID}/templates/combat/actions-left.hbs`;

/** Template data (a type alias: Foundry's `renderTemplate` takes a string-keyed record). */
type ActionsLeftView = {
  rows: { key: string; label: string; left: number; count: number; spent: boolean }[];
  /** The turn's action cap, when the actor's state sets one (staggered: 1). */
  cap: number | null;
  capReached: boolean;
  canSpend: boolean;
  /** The game's notes on the combatant's turn (i18n key and its number). */
  notes: { key: string; value: number }[];
};

/** What the tracker shows of a combatant's actions left (pure). */
function actionsLeftView(
  ruleset: Pick<Ruleset, "economy">,
  state: ActionsLeft,
  canSpend: boolean,
  notes: readonly { key: string; value?: number }[] = [],
): ActionsLeftView | null {
  if (!ruleset.economy) return null;
  return {
    rows: actionRows(ruleset.economy, state).map((r) => ({ ...r, spent: r.left <= 0 })),
    cap: state.cap,
    capReached: state.cap !== null && state.taken >= state.cap,
    canSpend,
    notes: notes.map((n) => ({ key: n.key, value: n.value ?? 0 })),
  };
}

/** A piece of tracker markup for a combatant's row, and what to bind once placed. */
export interface RowPlacement {
  rowId: string;
  markup: string;
  bind: (host: Element) => void;
}

/**
 * The current combatant's actions-left pills, and those of each combatant acting on its turn
 * ([HD-MOUNT] a ridden mount on its rider's); none outside a started combat or without an economy.
 */
export async function actionsLeftPlacements(combat: EconomyCombat & { started: boolean }): Promise<RowPlacement[]> {
  const current = combat.combatant?.id ?? null;
  if (!combat.started || !current) return [];
  let docs: EconomyCombatant[];
  try {
    const mine = combat.combatants.contents.map((c) => c as EconomyCombatant).filter((c) => c.id === current);
    docs = [...mine, ...controlledBy(combat, { id: current }).map((c) => c.combatant)];
  } catch {
    return [];
  }
  const placed: RowPlacement[] = [];
  for (const doc of docs) {
    const one = await placementOf(combat, doc);
    if (one) placed.push(one);
  }
  return placed;
}

/** One combatant's pills on its row, bound to spend from it. */
async function placementOf(combat: EconomyCombat, doc: EconomyCombatant): Promise<RowPlacement | null> {
  let view: ActionsLeftView | null;
  try {
    const ruleset = activeRuleset();
    const state = actionsLeftOf(ruleset, doc);
    const actor = doc.actor?.toEngineSource?.();
    const notes = actor ? (ruleset.turnNotes?.(actor) ?? []) : [];
    const canSpend = Boolean(game.user?.isGM) || doc.isOwner === true;
    view = state ? actionsLeftView(ruleset, state, canSpend, notes) : null;
  } catch {
    return null;
  }
  if (!view || !doc.id) return null;
  const markup = await foundry.applications.handlebars.renderTemplate(ACTIONS_LEFT_TEMPLATE, view);
  return {
    rowId: doc.id,
    markup,
    bind: (host) => {
      host.querySelectorAll<HTMLElement>("[data-d20c-spend]").forEach((el) => {
        // The row is a v13 action target (activateCombatant); our clicks must not reach it.
        el.addEventListener("click", (event) => {
          event.preventDefault();
          event.stopPropagation();
          spendForCombatant(combat, doc, el.dataset.d20cSpend ?? "").catch((err: unknown) =>
            console.error(`${SYSTEM_ID} | spend action`, err),
          );
        });
      });
    },
  };
}
