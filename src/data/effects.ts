/**
 * The system's effect data on ActiveEffects ([SYS-DOCS]), pure: duration kind (save ends
 * easy/normal/hard, start/end of next turn, end of encounter, sustain), aftereffect and ongoing
 * damage live in `flags["d20-combat"].effect` as the engine's `EffectSource` fields (minus `id`,
 * `name`, `statuses`, which are the effect's own).
 */
import { SYSTEM_ID } from "../constants.js";
import type { EffectSource } from "../engine/types.js";

/** What the flag stores: the engine's effect fields the ActiveEffect does not already have. */
export type SystemEffectData = Omit<EffectSource, "id" | "name" | "statuses">;

/** Defaults for an effect with no system data (a plain status toggle): lasts until removed. */
export function defaultEffectData(): SystemEffectData {
  return {
    sourceCombatantId: null,
    duration: "permanent",
    save: "normal",
    saveBonus: 0,
    sustain: null,
    sustainedRound: null,
    ongoing: null,
    aftereffect: null,
    armed: false,
  };
}

/** The minimal shape of an ActiveEffect this module reads (real documents and plain test data). */
export interface EffectLike {
  id: string | null;
  name: string;
  statuses: Iterable<string>;
  flags?: Record<string, unknown> | null | undefined;
}

/** The engine's `EffectSource` of an ActiveEffect (pure; missing fields take the defaults). */
export function effectSourceOf(effect: EffectLike): EffectSource {
  const flag = (effect.flags?.[SYSTEM_ID] as { effect?: Partial<SystemEffectData> } | undefined)?.effect ?? {};
  const data = { ...defaultEffectData(), ...structuredClone(flag) };
  return { ...data, id: effect.id ?? "", name: effect.name, statuses: [...effect.statuses] };
}

/** ActiveEffect create data for an engine effect (the flag plus name and statuses). */
export function effectCreateData(
  effect: Omit<EffectSource, "id">,
  img?: string,
): {
  name: string;
  img?: string;
  statuses: string[];
  flags: Record<string, { effect: SystemEffectData }>;
} {
  const { name, statuses, ...rest } = structuredClone(effect);
  return { name, ...(img ? { img } : {}), statuses, flags: { [SYSTEM_ID]: { effect: rest } } };
}

/** A `CONFIG.statusEffects` entry: v13 names it with `name`/`img` (`label`/`icon` end in v14). */
export interface StatusEffectEntry {
  id: string;
  name: string;
  img: string;
  [key: string]: unknown;
}

/**
 * Status effects for the token HUD from the active ruleset's conditions. Core toggles some ids
 * itself — the combat tracker's "defeated" toggle calls `toggleStatusEffect` with
 * `CONFIG.specialStatusEffects.DEFEATED` ("dead"), which throws for an id missing from
 * `CONFIG.statusEffects` — so each `required` id the ruleset lacks keeps core's own entry from
 * `core` (the list being replaced).
 */
export function statusEffectsFromConditions<Core extends { id?: string | null | undefined } = StatusEffectEntry>(
  conditions: readonly { id: string; label: string; img: string }[],
  core: readonly Core[] = [],
  required: readonly string[] = [],
): ({ id: string; name: string; img: string } | Core)[] {
  const out: ({ id: string; name: string; img: string } | Core)[] = conditions.map((c) => ({
    id: c.id,
    name: c.label,
    img: c.img,
  }));
  for (const id of required) {
    if (out.some((e) => e.id === id)) continue;
    const kept = core.find((e) => e.id === id);
    if (kept) out.push({ ...kept });
  }
  return out;
}
