/**
 * The system's ActiveEffect class and the effect data it carries ([SYS-DOCS]): duration kind
 * (save ends easy/normal/hard, start/end of next turn, end of encounter, sustain), aftereffect and
 * ongoing damage live in `flags["d20-combat"].effect` as the engine's `EffectSource` fields (minus
 * `id`, `name`, `statuses`, which are the effect's own).
 */
import { activeRuleset } from "../active-ruleset.js";
import type { EffectSource } from "../engine/types.js";
import { effectSourceOf, statusEffectsFromConditions } from "../data/effects.js";

// The pure helpers live in src/data/effects.ts (testable without Foundry); re-exported here.
export * from "../data/effects.js";

export class D20ActiveEffect extends ActiveEffect {
  /** This effect as the engine reads it. */
  toEffectSource(): EffectSource {
    return effectSourceOf({
      id: this.id,
      name: this.name,
      statuses: this.statuses,
      flags: this.flags as Record<string, unknown>,
    });
  }
}

/** Configure effects at init: no legacy transfer, status effects from the active ruleset. */
export function configureActiveEffects(): void {
  CONFIG.ActiveEffect.legacyTransferral = false;
  const conditions = activeRuleset().conditions ?? [];
  if (conditions.length) {
    const required = [CONFIG.specialStatusEffects.DEFEATED].filter((id): id is string => typeof id === "string");
    CONFIG.statusEffects = statusEffectsFromConditions(conditions, CONFIG.statusEffects, required);
  }
}
