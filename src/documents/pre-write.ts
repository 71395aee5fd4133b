/**
 * What every system document does before a write, written once for the actor, item and effect
 * classes: the order of Foundry's check and the system's step, and the ruleset stamp on create.
 */
import { activeRulesetId } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { stampOnCreate } from "../data/stamp.js";
import { SCHEMA_VERSION } from "../migrations/migrate-data.js";

/**
 * Foundry's own pre-create / pre-update step runs first and may veto the write; only a write it
 * allows gets the system's step (which may change the pending data, or throw to refuse the write).
 */
export async function afterCoreCheck(
  core: Promise<boolean | void>,
  step: () => void | Promise<void>,
): Promise<boolean | void> {
  const allowed = await core;
  if (allowed === false) return false;
  await step();
  return allowed;
}

/** On create: stamp the world's game and the schema version on an actor or item that has none. */
export function stampRuleset(doc: Actor.Implementation | Item.Implementation): void {
  const stamp = stampOnCreate(doc.flags[SYSTEM_ID], activeRulesetId(), SCHEMA_VERSION);
  if (stamp) doc.updateSource({ flags: { [SYSTEM_ID]: stamp } });
}
