/**
 * What follows a spend in Foundry: the roll the rules demand after it (a staggered creature's
 * major action owes a Death save, [WD-STAGGER]), rolled, resolved by the ruleset, written to the
 * actor and posted like a sheet save. Set as the spend follower at init (`setSpendFollower`).
 */
import { ruleOptions } from "../active-ruleset.js";
import type { SaveRoll } from "../dice/rolls.js";
import type { Ruleset } from "../engine/ruleset.js";
import type { RollRequest } from "../engine/types.js";
import type { EconomyCombatant } from "./actions.js";
import { postRequestRolls } from "./apply-damage.js";
import { rollRequest } from "./foundry-docs.js";
import { reachedTarget, runRequests, type ResolvedRequest } from "../engine/plans/requests.js";

/** Roll, resolve, write and post what the ruleset asks after `cost` was spent by the combatant. */
export async function followSpend(ruleset: Ruleset, c: EconomyCombatant, cost: string): Promise<void> {
  const actor = c.actor;
  if (!ruleset.afterSpend || !actor?.toEngineSource || !actor.applyEngineActor) return;
  const source = actor.toEngineSource();
  const options = ruleOptions();
  const request = ruleset.afterSpend(source, actor.uuid ?? "", cost, options);
  if (!request) return;
  const made: { resolved: ResolvedRequest; roll: SaveRoll }[] = [];
  const roller = async (r: RollRequest) => {
    const { roll, result } = await rollRequest(r, actor.getRollData?.() ?? {});
    made.push({ resolved: { request: r, result, success: reachedTarget(r, result, ruleset) }, roll });
    return result;
  };
  const out = await runRequests(ruleset, source, actor.uuid ?? "", [request], roller, options);
  await actor.applyEngineActor(out.actor);
  await postRequestRolls(actor as unknown as Actor.Implementation, "D20C.Chat.SaveTitle", made, out.events);
}
