/**
 * [SYS-MONSTERS] Damage riders (pure): a power effect may deal damage of its own type when its
 * outcome and natural-roll trigger fire ("natural even hit: +5 fire", "natural 16+: +1d6 cold").
 * Each rider is rolled once per card beside the main damage, and a target it fires on takes it as
 * one more part of its damage, so Apply meets the target's traits part by part.
 */
import { parseDamage, formatDamage, type DamageExpression } from "../dice.js";
import { powerEffectApplies } from "../powers.js";
import type { Ruleset } from "../ruleset.js";
import type { AttackOutcome, DamagePart, DamageRecipe, PowerSource } from "../types.js";
import type { CardDamageRoll } from "./card-data.js";

/** One rider as the plan parses it: the effect it belongs to, its dice and types, its roll's key. */
export interface PlannedRider {
  /** Index of its effect in the power's `effects`. */
  index: number;
  expr: DamageExpression;
  types: string[];
  /** The key of its roll on the card (`hit~rider1`: the outcome's words, then the rider's types). */
  key: string;
}

/** The power's riders parsed (weapon dice expanded); an effect with no damage formula has none. */
export function plannedRiders(power: PowerSource, weaponDice: DamageExpression | null): PlannedRider[] {
  const out: PlannedRider[] = [];
  (power.effects ?? []).forEach((e, i) => {
    const formula = e.damage?.formula.trim() ?? "";
    if (!e.damage || formula === "") return;
    out.push({
      index: i,
      expr: parseDamage(formula, weaponDice, `power.effects.${i}.damage.formula`),
      types: [...e.damage.types],
      key: `${e.outcome}~rider${i + 1}`,
    });
  });
  return out;
}

/** The riders a target's outcome and natural roll fire (the game decides each trigger). */
export function firedRiders(
  ruleset: Ruleset,
  power: PowerSource,
  riders: readonly PlannedRider[],
  outcome: AttackOutcome,
): PlannedRider[] {
  const effects = power.effects ?? [];
  return riders.filter((r) => {
    const effect = effects[r.index];
    return effect !== undefined && powerEffectApplies(ruleset, effect, outcome);
  });
}

/** A rider's roll: its dice as they are (a crit or a miss changes only the power's own damage). */
export function riderToRoll(r: PlannedRider): { key: string; recipe: DamageRecipe; formula: string } {
  const recipe: DamageRecipe = {
    roll: r.expr,
    flatBonus: 0,
    multiplier: 1,
    minimum: 0,
    types: [...r.types],
    notes: [],
  };
  return { key: r.key, recipe, formula: formatDamage(r.expr) };
}

/**
 * A target's damage with the riders it takes added as parts: its parts so far (or its main roll
 * as one part), then each rider's total with its types. Null when no rider fired or when the target
 * takes no damage roll. A target whose only damage is its riders (its `damageKey` one of them: a
 * miss without miss damage, "natural even miss: 5 damage") takes the riders as its parts.
 */
export function withRiders(
  target: { damageKey: string | null; damage: number; parts?: DamagePart[] },
  riderKeys: readonly string[],
  byKey: ReadonlyMap<string, CardDamageRoll>,
): { damage: number; parts: DamagePart[] } | null {
  if (!riderKeys.length || !target.damageKey) return null;
  // A miss whose only damage is its riders ("natural even miss: 5 damage"): the riders are its parts.
  if (riderKeys.includes(target.damageKey)) {
    const own = riderKeys.flatMap((key) => {
      const roll = byKey.get(key);
      return roll ? [{ amount: roll.total, types: [...roll.recipe.types] }] : [];
    });
    return { damage: own.reduce((s, p) => s + p.amount, 0), parts: own };
  }
  const main = byKey.get(target.damageKey);
  if (!main) return null;
  const parts: DamagePart[] = target.parts?.length
    ? target.parts.map((p) => ({ amount: p.amount, types: [...p.types] }))
    : [{ amount: target.damage, types: [...main.recipe.types] }];
  for (const key of riderKeys) {
    const roll = byKey.get(key);
    if (roll) parts.push({ amount: roll.total, types: [...roll.recipe.types] });
  }
  return { damage: parts.reduce((s, p) => s + p.amount, 0), parts };
}
