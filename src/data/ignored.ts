/**
 * What the active game ignores on a stored actor ([SYS-RULESET], [SYS-HIDDEN]): traits of damage
 * types and conditions only another game knows. They stay in the data (switching back restores
 * them) and never throw; the sheet and the console say they do nothing here. Pure.
 */
import { foreignTraits } from "../engine/common.js";
import { allRulesets } from "../engine/registry.js";
import type { Ruleset } from "../engine/ruleset.js";
import type { ActorSource } from "../engine/types.js";

/** One ignored entry: the stored field and the word it holds (`resistances[0]`, `holy`). */
export interface IgnoredEntry {
  field: string;
  value: string;
}

/** Condition ids of each game's list, built once per list (every actor of a world load asks). */
const conditionIds = new WeakMap<readonly { id: string }[], ReadonlySet<string>>();
function idsOf(conditions: readonly { id: string }[]): ReadonlySet<string> {
  let ids = conditionIds.get(conditions);
  if (!ids) conditionIds.set(conditions, (ids = new Set(conditions.map((c) => c.id))));
  return ids;
}

/** Entries of `actor` that `ruleset` ignores because they are another game's. */
export function ignoredUnderRuleset(
  actor: Pick<ActorSource, "resistances" | "vulnerabilities" | "immunities" | "conditions">,
  ruleset: Pick<Ruleset, "damageTypes" | "conditions">,
  others: readonly Pick<Ruleset, "conditions">[] = allRulesets(),
): IgnoredEntry[] {
  const out: IgnoredEntry[] = foreignTraits(actor, ruleset.damageTypes).map((t) => ({ field: t.field, value: t.type }));
  const own = idsOf(ruleset.conditions);
  actor.conditions.forEach((id, i) => {
    if (!own.has(id) && others.some((r) => idsOf(r.conditions).has(id)))
      out.push({ field: `conditions[${i}]`, value: id });
  });
  return out;
}
