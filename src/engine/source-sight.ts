/**
 * Conditions that hold only while their source is in the bearer's line of sight (Hundred
 * Dungeons frightened: "your abilities are weak while the source of your fear is in your line of
 * sight", [HD-COND]), read from the game's condition table (`ConditionSpec.whileSourceSeen`): which
 * creatures are such sources of an attacker, whether the attack dialog asks about them, and what the
 * scene's sight of them says. Pure: the adapter answers sight with Foundry's own test.
 */
import { expandConditions } from "./conditions.js";
import type { ConditionSpec, EffectSource } from "./types.js";

const sightBound = (table: readonly ConditionSpec[], id: string): boolean =>
  table.some((c) => c.id === id && c.whileSourceSeen === true);

/** Whether a creature with these conditions has one that holds only while its source is seen. */
export function hasSightBoundCondition(table: readonly ConditionSpec[], conditions: readonly string[]): boolean {
  return expandConditions(table, conditions).some((id) => sightBound(table, id));
}

/**
 * The combatant ids of the creators of the bearer's effects that impose such a condition (the
 * sources of its fear), each once. An effect without a creator names no source.
 */
export function sightBoundSources(table: readonly ConditionSpec[], effects: readonly EffectSource[]): string[] {
  const out = new Set<string>();
  for (const e of effects) {
    if (!e.sourceCombatantId) continue;
    if (expandConditions(table, e.statuses).some((id) => sightBound(table, id))) out.add(e.sourceCombatantId);
  }
  return [...out];
}

/**
 * Whether every source is out of the bearer's sight, from the scene's answer for each (true seen,
 * false unseen, null the scene cannot tell): true only when the scene saw that none is in sight;
 * false as soon as one is seen; null (unknown, the dialog's question) otherwise or with no source.
 */
export function sourcesUnseen(seen: readonly (boolean | null)[]): boolean | null {
  if (seen.some((s) => s === true)) return false;
  if (seen.length === 0 || seen.some((s) => s === null)) return null;
  return true;
}
