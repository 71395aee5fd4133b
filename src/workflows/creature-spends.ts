/**
 * [SYS-MONSTERS] The GM spends a creature's action point, legendary action or legendary resistance
 * from the tracker: the game decides whether it may (its `spendCreature`), and the spend runs
 * through the turn runner with the combat's ports, so it is a line of an event summary with the
 * GM's Undo. Foundry I/O only.
 */
import { activeRuleset } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { runPlan, type ActionGrantUndo, type TurnPorts } from "../engine/plans/turns.js";
import type { Ruleset } from "../engine/ruleset.js";
import type { TurnContext } from "../engine/types.js";
import { withActorQueue } from "./actor-queue.js";
import { grantCombatantAction, type EconomyCombatant } from "./actions.js";

/** The combat as a spend uses it (the real D20Combat). */
export interface SpendCombat {
  /** The combat's id and its combatants ([FF-ACTIONPOINTS]: an action point's extra action is theirs). */
  id?: string | null;
  combatants?: { contents: readonly unknown[] };
  combatant: { id: string | null } | null | undefined;
  turnContext(combatantId: string | null): TurnContext;
  turnPorts(ctx: TurnContext, summary?: { kind: "event" }): TurnPorts & { flush(): Promise<void> };
}

/**
 * Spend one `key` of a combatant (GM only). Returns the refusal's i18n key (also shown to the GM),
 * or null when the spend was carried out.
 */
export async function spendCreatureResource(
  combat: SpendCombat,
  combatantId: string,
  key: string,
  ruleset: Ruleset = activeRuleset(),
): Promise<string | null> {
  if (!game.user?.isGM || !ruleset.spendCreature) return "D20C.Spend.Refused.Unknown";
  const first = combat.turnContext(combat.combatant?.id ?? null);
  const who = first.combatants.find((c) => c.id === combatantId);
  if (!who) return "D20C.Spend.Refused.Unknown";
  let refusal: string | null = null;
  await withActorQueue([who.actorId], async () => {
    // Read the combat afresh inside the queue: another spend may have run while this one waited.
    const ctx = combat.turnContext(combat.combatant?.id ?? null);
    const decision = ruleset.spendCreature!(ctx, combatantId, key);
    if (!decision.ok) {
      refusal = decision.reason;
      ui.notifications?.warn(game.i18n.format(decision.reason, stringData(decision.data)));
      return;
    }
    const ports = combat.turnPorts(ctx, { kind: "event" });
    // [FF-ACTIONPOINTS] an extra action for the turn: in the pills, and in the line's Undo.
    const holder = decision.grant
      ? (combat.combatants?.contents.find((c) => (c as EconomyCombatant).id === combatantId) as
          EconomyCombatant | undefined)
      : undefined;
    const grant: ActionGrantUndo | null =
      decision.grant && holder ? { combatId: combat.id ?? "", combatantId, kind: decision.grant } : null;
    const withGrant: TurnPorts = grant
      ? {
          ...ports,
          post: (line) =>
            ports.post(
              line.undo ? { ...line, undo: { ...line.undo, actions: [...(line.undo.actions ?? []), grant] } } : line,
            ),
        }
      : ports;
    const done = await runPlan(ruleset, ctx, decision.steps, withGrant);
    if (grant && holder && done.errors.length === 0) await grantCombatantAction(holder, grant.kind);
    await ports.flush();
  }).catch((err: unknown) => console.error(`${SYSTEM_ID} | creature spend ${key}`, err));
  return refusal;
}

function stringData(data: Record<string, string | number> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, String(v)]));
}
