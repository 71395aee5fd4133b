/**
 * The core ActiveEffect fields a system effect carries so Foundry draws and times it right
 * ([SYS-EFFECTS]), pure: its icon, v14's `showIcon`, and v14's `duration.expiry`.
 *
 * Expiry on v14: every system duration that ends is registered as a core expiry event of its own
 * (`d20-combat.<duration>`), which core never fires — the system's turn automation ends the effect,
 * by deleting it, at exactly the moment its rules say. Core's own events (turn end, combat end…)
 * therefore never match a system effect, so core and the system never both end it. Core's expiry
 * action is left as the world has it (it is every module's); a system effect core does mark expired
 * (one a user gave a core duration) is deleted by the GM, per effect (src/documents/active-effect.ts
 * deleteExpiredSystemEffect), rather than kept as "expired" while the rules still read it.
 */
import { SYSTEM_ID } from "../constants.js";
import { effectIcon, showsOnToken } from "../engine/effects.js";
import type { ConditionSpec, DurationKind, EffectSource } from "../engine/types.js";

/** The durations that end (so have an expiry event); "until removed" and instant effects have none. */
const EXPIRING: readonly DurationKind[] = ["saveEnds", "startOfNextTurn", "endOfNextTurn", "sustain", "endOfEncounter"];

/** The core expiry event of a system duration, or null when the duration never ends on its own. */
function expiryEventOf(duration: DurationKind): string | null {
  return EXPIRING.includes(duration) ? `${SYSTEM_ID}.${duration}` : null;
}

/** `CONFIG.ActiveEffect.expiryEvents` entries (event id → i18n label) for every system duration that ends. */
export function systemExpiryEvents(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of EXPIRING) out[`${SYSTEM_ID}.${d}`] = `D20C.Effects.Expiry.${d}`;
  return out;
}

/** What the adapter knows about the Foundry it runs in. */
export interface CoreEffectEnv {
  /** `game.release.generation`. */
  generation: number;
  /** The active game's conditions (their status icons). */
  conditions: readonly Pick<ConditionSpec, "id" | "img">[];
  /** v14 `CONST.ACTIVE_EFFECT_SHOW_ICON` values. */
  showIcon: { ALWAYS: number; CONDITIONAL: number };
}

/** The core fields of a system effect. `img` = the icon it has now (kept when set). */
export interface CoreEffectFields {
  img: string;
  /** v14 only: ALWAYS for effects that belong on the token, else CONDITIONAL (core's default). */
  showIcon?: number;
  /** v14 only: the system's expiry event (null = lasts until removed). */
  duration?: { expiry: string | null };
}

export function coreEffectFields(
  effect: Pick<EffectSource, "statuses" | "ongoing" | "aftereffect" | "duration">,
  env: CoreEffectEnv,
  img?: string | null,
): CoreEffectFields {
  const out: CoreEffectFields = { img: img || effectIcon(effect, env.conditions) };
  if (env.generation >= 14) {
    out.showIcon = showsOnToken(effect) ? env.showIcon.ALWAYS : env.showIcon.CONDITIONAL;
    out.duration = { expiry: expiryEventOf(effect.duration) };
  }
  return out;
}
