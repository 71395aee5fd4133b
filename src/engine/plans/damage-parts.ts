/**
 * [SYS-MONSTERS] A power's damage parts at the table (pure): each part beyond the main damage is
 * parsed with the plan, rolled beside the main damage under the game's own damage rule (crit,
 * half on a miss), and kept on each target as its own amount and types, so Apply sends the target
 * one packet of several parts and each meets the target's traits on its own.
 */
import { formatDamage, parseDamage, type DamageExpression } from "../dice.js";
import type { AttackOutcome, DamagePart, PowerSource, RuleOptions } from "../types.js";
import type { Ruleset } from "../ruleset.js";
import type { CardDamageRoll, CardTarget } from "./card-data.js";

/** One damage part as the plan parses it. */
export interface PlannedPart {
  expr: DamageExpression;
  types: string[];
}

/** The power's damage parts parsed (weapon dice expanded); a part with no formula is left out. */
export function plannedParts(power: PowerSource, weaponDice: DamageExpression | null): PlannedPart[] {
  const out: PlannedPart[] = [];
  (power.damageParts ?? []).forEach((p, i) => {
    if (p.formula.trim() === "") return;
    out.push({ expr: parseDamage(p.formula, weaponDice, `power.damageParts.${i}.formula`), types: [...p.types] });
  });
  return out;
}

/** The key of part `i`'s roll beside the main damage roll `key`. */
export const partKey = (key: string, i: number): string => `${key}~part${i + 1}`;

/**
 * The rolls of the parts for an outcome whose main damage rolls under `key`: each part's recipe is
 * the game's for that outcome (a crit doubles or maximises it, a "half" miss halves it); a miss
 * whose miss damage is its own formula deals no part.
 */
export function partsToRoll(
  req: { ruleset: Ruleset; options: RuleOptions; power: PowerSource },
  plan: { parts?: PlannedPart[] },
  outcome: AttackOutcome,
  key: string,
): { key: string; recipe: NonNullable<ReturnType<Ruleset["damageRecipe"]>>; formula: string }[] {
  const out = [];
  for (const [i, part] of (plan.parts ?? []).entries()) {
    const recipe = req.ruleset.damageRecipe({
      outcome: outcome.result,
      hit: part.expr,
      miss: null,
      missEffect: req.power.missEffect === "formula" ? "none" : req.power.missEffect,
      missApplies: outcome.missEffect,
      critExtra: null,
      types: part.types,
      options: req.options,
    });
    if (recipe) out.push({ key: partKey(key, i), recipe, formula: formatDamage(recipe.roll) });
  }
  return out;
}

/**
 * A target's damage with its parts: the main roll's total plus each part's, and the parts (main
 * first) with their types. Nothing when the power has no parts.
 */
export function targetParts(
  damageKey: string | null,
  byKey: ReadonlyMap<string, CardDamageRoll>,
  partCount: number,
): { damage: number; parts: DamagePart[] } | null {
  if (!damageKey || partCount === 0) return null;
  const main = byKey.get(damageKey);
  if (!main) return null;
  const parts: DamagePart[] = [{ amount: main.total, types: [...main.recipe.types] }];
  for (let i = 0; i < partCount; i++) {
    const roll = byKey.get(partKey(damageKey, i));
    if (roll) parts.push({ amount: roll.total, types: [...roll.recipe.types] });
  }
  return { damage: parts.reduce((s, p) => s + p.amount, 0), parts };
}

/** The parts a button sends: each part's amount as the button reads the whole (half, double). */
export function packetPartsFor(target: CardTarget, amountOf: (damage: number) => number): DamagePart[] | null {
  if (!target.parts || target.parts.length < 2) return null;
  return target.parts.map((p) => ({ amount: amountOf(p.amount), types: [...p.types] }));
}
