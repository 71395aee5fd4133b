/**
 * The actor sheet's Actions panel as template data (pure; templates/actor/actions-panel.hbs):
 * what the combatant has left this turn (in combat) and every table procedure the game declares,
 * with its cost, what it does, and the choices it asks for ([SYS-ACTIONS]).
 */
import { actionRows, costLabel, procedureOpen, type ActionsLeft, type ProcedureEffect } from "../../engine/actions.js";
import type { Ruleset } from "../../engine/ruleset.js";
import type { ControlledInput } from "../../workflows/procedures.js";

export const ACTIONS_PANEL_TEMPLATE = "systems/d20-combat/templates/actor/actions-panel.hbs";
/** Its block for each creature acting on the actor's turn (a ridden mount). */
export const ACTIONS_CONTROLLED_TEMPLATE = "systems/d20-combat/templates/actor/actions-controlled.hbs";

export interface ActionsPanelInput {
  /** The actor's combatant's actions left, or null outside combat. */
  actionsLeft: ActionsLeft | null;
  /** The effects the actor may act on (procedures aimed at one list some of them). */
  effects: readonly ProcedureEffect[];
  /** The game's notes on the actor's turn (half speed, one action…). Default none. */
  notes?: readonly { key: string; value?: number }[];
  /** The creatures that act on this actor's turn ([HD-MOUNT] its ridden mount). Default none. */
  controlled?: readonly ControlledInput[];
  /**
   * [SYS-ACTIONS] The creature's statuses (listed conditions and its effects'): only the procedures
   * open to it are listed (issue 45). Absent = every procedure.
   */
  statuses?: readonly string[];
}

type Economy = NonNullable<Ruleset["economy"]>;

/** The pills of what is left, each marked spent when none of it is. */
function rowsOf(economy: Economy | null, state: ActionsLeft | null) {
  return (economy && state ? actionRows(economy, state) : []).map((r) => ({ ...r, spent: r.left <= 0 }));
}

/** Template data of the Actions panel. */
export function actionsPanelContext(ruleset: Pick<Ruleset, "economy" | "procedures">, input: ActionsPanelInput) {
  const economy = ruleset.economy ?? null;
  const statuses = input.statuses;
  const procedures = (ruleset.procedures ?? [])
    .filter((p) => !statuses || procedureOpen(p, statuses))
    .map((p) => {
      const effects = p.aim === "effect" ? input.effects.filter((e) => !p.effects || e.duration === p.effects) : [];
      return {
        id: p.id,
        label: p.label,
        result: p.result,
        costLabel: costLabel(economy ?? undefined, p.cost),
        targetHint:
          p.aim === "target" ? "D20C.Actions.Panel.OneTarget" : p.aim === "targets" ? "D20C.Actions.Panel.Targets" : "",
        choices: (p.choices ?? []).map((c) => ({ key: c.key, label: c.label })),
        effects: effects.map((e) => ({ id: e.id, name: e.name, holder: e.holderName })),
        numbers: (p.numbers ?? []).map((n) => ({ ...n, min: n.min ?? 0, max: n.max ?? 100 })),
        aimsAtEffect: p.aim === "effect",
      };
    });
  // [HD-MOUNT] each creature acting on this turn: its pills, and what the actor may have it do.
  const controlled = (input.controlled ?? []).map((c) => ({
    uuid: c.uuid,
    name: c.name,
    rows: rowsOf(economy, c.actionsLeft),
    capped: c.actionsLeft?.cap ?? null,
    mayAct: c.mayAct,
    procedures: (ruleset.procedures ?? [])
      .filter((p) => c.procedures.includes(p.id))
      .map((p) => ({ id: p.id, label: p.label, costLabel: costLabel(economy ?? undefined, p.cost) })),
    attacks: c.attacks.map((a) => ({ id: a.id, name: a.name })),
  }));
  return {
    show: economy !== null || procedures.length > 0,
    inCombat: input.actionsLeft !== null,
    rows: rowsOf(economy, input.actionsLeft),
    capped: input.actionsLeft?.cap ?? null,
    notes: (input.notes ?? []).map((n) => ({ key: n.key, value: n.value ?? 0 })),
    procedures,
    controlled,
  };
}
