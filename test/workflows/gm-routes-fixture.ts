/**
 * Two clients (a player's and the active GM's) over the sheet stand-in, with the system's REAL
 * workflow registration (its socket listener) and the REAL sheet handlers a player clicks: the
 * Actions panel's `useProcedure` and the Effects section's sustain control.
 */
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";
import type * as EffectActionsNs from "../../src/applications/sheets/effect-actions.js";
import type { RulesetId } from "../../src/engine/types.js";
import {
  clickTarget,
  installSheetStandIn,
  sheetThis,
  type CombatStandIn,
  type SheetActorStandIn,
  type SheetStandInState,
} from "../stand-ins/foundry-sheet.js";
import { installSheetRelayStandIn, type SheetRelayStandIn } from "../stand-ins/foundry-sheet-relay.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/** The clicked control inside an effect row (`closest` finds the row; it names no parent item). */
function effectRow(effectId: string) {
  const row = { dataset: { effectId }, closest: (sel: string) => (sel === "[data-effect-id]" ? row : null) };
  return row;
}

/** A GM's answer on the wire. */
export type Answer = { type: string; to: string; report: { ok: boolean; message: string } };

let seq = 0;
/** A hand-made request addressed to the GM (what a forging client could send). */
export function forgedRequest(action: string, data: Record<string, unknown>) {
  return { type: "request", id: `forged${++seq}`, gmId: "gm", action, data };
}

export interface RouteClients {
  state: SheetStandInState;
  relay: SheetRelayStandIn;
  setCombat: (c: CombatStandIn | null) => void;
  /** Click a procedure on `actor`'s Actions panel, with its row's choice. */
  useProcedure(actor: SheetActorStandIn, id: string, choice?: string | null): Promise<void>;
  /** Click the sustain control of `effectId`'s row on `holder`'s sheet. */
  sustainControl(holder: SheetActorStandIn, effectId: string): Promise<void>;
  uninstall(): void;
}

/** Install both clients for a game (call in `beforeAll`). */
export async function installRouteClients(rulesetId: RulesetId): Promise<RouteClients> {
  const sheet = installSheetStandIn(rulesetId);
  const relay = installSheetRelayStandIn(sheet.state);
  const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
  registerAttackWorkflow();
  const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
  const procedure = (D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>).useProcedure!;
  const { effectActionHandlers } =
    (await import("../../src/applications/sheets/effect-actions.js")) as typeof EffectActionsNs;
  const sustain = effectActionHandlers().sustainEffect as Handler;
  return {
    state: sheet.state,
    relay,
    setCombat: sheet.setCombat,
    useProcedure: (actor, id, choice = null) =>
      procedure.call(sheetThis(D20ActorSheet, actor), {}, clickTarget({ procedureId: id }, choice)),
    sustainControl: (holder, effectId) => sustain.call({ document: holder }, {}, effectRow(effectId)),
    uninstall: () => {
      relay.uninstall();
      sheet.uninstall();
    },
  };
}
