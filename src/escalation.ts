/**
 * The escalation die as formulas and attacks see it ([13A-ESC], [SYS-ESC]). The value is derived
 * from the current combat's round plus the GM's flags on the Combat (`flags["d20-combat"]`:
 * `offset`, the GM's adjustment, and `frozen`, a held value or null). The tracker sets those flags;
 * everything else reads the die only through here.
 */
import { SYSTEM_ID } from "./constants.js";
import { escalationDie, escalationOffsetFor } from "./engine/common.js";
import { activeRuleset } from "./active-ruleset.js";
import { escalationSettingOn } from "./settings-combat.js";
import { escalationInPlay } from "./engine/plans/combat-cycle.js";

/** The escalation flags as stored on a Combat. */
export interface EscalationFlags {
  offset?: number;
  frozen?: number | null;
}

/** The die's value for a combat's round and flags (pure; 0 without a combat). */
export function escalationFor(round: number | null | undefined, flags: EscalationFlags | null | undefined): number {
  if (round === null || round === undefined) return 0;
  const offset = typeof flags?.offset === "number" ? flags.offset : 0;
  const frozen = typeof flags?.frozen === "number" ? flags.frozen : null;
  return escalationDie(round, offset, frozen);
}

/**
 * Whether the die is in play in this world: on by default where the ruleset says so ([13A-ESC]),
 * and in any other ruleset when the GM's world setting turns it on ([SYS-ESC]).
 */
export function escalationEnabled(): boolean {
  try {
    return escalationInPlay(activeRuleset(), escalationSettingOn());
  } catch {
    return false;
  }
}

/** The GM's "+1 / −1" control: new flags that move the shown value by `delta` (0–6), keeping a pause. */
export function bumpEscalation(
  round: number,
  flags: EscalationFlags | null | undefined,
  delta: number,
): Required<EscalationFlags> {
  const value = Math.min(6, Math.max(0, escalationFor(round, flags) + delta));
  const paused = typeof flags?.frozen === "number";
  return { offset: escalationOffsetFor(round, value), frozen: paused ? value : null };
}

/** The GM's pause control: hold the die at its current value, or let it advance again from there. */
export function toggleEscalationPause(
  round: number,
  flags: EscalationFlags | null | undefined,
): Required<EscalationFlags> {
  const value = escalationFor(round, flags);
  if (typeof flags?.frozen === "number") return { offset: escalationOffsetFor(round, value), frozen: null };
  return { offset: typeof flags?.offset === "number" ? flags.offset : 0, frozen: value };
}

/** The current escalation die value of the viewed combat (0 out of combat or when the die is off). */
export function currentEscalation(): number {
  const combat = game.combat;
  if (!combat || !escalationEnabled()) return 0;
  const flags = (combat.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as EscalationFlags | undefined;
  return escalationFor(combat.round, flags);
}
