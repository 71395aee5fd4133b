/**
 * [SYS-MONSTERS] Recharge at the start of a creature's turn in Foundry: its spent powers that
 * recharge then roll their die with the turn's dice, a power that comes back is written fresh, and
 * each roll is a line of the turn summary (its Undo spends the power again). Decisions are in
 * src/engine/plans/recharge.ts; this reads the items, rolls and writes.
 */
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import { powerUsageFrom } from "../data/item-source.js";
import { bloodiedRecharges, rechargeLine, rechargeRequest, turnStartRecharges } from "../engine/plans/recharge.js";
import type { TurnPorts } from "../engine/plans/turns.js";
import type { ActorSource } from "../engine/types.js";

/**
 * Roll the turn-start recharges of `actor`'s powers (its actor key names it in the summary). With
 * its engine `source`, a power that comes back when its creature is first bloodied does so first.
 */
export async function rechargeAtTurnStart(
  actor: Actor.Implementation,
  actorKey: string,
  ports: Pick<TurnPorts, "roll" | "post">,
  source?: ActorSource,
): Promise<void> {
  const ruleset = activeRuleset();
  const items = [...actor.items].filter((i) => (i.type as string) === "power");
  let powers = items.map((i) => ({
    id: i.id ?? "",
    name: i.name ?? "",
    usage: powerUsageFrom(i.system as unknown as Record<string, unknown>),
  }));
  // [SYS-MONSTERS] "when first bloodied": counted once a battle, a spent power fresh again.
  const bloodied = source ? ruleset.deriveActor(source, ruleOptions()).bloodied : false;
  const back = bloodiedRecharges(ruleset, powers, bloodied, actorKey);
  for (const b of back) {
    await actor.items.get(b.id)?.update(b.update);
    if (b.line) await ports.post(b.line);
  }
  if (back.length) {
    const fresh = new Set(back.filter((b) => b.line).map((b) => b.id));
    powers = powers.map((p) => (fresh.has(p.id) ? { ...p, usage: { ...p.usage, used: false } } : p));
  }
  for (const recharge of turnStartRecharges(ruleset, powers)) {
    const request = rechargeRequest(actorKey, recharge);
    const result = await ports.roll(request);
    const { update, line } = rechargeLine(actorKey, recharge, request, result);
    if (update) await actor.items.get(recharge.id)?.update(update);
    await ports.post(line);
  }
}
