/**
 * A creature's usable actions as one list ([SYS-HOOKS], `game.system.api.actions`, docs/api.md):
 * its attacks (powers with their usage, weapons), the game's saves and death save, the table
 * procedures of the sheet's Actions panel and the game's rests, each with a stable id, its label
 * (an i18n key of the game's words, or the item's name), an icon and whether it is usable now.
 * Pure: the adapter reads the documents, localises the labels and runs an entry by id through the
 * sheet's own code (src/api.ts).
 */
import {
  costLabel,
  costOf,
  spendAction,
  type ActionEconomy,
  type ActionsLeft,
  type ProcedureSpec,
} from "../actions.js";
import { isSpent, restsOf, usageKind } from "../powers.js";
import type { Ruleset } from "../ruleset.js";
import type { PowerUsageState } from "../types.js";

/** The kinds of action the list holds. */
export type ActionEntryKind = "attack" | "save" | "deathSave" | "procedure" | "rest";

/** One action of the list. */
export interface ActionEntry {
  /** Stable id to run it by: `attack.<itemId>`, `save.<key>`, `deathSave`, `procedure.<id>`, `rest.<key>`. */
  id: string;
  kind: ActionEntryKind;
  /** An i18n key of the game's words (`labelIsKey`), or an item's own name. */
  label: string;
  labelIsKey: boolean;
  /** An image path (an item's) or Font Awesome classes. */
  icon: string;
  /** Whether it can be used now (a spent power, an action the turn has no action left for: false). Advisory: using it anyway asks or warns as the sheet does. */
  usable: boolean;
  /** A power's usage: its i18n label and whether it is spent. */
  usage?: { label: string; spent: boolean };
  /** The action it costs in the game's economy (an i18n key), when in combat. */
  cost?: string;
}

/** An attack item as the list reads it. */
export interface ActionItem {
  id: string;
  name: string;
  img: string;
  type: "power" | "weapon";
  sort: number;
  /** A power's usage (absent for a weapon). */
  usage?: PowerUsageState;
  /** The action type the item names (absent = the game's attack). */
  actionType?: string | null;
}

export interface ActionListInput {
  items: readonly ActionItem[];
  /** Whether the creature is making death saves now. */
  dying: boolean;
  /** Its combatant's actions left (null = not in a combat, or a game without an action economy). */
  actionsLeft: ActionsLeft | null;
  /** Whether it is a combatant of the current combat. */
  inCombat: boolean;
  /** Whether it is its combatant's turn. */
  ownTurn: boolean;
}

const ACTION_ICONS = {
  save: "fa-solid fa-shield-halved",
  deathSave: "fa-solid fa-skull",
  procedure: "fa-solid fa-person-running",
  rest: "fa-solid fa-bed",
} as const;

/** Whether the turn still pays `cost` (outside combat or without an economy: always). */
function affordable(economy: ActionEconomy | null, state: ActionsLeft | null, cost: string, ownTurn: boolean): boolean {
  if (!economy || !state) return true;
  return spendAction(economy, state, cost, ownTurn).warning === null;
}

/** Every action of a creature, in the sheet's order: attacks, saves, procedures, rests. */
export function listActions(
  ruleset: Pick<Ruleset, "economy" | "saves" | "procedures" | "rests" | "powerUsages">,
  input: ActionListInput,
  deathSaveLabel: string,
): ActionEntry[] {
  const economy = ruleset.economy ?? null;
  const inCombat = input.inCombat;
  const costFor = (named: string | null | undefined) => (economy ? costOf(economy, named) : null);
  const attacks = [...input.items]
    .sort((a, b) => a.sort - b.sort)
    .map((item): ActionEntry => {
      const cost = costFor(item.actionType);
      const spent = item.usage ? isSpent(ruleset, item.usage) : false;
      return {
        id: `attack.${item.id}`,
        kind: "attack",
        label: item.name,
        labelIsKey: false,
        icon: item.img,
        usable: !spent && (cost === null || affordable(economy, input.actionsLeft, cost, input.ownTurn)),
        ...(item.usage ? { usage: { label: usageKind(ruleset, item.usage.usage).label, spent } } : {}),
        ...(cost && inCombat && economy ? { cost: costLabel(economy, cost) } : {}),
      };
    });
  const saves = ruleset.saves.map((s): ActionEntry => ({
    id: `save.${s.key}`,
    kind: "save",
    label: s.label,
    labelIsKey: true,
    icon: ACTION_ICONS.save,
    usable: true,
  }));
  const death: ActionEntry = {
    id: "deathSave",
    kind: "deathSave",
    label: deathSaveLabel,
    labelIsKey: true,
    icon: ACTION_ICONS.deathSave,
    usable: input.dying,
  };
  const procedures = (ruleset.procedures ?? []).map((p: ProcedureSpec): ActionEntry => ({
    id: `procedure.${p.id}`,
    kind: "procedure",
    label: p.label,
    labelIsKey: true,
    icon: ACTION_ICONS.procedure,
    usable: affordable(economy, input.actionsLeft, p.cost, input.ownTurn),
    ...(inCombat && economy ? { cost: costLabel(economy, p.cost) } : {}),
  }));
  const rests = restsOf(ruleset).map((r): ActionEntry => ({
    id: `rest.${r.key}`,
    kind: "rest",
    label: r.label,
    labelIsKey: true,
    icon: ACTION_ICONS.rest,
    // A rest is taken out of battle.
    usable: !inCombat,
  }));
  return [...attacks, ...saves, death, ...procedures, ...rests];
}

/** An entry's id split into its kind and key (`attack.abc` → attack, abc); null when it is none of the list's. */
export function parseActionId(id: string): { kind: ActionEntryKind; key: string } | null {
  if (id === "deathSave") return { kind: "deathSave", key: "" };
  const dot = id.indexOf(".");
  const kind = id.slice(0, dot);
  const key = id.slice(dot + 1);
  if (dot <= 0 || !key) return null;
  return kind === "attack" || kind === "save" || kind === "procedure" || kind === "rest" ? { kind, key } : null;
}
