/**
 * Hundred Dungeons attacks: the ability roll and its bonus ([HD-ATK]), mighty/weak ([HD-MIGHTY]),
 * natural 1/20 ([HD-CRIT]), cover and hiding ([HD-COVER], [HD-HIDE]), damage by weapon class
 * ([HD-DMG]).
 */
import { hasSwimSpeed } from "../../movement.js";
import { blankSituation, keptNatural, MAX_ROLL_SOURCES, netMode } from "../../common.js";
import { parseDamage, parseWeaponDice, type DamageExpression } from "../../dice.js";
import { EngineError, requireCount, requireFinite, requireNonNegative } from "../../errors.js";
import { escalationModifier, missDamageRecipe, sumDamage, resolvedBy } from "../../resolution.js";
import { faceDecision, preparedAttack } from "../../resolution.js";
import type { AbilityKey, ActorSource, AttackInput, DamageRecipe, EffectSource, RuleOptions } from "../../types.js";
import type { DamageRecipeInput, Modifier, PowerSource, RollMode, WeaponClass, WeaponSource } from "../../types.js";
import type { PreparedAttack } from "../../types.js";
import { exhaustionEffects, SIZES, specsOf, type AttackKind } from "./conditions.js";
import { charmedBy, hiddenFrom, PARTIAL_COVER_BONUS, underwaterAttackWeak } from "./combat.js";
import { mightyCancel, paralyzedMeleeCrit } from "./options.js";
import { ABILITY_LABEL } from "./data.js";

/** A size key, Medium when blank or unknown. */
function sizeKey(size: string | undefined): (typeof SIZES)[number] {
  const s = (size ?? "").toLowerCase();
  return (SIZES as readonly string[]).includes(s) ? (s as (typeof SIZES)[number]) : "medium";
}

/** Weapon damage die by class when the weapon has no dice of its own. */
export const CLASS_DICE: Record<WeaponClass, string> = { simple: "1d6", martial: "1d8", heavy: "1d10" };

/** The ability an attack rolls: a weapon decides (melee and thrown Str, ammunition Dex), else the power's. */
function attackAbility(power: PowerSource, weapon: WeaponSource | null): AbilityKey | null {
  if (weapon) return weapon.ranged && !weapon.thrown ? "dex" : "str";
  return power.attackAbility;
}

/** Whether one of the actor's weapon skills names this weapon's class or the weapon itself. */
function weaponSkillApplies(actor: Pick<ActorSource, "weaponSkills">, weapon: WeaponSource | null): boolean {
  if (!weapon) return false;
  const names = [weapon.weaponClass, weapon.name].map((s) => s.trim().toLowerCase()).filter(Boolean);
  return actor.weaponSkills.some((s) => names.includes(s.trim().toLowerCase()));
}

export function attackBonus(actor: ActorSource, power: PowerSource, weapon: WeaponSource | null): Modifier[] {
  const mods: Modifier[] = [];
  const ability = attackAbility(power, weapon);
  if (ability)
    mods.push({
      key: "ability",
      label: ABILITY_LABEL(ability),
      value: requireFinite(`actor.abilities.${ability}`, actor.abilities[ability]),
    });
  // Exhaustion level 2+: the creature doesn't benefit from skills, weapon skills included.
  if (weaponSkillApplies(actor, weapon) && !exhaustionEffects(actor.exhaustion).noSkills)
    mods.push({ key: "renown", label: "D20C.HD.Attack.renown", value: requireFinite("actor.renown", actor.renown) });
  if (power.attackBonus)
    mods.push({
      key: "power",
      label: "D20C.HD.Attack.power",
      value: requireFinite("power.attackBonus", power.attackBonus),
    });
  if (actor.attackBonus)
    mods.push({
      key: "misc",
      label: "D20C.HD.Attack.misc",
      value: requireFinite("actor.attackBonus", actor.attackBonus),
    });
  return mods;
}

/** The weapon's dice, or its class die when it has none ([HD-DMG]). */
function weaponDice(weapon: WeaponSource): DamageExpression {
  const own = weapon.damageDice.trim();
  if (own) return parseWeaponDice(own, "weapon.damageDice");
  const die = CLASS_DICE[weapon.weaponClass];
  if (!die)
    throw new EngineError(
      "weapon.weaponClass",
      `unknown weapon class "${String(weapon.weaponClass)}"`,
      weapon.weaponClass,
    );
  return parseWeaponDice(die, "weapon.weaponClass");
}

/**
 * Whether a power is an unarmed strike ([HD-UNARMED] Damage option): a melee Strength attack with
 * no weapon and no damage formula of its own (spells roll another ability or name their damage).
 */
function isUnarmedStrike(power: PowerSource, weapon: WeaponSource | null): boolean {
  return weapon === null && !power.damage.trim() && power.range === "melee" && power.attackAbility === "str";
}

/**
 * Hit damage: the power's own formula (with `N[W]` meaning the weapon's dice) or, with no formula,
 * the weapon's dice alone; an unarmed strike deals the Strength score, at least 1 ([HD-UNARMED]).
 * No ability is added to weapon damage in this game.
 */
export function damageExpression(
  power: PowerSource,
  weapon: WeaponSource | null,
  actor?: Pick<ActorSource, "abilities">,
): DamageExpression | null {
  const wd = weapon ? weaponDice(weapon) : null;
  if (power.damage.trim()) return parseDamage(power.damage, wd, "power.damage");
  if (actor && isUnarmedStrike(power, weapon))
    return { dice: [], flat: Math.max(1, Math.trunc(requireFinite("actor.abilities.str", actor.abilities.str))) };
  return wd;
}

/**
 * [HD-ACTIONS] A spell is an attack made without a weapon and rolled with a spellcasting ability
 * (Intelligence, Wisdom or Charisma), as `attackAct` reads it; anything else is a weapon or unarmed attack.
 */
function attackKindOf(input: Pick<AttackInput, "armed" | "ability">): AttackKind {
  const mental = input.ability === "int" || input.ability === "wis" || input.ability === "cha";
  return input.armed === false && mental ? "spell" : "weapon";
}

interface ModeDetail {
  mode: RollMode;
  mighty: number;
  weak: number;
  /** i18n keys of every source counted. */
  sources: string[];
  /** A rule makes a melee attack hit outright (paralyzed target). */
  autoHit: boolean;
}

/** Count every mighty and weak source of an attack, then net them ([HD-MIGHTY]). */
function attackModeDetail(input: Omit<AttackInput, "dice">): ModeDetail {
  let mighty = 0;
  let weak = 0;
  const sources: string[] = [];
  const add = (m: RollMode | "autoHit" | undefined, key: string): void => {
    if (m === "mighty") {
      mighty++;
      sources.push(`${key}:mighty`);
    }
    if (m === "weak") {
      weak++;
      sources.push(`${key}:weak`);
    }
  };
  // The attacker: its attacks, and its ability rolls (attacks are ability rolls).
  // A mode for other kinds of attack (Help chosen for a spell) leaves only the ability-roll mode.
  const kind = attackKindOf(input);
  for (const s of specsOf(input.attacker.conditions, input.attacker.exhaustion)) {
    // [HD-COND] frightened: weak only while the source of the fear is in the attacker's line of sight.
    if (s.whileSourceSeen && input.situation.fearSourceUnseen === true) continue;
    const forThis = !s.attackKinds || s.attackKinds.includes(kind);
    const own = (forThis ? s.attacks : undefined) ?? s.abilityRolls;
    add(own, s.label);
  }
  if (exhaustionEffects(input.attacker.exhaustion).abilityRolls === "weak") add("weak", "D20C.HD.Exhaustion.3");
  // The target.
  let autoHit = false;
  for (const s of specsOf(input.target.conditions, input.target.exhaustion)) {
    add(s.attacksAgainst, s.label);
    if (input.range === "melee") {
      if (s.meleeAgainst === "autoHit") autoHit = true;
      else add(s.meleeAgainst, s.label);
    }
    // [HD-COND] prone: ranged attacks are weak only against a Medium or smaller creature.
    const tooBig =
      s.rangedAgainstMaxSize !== undefined &&
      SIZES.indexOf(sizeKey(input.target.size)) > SIZES.indexOf(s.rangedAgainstMaxSize);
    if (input.range === "ranged" && !tooBig) add(s.rangedAgainst, s.label);
  }
  // [HD-HIDE] hidden from one another: attacking unseen is mighty; attacking a hidden creature's space is weak.
  const attackerSide = { actor: { conditions: input.attacker.conditions }, effects: input.attacker.effects };
  const targetSide = { actor: { conditions: input.target.conditions }, effects: input.target.effects };
  if (hiddenFrom(attackerSide, input.target.id)) add("mighty", "D20C.HD.Reason.unseenAttacker");
  if (hiddenFrom(targetSide, input.attacker.id)) add("weak", "D20C.HD.Reason.hiddenTarget");
  // [HD-COND] charmed: the charmer's Charisma is mighty against the charmed creature.
  if (input.ability === "cha" && charmedBy(targetSide, input.attacker.id)) add("mighty", "D20C.HD.Reason.charmer");
  // The situation.
  // Counted one by one below, so bounded first: an unbounded count would hang the client.
  const extraMighty = requireCount("attack.situation.mighty", input.situation.mighty, MAX_ROLL_SOURCES);
  const extraWeak = requireCount("attack.situation.weak", input.situation.weak, MAX_ROLL_SOURCES);
  for (let i = 0; i < extraMighty; i++) add("mighty", "D20C.HD.Reason.situation");
  for (let i = 0; i < extraWeak; i++) add("weak", "D20C.HD.Reason.situation");
  if (input.range === "ranged" && input.situation.withinMeleeReach) add("weak", "D20C.HD.Reason.rangedInReach");
  const attackerSpecs = specsOf(input.attacker.conditions, input.attacker.exhaustion);
  if (
    attackerSpecs.some((s) => s.id === "underwater") &&
    underwaterAttackWeak(input.weaponName, input.attacker.swimSpeed ?? false)
  ) {
    add("weak", "D20C.HD.Reason.underwater");
  }
  let m = mighty;
  let w = weak;
  if (mightyCancel(input.options) === "pairs") {
    const both = Math.min(m, w);
    m -= both;
    w -= both;
  }
  return { mode: netMode(m, w), mighty, weak, sources, autoHit };
}

export function attackMode(input: Omit<AttackInput, "dice">): RollMode {
  return attackModeDetail(input).mode;
}

/** A creature as an unarmed attack's mode reads it: its combatant id, actor and effects. */
interface UnarmedSide {
  id: string;
  actor: Pick<
    ActorSource,
    "kind" | "conditions" | "exhaustion" | "size" | "swimSpeed" | "movement" | "vulnerabilities"
  >;
  effects: EffectSource[];
}

/**
 * [HD-UNARMED] The mode of an unarmed attack (the Actions panel's strike, grapple and shove are
 * its options): a weaponless melee Strength attack, counting every mighty and weak source an attack
 * counts (the attacker's own conditions, the target's, hiding, charm, frightened unless
 * `fearSourceUnseen` says its source is out of sight), and whether a rule makes it hit outright (a
 * paralyzed target).
 */
export function unarmedAttackMode(
  attacker: UnarmedSide,
  target: UnarmedSide,
  options: RuleOptions,
  fearSourceUnseen = false,
): { mode: RollMode; autoHit: boolean } {
  const detail = attackModeDetail({
    attackBonus: 0,
    defense: { key: "def", value: 0 },
    range: "melee",
    // [HD-COND] a frightened attacker whose fear's source is out of sight is not weakened by it.
    situation: blankSituation(fearSourceUnseen ? { fearSourceUnseen: true } : {}),
    escalation: 0,
    attacker: {
      kind: attacker.actor.kind,
      usesEscalation: false,
      penalties: [],
      conditions: attacker.actor.conditions,
      exhaustion: attacker.actor.exhaustion,
      swimSpeed: hasSwimSpeed(attacker.actor),
      id: attacker.id,
      effects: attacker.effects,
    },
    target: {
      conditions: target.actor.conditions,
      vulnerabilities: target.actor.vulnerabilities,
      exhaustion: target.actor.exhaustion,
      ...(target.actor.size ? { size: target.actor.size } : {}),
      id: target.id,
      effects: target.effects,
    },
    ability: "str",
    damageTypes: ["bludgeoning"],
    critRange: 0,
    hasMissEffect: false,
    options,
    armed: false,
  });
  return { mode: detail.mode, autoHit: detail.autoHit };
}

/** The branches a kept natural can take, each with the reasons the card gives for it. */
const TOTAL_COVER = faceDecision("autoMiss", false, "D20C.HD.Reason.totalCover");
const WRONG_SPACE = faceDecision("autoMiss", false, "D20C.HD.Reason.wrongSpace");
const NATURAL_1 = faceDecision("autoMiss", false, "D20C.HD.Reason.natural1");
const CRITICAL = faceDecision("crit", false, "D20C.HD.Reason.critical");
const CRITICAL_AUTO_HIT = faceDecision("crit", true, "D20C.HD.Reason.critical");
const MELEE_HIT = faceDecision("hit", false, "D20C.HD.Reason.meleeAutoHit");
const MELEE_AUTO_HIT = faceDecision("hit", true, "D20C.HD.Reason.meleeAutoHit");
// [HD-PARALYZEDCRIT] the family's rule (option `paralyzedCrit`): a melee hit on a paralyzed target crits.
const MELEE_CRIT = faceDecision("crit", false, "D20C.HD.Reason.meleeAutoHit", "D20C.HD.Reason.paralyzedCrit");
const MELEE_AUTO_CRIT = faceDecision("crit", true, "D20C.HD.Reason.meleeAutoHit", "D20C.HD.Reason.paralyzedCrit");
const HIT = faceDecision("hit");
const MISS = faceDecision("miss");
const PARTIAL_COVER_REASONS = ["D20C.HD.Reason.partialCover"];
const MIGHTY_REASONS = ["D20C.HD.Reason.mighty"];
const WEAK_REASONS = ["D20C.HD.Reason.weak"];

/**
 * The attack without its d20: everything that does not depend on the dice, worked out once;
 * `checkDice` (from `resolveAttack`) validates the dice first, as the single resolution always did.
 */
export function prepareAttack(input: Omit<AttackInput, "dice">, checkDice?: readonly number[]): PreparedAttack {
  const detail = attackModeDetail(input);
  const mode = detail.mode;
  if (checkDice) keptNatural(checkDice, mode);
  requireFinite("attack.attackBonus", input.attackBonus);
  const baseDefense = requireFinite("attack.defense.value", input.defense.value);
  requireNonNegative("attack.critRange", input.critRange);
  requireFinite("attack.situation.bonus", input.situation.bonus);

  const given = input.bonusParts?.length
    ? input.bonusParts.map((m) => ({ ...m, value: requireFinite(`attack.bonusParts.${m.key}`, m.value) }))
    : [];
  const modifiers: Modifier[] = given.length
    ? given
    : [{ key: "attack", label: "D20C.HD.Attack.bonus", value: input.attackBonus }];
  if (input.situation.bonus)
    modifiers.push({ key: "situational", label: "D20C.HD.Attack.situational", value: input.situation.bonus });
  for (const p of input.attacker.penalties)
    modifiers.push({ ...p, value: requireFinite(`attack.attacker.penalties.${p.key}`, p.value) });
  // [SYS-ESC] the escalation die, where the GM turns it on for this game (0 when off).
  const esc = escalationModifier(input.attacker, input.escalation);
  if (esc) modifiers.push(esc);
  const modifierSum = modifiers.reduce((s, m) => s + m.value, 0);
  const partialCover = input.situation.cover === "partial" || input.situation.cover === "superior";
  const defense = baseDefense + (partialCover ? PARTIAL_COVER_BONUS : 0);
  const critThreshold = Math.max(2, 20 - Math.trunc(input.critRange));
  // The branches that don't depend on the die.
  const fixed = input.situation.cover === "total" ? TOTAL_COVER : input.situation.wrongSquare ? WRONG_SPACE : null;
  const paralyzedCrit = detail.autoHit && paralyzedMeleeCrit(input.options);
  return preparedAttack(input, {
    mode,
    modifiers,
    defense,
    critThreshold,
    modifierSum,
    before: partialCover ? PARTIAL_COVER_REASONS : [],
    after: mode === "mighty" ? MIGHTY_REASONS : mode === "weak" ? WEAK_REASONS : [],
    decide: (natural, total) => {
      if (fixed) return fixed;
      if (natural === 1) return NATURAL_1;
      // [HD-CRIT] only a 20 always succeeds; a widened range (19–20) crits on a lower face only
      // when the total reaches the defense, else that face is decided as any other.
      if (natural === 20) return total < defense ? CRITICAL_AUTO_HIT : CRITICAL;
      if (natural >= critThreshold && total >= defense) return CRITICAL;
      if (paralyzedCrit) return total < defense ? MELEE_AUTO_CRIT : MELEE_CRIT;
      if (detail.autoHit) return total < defense ? MELEE_AUTO_HIT : MELEE_HIT;
      return total >= defense ? HIT : MISS;
    },
  });
}

export const resolveAttack = resolvedBy(prepareAttack);

/** Crits double the damage total (dice and flat alike); a miss deals only a miss effect, if any. */
export function damageRecipe(input: DamageRecipeInput): DamageRecipe | null {
  if (input.outcome === "crit" || input.outcome === "hit") {
    if (!input.hit) return null;
    const crit = input.outcome === "crit";
    const roll = crit && input.critExtra ? sumDamage(input.hit, input.critExtra) : input.hit;
    // One object literal: spreading a shared base and adding keys costs microseconds (every odds sum).
    return {
      roll,
      flatBonus: 0,
      multiplier: crit ? 2 : 1,
      minimum: 0,
      types: [...input.types],
      notes: crit ? ["D20C.HD.Damage.critDouble"] : [],
    };
  }
  return missDamageRecipe(input, { half: "D20C.HD.Damage.missHalf", formula: "D20C.HD.Damage.missFormula" });
}
