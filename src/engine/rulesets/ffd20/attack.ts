/**
 * FFd20 attacks: attack bonus ([FF-ATKBONUS]), defenses ([FF-DEF]), resolution ([FF-ATK],
 * [FF-NAT20], [FF-PRECISION], [FF-NAT1], [FF-CA], [FF-COVER], [FF-CONCEAL], [FF-INVIS]), damage
 * expression ([FF-WDICE]) and the damage recipe ([FF-CRITDMG], [FF-MISS]).
 */
import { abilityModifier, keptNatural } from "../../common.js";
import type { DamageExpression } from "../../dice.js";
import { maxDamage, parseDamage, parseWeaponDice } from "../../dice.js";
import { EngineError, requireFinite, requireNonNegative } from "../../errors.js";
import { escalationModifier, itemisedBonus, missDamageRecipe, sumDamage } from "../../resolution.js";
import { faceDecision, preparedAttack, resolvedBy } from "../../resolution.js";
import type { AbilityKey, ActorSource, AttackInput, DamageRecipe } from "../../types.js";
import type { DamageRecipeInput, Modifier, PowerSource, Situation, WeaponSource, PreparedAttack } from "../../types.js";
import { ABILITY_KEYS } from "../../types.js";
import { expandConditions, grantsCombatAdvantage, seesCreature } from "./data.js";

export const halfLevel = (level: number): number => Math.floor(level / 2);

export function abilityMods(actor: ActorSource): Record<AbilityKey, number> {
  const out = {} as Record<AbilityKey, number>;
  for (const k of ABILITY_KEYS) out[k] = abilityModifier(actor.abilities[k]);
  return out;
}

/**
 * [FF-DEF] Defense values. A stat-block `base` is used as given; otherwise 10 + ½ level + the
 * abilities, armor and shield the text names. `bonus` (feats, items, powers…) is always added.
 */
export function deriveDefenses(actor: ActorSource): Record<string, number> {
  const m = abilityMods(actor);
  const base = 10 + halfLevel(actor.level);
  const dexInt = Math.max(m.dex, m.int);
  const derived: Record<string, number> = {
    ac: base + actor.armor.armorBonus + actor.armor.shieldBonus + (actor.armor.heavy ? 0 : dexInt),
    fort: base + Math.max(m.str, m.con),
    ref: base + dexInt + actor.armor.shieldBonus,
    will: base + Math.max(m.wis, m.cha),
  };
  const out: Record<string, number> = {};
  for (const key of Object.keys(derived)) {
    const input = actor.defenses[key];
    const bonus = input?.bonus ?? 0;
    out[key] = (input && input.base !== null ? input.base : (derived[key] as number)) + bonus;
  }
  return out;
}

/**
 * [FF-ATKBONUS] A power's base attack bonus, itemised: ½ level, the power's ability modifier,
 * proficiency (only when proficient), the weapon's enhancement, the power's own bonus and the
 * actor's misc bonus. A power with no attack ability is a stat-block attack: its flat bonus only.
 */
export function attackBonusParts(actor: ActorSource, power: PowerSource, weapon: WeaponSource | null): Modifier[] {
  const parts: Modifier[] = [];
  const push = (key: string, label: string, value: number): void => {
    requireFinite(`attackBonus.${key}`, value);
    if (value !== 0) parts.push({ key, label, value });
  };
  if (power.attackAbility !== null) {
    if (!ABILITY_KEYS.includes(power.attackAbility)) {
      throw new EngineError(
        "power.attackAbility",
        `unknown ability "${String(power.attackAbility)}"`,
        power.attackAbility,
      );
    }
    push("halfLevel", "D20C.FF.Mod.HalfLevel", halfLevel(actor.level));
    push(
      "ability",
      `D20C.FF.Mod.Ability.${power.attackAbility}`,
      abilityModifier(actor.abilities[power.attackAbility]),
    );
    if (weapon) {
      if (weapon.proficient) push("proficiency", "D20C.FF.Mod.Proficiency", weapon.proficiencyBonus);
      push("enhancement", "D20C.FF.Mod.Enhancement", weapon.enhancement);
    }
  }
  push("power", "D20C.FF.Mod.Power", power.attackBonus);
  push("misc", "D20C.FF.Mod.Misc", actor.attackBonus);
  return parts;
}

/**
 * [FF-WDICE] Hit damage: the power's formula with `N[W]` expanded to N times the weapon's dice, plus
 * the weapon's enhancement bonus. The ability modifier is part of the formula (the adapter resolves
 * `@str`). Empty formula = the power deals no damage.
 */
export function damageExpression(power: PowerSource, weapon: WeaponSource | null): DamageExpression | null {
  if (typeof power.damage !== "string" || power.damage.trim() === "") return null;
  const weaponDice = weapon && weapon.damageDice.trim() !== "" ? parseWeaponDice(weapon.damageDice) : null;
  const expr = parseDamage(power.damage, weaponDice, "power.damage");
  const enh = weapon ? requireFinite("weapon.enhancement", weapon.enhancement) : 0;
  return { dice: expr.dice, flat: expr.flat + enh };
}

/**
 * [FF-WDICE] A weapon's own attack in a character's hands: 1[W] + Strength modifier in melee,
 * 1[W] + Dexterity modifier at range (or the ability the weapon names). A monster's weapon deals
 * its die alone: a stat block prints its attacks.
 */
export function weaponDamageFormula(_weapon: WeaponSource, ability: AbilityKey, kind: ActorSource["kind"]): string {
  return kind === "character" ? `1[W] + @${ability}` : "1[W]";
}

const COVER: Record<string, number> = { none: 0, partial: -2, superior: -5 };
const CONCEAL: Record<string, number> = { none: 0, partial: -2, total: -5 };

/** The branches a kept natural can take, each with the reasons the card gives for it. */
// [FF-INVIS] wrong square: automatic miss; no reason is given (only the GM knows why).
const WRONG_SQUARE = faceDecision("autoMiss");
const NO_LINE_OF_EFFECT = faceDecision("autoMiss", false, "D20C.FF.Reason.NoLineOfEffect");
const COUP_DE_GRACE = faceDecision("crit", false, "D20C.FF.Reason.CoupDeGrace");
const COUP_DE_GRACE_AUTO_HIT = faceDecision("crit", true, "D20C.FF.Reason.CoupDeGrace");
const NATURAL_1 = faceDecision("autoMiss", false, "D20C.FF.Reason.Natural1");
const NATURAL_20_NO_CRIT = faceDecision("hit", true, "D20C.FF.Reason.Natural20NoCrit");
const CRIT = faceDecision("crit");
const HIT = faceDecision("hit");
const PRECISION_MISSED = faceDecision("miss", false, "D20C.FF.Reason.PrecisionMissed");
const MISS = faceDecision("miss");

/**
 * The attack without its d20: everything that does not depend on the dice, worked out once;
 * `checkDice` (from `resolveAttack`) validates the dice first, as the single resolution always did.
 */
export function prepareAttack(input: Omit<AttackInput, "dice">, checkDice?: readonly number[]): PreparedAttack {
  if (checkDice) keptNatural(checkDice, "normal");
  requireFinite("attack.attackBonus", input.attackBonus);
  const defense = requireFinite("attack.defense.value", input.defense.value);
  const critRange = requireNonNegative("attack.critRange", input.critRange);
  requireFinite("attack.situation.bonus", input.situation.bonus);
  const preparedReasons: string[] = [];

  // Base attack bonus, itemised when the caller gave its parts (what they leave shown as "other").
  const modifiers = itemisedBonus(
    input.attackBonus,
    input.bonusParts,
    { whole: "D20C.FF.Mod.AttackBonus", rest: "D20C.FF.Mod.Other" },
    false,
  );
  input.attacker.penalties.forEach((m, i) => requireFinite(`attack.attacker.penalties[${i}].value`, m.value));
  for (const p of input.attacker.penalties) modifiers.push(p);

  const attacker = expandConditions(input.attacker.conditions);
  const s = input.situation;

  // [FF-CONCEAL] / [FF-INVIS]: a target the attacker can't see (invisible to it, or the attacker
  // is blinded) has total concealment, whatever the dialog said.
  const unseen = !seesCreature(input.attacker.conditions, input.target.conditions);
  // [FF-INVIS] an attacker its target can't see (invisible to it, or the target is blinded).
  const unseenAttacker = !seesCreature(input.target.conditions, input.attacker.conditions);
  const concealment: Situation["concealment"] = unseen ? "total" : s.concealment;
  // [FF-CA] / [FF-INVIS]: combat advantage needs seeing the target; an attacker the target can't
  // see (invisible attacker, blinded target) has it.
  const canSeeTarget = !unseen && concealment !== "total";
  const caSources =
    s.combatAdvantage || grantsCombatAdvantage(input.target.conditions, input.range) || s.offGuard || unseenAttacker;
  if (caSources) {
    if (canSeeTarget) {
      modifiers.push({ key: "combatAdvantage", label: "D20C.FF.Mod.CombatAdvantage", value: 2 });
      if (attacker.has("invisible") && unseenAttacker && !s.combatAdvantage)
        preparedReasons.push("D20C.FF.Reason.InvisibleAttacker");
    } else {
      preparedReasons.push("D20C.FF.Reason.NoCombatAdvantageUnseen");
    }
  }
  // [FF-COVER] the adapter passes the cover judged for this range (origin square for close/area).
  if (s.cover === "partial" || s.cover === "superior") {
    modifiers.push({
      key: "cover",
      label: s.cover === "partial" ? "D20C.FF.Mod.Cover" : "D20C.FF.Mod.SuperiorCover",
      value: COVER[s.cover] as number,
    });
  }
  // [FF-CONCEAL] melee and ranged attacks only.
  if (concealment !== "none") {
    if (input.range === "melee" || input.range === "ranged") {
      modifiers.push({
        key: "concealment",
        label: concealment === "partial" ? "D20C.FF.Mod.Concealment" : "D20C.FF.Mod.TotalConcealment",
        value: CONCEAL[concealment] as number,
      });
    } else {
      preparedReasons.push("D20C.FF.Reason.ConcealmentIgnored");
    }
  }
  if (s.bonus !== 0) modifiers.push({ key: "situational", label: "D20C.FF.Mod.Situational", value: s.bonus });
  // Escalation die: off by default in FFd20; the adapter passes 0 unless the GM turned it on.
  const esc = escalationModifier(input.attacker, input.escalation);
  if (esc) modifiers.push(esc);

  const modifierSum = modifiers.reduce((sum, m) => sum + m.value, 0);
  const critThreshold = Math.max(2, 20 - Math.trunc(critRange));
  // The branches that don't depend on the die.
  const fixed = s.wrongSquare ? WRONG_SQUARE : s.cover === "total" ? NO_LINE_OF_EFFECT : null;
  return preparedAttack(input, {
    mode: "normal",
    modifiers,
    defense,
    critThreshold,
    modifierSum,
    before: preparedReasons,
    decide: (natural, total) => {
      if (fixed) return fixed;
      const totalHits = total >= defense;
      // [FF-CRITDMG] a coup de grace is an automatic critical hit, whatever the die shows.
      if (s.coupDeGrace) return totalHits ? COUP_DE_GRACE : COUP_DE_GRACE_AUTO_HIT;
      // [FF-NAT1]
      if (natural === 1) return NATURAL_1;
      // [FF-NAT20] always hits; a crit only when the total also hits.
      if (natural === 20) return totalHits ? CRIT : NATURAL_20_NO_CRIT;
      // [FF-PRECISION] an expanded range crits only when the total hits.
      if (totalHits) return natural >= critThreshold ? CRIT : HIT;
      return natural >= critThreshold ? PRECISION_MISSED : MISS;
    },
    // [FF-MISS] a miss effect applies to every miss of the target, a natural 1 included; not when
    // the attack went to an empty square or had no line of effect.
    missEffect: (result) =>
      (result === "miss" || result === "autoMiss") && input.hasMissEffect && !s.wrongSquare && s.cover !== "total",
  });
}

export const resolveAttack = resolvedBy(prepareAttack);

const NONE: DamageExpression = { dice: [], flat: 0 };

/**
 * [FF-CRITDMG] crit = the hit expression's maximum as a flat bonus, plus the extra crit dice rolled;
 * no damage stays no damage. [FF-MISS] miss = nothing, half the hit damage, or the miss formula.
 */
export function damageRecipe(input: DamageRecipeInput): DamageRecipe | null {
  // Each recipe is one object literal: spreading a shared base and adding keys is many times slower.
  const recipe = (roll: DamageExpression, flatBonus: number, notes: string[]): DamageRecipe => ({
    roll,
    flatBonus,
    multiplier: 1,
    minimum: 0,
    types: [...input.types],
    notes,
  });
  switch (input.outcome) {
    case "crit": {
      if (!input.hit) return null;
      const extra = input.critExtra && (input.critExtra.dice.length || input.critExtra.flat) ? input.critExtra : null;
      return recipe(
        extra ? { dice: extra.dice.map((d) => ({ ...d })), flat: extra.flat } : { ...NONE, dice: [] },
        Math.max(0, maxDamage(input.hit)),
        extra ? ["D20C.FF.Note.CritMaximum", "D20C.FF.Note.CritExtraDice"] : ["D20C.FF.Note.CritMaximum"],
      );
    }
    case "hit":
      if (!input.hit) return null;
      return recipe(sumDamage(input.hit), 0, []);
    case "miss":
    case "autoMiss":
      return missDamageRecipe(input, { half: "D20C.FF.Note.MissHalf", formula: "D20C.FF.Note.MissFormula" });
    default:
      throw new EngineError("damage.outcome", `unknown attack result "${String(input.outcome)}"`, input.outcome);
  }
}
