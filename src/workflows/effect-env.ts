/**
 * What system effects need to know about the running Foundry ([SYS-EFFECTS]): its generation, the
 * active game's status icons and v14's `showIcon` values; and whether effect data is the system's.
 * Kept apart from the ActiveEffect class so sheets can use it without loading document classes.
 */
import { activeRuleset } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import type { CoreEffectEnv } from "../data/effect-core.js";

/** Whether effect data carries the system's effect flag (made by the system or its sheets). */
export function hasSystemEffectData(flags: unknown): boolean {
  const ours = (flags as Record<string, { effect?: unknown } | undefined> | null | undefined)?.[SYSTEM_ID];
  return typeof ours?.effect === "object" && ours.effect !== null;
}

/** What the effect fields need to know about the running Foundry and game. */
export function coreEffectEnv(): CoreEffectEnv {
  const consts = (globalThis as { CONST?: { ACTIVE_EFFECT_SHOW_ICON?: { ALWAYS: number; CONDITIONAL: number } } })
    .CONST;
  return {
    generation: game.release?.generation ?? 13,
    conditions: activeRuleset().conditions ?? [],
    showIcon: consts?.ACTIVE_EFFECT_SHOW_ICON ?? { ALWAYS: 2, CONDITIONAL: 1 },
  };
}
