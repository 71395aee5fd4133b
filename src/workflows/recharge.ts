/**
 * [SYS-MONSTERS] Recharge at the start of a creature's turn in Foundry: its spent powers that
 * recharge then roll their die with the turn's dice, a power that comes back is written fresh, and
 * each roll is a line of the turn summary (its Undo spends the power again). Decisions are in
 * src/engine/plans/recharge.ts; this reads the items, rolls and writes.
 */
import { activeRuleset } from "../active-ruleset.js";
import { powerUsageFrom } from "../data/item-source.js";
import { rechargeLine, rechargeRequest, turnStartRecharges } from "../engine/plans/recharge.js";
import type { TurnPorts } from "../engine/plans/turns.js";

/** Roll the turn-start recharges of `actor`'s powers (its actor key names it in the summary). */
export async function rechargeAtTurnStart(
  actor: Actor.Implementation,
  actorKey: string,
  ports: Pick<TurnPorts, "roll" | "post">,
): Promise<void> {
  const items = [...actor.items].filter((i) => (i.type as string) === "power");
  const powers = items.map((i) => ({
    id: i.id ?? "",
    name: i.name ?? "",
    usage: powerUsageFrom(i.system as unknown as Record<string, unknown>),
  }));
  for (const recharge of turnStartRecharges(activeRuleset(), powers)) {
    const request = rechargeRequest(actorKey, recharge);
    const result = await ports.roll(request);
    const { update, line } = rechargeLine(actorKey, recharge, request, result);
    if (update) await actor.items.get(recharge.id)?.update(update);
    await ports.post(line);
  }
}
