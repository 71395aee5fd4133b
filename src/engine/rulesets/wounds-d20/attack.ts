/**
 * Wounds d20 attacks: attack bonus ([WD-ATK]), natural 1 / 20 ([WD-NAT]), weapon damage
 * ([WD-DMG]) and how a critical hit's damage is made (the Open part of [WD-NAT]).
 */
import { keptNatural, option } from "../../common.js";
import type { DamageExpression } from "../../dice.js";
import { maxDamage, mergeDice, parseDamage, parseWeaponDice } from "../../dice.js";
import { checkedParts, escalationModifier, missDamageRecipe, sumDamage } from "../../resolution.js";
import { type FaceDecision, faceDecision, preparedAttack, resolvedBy } from "../../resolution.js";
import { EngineError, requireFinite } from "../../errors.js";
import { powerDefense } from "../../defense-choice.js";
import type { Ruleset } from "../../ruleset.js";
import type { ActorSource, AttackInput, DamageRecipe, DamageRecipeInput } from "../../types.js";
import type { DerivedActor, Modifier, PowerSource, WeaponSource, PreparedAttack, Situation } from "../../types.js";
import { expandConditions } from "../../conditions.js";
import { CONDITIONS, CRIT_DAMAGE_CHOICES, K, type CritDamageRule } from "./data.js";

/** Whether the attack is made at range with a thrown or ammunition weapon (or a ranged power). */
function isRangedAttack(power: PowerSource, weapon: WeaponSource | null): boolean {
  if (power.range !== "melee") return true;
  return weapon !== null && weapon.ranged && !weapon.thrown;
}

/**
 * [WD-ATK] melee: BCB + Str, or Dex with a light or finesse weapon when Dex is higher; ranged:
 * BCB + Dex (the range penalty comes from the dialog as `situation.bonus`). A power without a
 * weapon uses its own attack ability; `null` there means a stat block's flat bonus only.
 */
export const attackBonus: Ruleset["attackBonus"] = (actor, derived, power, weapon) => {
  const mods = derived.abilityMods;
  const out: Modifier[] = [{ key: "bcb", label: `${K}.Mod.BCB`, value: actor.baseCombatBonus }];
  let ability: "str" | "dex" | null;
  if (weapon) {
    if (isRangedAttack(power, weapon)) ability = "dex";
    else ability = (weapon.light || weapon.finesse) && mods.dex > mods.str ? "dex" : "str";
  } else if (power.attackAbility === null) {
    ability = null;
  } else {
    ability = null;
    out.push({
      key: power.attackAbility,
      label: `${K}.Mod.Ability.${power.attackAbility}`,
      value: mods[power.attackAbility],
    });
  }
  if (ability) out.push({ key: ability, label: `${K}.Mod.Ability.${ability}`, value: mods[ability] });
  if (weapon && weapon.enhancement)
    out.push({ key: "enhancement", label: `${K}.Mod.Enhancement`, value: weapon.enhancement });
  if (power.attackBonus) out.push({ key: "power", label: `${K}.Mod.Power`, value: power.attackBonus });
  if (actor.attackBonus) out.push({ key: "misc", label: `${K}.Mod.Misc`, value: actor.attackBonus });
  return out;
};

/**
 * Share of the Str modifier added to damage: full for one hand, ½ off-hand, 1½ two-handed (not
 * with a light weapon). A Str penalty always applies in full. Ammunition weapons add none.
 */
function strengthToDamage(strMod: number, power: PowerSource, weapon: WeaponSource): number {
  const usesStr = weapon.thrown || (!weapon.ranged && power.range === "melee");
  if (!usesStr) return 0;
  if (strMod <= 0) return strMod;
  if (weapon.offHand) return Math.floor(strMod / 2);
  if (weapon.twoHanded && !weapon.light) return Math.floor((strMod * 3) / 2);
  return strMod;
}

/**
 * [WD-DMG] weapon die (or the power's formula, `N[W]` expanded) + BCB when proficient + the Str
 * share + the weapon's enhancement. A power with no weapon uses its own formula only.
 */
export function damageExpression(
  actor: ActorSource,
  derived: DerivedActor,
  power: PowerSource,
  weapon: WeaponSource | null,
): DamageExpression | null {
  if (!weapon) return power.damage.trim() ? parseDamage(power.damage, null, "power.damage") : null;
  const weaponDice = weapon.damageDice.trim() ? parseWeaponDice(weapon.damageDice) : null;
  const base = power.damage.trim() ? parseDamage(power.damage, weaponDice, "power.damage") : weaponDice;
  if (!base) return null;
  let flat = base.flat;
  if (weapon.proficient) flat += actor.baseCombatBonus;
  flat += strengthToDamage(derived.abilityMods.str, power, weapon);
  flat += weapon.enhancement;
  return mergeDice({ dice: base.dice.map((d) => ({ ...d })), flat });
}

/** The branches a kept natural can take, each with the reasons the card gives for it. */
const WRONG_SQUARE = faceDecision("autoMiss", false, `${K}.Reason.WrongSquare`);
const NATURAL_1 = faceDecision("autoMiss", false, `${K}.Reason.Natural1`);
const NATURAL_20 = faceDecision("crit", false, `${K}.Reason.Natural20`);
const NATURAL_20_AUTO_HIT = faceDecision("crit", true, `${K}.Reason.Natural20`);
const CRIT_RANGE = faceDecision("crit", false, `${K}.Reason.CritRange`);
const HIT = faceDecision("hit");
const MISS = faceDecision("miss");
const OFF_GUARD_REASONS = [`${K}.Reason.OffGuard`];
// [WD-COUPDEGRACE] a coup de grace on a helpless target hits and crits whatever the die shows.
const COUP_DE_GRACE: FaceDecision = { ...faceDecision("crit", false, `${K}.Reason.CoupDeGrace`), coupDeGrace: true };
const COUP_DE_GRACE_AUTO_HIT: FaceDecision = {
  ...faceDecision("crit", true, `${K}.Reason.CoupDeGrace`),
  coupDeGrace: true,
};

/**
 * [WD-COUPDEGRACE] Whether the attack is a coup de grace the family allows: chosen in the dialog,
 * against a helpless target (paralyzed and unconscious include it), in melee or from a ranged
 * weapon at point blank (the dialog's word: the attacker stands adjacent).
 */
function isCoupDeGrace(input: Pick<AttackInput, "situation" | "target">): boolean {
  return (
    input.situation.coupDeGrace === true && expandConditions(CONDITIONS, input.target.conditions).includes("helpless")
  );
}

/**
 * The attack without its d20: everything that does not depend on the dice, worked out once;
 * `checkDice` (from `resolveAttack`) validates the dice first, as the single resolution always did.
 */
export function prepareAttack(input: Omit<AttackInput, "dice">, checkDice?: readonly number[]): PreparedAttack {
  if (checkDice) keptNatural(checkDice, "normal");
  requireFinite("attack.attackBonus", input.attackBonus);
  const defense = requireFinite("attack.defense.value", input.defense.value);
  requireFinite("attack.situation.bonus", input.situation.bonus);
  requireFinite("attack.critRange", input.critRange);
  const given = checkedParts(input.bonusParts);
  const modifiers: Modifier[] = given.length
    ? given
    : [{ key: "attack", label: `${K}.Mod.Attack`, value: input.attackBonus }];
  // Added to the die one by one, in this order.
  const addends: number[] = [input.attackBonus];
  for (const [i, p] of input.attacker.penalties.entries()) {
    modifiers.push({ ...p, value: requireFinite(`attack.attacker.penalties[${i}].value`, p.value) });
    addends.push(p.value);
  }
  if (input.situation.bonus) {
    modifiers.push({ key: "situational", label: `${K}.Mod.Situational`, value: input.situation.bonus });
    addends.push(input.situation.bonus);
  }
  const esc = escalationModifier(input.attacker, input.escalation);
  if (esc) {
    modifiers.push(esc);
    addends.push(esc.value);
  }
  // Only a natural 20 crits by the text; items that widen the range still need a hit.
  const critThreshold = Math.min(20, Math.max(2, 20 - Math.max(0, Math.trunc(input.critRange))));
  const coupDeGrace = isCoupDeGrace(input);
  const before = input.situation.offGuard ? [...OFF_GUARD_REASONS] : [];
  if (input.situation.coupDeGrace && !coupDeGrace) before.push(`${K}.Reason.CoupDeGraceNotHelpless`);
  return preparedAttack(input, {
    mode: "normal",
    modifiers,
    defense,
    critThreshold,
    total: (natural) => {
      let total = natural;
      for (const addend of addends) total += addend;
      return total;
    },
    before,
    // [WD-NAT] natural 1 always misses, natural 20 always crits; else total ≥ defense hits.
    decide: (natural, total) => {
      if (input.situation.wrongSquare) return WRONG_SQUARE;
      if (coupDeGrace) return total < defense ? COUP_DE_GRACE_AUTO_HIT : COUP_DE_GRACE;
      if (natural === 1) return NATURAL_1;
      if (natural === 20) return total < defense ? NATURAL_20_AUTO_HIT : NATURAL_20;
      if (total >= defense) return natural >= critThreshold ? CRIT_RANGE : HIT;
      return MISS;
    },
    // [WD-NAT] a natural 1 "is always a miss" and no more (13th Age's text alone takes a miss's
    // effect away from it): a power's miss effect applies to it as to any miss; an attack on an
    // empty square met nobody.
    missEffect: (result) =>
      (result === "miss" || result === "autoMiss") && input.hasMissEffect && !input.situation.wrongSquare,
  });
}

export const resolveAttack = resolvedBy(prepareAttack);

/** A crit multiplier held to the family's ×2–×4 (absent or out of range = ×2). */
function critTimes(m: number | undefined): number {
  return m === 3 || m === 4 ? m : 2;
}

function critRule(options: DamageRecipeInput["options"]): CritDamageRule {
  const v = option(options, "critDamage", "doubleTotal");
  if (!(CRIT_DAMAGE_CHOICES as readonly string[]).includes(v)) {
    throw new EngineError("options.critDamage", `unknown critical damage rule "${v}"`, v);
  }
  return v as CritDamageRule;
}

/**
 * Damage recipe. A hit (and a crit) deals at least 1 ([WD-DMG]). Critical damage ([WD-NAT], Open,
 * option `critDamage`): `doubleTotal` rolls once and doubles everything; `doubleDice` rolls the
 * dice twice and adds the flat part once; `maxPlusRoll` adds the dice's maximum to a normal roll.
 */
export function damageRecipe(input: DamageRecipeInput): DamageRecipe | null {
  const types = [...input.types];
  if (input.outcome === "miss" || input.outcome === "autoMiss")
    return missDamageRecipe(input, { half: `${K}.Note.MissHalf`, formula: `${K}.Note.MissFormula` });
  if (!input.hit) return null;
  const notes = [`${K}.Note.Minimum`];
  if (input.outcome === "hit") {
    return { roll: sumDamage(input.hit), flatBonus: 0, multiplier: 1, minimum: 1, types, notes };
  }
  const rule = critRule(input.options);
  // [SYS-MONSTERS] a weapon's ×3 or ×4 multiplies where the rule doubles (×2 by default).
  const times = critTimes(input.critMultiplier);
  if (times > 2) notes.unshift(`D20C.Creature.WD.CritTimes${times}`);
  if (rule === "doubleTotal") {
    return {
      roll: sumDamage(input.hit, input.critExtra),
      flatBonus: 0,
      multiplier: times,
      minimum: 1,
      types,
      notes: [`${K}.Note.CritDoubleTotal`, ...notes],
    };
  }
  if (rule === "doubleDice") {
    const doubled: DamageExpression = {
      dice: input.hit.dice.map((d) => ({ ...d, count: d.count * times })),
      flat: input.hit.flat,
    };
    return {
      roll: sumDamage(doubled, input.critExtra),
      flatBonus: 0,
      multiplier: 1,
      minimum: 1,
      types,
      notes: [`${K}.Note.CritDoubleDice`, ...notes],
    };
  }
  const diceMax = maxDamage({ dice: input.hit.dice, flat: 0 }) * (times - 1);
  return {
    roll: sumDamage(input.hit, input.critExtra),
    flatBonus: diceMax,
    multiplier: 1,
    minimum: 1,
    types,
    notes: [`${K}.Note.CritMaxPlusRoll`, ...notes],
  };
}

/**
 * [WD-TOUCH] [WD-FLAT] Which of the target's armor classes the attack meets: its touch AC for a
 * touch attack, its flat-footed AC when it is caught off guard, and `touchFlat` (neither armor nor
 * a Dex bonus) for a touch attack on a target caught off guard where it is derived; otherwise the
 * lower of touch and flat, or the power's own defense when neither applies.
 */
export function defenseAgainst(
  power: PowerSource,
  situation: Situation,
  defenses: Readonly<Record<string, number>>,
): { key: string; value: number } {
  const touchFlat = defenses.touchFlat;
  if (power.touch && situation.offGuard && touchFlat !== undefined) return { key: "touchFlat", value: touchFlat };
  const candidates: string[] = [];
  if (power.touch && defenses.touch !== undefined) candidates.push("touch");
  if (situation.offGuard && defenses.flat !== undefined) candidates.push("flat");
  if (candidates.length === 0) return powerDefense(power, defenses);
  let best = { key: candidates[0] as string, value: defenses[candidates[0] as string] as number };
  for (const key of candidates.slice(1)) {
    const v = defenses[key] as number;
    if (v < best.value) best = { key, value: v };
  }
  return best;
}

/** [WD-MISSCHANCE] The family's miss chances: concealment 20%, total concealment 50%. */
const MISS_CHANCE: Record<Situation["concealment"], number> = { none: 0, partial: 20, total: 50 };

/**
 * [WD-MISSCHANCE] The attack's miss chance: the target's concealment as the dialog (or the scene)
 * says, and total concealment for a blinded attacker (every foe is unseen to it); the worse one
 * counts, they never add. An attack on the wrong square has none (it misses outright).
 */
export function missChance(input: Omit<AttackInput, "dice">): number {
  if (input.situation.wrongSquare) return 0;
  const blinded = expandConditions(CONDITIONS, input.attacker.conditions).includes("blinded");
  return Math.max(MISS_CHANCE[input.situation.concealment] ?? 0, blinded ? MISS_CHANCE.total : 0);
}
