/**
 * [SYS-MONSTERS] The GM's spend buttons on each creature's tracker row (a solo's action points, a
 * legend's legendary actions and resistances), each with what is left; a press spends one
 * (src/workflows/creature-spends.ts). The view is pure (engine/creature-spends.ts).
 */
import { activeRuleset } from "../../active-ruleset.js";
import { SYSTEM_ID } from "../../constants.js";
import { creatureSpendsView } from "../../engine/creature-spends.js";
import type { Ruleset } from "../../engine/ruleset.js";
import type { ActorSource } from "../../engine/types.js";
import { spendCreatureResource, type SpendCombat } from "../../workflows/creature-spends.js";
import type { RowPlacement } from "./actions-left.js";

const CREATURE_SPENDS_TEMPLATE = `systems/${SYSTEM_ID}/templates/combat/creature-spends.hbs`;

/** What is read of the combat's combatants. */
interface SpendRowCombat extends SpendCombat {
  started?: boolean;
  combatants: { contents: readonly { id: string | null; actor: { toEngineSource?: () => ActorSource } | null }[] };
}

/** The GM's spend buttons on every creature's row that has something to spend (none for players). */
export async function creatureSpendPlacements(combat: SpendRowCombat): Promise<RowPlacement[]> {
  if (!game.user?.isGM || !combat.started) return [];
  let ruleset: Ruleset;
  const rows: { id: string; view: NonNullable<ReturnType<typeof creatureSpendsView>> }[] = [];
  try {
    ruleset = activeRuleset();
    for (const c of combat.combatants.contents) {
      const source = c.actor?.toEngineSource?.();
      const view = source ? creatureSpendsView(ruleset, source) : null;
      if (view && c.id) rows.push({ id: c.id, view });
    }
  } catch {
    return [];
  }
  const out: RowPlacement[] = [];
  for (const { id, view } of rows) {
    const markup = await foundry.applications.handlebars.renderTemplate(CREATURE_SPENDS_TEMPLATE, view);
    out.push({
      rowId: id,
      markup,
      bind: (host) => {
        host.querySelectorAll<HTMLElement>("[data-d20c-creature-spend]").forEach((el) => {
          // The row is a v13 action target (activateCombatant); our clicks must not reach it.
          el.addEventListener("click", (event) => {
            event.preventDefault();
            event.stopPropagation();
            spendCreatureResource(combat, id, el.dataset.d20cCreatureSpend ?? "", ruleset).catch((err: unknown) =>
              console.error(`${SYSTEM_ID} | creature spend`, err),
            );
          });
        });
      },
    });
  }
  return out;
}
