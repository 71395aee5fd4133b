/**
 * [SYS-RULESET] The defense an attack meets: the power's own (every game), unless the game's
 * `defenseAgainst` capability chooses another from the situation (Wounds d20's touch and
 * flat-footed armor classes).
 */
import { EngineError } from "./errors.js";
import type { PowerSource } from "./types.js";

/** The power's own defense on the target, or a clear error naming the field when it has none. */
export function powerDefense(
  power: Pick<PowerSource, "defense">,
  defenses: Readonly<Record<string, number>>,
): { key: string; value: number } {
  const base = defenses[power.defense];
  if (base === undefined)
    throw new EngineError("power.defense", `the target has no defense "${power.defense}"`, power.defense);
  return { key: power.defense, value: base };
}
