/**
 * Hundred Dungeons: the values derived from an actor's data (abilities read as modifiers, the one
 * Defense, initiative, and the conditions and exhaustion level shown as statuses). [HD-ATK] [HD-COND]
 */
import { validateActorSource } from "../../common.js";
import type { ActorSource, DerivedActor } from "../../types.js";
import { ABILITY_KEYS } from "../../types.js";
import { conditionSpec, EXHAUSTION_LEVELS, expandConditions } from "./conditions.js";
import { HD_DAMAGE_TYPES } from "./data.js";
import { initiativeModifier } from "./turns.js";

export function deriveActor(actor: ActorSource): DerivedActor {
  validateActorSource(actor, HD_DAMAGE_TYPES);
  const abilityMods = { ...actor.abilities };
  const saves: Record<string, number> = {};
  for (const k of ABILITY_KEYS) saves[k] = actor.abilities[k];
  const statusLabels = expandConditions(actor.conditions, actor.exhaustion).flatMap((id) => {
    const s = conditionSpec(id);
    return s ? [s.label] : [];
  });
  const lv = EXHAUSTION_LEVELS.find((l) => l.level === Math.min(6, Math.trunc(actor.exhaustion)));
  if (lv) statusLabels.push(lv.label);
  return {
    abilityMods,
    defenses: { def: defenseValue(actor) },
    attackPenalties: [],
    defensePenalties: [],
    initiative: initiativeModifier(actor),
    saves,
    bloodied: false,
    wounded: false,
    damageTaken: Math.max(0, actor.hp.max - actor.hp.value),
    statusLabels,
  };
}

/** The one defense attacks target. PCs without a stat-block value: 10 + armor + shield (the text is silent). */
export function defenseValue(actor: ActorSource): number {
  const d = actor.defenses.def ?? { base: null, bonus: 0 };
  const base = d.base ?? 10 + actor.armor.armorBonus + actor.armor.shieldBonus;
  return base + d.bonus;
}
