/**
 * Attacks, decided (pure). The Foundry layer in src/workflows/attack.ts rolls the dice and posts the card; these
 * functions take plain data (engine sources, recorded dice) and say what the card shows and what
 * each target takes. Every rule decision is the active ruleset's: natural 1/20, crit range
 * (vulnerability, precision), mighty/weak, situational modifiers, the crit and miss damage rules.
 */
import { readTargetCount, usedTargetCount, type UsedTargetCount } from "../target-count.js";
import { hasSwimSpeed } from "../movement.js";
import { blankSituation, clonePlain, d20Formula } from "../common.js";
import { formatDamage, parseDamage, parseWeaponDice, mergeDice, type DamageExpression } from "../dice.js";
import { conditionSpecs } from "../conditions.js";
import {
  attackRefusal,
  critAgainst,
  losesEscalation,
  markModifier,
  rangeAttackModifiers,
  rangeDefenseModifier,
  recipeWithConditions,
  resistsForcedMove,
  targetRefusal,
} from "../condition-rules.js";
import { attackProperties } from "../creatures.js";
import { EngineError } from "../errors.js";
import { powerDefense } from "../defense-choice.js";
import { attackOdds, recipeDamage } from "../odds.js";
import type { Ruleset } from "../ruleset.js";
import type {
  ActorSource,
  AttackInput,
  AttackOutcome,
  CombatantSource,
  DamageRecipe,
  DerivedActor,
  EffectSource,
  Modifier,
  PowerSource,
  ReactionOffer,
  RollMode,
  RuleOptions,
  Situation,
  WeaponSource,
} from "../types.js";
import type { AttackCardData, CardDamageRoll, CardOdds, CardSceneNote, CardTarget, ShownOutcome } from "./card-data.js";
import { cardPowerOf, effectsForOutcome, forcedForOutcome, type CardPower } from "./power-card.js";
import { partsToRoll, plannedParts, targetParts, type PlannedPart } from "./damage-parts.js";
import { expectedRecipe } from "../odds.js";
import {
  MISS_CHANCE_FORMULA,
  afterMissChance,
  missChanceOf,
  oddsWithMissChance,
  type MissChanceRoll,
} from "../miss-chance.js";
import { firedRiders, plannedRiders, riderToRoll, withRiders, type PlannedRider } from "./riders.js";
import {
  powerForSave,
  saveAttackOf,
  saveAttackOutcome,
  saveFailChance,
  resistedSave,
  saveFormulaMode,
  targetSaveRequest,
} from "../save-attacks.js";
import type { RollRequest, SaveAttackSpec } from "../types.js";

/** A situation with nothing special going on (what shift-click uses): the engine's blank one. */
export const plainSituation = blankSituation;

/** A targeted token as the attack sees it, snapshotted at roll time. */
export interface TargetSnapshot {
  /** Token document UUID (or the actor's UUID when there is no token). */
  uuid: string;
  actorUuid: string;
  name: string;
  img: string;
  actor: ActorSource;
  /**
   * The ruleset's `deriveActor` of `actor` as the actor's data preparation left it (derived once per
   * change of the actor, not per attack); absent = derived here.
   */
  derived?: DerivedActor;
  /** This target's own situation (positional values read from the scene); absent = the attack's. */
  situation?: Situation;
  /** What the scene decided for this target and whether it was kept (the card lists them). */
  scene?: CardSceneNote[];
  /** What the attacker's range bands say about attacking this target (localised warnings). */
  warnings?: string[];
  /** Its combatant id in the fight (else its actor UUID) and its effects, for who-to-whom rules. Optional. */
  id?: string;
  effects?: EffectSource[];
  /** What its reactions against the attack depend on (equipped weapons, reaction left). Absent = none offered. */
  reactor?: ReactorFacts;
}

/** A defender's side of a reaction offer ([HD-REACT] Parry). */
export interface ReactorFacts {
  weapons: WeaponSource[];
  /** It has no out-of-turn action left this round. */
  reactionUsed: boolean;
  /** The combat's round (1 outside combat is read as 2: no surprise round). */
  round: number;
}

/** Everything an attack needs, as plain data. */
export interface AttackRequest {
  ruleset: Ruleset;
  options: RuleOptions;
  /**
   * `id` and `effects` as for a {@link TargetSnapshot} (charm, hiding); `derived`, the ruleset's
   * `deriveActor` of `actor` under `options` when the caller has it already (absent = derived here).
   */
  attacker: {
    uuid: string;
    name: string;
    actor: ActorSource;
    id?: string;
    effects?: EffectSource[];
    derived?: DerivedActor;
  };
  /** The item attacked with (`uuid` lets the GM re-decide the card from it). */
  item: { name: string; img: string; uuid?: string };
  power: PowerSource;
  weapon: WeaponSource | null;
  situation: Situation;
  /** Current escalation die (0 outside combat or where the die is off). */
  escalation: number;
  targets: TargetSnapshot[];
  /** The attacker's combatant in the current combat (times the power's ongoing damage); absent = none. */
  sourceCombatantId?: string | null;
  /** The power's usage kind (`atWill`, `encounter`…), for conditions that allow at-will attacks only; absent = at-will. */
  usage?: string;
  /** [SYS-TARGETS] The power's target count as this use rolled it (absent: a fixed count, or none). */
  targetCount?: UsedTargetCount;
}

/** What to roll for the d20, before any die is thrown. */
export interface AttackPlan {
  derived: DerivedActor;
  bonusParts: Modifier[];
  bonus: number;
  /** Roll mode per attack roll: one per target (same order as `targets`), one when there is none. */
  modes: RollMode[];
  /** d20s each attack roll throws (same order as `modes`): 2 when that roll is mighty or weak. */
  d20Counts: (1 | 2)[];
  /**
   * Foundry formula of each attack roll (same order as `modes`): every target is rolled against
   * separately, e.g. `1d20 + 7`, or `2d20kh + 7` / `2d20kl + 7` when that target's roll is
   * mighty / weak.
   */
  formulas: string[];
  /** The attack's formula for the card header: the shared one when every roll is alike, else `1d20 + bonus`. */
  formula: string;
  hit: DamageExpression | null;
  miss: DamageExpression | null;
  critExtra: DamageExpression | null;
  /** [SYS-MONSTERS] The power's damage parts beyond the main one, parsed. Absent = none. */
  parts?: PlannedPart[];
  /**
   * Each target's attack input, by its snapshot (its defense read from its derived actor): deriving
   * a target validates its whole source, so the decision reuses the plan's rather than derive and
   * assemble it again.
   */
  inputs: ReadonlyMap<TargetSnapshot, Omit<AttackInput, "dice">>;
  /**
   * [SYS-MONSTERS] A save-based power: its save, and each target's save (same order as `targets`),
   * whose formula is that target's roll. Absent = attack rolls.
   */
  saves?: { spec: SaveAttackSpec; label: string; requests: RollRequest[] };
  /** [SYS-MONSTERS] The power's damage riders (effects dealing damage of their own), parsed. Absent = none. */
  riders?: PlannedRider[];
  /**
   * [WD-MISSCHANCE] Each target's miss chance in percent (same order as `targets`), where the game
   * has miss chances and some target has one. Absent = none.
   */
  missChances?: number[];
}

/** One damage recipe to roll (one per distinct outcome among the targets). */
export interface DamageToRoll {
  key: string;
  recipe: DamageRecipe;
  formula: string;
}

/** Outcomes decided from the d20, before damage is rolled. */
export interface DecidedAttack {
  plan: AttackPlan;
  /** d20 faces of each attack roll, in target order (one entry when untargeted). */
  dice: number[][];
  targets: {
    snapshot: TargetSnapshot;
    outcome: AttackOutcome;
    odds: CardOdds | null;
    damageKey: string | null;
    /** Wrong square: what non-GM viewers see (see `CardTarget.shown`). */
    shown?: ShownOutcome;
    /** [SYS-MONSTERS] The keys of the rider rolls this target takes. Absent = none. */
    riders?: string[];
    /** [WD-MISSCHANCE] The d100 rolled against this target's miss chance after a hit. Absent = none rolled. */
    missChance?: MissChanceRoll;
  }[];
  untargeted: AttackOutcome | null;
  damage: DamageToRoll[];
}

/** Rolled damage, by `DamageToRoll.key`: the faces in the recipe's term order. */
export type RolledDamage = Record<string, { faces: number[]; rolled: number }>;

const sum = (mods: readonly Modifier[]): number => mods.reduce((s, m) => s + m.value, 0);

/**
 * Which of the target's defenses the attack meets: the power's own, unless the game chooses another
 * from the situation (its `defenseAgainst` capability: Wounds d20's touch and flat-footed AC).
 */
function defenseFor(
  ruleset: Ruleset,
  power: PowerSource,
  situation: Situation,
  defenses: Record<string, number>,
): { key: string; value: number } {
  return ruleset.defenseAgainst ? ruleset.defenseAgainst(power, situation, defenses) : powerDefense(power, defenses);
}

/**
 * The defense key a power targets in this ruleset: its own when the ruleset has it, else the
 * ruleset's first defense (a power written for another game keeps its data and still works).
 */
export function defenseKeyOf(ruleset: Ruleset, power: PowerSource): string {
  return ruleset.defenses.some((d) => d.key === power.defense)
    ? power.defense
    : (ruleset.defenses[0]?.key ?? power.defense);
}

function parseOptional(formula: string, weaponDice: DamageExpression | null, field: string): DamageExpression | null {
  return formula && formula.trim() !== "" ? parseDamage(formula, weaponDice, field) : null;
}

/**
 * What every target's attack input shares (the power with the defense it meets in this game, the
 * attacker's side, the bonus, the damage types, crit range and options), worked out once per attack.
 */
interface SharedInput {
  power: PowerSource;
  /** The attacker's conditions take the escalation die from it (13th Age fear). */
  noEscalation: boolean;
  attacker: AttackInput["attacker"];
  critRange: number;
  hasMissEffect: boolean;
  weaponName: string;
}

function sharedInput(req: AttackRequest, plan: Pick<AttackPlan, "derived">): SharedInput {
  const { ruleset, weapon } = req;
  const power = { ...req.power, defense: defenseKeyOf(ruleset, req.power) };
  const actor = req.attacker.actor;
  // [SYS-MONSTERS] the attacker's conditions that depend on this attack: its range (prone) and its
  // targets (marked: unless the marker is one of them).
  const mark = markModifier(
    ruleset.conditions,
    { conditions: actor.conditions, effects: req.attacker.effects },
    targetIds(req),
  );
  const byRange = rangeAttackModifiers(ruleset.conditions, actor.conditions, power.range);
  const penalties =
    mark || byRange.length
      ? [...plan.derived.attackPenalties, ...byRange, ...(mark ? [mark] : [])]
      : plan.derived.attackPenalties;
  return {
    power,
    noEscalation: losesEscalation(ruleset.conditions, actor.conditions),
    attacker: {
      kind: actor.kind,
      usesEscalation: actor.usesEscalation,
      penalties,
      conditions: actor.conditions,
      exhaustion: actor.exhaustion,
      swimSpeed: hasSwimSpeed(actor),
      ...(req.attacker.id ? { id: req.attacker.id } : {}),
      ...(req.attacker.effects ? { effects: req.attacker.effects } : {}),
    },
    critRange: power.critRange + (weapon?.critRange ?? 0),
    hasMissEffect: hasMissEffect(power),
    // [HD-WATER] the weapon's name decides the underwater exemptions (a weaponless power: the item's).
    weaponName: weapon?.name || req.item.name,
  };
}

function attackInputFor(
  req: AttackRequest,
  plan: Pick<AttackPlan, "derived" | "bonus" | "bonusParts">,
  target: TargetSnapshot | null,
  shared: SharedInput = sharedInput(req, plan),
): Omit<AttackInput, "dice"> {
  const { ruleset, options } = req;
  const situation = offGuardByCondition(ruleset, target, target?.situation ?? req.situation);
  const { power } = shared;
  const targetDerived = target ? (target.derived ?? ruleset.deriveActor(target.actor, options)) : null;
  const defense = targetDerived
    ? defenseFor(ruleset, power, situation, targetDerived.defenses)
    : { key: power.defense, value: 0 };
  // [SYS-MONSTERS] the target's conditions that depend on the attack's range (prone: −4 in melee,
  // +4 at range) and those that widen the crit range against it (13th Age vulnerable).
  const targetConditions = target?.actor.conditions ?? [];
  const byRange = rangeDefenseModifier(ruleset.conditions, targetConditions, power.range);
  if (byRange !== 0) defense.value += byRange;
  return {
    attackBonus: plan.bonus,
    bonusParts: plan.bonusParts,
    defense,
    range: power.range,
    situation,
    escalation: shared.noEscalation ? 0 : req.escalation,
    attacker: shared.attacker,
    target: target ? targetSide(target) : { conditions: [], vulnerabilities: [], exhaustion: 0 },
    damageTypes: power.damageTypes,
    critRange: shared.critRange + critAgainst(ruleset.conditions, targetConditions),
    hasMissEffect: shared.hasMissEffect,
    options,
    ability: power.attackAbility,
    weaponName: shared.weaponName,
    armed: req.weapon !== null,
  };
}

/**
 * [WD-FLAT] A target whose conditions say it is caught off guard (flat-footed, surprised: a
 * condition marked `offGuard` in the game's table) is attacked as off guard whatever the dialog
 * says, in a game whose attack situation has the off-guard choice.
 */
function offGuardByCondition(ruleset: Ruleset, target: TargetSnapshot | null, situation: Situation): Situation {
  if (!target || situation.offGuard || !(ruleset.situational ?? []).includes("offGuard")) return situation;
  const caught = conditionSpecs(ruleset.conditions, target.actor.conditions).some((c) => c.offGuard);
  return caught ? { ...situation, offGuard: true } : situation;
}

/** The combatant ids of the attack's targets (their actor UUIDs where they have none). */
function targetIds(req: AttackRequest): (string | undefined)[] {
  return req.targets.map((t) => t.id);
}

/** The target's side of an attack input (its size, combatant id and effects when it has them). */
function targetSide(target: TargetSnapshot): AttackInput["target"] {
  const { actor } = target;
  const side: AttackInput["target"] = {
    conditions: actor.conditions,
    vulnerabilities: actor.vulnerabilities,
    exhaustion: actor.exhaustion,
  };
  if (actor.size) side.size = actor.size;
  if (target.id) side.id = target.id;
  if (target.effects) side.effects = target.effects;
  return side;
}

/** Miss damage or a miss effect of the power's own ([13A-MISS], [FF-MISS]). */
function hasMissEffect(power: PowerSource): boolean {
  return power.missEffect !== "none" || (power.effects ?? []).some((e) => e.outcome === "miss");
}

/** The key of the damage roll an outcome takes: hits and crits never carry the miss effect; a miss may (natural-1 veto). */
function damageKeyOf(outcome: AttackOutcome): string {
  return outcome.isHit || outcome.missEffect ? outcome.result : `${outcome.result}-noeffect`;
}

/** A snapshot as the ruleset's combatant (for who-may-target-whom rules). */
function asCombatant(c: {
  id?: string;
  uuid: string;
  name: string;
  actor: ActorSource;
  effects?: EffectSource[];
}): CombatantSource {
  return {
    id: c.id ?? c.uuid,
    actorId: c.uuid,
    name: c.name,
    actor: c.actor,
    effects: c.effects ?? [],
    initiative: null,
    side: "player",
    aware: true,
    defeated: false,
    seat: 0,
  };
}

/** The targets the ruleset lets this attacker attack, and the others with the reason (i18n key). */
export function allowedTargets(req: AttackRequest): {
  allowed: TargetSnapshot[];
  refused: { name: string; reason: string }[];
} {
  const may = req.ruleset.mayTarget;
  const table = req.ruleset.conditions;
  // [SYS-MONSTERS] an attacker's condition may forbid the attack (nauseated; a limited power while
  // hampered), a target's may forbid targeting it (removed from play).
  const barred = attackRefusal(table, req.attacker.actor.conditions, req.usage);
  // [SYS-TARGETS] a power's target count: targets beyond it are refused, in target order.
  const limit = targetLimit(req);
  if (limit < req.targets.length) {
    const within = allowedTargets({ ...req, targets: req.targets.slice(0, limit) });
    const over = req.targets.slice(limit).map((t) => ({ name: t.name, reason: "D20C.TargetCount.Over" }));
    return { allowed: within.allowed, refused: [...within.refused, ...over] };
  }
  if (!may && !barred && !req.targets.some((t) => targetRefusal(table, t.actor.conditions)))
    return { allowed: [...req.targets], refused: [] };
  const attacker = asCombatant(req.attacker);
  const allowed: TargetSnapshot[] = [];
  const refused: { name: string; reason: string }[] = [];
  for (const t of req.targets) {
    const own = barred ?? targetRefusal(table, t.actor.conditions);
    if (own) {
      refused.push({ name: t.name, reason: own });
      continue;
    }
    const answer = may ? may(attacker, asCombatant(t)) : { allowed: true, reason: null };
    if (answer.allowed) allowed.push(t);
    else refused.push({ name: t.name, reason: answer.reason ?? "" });
  }
  return { allowed, refused };
}

/**
 * [SYS-TARGETS] How many targets the request may attack: the count this use rolled (checked against
 * the power's formula: a count the formula cannot give, or none stated, allows none), a fixed
 * count, or every target when the power has no count.
 */
function targetLimit(req: AttackRequest): number {
  const formula = req.power.targetCount ?? "";
  const range = readTargetCount(formula);
  if (!range) return Infinity;
  if (!range.rolled) return range.min;
  // A count with dice is rolled by each use: a request stating none attacks no one.
  if (!req.targetCount) return 0;
  try {
    return usedTargetCount(formula, req.targetCount.formula === formula.trim() ? req.targetCount.count : null)!.count;
  } catch (err) {
    if (err instanceof EngineError) return 0;
    throw err;
  }
}

/**
 * Plan an attack: the itemised base bonus, each target's roll mode, how many d20s to throw and the
 * damage expressions (weapon dice and `N[W]` expanded by the ruleset). Throws EngineError on a
 * malformed formula or a target missing the defense.
 */
export function planAttack(asked: AttackRequest): AttackPlan {
  const req = forSave(asked);
  const { ruleset, options, power, weapon } = req;
  const derived = req.attacker.derived ?? ruleset.deriveActor(req.attacker.actor, options);
  const bonusParts = ruleset.attackBonus(req.attacker.actor, derived, power, weapon);
  const bonus = sum(bonusParts);
  const base = { derived, bonus, bonusParts };
  const shared = sharedInput(req, base);
  const inputs = new Map<TargetSnapshot, Omit<AttackInput, "dice">>();
  const rolled = req.targets.length
    ? req.targets.map((t) => {
        const input = attackInputFor(req, base, t, shared);
        inputs.set(t, input);
        return input;
      })
    : [attackInputFor(req, base, null, shared)];
  const withBonus = (mode: RollMode) =>
    `${d20Formula(mode)}${bonus === 0 ? "" : bonus > 0 ? ` + ${bonus}` : ` - ${-bonus}`}`;
  // [SYS-MONSTERS] a save-based power: each target rolls its own save (no target: a plain d20).
  const saves = savesOf(req, rolled);
  const modes = saves
    ? saves.requests.length
      ? saves.requests.map((r) => saveFormulaMode(r.formula))
      : (["normal"] as RollMode[])
    : rolled.map((i) => ruleset.attackMode(i));
  const d20Counts = modes.map((m): 1 | 2 => (m === "normal" ? 1 : 2));
  const formulas = saves?.requests.length ? saves.requests.map((r) => r.formula) : modes.map(withBonus);
  const formula = saves
    ? d20Formula("normal")
    : withBonus(modes.every((m) => m === modes[0]) ? (modes[0] as RollMode) : "normal");
  const weaponDice = weapon && weapon.damageDice.trim() !== "" ? parseWeaponDice(weapon.damageDice) : null;
  const hit = ruleset.damageExpression(req.attacker.actor, derived, power, weapon);
  const miss = power.missEffect === "formula" ? parseOptional(power.missDamage, weaponDice, "power.missDamage") : null;
  const extras = [
    weapon ? parseOptional(weapon.critDice, null, "weapon.critDice") : null,
    parseOptional(power.critDamage, weaponDice, "power.critDamage"),
  ].filter((e): e is DamageExpression => e !== null);
  const critExtra = extras.length
    ? mergeDice({ dice: extras.flatMap((e) => e.dice), flat: extras.reduce((s, e) => s + e.flat, 0) })
    : null;
  const parts = plannedParts(power, weaponDice);
  const riders = plannedRiders(power, weaponDice);
  // [WD-MISSCHANCE] a hit may still miss on the d100 (attack rolls against targets only).
  const missChances =
    !saves && req.targets.length && ruleset.missChance ? rolled.map((i) => missChanceOf(ruleset, i)) : [];
  return {
    derived,
    bonusParts,
    bonus,
    modes,
    d20Counts,
    formulas,
    formula,
    hit,
    miss,
    critExtra,
    inputs,
    ...(parts.length ? { parts } : {}),
    ...(saves ? { saves } : {}),
    ...(riders.length ? { riders } : {}),
    ...(missChances.some((c) => c > 0) ? { missChances } : {}),
  };
}

/**
 * [WD-MISSCHANCE] Which targets (their indexes, in target order) need a d100 against their miss
 * chance: those with one that the d20 (`dice`, as for `decideAttack`) hit. The adapter rolls one
 * `1d100` for each, after the attack rolls; the GM's client counts them the same way.
 */
export function missChanceRollsNeeded(
  asked: AttackRequest,
  dice: readonly (readonly number[])[],
  plan: AttackPlan = planAttack(asked),
): number[] {
  const chances = plan.missChances;
  if (!chances) return [];
  const req = forSave(asked);
  const base = { derived: plan.derived, bonus: plan.bonus, bonusParts: plan.bonusParts };
  const out: number[] = [];
  req.targets.forEach((snapshot, i) => {
    if (!(chances[i] ?? 0)) return;
    const input = plan.inputs.get(snapshot) ?? attackInputFor(req, base, snapshot);
    const outcome = req.ruleset.resolveAttack(withDice(input, diceForMode(dice[i] ?? [], plan.modes[i] ?? "normal")));
    if (outcome.isHit) out.push(i);
  });
  return out;
}

/**
 * [SYS-MONSTERS] The request as a save-based power reads it: a success ("miss") deals what the
 * power's success says (half or none). The same request for an attack roll.
 */
function forSave(req: AttackRequest): AttackRequest {
  if (!req.power.saveAttack) return req;
  const power = powerForSave(req.ruleset, req.power);
  return power === req.power ? req : { ...req, power };
}

/** [SYS-MONSTERS] Each target's save against a save-based power (its input gives its cover), or null. */
function savesOf(req: AttackRequest, inputs: readonly Omit<AttackInput, "dice">[]): AttackPlan["saves"] | null {
  const spec = saveAttackOf(req.ruleset, req.power);
  if (!spec) return null;
  const label = req.ruleset.saves.find((s) => s.key === spec.save)?.label ?? spec.save;
  const requests = req.targets.map((t, i) => {
    const derived = t.derived ?? req.ruleset.deriveActor(t.actor, req.options);
    const situation = inputs[i]?.situation;
    const cover = situation?.cover ?? "none";
    // [HD-COND] the scene's sight of the target's fear source (its own situation) decides frightened.
    const unseen = situation?.targetFearSourceUnseen === true;
    return targetSaveRequest(req.ruleset, { actor: t.actor, derived, id: t.id ?? t.actorUuid }, spec, cover, unseen);
  });
  return { spec, label, requests };
}

/** The recipe for an outcome, or null when it deals no damage. */
function recipeFor(req: AttackRequest, plan: AttackPlan, outcome: AttackOutcome): DamageRecipe | null {
  // [SYS-MONSTERS] the attacker's conditions change the damage (weakened: half; sickened: −2).
  const recipe = recipeWithConditions(
    req.ruleset.conditions,
    req.attacker.actor.conditions,
    recipeOf(req, plan, outcome),
  );
  // [SYS-MONSTERS] a save-based power's success says "half on a successful save", not "on a miss".
  if (plan.saves && recipe && !outcome.isHit) return { ...recipe, notes: [SAVED_HALF] };
  return recipe;
}

/** The note of a save-based power's damage on a successful save. */
const SAVED_HALF = "D20C.SaveAttack.HalfNote";

/**
 * The ruleset the odds ask for damage recipes: the request's own, or, when the attacker's conditions
 * change its damage (weakened, sickened), one whose recipes they change as the card's are.
 */
function rulesetForOdds(req: AttackRequest): Ruleset {
  const { ruleset } = req;
  const conditions = req.attacker.actor.conditions;
  const probe = recipeWithConditions(ruleset.conditions, conditions, PROBE_RECIPE);
  if (probe === PROBE_RECIPE) return ruleset;
  return {
    ...ruleset,
    damageRecipe: (input) => recipeWithConditions(ruleset.conditions, conditions, ruleset.damageRecipe(input)),
  };
}

/** A recipe that no condition has changed, to ask whether any would. */
const PROBE_RECIPE: DamageRecipe = {
  roll: { dice: [], flat: 0 },
  flatBonus: 0,
  multiplier: 1,
  minimum: 0,
  types: [],
  notes: [],
};

function recipeOf(req: AttackRequest, plan: AttackPlan, outcome: AttackOutcome): DamageRecipe | null {
  return req.ruleset.damageRecipe({
    outcome: outcome.result,
    hit: plan.hit,
    miss: plan.miss,
    missEffect: req.power.missEffect,
    missApplies: outcome.missEffect,
    critExtra: plan.critExtra,
    types: req.power.damageTypes,
    options: req.options,
    ...critMultiplierOf(req.power, req.weapon),
  });
}

/** [SYS-MONSTERS] The attack's crit multiplier: the power's, else its weapon's; absent = the usual ×2. */
function critMultiplierOf(power: PowerSource, weapon: WeaponSource | null): { critMultiplier?: number } {
  const m = power.critMultiplier ?? weapon?.critMultiplier;
  return m !== undefined && m > 2 ? { critMultiplier: m } : {};
}

/**
 * The attack with its dice. Object.assign, not a spread: spreading an object and adding a key it
 * lacks costs microseconds on Node 20, once per target of every card.
 */
function withDice(input: Omit<AttackInput, "dice">, dice: number[]): AttackInput {
  return Object.assign({}, input, { dice });
}

/** The dice a target's mode reads: the first die alone when normal, both when mighty/weak. */
function diceForMode(dice: readonly number[], mode: RollMode): number[] {
  return mode === "normal" ? dice.slice(0, 1) : dice.slice(0, 2);
}

/**
 * Decide every target from its own attack roll ([SYS-TARGETS]: each target is rolled against
 * separately): `dice[i]` holds the d20 faces of target i's roll (of the one roll when there is no
 * target). Gives each target's outcome (by `ruleset.resolveAttack`), exact odds, and which damage
 * recipe it takes; targets with the same result share one damage roll. Throws EngineError naming
 * `attack.dice` / `attack.dice[i]` when a roll is missing or short of faces.
 * `odds: false` leaves every target's odds null, for a card whose readers will not see them.
 */
export function decideAttack(
  asked: AttackRequest,
  dice: readonly (readonly number[])[],
  plan: AttackPlan = planAttack(asked),
  { odds = true, missRolls = [] }: { odds?: boolean; missRolls?: readonly number[] } = {},
): DecidedAttack {
  const req = forSave(asked);
  if (dice.length !== plan.d20Counts.length) {
    throw new EngineError(
      "attack.dice",
      `expected ${plan.d20Counts.length} attack roll(s), one per target, got ${dice.length}`,
      dice,
    );
  }
  plan.d20Counts.forEach((count, i) => {
    const faces = dice[i] ?? [];
    if (faces.length < count)
      throw new EngineError(`attack.dice[${i}]`, `expected ${count} d20 result(s), got ${faces.length}`, faces);
    for (const f of faces)
      if (!Number.isInteger(f) || f < 1 || f > 20)
        throw new EngineError(`attack.dice[${i}]`, `face ${String(f)} is not on a d20`, faces);
  });
  // The d20s checked first: the miss chances are read from their outcomes.
  // [WD-MISSCHANCE] one d100 face per target that needs one (see `missChanceRollsNeeded`), in order.
  const needed = missChanceRollsNeeded(asked, dice, plan);
  if (missRolls.length !== needed.length)
    throw new EngineError(
      "attack.missChance",
      `expected ${needed.length} miss chance roll(s), one per target hit with a miss chance, got ${missRolls.length}`,
      missRolls,
    );
  for (const f of missRolls)
    if (!Number.isInteger(f) || f < 1 || f > 100)
      throw new EngineError("attack.missChance", `face ${String(f)} is not on a d100`, missRolls);
  const missRollOf = new Map(needed.map((t, k) => [t, missRolls[k] as number]));
  const base = { derived: plan.derived, bonus: plan.bonus, bonusParts: plan.bonusParts };
  const damage = new Map<string, DamageToRoll>();
  // A recipe reads only the outcome's result and whether its miss effect applies: targets alike in
  // both share one (ten targets take three or four).
  const recipes = new Map<string, DamageRecipe | null>();
  const damageKeyFor = (outcome: AttackOutcome): string | null => {
    const alike = `${outcome.result}:${outcome.missEffect}`;
    let recipe = recipes.get(alike);
    if (recipe === undefined) {
      recipe = recipeFor(req, plan, outcome);
      recipes.set(alike, recipe);
    }
    if (!recipe) return null;
    const key = damageKeyOf(outcome);
    if (!damage.has(key)) {
      damage.set(key, { key, recipe, formula: formatDamage(recipe.roll) });
      // [SYS-MONSTERS] each damage part is rolled beside the main damage, under the same rule.
      for (const part of partsToRoll(req, plan, outcome, key)) damage.set(part.key, part);
    }
    return key;
  };

  // [SYS-MONSTERS] the odds' expected damage reads the recipes as the attacker's conditions change them.
  const oddsRuleset = rulesetForOdds(req);
  const oddsFor = (input: Omit<AttackInput, "dice">, missChance = 0): CardOdds | null => {
    if (!odds) return null;
    try {
      const o = attackOdds(oddsRuleset, input, {
        hit: plan.hit,
        miss: plan.miss,
        critExtra: plan.critExtra,
        missEffect: req.power.missEffect,
        types: req.power.damageTypes,
      });
      if (missChance > 0) return oddsWithMissChance(o, missChance, input.hasMissEffect);
      return { hit: o.hitOrCrit, crit: o.crit, expectedDamage: o.expectedDamage };
    } catch {
      return null;
    }
  };

  const saves = plan.saves;
  const targets = req.targets.map((snapshot, i) => {
    const input = plan.inputs.get(snapshot) ?? attackInputFor(req, base, snapshot);
    const d = diceForMode(dice[i] ?? [], plan.modes[i] ?? "normal");
    const save = saves?.requests[i];
    if (saves && save) {
      // [SYS-MONSTERS] the target's save against the DC decides it: a failure is the power's hit.
      // [HD-LEGENDARY] a failure the target turns into a success (a legendary resistance left) saves.
      const outcome = resistedSave(
        req.ruleset,
        snapshot.actor,
        saveAttackOutcome(req.ruleset, save, saves.spec, d, saves.label),
      );
      const chance = odds ? saveOdds(req, plan, save, saves.spec, snapshot.actor) : null;
      return { snapshot, outcome, odds: chance, damageKey: damageKeyFor(outcome) };
    }
    const rolledOutcome = req.ruleset.resolveAttack(withDice(input, d));
    const chance = plan.missChances?.[i] ?? 0;
    const missRoll = missRollOf.get(i);
    // [WD-MISSCHANCE] a hit the d100 takes away is a miss.
    const outcome =
      missRoll === undefined ? rolledOutcome : afterMissChance(rolledOutcome, chance, missRoll, input.hasMissEffect);
    const decided = {
      snapshot,
      outcome,
      odds: oddsFor(input, chance),
      damageKey: damageKeyFor(outcome),
      ...(missRoll === undefined ? {} : { missChance: { chance, roll: missRoll } }),
    };
    if (!input.situation.wrongSquare || outcome.result !== "autoMiss") return decided;
    // [FF-INVIS] only the GM learns the square was wrong: others see the roll as it reads against
    // the right square, and a roll that would have hit as a plain miss with no numbers to compare.
    const asIf = { ...input, situation: { ...input.situation, wrongSquare: false } };
    const cover = req.ruleset.resolveAttack(withDice(asIf, d));
    const shown: ShownOutcome = cover.isHit
      ? {
          outcome: {
            ...cover,
            result: "miss",
            isHit: false,
            isCrit: false,
            autoHit: false,
            autoMiss: false,
            missEffect: false,
            reasons: [],
          },
          odds: null,
          hideDetails: true,
        }
      : { outcome: { ...cover, missEffect: false }, odds: oddsFor(asIf), hideDetails: false };
    return { ...decided, shown };
  });

  // [SYS-MONSTERS] each rider a target's outcome fires is rolled once for the card.
  const riders = plan.riders;
  if (riders)
    for (const t of targets) {
      // [SYS-MONSTERS] an outcome that deals no damage of its own (a miss without miss damage, a
      // power without damage) still deals a row's damage ("natural even miss: 5 damage"): the
      // rows' damage is its blow.
      const fired = firedRiders(req.ruleset, req.power, riders, t.outcome);
      if (!fired.length) continue;
      (t as { riders?: string[] }).riders = fired.map((r) => r.key);
      if (!t.damageKey) (t as { damageKey: string | null }).damageKey = fired[0]!.key;
      for (const r of fired) if (!damage.has(r.key)) damage.set(r.key, riderToRoll(r));
    }

  let untargeted: AttackOutcome | null = null;
  if (req.targets.length === 0) {
    // No target: read the roll against no defense so the card can still show the natural roll,
    // the total and the damage it would deal on a hit (or a crit, as the ruleset reads the die).
    untargeted = untargetedOutcome(req, plan, dice[0] ?? []);
    damageKeyFor(untargeted);
  }
  return { plan, dice: dice.map((d) => [...d]), targets, untargeted, damage: [...damage.values()] };
}

/**
 * The attack roll read against no defense, from its d20 `faces` (the first alone when the roll is
 * normal, both when mighty/weak): the outcome an untargeted card shows, without its damage roll.
 */
export function untargetedOutcome(req: AttackRequest, plan: AttackPlan, faces: readonly number[]): AttackOutcome {
  // [SYS-MONSTERS] a save-based power with no target: the card shows what a failed save takes.
  if (plan.saves) {
    const none: RollRequest = { kind: "save", actorId: "", formula: "1d20", target: null, against: "total", label: "" };
    const failed = saveAttackOutcome({}, none, { ...plan.saves.spec, dc: 99 }, faces.slice(0, 1), plan.saves.label);
    return { ...failed, defense: plan.saves.spec.dc, autoHit: false };
  }
  const input = attackInputFor(req, plan, null);
  return req.ruleset.resolveAttack(withDice(input, diceForMode(faces, plan.modes[0] ?? "normal")));
}

/**
 * [SYS-MONSTERS] A save-based power's odds against one target: the chance its save fails (the
 * "hit"; never a crit) and the damage to expect from a failure and a success.
 */
function saveOdds(
  req: AttackRequest,
  plan: AttackPlan,
  save: RollRequest,
  spec: SaveAttackSpec,
  actor: ActorSource,
): CardOdds {
  // [HD-LEGENDARY] a target that turns any failure into a success never fails.
  const fail = req.ruleset.resistSaveAttack?.(actor, "") ? 0 : saveFailChance(req.ruleset, save, spec);
  const expected = (missEffect: boolean) => {
    const probe = saveAttackOutcome({}, save, { ...spec, dc: missEffect ? -99 : 99 }, [10], "");
    const recipe = recipeFor(req, plan, probe);
    return recipe ? expectedRecipe(recipe) : 0;
  };
  return { hit: fail, crit: 0, expectedDamage: fail * expected(false) + (1 - fail) * expected(true) };
}

/** Flatten a damage roll's faces in the recipe's term order. */
function damageFromFaces(toRoll: DamageToRoll, faces: readonly number[], rolled: number): CardDamageRoll {
  return {
    key: toRoll.key,
    recipe: toRoll.recipe,
    formula: toRoll.formula,
    faces: [...faces],
    rolled,
    total: recipeDamage(toRoll.recipe, rolled),
  };
}

/**
 * Assemble the card data from the decided outcomes and the rolled damage. Each target's damage is
 * its recipe's total ([13A-NAT20] double, [FF-CRITDMG] maximum + extra dice, [WD-DMG] minimum 1…).
 */
export function buildAttackCard(
  asked: AttackRequest,
  decided: DecidedAttack,
  rolled: RolledDamage,
  defenseLabel: string,
): AttackCardData {
  const req = forSave(asked);
  const saves = decided.plan.saves;
  const damageRolls: CardDamageRoll[] = decided.damage.map((d) => {
    const r = rolled[d.key];
    if (!r) throw new EngineError(`damage.${d.key}`, "was not rolled", d.key);
    return damageFromFaces(d, r.faces, r.rolled);
  });
  const byKey = new Map(damageRolls.map((d) => [d.key, d]));
  const power = cardPowerOf(req.ruleset, req.power, req.sourceCombatantId ?? null);
  const partCount = decided.plan.parts?.length ?? 0;
  const targets: CardTarget[] = decided.targets.map((t) => {
    const target: CardTarget = {
      uuid: t.snapshot.uuid,
      actorUuid: t.snapshot.actorUuid,
      name: t.snapshot.name,
      img: t.snapshot.img,
      outcome: t.outcome,
      odds: t.odds,
      damageKey: t.damageKey,
      damage: t.damageKey ? (byKey.get(t.damageKey)?.total ?? 0) : 0,
    };
    const split = targetParts(t.damageKey, byKey, partCount);
    if (split) Object.assign(target, split);
    // [SYS-MONSTERS] the riders it takes, each one more part of its damage.
    const ridden = t.riders ? withRiders(target, t.riders, byKey) : null;
    if (ridden) Object.assign(target, ridden);
    // The parts a target may lack are written when it has them (assigned: spreading each into the
    // literal cost more than the rest of the target, once per target of every card).
    if (t.shown) target.shown = t.shown;
    if (t.missChance) target.missChance = { ...t.missChance };
    if (t.snapshot.situation) target.situation = clonePlain(t.snapshot.situation);
    if (t.snapshot.scene?.length) target.scene = t.snapshot.scene.map((n) => ({ ...n }));
    if (t.snapshot.warnings?.length) target.warnings = [...t.snapshot.warnings];
    if (power) target.effects = effectsForOutcome(req.ruleset, power, t.outcome);
    // [SYS-MONSTERS] a target whose condition holds it in place (restrained) is not moved by force.
    const forced = resistsForcedMove(req.ruleset.conditions, t.snapshot.actor.conditions)
      ? {}
      : forcedOf(req.ruleset, power, t.outcome);
    // A save-based power offers no reaction against an attack roll (there is none).
    return Object.assign(target, forced, saves ? {} : reactionsOf(req, t.snapshot, t.outcome));
  });
  return {
    version: 1,
    rulesetId: req.ruleset.id,
    actorUuid: req.attacker.uuid,
    actorName: req.attacker.name,
    ...(req.item.uuid ? { itemUuid: req.item.uuid } : {}),
    itemName: req.item.name,
    itemImg: req.item.img,
    defenseKey: defenseKeyOf(req.ruleset, req.power),
    defenseLabel,
    range: req.power.range,
    formula: decided.plan.formula,
    dice: decided.dice,
    bonusParts: decided.plan.bonusParts,
    damageTypes: [...req.power.damageTypes],
    nonlethal: req.power.nonlethal,
    ...(req.ruleset.knockOut ? { knockOut: true } : {}),
    ...(req.situation.wrongSquare ? { wrongSquare: true } : {}),
    situation: clonePlain(req.situation),
    ...(req.power.ongoing && req.power.ongoing.amount > 0
      ? {
          ongoing: {
            amount: req.power.ongoing.amount,
            type: req.power.ongoing.type,
            save: req.power.ongoing.save,
            sourceCombatantId: req.sourceCombatantId ?? null,
          },
        }
      : {}),
    ...(power ? { power } : {}),
    damageRolls,
    targets,
    untargeted: decided.untargeted,
    applied: [],
    ...cardProperties(req.power, req.weapon),
    ...(saves
      ? {
          saveAttack: {
            kind: saves.spec.save,
            label: saves.label,
            dc: saves.spec.dc,
            onSuccess: saves.spec.onSuccess,
          },
        }
      : {}),
    ...cardTargetCount(req),
  };
}

/** [SYS-TARGETS] The card's "up to N targets": a fixed count, or the count this use rolled (absent = none). */
function cardTargetCount(req: AttackRequest): { targetCount?: UsedTargetCount } {
  const range = readTargetCount(req.power.targetCount ?? "");
  if (!range) return {};
  if (!range.rolled) return { targetCount: { formula: (req.power.targetCount ?? "").trim(), count: range.min } };
  return req.targetCount ? { targetCount: { ...req.targetCount } } : {};
}

/** [SYS-MONSTERS] The card's keywords: the power's and the weapon's (absent when it has none). */
function cardProperties(power: PowerSource, weapon: WeaponSource | null): { properties?: string[] } {
  const properties = attackProperties(power, weapon);
  return properties.length ? { properties } : {};
}

/** A damage roll's total from its faces in term order (flat part included); throws on a face off the die or on faces left over. */
function rolledFromFaces(d: DamageToRoll, faces: readonly number[]): { faces: number[]; rolled: number } {
  let i = 0;
  let total = d.recipe.roll.flat;
  for (const term of d.recipe.roll.dice) {
    for (let k = 0; k < term.count; k++) {
      const f = faces[i++];
      if (f === undefined || !Number.isInteger(f) || f < 1 || f > term.faces)
        throw new EngineError(`damage.${d.key}`, `face ${String(f)} is not on a d${term.faces}`, faces);
      total += term.sign * f;
    }
  }
  if (i !== faces.length) throw new EngineError(`damage.${d.key}`, `expected ${i} faces, got ${faces.length}`, faces);
  return { faces: faces.slice(0, i), rolled: total };
}

/** The rolls a posted attack message carries, in order: each attack roll, then each damage roll. */
export interface PostedRolls {
  attack: { formula: string; faces: number[] }[];
  damage: { formula: string; faces: number[] }[];
}

/**
 * Decide a posted attack again from its own rolls ([SYS-PERM]): the rolls must be the ones the
 * plan asks for (same count and formulas, faces on the dice), and the card is rebuilt by the same
 * decisions the attacker's client made, on the request as the GM's client sees it. Throws
 * EngineError naming what does not fit.
 */
export function rebuildCard(req: AttackRequest, rolls: PostedRolls, defenseLabel: string): AttackCardData {
  const plan = planAttack(req);
  if (rolls.attack.length !== plan.formulas.length)
    throw new EngineError("rolls.attack", `expected ${plan.formulas.length} attack roll(s)`, rolls.attack.length);
  rolls.attack.forEach((r, i) => {
    if (r.formula.replace(/\s+/g, "") !== (plan.formulas[i] ?? "").replace(/\s+/g, ""))
      throw new EngineError(`rolls.attack[${i}]`, `expected ${plan.formulas[i] ?? ""}`, r.formula);
  });
  const attackFaces = rolls.attack.map((r) => r.faces);
  // [WD-MISSCHANCE] the miss chance rolls come first after the attack rolls, one per target that needs one.
  const needed = missChanceRollsNeeded(req, attackFaces, plan).length;
  const missRolls = rolls.damage.slice(0, needed).map((r, i) => {
    if (r.formula.replace(/\s+/g, "") !== MISS_CHANCE_FORMULA || r.faces.length !== 1)
      throw new EngineError(`rolls.missChance[${i}]`, `expected ${MISS_CHANCE_FORMULA}`, r.formula);
    return r.faces[0] as number;
  });
  const damageRolls = rolls.damage.slice(needed);
  const decided = decideAttack(req, attackFaces, plan, { missRolls });
  if (damageRolls.length !== decided.damage.length)
    throw new EngineError("rolls.damage", `expected ${decided.damage.length} damage roll(s)`, damageRolls.length);
  const rolled: RolledDamage = {};
  decided.damage.forEach((d, i) => {
    const r = damageRolls[i] as PostedRolls["damage"][number];
    if (r.formula.replace(/\s+/g, "") !== d.formula.replace(/\s+/g, ""))
      throw new EngineError(`rolls.damage[${i}]`, `expected ${d.formula}`, r.formula);
    rolled[d.key] = rolledFromFaces(d, r.faces);
  });
  return buildAttackCard(req, decided, rolled, defenseLabel);
}

/** A target's forced movements on the card, omitted when there are none. */
function forcedOf(ruleset: Ruleset, power: CardPower | undefined, outcome: AttackOutcome): { forced?: number[] } {
  const forced = forcedForOutcome(ruleset, power, outcome);
  return forced.length ? { forced } : {};
}

/** The reactions a target is offered against its outcome ([HD-REACT]), omitted when there are none. */
function reactionsOf(
  req: AttackRequest,
  snapshot: TargetSnapshot,
  outcome: AttackOutcome,
): { reactions?: ReactionOffer[] } {
  if (!snapshot.reactor || !req.ruleset.attackReactions) return {};
  const offers = req.ruleset.attackReactions({
    outcome,
    range: req.power.range,
    defender: snapshot.actor,
    weapons: snapshot.reactor.weapons,
    reactionUsed: snapshot.reactor.reactionUsed,
    round: snapshot.reactor.round,
  });
  return offers.length ? { reactions: offers } : {};
}

/**
 * A card after one target took a reaction (decided by the ruleset): the target's outcome is the
 * re-decided one, with the damage, effects and forced movement that outcome takes. A damage roll
 * the card does not hold yet (a parried hit's miss damage) is rolled by `roll`. Throws
 * EngineError when the target is not on the card.
 */
export async function afterReaction(
  asked: AttackRequest,
  card: AttackCardData,
  targetUuid: string,
  key: string,
  roll: (toRoll: DamageToRoll) => Promise<{ faces: number[]; rolled: number }>,
): Promise<AttackCardData> {
  const req = forSave(asked);
  const target = card.targets.find((t) => t.uuid === targetUuid);
  const resolve = req.ruleset.resolveAttackReaction;
  if (!target || !resolve) throw new EngineError("targetUuid", "no such target on the card", targetUuid);
  const outcome = resolve(key, target.outcome, { hasMissEffect: hasMissEffect(req.power) });
  const plan = planAttack(req);
  const recipe = recipeFor(req, plan, outcome);
  const damageKey = recipe ? damageKeyOf(outcome) : null;
  const damageRolls = [...card.damageRolls];
  if (recipe && damageKey && !damageRolls.some((d) => d.key === damageKey)) {
    const toRoll: DamageToRoll = { key: damageKey, recipe, formula: formatDamage(recipe.roll) };
    const rolled = await roll(toRoll);
    damageRolls.push(damageFromFaces(toRoll, rolled.faces, rolled.rolled));
  }
  if (recipe && damageKey)
    for (const part of partsToRoll(req, plan, outcome, damageKey)) {
      if (damageRolls.some((d) => d.key === part.key)) continue;
      const rolled = await roll(part);
      damageRolls.push(damageFromFaces(part, rolled.faces, rolled.rolled));
    }
  const { reactions: _offered, effects: _effects, forced: _forced, parts: _parts, ...rest } = target;
  const byKey = new Map(damageRolls.map((d) => [d.key, d]));
  const split = targetParts(damageKey, byKey, plan.parts?.length ?? 0);
  const next: CardTarget = {
    ...rest,
    outcome,
    damageKey,
    damage: damageKey ? (damageRolls.find((d) => d.key === damageKey)?.total ?? 0) : 0,
    ...split,
    reacted: key,
    ...(card.power ? { effects: effectsForOutcome(req.ruleset, card.power, outcome) } : {}),
    ...forcedOf(req.ruleset, card.power, outcome),
  };
  return { ...card, damageRolls, targets: card.targets.map((t) => (t.uuid === targetUuid ? next : t)) };
}
