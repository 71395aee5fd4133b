/**
 * 13th Age: attack bonus, attack resolution and damage recipes.
 * [13A-ATK] [13A-DMG] [13A-MISS] [13A-NAT20] [13A-NAT1] [13A-VULN] [13A-ESC] [13A-NORECOV]
 */
import { keptNatural, option } from "../../common.js";
import type { DamageExpression } from "../../dice.js";
import { parseDamage, parseWeaponDice } from "../../dice.js";
import { EngineError, requireFinite, requireNonNegative } from "../../errors.js";
import type { Ruleset } from "../../ruleset.js";
import { checkedParts, escalationModifier, missDamageRecipe, sumDamage } from "../../resolution.js";
import { faceDecision, preparedAttack, resolvedBy } from "../../resolution.js";
import type { ActorSource, AttackInput, DamageRecipe, DamageRecipeInput } from "../../types.js";
import type { DerivedActor, Modifier, PowerSource, PreparedAttack, RollMode, WeaponSource } from "../../types.js";
import { OPTION_DEFAULTS, VULNERABILITY_CRIT_EXPANSION } from "./data.js";

const K = "D20C.Age13";

/**
 * Base attack bonus of a power ([13A-ATK]), itemised. PCs: ability modifier + level + the power's
 * and the actor's bonuses + weapon enhancement. NPCs: the stat block's flat bonus (+ ability if a
 * power names one; NPCs don't add level). Escalation and penalties are added by `resolveAttack`.
 */
export const attackBonus: Ruleset["attackBonus"] = (actor, derived, power, weapon) => {
  const out: Modifier[] = [];
  if (power.attackAbility) {
    out.push({
      key: "ability",
      label: `D20C.Ability.${power.attackAbility}`,
      value: derived.abilityMods[power.attackAbility],
    });
  }
  if (actor.kind === "character") out.push({ key: "level", label: "D20C.Modifier.level", value: actor.level });
  if (power.attackBonus) out.push({ key: "power", label: "D20C.Modifier.power", value: power.attackBonus });
  if (actor.attackBonus) out.push({ key: "misc", label: "D20C.Modifier.misc", value: actor.attackBonus });
  if (weapon?.enhancement)
    out.push({ key: "enhancement", label: "D20C.Modifier.enhancement", value: weapon.enhancement });
  return out;
};

/**
 * Hit damage of a power ([13A-DMG]): the resolved formula, `N[W]` expanded with the weapon's dice,
 * plus weapon enhancement. Flat NPC damage (`12`) is a formula with no dice.
 */
export function damageExpression(
  _actor: ActorSource,
  _derived: DerivedActor,
  power: PowerSource,
  weapon: WeaponSource | null,
): DamageExpression | null {
  if (!power.damage || power.damage.trim() === "") return null;
  const wdice = weapon && weapon.damageDice.trim() !== "" ? parseWeaponDice(weapon.damageDice) : null;
  const expr = parseDamage(power.damage, wdice, "power.damage");
  return weapon?.enhancement ? { ...expr, flat: expr.flat + weapon.enhancement } : expr;
}

/**
 * [13A-DMG] A weapon's own attack in a character's hands: WEAPON dice equal to the level plus the
 * ability modifier times the tier (`@tier`: 1, 2 at champion, 3 at epic). Monsters deal their
 * printed damage, so a monster's weapon rolls its die once.
 */
export const weaponDamageFormula: NonNullable<Ruleset["weaponDamageFormula"]> = (_weapon, ability, kind) =>
  kind === "character" ? `@level[W] + @${ability}*@tier` : "1[W]";

/** 13th Age has no advantage-style two-dice rolls: always one d20. */
export function attackMode(_input: Omit<AttackInput, "dice">): RollMode {
  return "normal";
}

/** Whether any of the attack's damage types is one the target is vulnerable to ([13A-VULN]). */
function isVulnerable(damageTypes: readonly string[], vulnerabilities: readonly { type: string }[]): boolean {
  return vulnerabilities.some((v) => v.type === "all" || damageTypes.includes(v.type));
}

/**
 * Lowest natural roll that crits ([13A-NAT20], [13A-VULN]); never below 2 (a 1 always misses) and
 * never above 20 (a natural 20 always crits, so a negative crit range can't take that away).
 */
function critThreshold(critRange: number, vulnerable: boolean): number {
  return Math.min(20, Math.max(2, 20 - Math.trunc(critRange) - (vulnerable ? VULNERABILITY_CRIT_EXPANSION : 0)));
}

/** The branches a kept natural can take, each with the reasons the card gives for it. */
const VULNERABLE_REASONS = ["D20C.Reason.vulnerableCritRange"];
const NATURAL_1 = faceDecision("autoMiss", false, "D20C.Reason.natural1");
const CRIT = faceDecision("crit");
const NATURAL_20_AUTO_HIT = faceDecision("crit", true, "D20C.Reason.natural20AutoHit");
const EXPANDED_CRIT_HIT = faceDecision("crit", true, "D20C.Reason.expandedCritHits");
const CRIT_NEEDS_HIT = faceDecision("miss", false, "D20C.Reason.critNeedsHit");
const HIT = faceDecision("hit");
const MISS = faceDecision("miss");

/**
 * The attack without its d20 ([13A-ATK]…[13A-VULN]); `checkDice` (from `resolveAttack`) validates
 * the dice first, as the single resolution always did.
 */
export function prepareAttack(input: Omit<AttackInput, "dice">, checkDice?: readonly number[]): PreparedAttack {
  if (checkDice) keptNatural(checkDice, "normal");
  const base = requireFinite("attack.attackBonus", input.attackBonus);
  const defense = requireFinite("attack.defense.value", input.defense.value);
  const escalation = requireNonNegative("attack.escalation", input.escalation);
  requireFinite("attack.critRange", input.critRange);
  requireFinite("attack.situation.bonus", input.situation.bonus);

  // The parts stand only when they add up to the bonus; otherwise the bonus shows as one line.
  const parts = checkedParts(input.bonusParts);
  const modifiers: Modifier[] =
    parts.length > 0 && parts.reduce((s, m) => s + m.value, 0) === base
      ? parts
      : [{ key: "attackBonus", label: "D20C.Modifier.attackBonus", value: base }];
  const esc = escalationModifier(input.attacker, escalation);
  if (esc) modifiers.push(esc);
  for (const p of input.attacker.penalties) modifiers.push(p);
  if (input.situation.bonus)
    modifiers.push({ key: "situational", label: "D20C.Modifier.situational", value: input.situation.bonus });
  modifiers.forEach((m, i) => requireFinite(`attack.modifiers[${i}].value`, m.value));

  const modifierSum = modifiers.reduce((s, m) => s + m.value, 0);
  const vulnerable = isVulnerable(input.damageTypes, input.target.vulnerabilities);
  const threshold = critThreshold(input.critRange, vulnerable);
  const nat20AlwaysHits = option(input.options, "nat20AlwaysHits", OPTION_DEFAULTS.nat20AlwaysHits as boolean);
  const expandedCritHits = option(input.options, "expandedCritHits", OPTION_DEFAULTS.expandedCritHits as boolean);

  // [13A-MISS] a plain miss carries the miss effect (the shared default); [13A-NAT1] a natural 1
  // never does.
  return preparedAttack(input, {
    mode: "normal",
    modifiers,
    defense,
    critThreshold: threshold,
    modifierSum,
    before: vulnerable ? VULNERABLE_REASONS : [],
    decide: (natural, total) => {
      // [13A-NAT1] a natural 1 misses outright, whatever the total and the crit range.
      if (natural === 1) return NATURAL_1;
      const hits = total >= defense;
      if (natural >= threshold) {
        if (hits) return CRIT;
        if (natural === 20 && nat20AlwaysHits) return NATURAL_20_AUTO_HIT;
        // [13A-VULN] an expanded-range roll counts as the natural 20 it stands in for, never more: it
        // crits a missing total only where a natural 20 would (both options on).
        if (natural < 20 && expandedCritHits && nat20AlwaysHits) return EXPANDED_CRIT_HIT;
        return CRIT_NEEDS_HIT;
      }
      return hits ? HIT : MISS;
    },
  });
}

export const resolveAttack = resolvedBy(prepareAttack);

function doubledDice(expr: DamageExpression): DamageExpression {
  return { dice: expr.dice.map((d) => ({ ...d, count: d.count * 2 })), flat: expr.flat };
}

/**
 * How to roll damage ([13A-NAT20] crit doubling, [13A-MISS] miss damage, [13A-NAT1] none).
 * Crit `doubleTotal` (default): roll normally (plus any extra crit dice) and double the total.
 * Crit `doubleDice`: roll twice the dice, flat part and extra crit dice once.
 */
export function damageRecipe(input: DamageRecipeInput): DamageRecipe | null {
  // Each recipe is one object literal: spreading a shared base and adding keys is many times slower.
  const recipe = (roll: DamageExpression, multiplier: number, notes: string[]): DamageRecipe => ({
    roll,
    flatBonus: 0,
    multiplier,
    minimum: 0,
    types: [...input.types],
    notes,
  });
  switch (input.outcome) {
    case "autoMiss":
      return null;
    case "crit": {
      if (!input.hit) return null;
      const mode = option(input.options, "critDamage", OPTION_DEFAULTS.critDamage as string);
      if (mode === "doubleDice") {
        return recipe(sumDamage(doubledDice(input.hit), input.critExtra), 1, [`${K}.Note.critDoubleDice`]);
      }
      if (mode !== "doubleTotal")
        throw new EngineError("options.critDamage", `unknown crit damage rule "${mode}"`, mode);
      return recipe(sumDamage(input.hit, input.critExtra), 2, [`${K}.Note.critDoubleTotal`]);
    }
    case "hit":
      return input.hit ? recipe(sumDamage(input.hit), 1, []) : null;
    case "miss":
      return missDamageRecipe(input, { half: `${K}.Note.missHalf`, formula: `${K}.Note.missDamage` });
    default:
      throw new EngineError("damage.outcome", `unknown attack result "${String(input.outcome)}"`, input.outcome);
  }
}
