/**
 * The encounter forecast ([SYS-FORECAST]), pure: how a fight is likely to go, from the combatants'
 * real numbers. Every attack is decided by the active ruleset's own resolution (the exact per-face
 * table `attackOdds` and `prepareAttack` give) and every blow by its own `applyDamage`; only the
 * choices of the creatures are a model. The fight is played many times with seeded dice (Monte
 * Carlo) and the answers come with their error (a 95% half-width). See docs/forecast.md.
 *
 * The model of the table, kept simple on purpose:
 * - order: each creature rolls the ruleset's initiative formula; higher acts first (ties at random);
 * - each turn a creature that stands picks, among its attacks still available (a limited power that
 *   is spent is not; a limited power used in the fight is spent) and the enemies that stand, the
 *   pair that removes the largest share of the target's remaining hit points on average (the kill
 *   closest to hand: the one that most shortens the fight), ties to the larger expected damage;
 * - a routine is the sum of the attacks it lists; used, it makes each in turn, then its follow-ups;
 * - a spent power that recharges at its creature's turn start rolls its die then, and a "when first
 *   bloodied" one comes back the first turn its creature starts bloodied ([SYS-MONSTERS]);
 * - a save-based power ([SYS-MONSTERS]) is decided by the target's own save against its DC, as the
 *   card decides it: the chance the save fails is its "hit", a success its half or no damage;
 * - the escalation die, where on, climbs by one each round from its current value, to 6;
 * - where the game has an in-battle heal (its words name a rally), a creature of the party at half
 *   its hit points or below spends one turn, once per fight, on it, through the ruleset's
 *   `startRecovery` and the rolls it asks for;
 * - a creature is out when the rules' life state says it no longer acts (not active nor
 *   staggered) or its hit points are 0 or below and it is not staggered; a PC "drops" when it is out
 *   or at 0 HP, and "dies" when the rules make it dead before the fight ends;
 * - conditions the creatures carry stay as they are; what a power imposes beyond damage, moves,
 *   reactions, death saves while dying and ongoing damage are not played (docs/forecast.md lists these limits).
 */
import { clonePlain } from "../common.js";
import { parseDamage, type DamageExpression } from "../dice.js";
import { reachedTarget } from "../plans/requests.js";
import { resolvingEachFace } from "../resolution.js";
import { expectedRecipe, recipeDamage } from "../odds.js";
import { isSpent, refreshAtTurnStart, usageKind } from "../powers.js";
import {
  routineFollowUps,
  routineSteps,
  type RoutinePower,
  type RoutineResult,
  type RoutineSpec,
} from "../routines.js";
import { planAttack, plainSituation, type AttackPlan, type TargetSnapshot } from "../plans/attack.js";
import { powerForSave, saveAttackOutcome, saveFormulaMode } from "../save-attacks.js";
import { wordsOf } from "../words.js";
import { missChanceOf } from "../miss-chance.js";
import type { Ruleset } from "../ruleset.js";
import type {
  ActorSource,
  AttackInput,
  AttackResult,
  DamagePacket,
  DamageRecipe,
  EffectSource,
  PowerSource,
  PowerUsageState,
  PreparedAttack,
  RollRequest,
  RuleOptions,
  RuleResult,
  WeaponSource,
} from "../types.js";
import { rollDie, rollExpression, rollFormula, seededRandom, type Random } from "./random.js";

/** Which side a creature fights on. */
export type ForecastSide = "party" | "foes";

/** One attack a creature can make: a power (with its weapon) and how often it can be used. */
export interface ForecastAttack {
  name: string;
  power: PowerSource;
  weapon: WeaponSource | null;
  /** Its usage as stored; null = at will. */
  usage: PowerUsageState | null;
  /** [SYS-MONSTERS] Its item id, which a routine may name it by (absent = by name only). */
  id?: string;
  /** [SYS-MONSTERS] A routine: the creature's other attacks it makes (absent or null = none). */
  routine?: RoutineSpec | null;
}

/** One creature of the fight as it stands now. */
export interface ForecastCombatant {
  id: string;
  name: string;
  side: ForecastSide;
  actor: ActorSource;
  effects?: EffectSource[];
  attacks: ForecastAttack[];
}

export interface ForecastInput {
  ruleset: Ruleset;
  options: RuleOptions;
  combatants: readonly ForecastCombatant[];
  /** The escalation die now (0 when off or not yet climbing). */
  escalation: number;
  /** Whether the die climbs each round in this world. */
  escalationOn: boolean;
  /** Fights played (default 400). */
  samples?: number;
  /** Seed of the dice (default 1): the same seed gives the same forecast. */
  seed?: number;
  /** Rounds after which a fight counts as a draw (default 30). */
  maxRounds?: number;
}

/** One creature's part of the forecast. */
interface CreatureForecast {
  id: string;
  name: string;
  side: ForecastSide;
  /** Chance to drop (out of the fight or at 0 HP) before the fight ends. */
  dropChance: number;
  /** Chance the rules make it dead before the fight ends (0 where nothing it faces can). */
  deathChance: number;
  /** Expected damage it deals per round it stands. */
  damagePerRound: number;
  /** Expected damage it takes over the fight. */
  damageTaken: number;
  /** The attack it uses most (null = it never attacks). */
  favouriteAttack: string | null;
}

/** One side's part of the forecast. */
interface SideForecast {
  /** Chance the side wins (the other side is all out within the round limit). */
  wins: number;
  /** Expected damage the side deals per round. */
  damagePerRound: number;
  /** Chance the side is defeated (all out) within the round limit. */
  defeated: number;
  /** Expected rounds until the side is defeated, over the fights where it is; null = never. */
  roundsToDefeat: number | null;
}

export interface Forecast {
  samples: number;
  seed: number;
  /** 95% half-width of every chance below (the largest over them): the reported error. */
  error: number;
  party: SideForecast;
  foes: SideForecast;
  /** Chance neither side is out after the round limit. */
  draw: number;
  /** Expected length of the fight in rounds. */
  rounds: number;
  /** 95% half-width of {@link rounds}. */
  roundsError: number;
  /** Expected number of PCs (creatures of the party) that drop. */
  partyDropped: number;
  /** 95% half-width of {@link partyDropped}. */
  partyDroppedError: number;
  creatures: CreatureForecast[];
}

const DEFAULT_SAMPLES = 400;
const DEFAULT_MAX_ROUNDS = 30;
const MAX_ESCALATION = 6;
/** Chained rolls one blow may ask for before the forecast stops following them. */
const MAX_CHAINED_ROLLS = 8;

const RESULTS: readonly AttackResult[] = ["autoMiss", "miss", "hit", "crit"];

/** What one attack of one creature against one target does, at one value of the escalation die. */
interface PairAtEscalation {
  /** Cumulative weight of each kept natural 1..20 (the mode's face weights). */
  cumulative: Float64Array;
  total: number;
  /** Slot (2 × result index + miss effect) of each natural. */
  slots: Uint8Array;
  expected: number;
  /** [SYS-MONSTERS] The naturals are the target's save's, not an attack roll's. */
  save?: boolean;
  /** [WD-MISSCHANCE] The percent chance a hit misses all the same (a blinded attacker); absent = none. */
  missChance?: number;
  /** [WD-MISSCHANCE] The slot a hit lost to the miss chance takes (a plain miss, its miss effect if any). */
  missSlot?: number;
}

interface PairOdds {
  input: Omit<AttackInput, "dice">;
  /** [SYS-MONSTERS] A save-based power: the target's save against its DC (decides instead of an attack roll). */
  save: RollRequest | null;
  byEscalation: (PairAtEscalation | null)[];
}

interface AttackPlanned {
  attack: ForecastAttack;
  /** The power as its damage reads it: a save-based power's success deals what the success says. */
  power: PowerSource;
  plan: AttackPlan | null;
  /** Damage recipe of each slot, asked of the ruleset once (undefined = not yet). */
  recipes: (DamageRecipe | null | undefined)[];
  /** Exact expected damage of each slot's recipe (NaN = not yet). */
  expected: number[];
  /** Odds against each creature by index (null = not an enemy / refused). */
  pairs: (PairOdds | null)[];
  /** Uses of the power left in one fight (Infinity at will, 0 spent). */
  uses: number;
  /** The blow's kind as traits read it (types, melee, nonlethal): pairs alike share their probes. */
  blowKind: string;
  /** [SYS-MONSTERS] A spent power's recharge at its creature's turn start: the die's faces and the target (null = none). */
  recharge: { faces: number; target: number } | null;
  /** [SYS-MONSTERS] It comes back the first turn its creature starts bloodied ("when first bloodied"). */
  rechargeBloodied: boolean;
  /** [SYS-MONSTERS] A routine: the creature's attacks it makes, by index (null = an attack of its own). */
  routine: PlannedRoutine | null;
}

/** [SYS-MONSTERS] A routine as the forecast plays it. */
interface PlannedRoutine {
  spec: RoutineSpec;
  /** The creature's attacks as the routine names them, and each one's id (by index). */
  powers: RoutinePower[];
  ids: string[];
  /** The attacks it makes, in order, by index into the creature's attacks. */
  steps: number[];
}

/**
 * [SYS-MONSTERS] The routine of one of a creature's attacks, checked as the sheet's button checks it
 * (`routineSteps`): null when the attack is no routine; a routine naming a power the creature lacks
 * makes no attack in the forecast (no steps).
 */
function plannedRoutine(attacks: readonly ForecastAttack[], k: number): PlannedRoutine | null {
  const own = attacks[k] as ForecastAttack;
  if (!own.routine) return null;
  const ids = attacks.map((a, i) => a.id ?? `#${i}`);
  const powers = attacks.map((a, i) => ({ id: ids[i] as string, name: a.name, isRoutine: Boolean(a.routine) }));
  let steps: number[] = [];
  try {
    steps = routineSteps(ids[k] as string, own.routine, powers).map((s) => ids.indexOf(s.powerId));
  } catch {
    steps = [];
  }
  return { spec: own.routine, powers, ids, steps };
}

interface Prepared {
  ruleset: Ruleset;
  options: RuleOptions;
  creatures: readonly ForecastCombatant[];
  attacks: AttackPlanned[][];
  /** Each creature's source as the fight starts. */
  starts: ActorSource[];
  /** Initiative dice of each creature (null = a plain d20). */
  initiative: (DamageExpression | null)[];
  /** Hit points each of a few rallies of the creature gave, played beforehand (empty = none). */
  rallies: number[][];
  /** The first creature alike to each (itself when none is): alike creatures share the caches below. */
  kin: number[];
  /** What the rules made of each drop, by creature. */
  drops: Map<string, DamageResultLite>[];
  /** A range of hit points left after a drop over which the rules gave one verdict with no roll, by blow kind. */
  spans: Map<string, { lo: number; hi: number; verdict: DamageResultLite } | null>[];
  /** Damage after each creature's traits: whether a kind of blow is taken whole, and each blow asked. */
  dealt: Map<string, number | boolean>[];
  /** [HD-LEGENDARY] Failed saves against save-based powers each creature can turn, as it starts. */
  saveResists: number[];
}

function usesOf(ruleset: Ruleset, usage: PowerUsageState | null): number {
  if (!usage) return Number.POSITIVE_INFINITY;
  const kind = usageKind(ruleset, usage.usage);
  if (!kind.limited) return Number.POSITIVE_INFINITY;
  if (isSpent(ruleset, usage)) return 0;
  // A per-rest power has its remaining uses; any other limited power one use in a fight.
  return kind.key === "perRest" ? Math.max(1, Math.max(1, usage.uses.max) - usage.uses.spent) : 1;
}

/**
 * [SYS-MONSTERS] The recharge a spent power rolls at its creature's turn start (4e "recharge ⚄⚅",
 * 5e "recharge 5–6"), as the tracker rolls it (`refreshAtTurnStart`); null = none.
 */
function turnStartRecharge(ruleset: Ruleset, usage: PowerUsageState | null): { faces: number; target: number } | null {
  if (!usage) return null;
  const roll = refreshAtTurnStart(ruleset, { ...usage, used: true });
  if (roll.kind !== "recharge") return null;
  const faces = Number(/^1d(\d+)$/.exec(roll.formula)?.[1] ?? 0);
  return faces > 0 ? { faces, target: roll.target } : null;
}

/** Rallies played beforehand on each creature of the party (a few draws of the rules' own rally). */
const RALLY_DRAWS = 8;

/**
 * What the rules' rally gives a creature at 1 HP, `RALLY_DRAWS` times with seeded rolls: its
 * `startRecovery` (rally) and the rolls it asks for, as the hit points gained (0: it failed or the
 * creature has none left).
 */
function rallyOutcomes(ruleset: Ruleset, options: RuleOptions, c: ForecastCombatant, random: Random): number[] {
  if (c.actor.recoveries.value <= 0) return [];
  const low = clonePlain(c.actor);
  low.hp.value = 1;
  low.hp.temp = 0;
  const out: number[] = [];
  for (let i = 0; i < RALLY_DRAWS; i++) {
    try {
      const started = ruleset.startRecovery(low, true, options, c.id);
      const after = rollRequests(ruleset, options, started.actor, c.id, started.requests, random);
      out.push(Math.max(0, after.hp.value - 1));
    } catch {
      out.push(0);
    }
  }
  return out.some((g) => g > 0) ? out : [];
}

/** The most failed saves the forecast lets one creature turn (a guard against a rule that never runs out). */
const MAX_SAVE_RESISTS = 10;

/**
 * [HD-LEGENDARY] How many failed saves against save-based powers the creature can turn into
 * successes: the game's `resistSaveAttack` asked on it until it has none left.
 */
function saveResistsOf(ruleset: Ruleset, c: ForecastCombatant): number {
  let actor = c.actor;
  let n = 0;
  while (n < MAX_SAVE_RESISTS) {
    const turned = ruleset.resistSaveAttack?.(actor, c.id);
    if (!turned) break;
    actor = turned.actor;
    n++;
  }
  return n;
}

/** Plans each creature's attacks against each enemy once (the per-escalation odds come lazily). */
function prepare(input: ForecastInput, random: Random): Prepared {
  const { ruleset, options, combatants } = input;
  const snapshots: TargetSnapshot[] = combatants.map((c) => ({
    uuid: c.id,
    actorUuid: c.id,
    name: c.name,
    img: "",
    actor: c.actor,
    derived: ruleset.deriveActor(c.actor, options),
    id: c.id,
    ...(c.effects ? { effects: c.effects } : {}),
  }));
  // Creatures alike (the same source and effects: copies of one monster) share what is worked out for one.
  const signatures = combatants.map((c) => JSON.stringify([c.actor, c.effects ?? []]));
  const kin = signatures.map((sig) => signatures.indexOf(sig));
  const attacks = combatants.map((c, ci) => {
    const enemies = snapshots.filter((_, ti) => combatants[ti]?.side !== c.side);
    return c.attacks.map((attack, k): AttackPlanned => {
      let plan: AttackPlan | null = null;
      try {
        plan = planAttack({
          ruleset,
          options,
          attacker: {
            uuid: c.id,
            name: c.name,
            actor: c.actor,
            id: c.id,
            derived: (snapshots[ci] as TargetSnapshot).derived ?? ruleset.deriveActor(c.actor, options),
            ...(c.effects ? { effects: c.effects } : {}),
          },
          item: { name: attack.name, img: "" },
          power: attack.power,
          weapon: attack.weapon,
          situation: plainSituation(),
          escalation: 0,
          targets: enemies,
        });
      } catch {
        // An attack the rules refuse (a malformed formula, a defense the target lacks) is not made.
        plan = null;
      }
      const pairs: (PairOdds | null)[] = [];
      snapshots.forEach((s, ti) => {
        const pairInput = plan && combatants[ti]?.side !== c.side ? plan.inputs.get(s) : undefined;
        const twin = pairs[kin[ti] as number];
        // [SYS-MONSTERS] a save-based power: the enemy's own save (the plan's, in the enemies' order).
        const save = plan?.saves ? (plan.saves.requests[enemies.indexOf(s)] ?? null) : null;
        pairs.push(pairInput ? (twin ?? { input: pairInput, save, byEscalation: [] }) : null);
      });
      return {
        attack,
        power: powerForSave(ruleset, attack.power),
        plan,
        recipes: new Array<DamageRecipe | null | undefined>(8).fill(undefined),
        expected: new Array<number>(8).fill(Number.NaN),
        pairs,
        uses: usesOf(ruleset, attack.usage),
        recharge: turnStartRecharge(ruleset, attack.usage),
        rechargeBloodied: attack.usage?.rechargeBloodied === true && attack.usage.bloodiedSeen !== true,
        routine: plannedRoutine(c.attacks, k),
        blowKind: `${attack.power.damageTypes.join(",")}|${attack.power.range === "melee"}|${attack.power.nonlethal}`,
      };
    });
  });
  const initiative = combatants.map((c, i) => {
    try {
      const formula = ruleset.initiativeFormula(
        c.actor,
        snapshots[i]?.derived ?? ruleset.deriveActor(c.actor, options),
      );
      return parseDamage(formula, null, "initiative");
    } catch {
      return null;
    }
  });
  return {
    ruleset,
    options,
    creatures: combatants,
    attacks,
    starts: combatants.map((c) => c.actor),
    initiative,
    rallies: combatants.map((c) =>
      wordsOf(ruleset).rally !== null && c.side === "party" ? rallyOutcomes(ruleset, options, c, random) : [],
    ),
    kin,
    drops: combatants.map(() => new Map()),
    saveResists: combatants.map((c) => saveResistsOf(ruleset, c)),
    spans: combatants.map(() => new Map()),
    dealt: combatants.map(() => new Map()),
  };
}

/** Integer weights of the kept natural 1..20 under each roll mode (as `attackOdds` weighs them). */
const FACE_WEIGHTS: Record<"normal" | "mighty" | "weak", readonly number[]> = {
  normal: Array.from({ length: 20 }, () => 1),
  mighty: Array.from({ length: 20 }, (_, i) => (i + 1) * (i + 1) - i * i),
  weak: Array.from({ length: 20 }, (_, i) => (20 - i) * (20 - i) - (19 - i) * (19 - i)),
};

/**
 * The pair's table at an escalation value, built the first time it is asked for: each kept
 * natural classified by the ruleset's own `prepareAttack` (as `attackOdds` does), weighted by the
 * roll mode, and the exact expected damage of each outcome's recipe.
 */
function pairAt(p: Prepared, planned: AttackPlanned, pair: PairOdds, escalation: number): PairAtEscalation | null {
  const cached = pair.byEscalation[escalation];
  if (cached !== undefined) return cached;
  let made: PairAtEscalation | null = null;
  if (planned.plan?.saves) {
    made = saveTable(p, planned, pair, planned.plan.saves);
  } else if (planned.plan) {
    try {
      const input = Object.assign({}, pair.input, { escalation });
      const prepared: PreparedAttack = p.ruleset.prepareAttack
        ? p.ruleset.prepareAttack(input)
        : resolvingEachFace(p.ruleset, input);
      made = faceTable(p, planned, prepared.mode, (n) => prepared.face(n));
      // [WD-MISSCHANCE] a hit may still miss on the d100: the table's expectation counts it.
      const chance = missChanceOf(p.ruleset, input);
      if (chance > 0) made = withMissChance(p, planned, made, chance, input.hasMissEffect);
    } catch {
      made = null;
    }
  }
  pair.byEscalation[escalation] = made;
  return made;
}

/**
 * [SYS-MONSTERS] A save-based power's table against one target: each kept natural of the target's
 * save (weighted by the mode its conditions give it) decided by the engine's own
 * `saveAttackOutcome` against the DC, as the card decides it. A failed save is the power's hit, a
 * success its miss with the success's damage; the escalation die plays no part.
 */
function saveTable(
  p: Prepared,
  planned: AttackPlanned,
  pair: PairOdds,
  saves: NonNullable<AttackPlan["saves"]>,
): PairAtEscalation | null {
  const save = pair.save;
  if (!save) return null;
  try {
    const table = faceTable(p, planned, saveFormulaMode(save.formula), (n) =>
      saveAttackOutcome(p.ruleset, save, saves.spec, [n, n], saves.label),
    );
    return { ...table, save: true };
  } catch {
    return null;
  }
}

/**
 * One table of naturals 1..20 weighted by the roll's mode: each natural's outcome slot and the
 * expected damage over them. `outcomeOf` decides a natural (an attack's face, or the target's save).
 */
function faceTable(
  p: Prepared,
  planned: AttackPlanned,
  mode: keyof typeof FACE_WEIGHTS,
  outcomeOf: (natural: number) => { result: AttackResult; missEffect?: boolean },
): PairAtEscalation {
  const weights = FACE_WEIGHTS[mode];
  const cumulative = new Float64Array(20);
  const slots = new Uint8Array(20);
  let acc = 0;
  let expected = 0;
  for (let n = 1; n <= 20; n++) {
    const w = weights[n - 1] as number;
    acc += w;
    cumulative[n - 1] = acc;
    const outcome = outcomeOf(n);
    const slot = 2 * RESULTS.indexOf(outcome.result) + (outcome.missEffect ? 1 : 0);
    slots[n - 1] = slot;
    expected += w * slotExpectation(p, planned, slot);
  }
  return { cumulative, total: acc, slots, expected: expected / acc };
}

/**
 * [WD-MISSCHANCE] A table whose hits miss `chance` percent of the time: each hit natural's
 * expectation shares (100 − chance)% with the plain miss's; `strike` rolls the d100.
 */
function withMissChance(
  p: Prepared,
  planned: AttackPlanned,
  table: PairAtEscalation,
  chance: number,
  hasMissEffect: boolean,
): PairAtEscalation {
  const missSlot = 2 * RESULTS.indexOf("miss") + (hasMissEffect ? 1 : 0);
  const lost = chance / 100;
  let expected = 0;
  let previous = 0;
  for (let n = 1; n <= 20; n++) {
    const w = (table.cumulative[n - 1] as number) - previous;
    previous = table.cumulative[n - 1] as number;
    const slot = table.slots[n - 1] as number;
    const e = slotExpectation(p, planned, slot);
    expected += w * (slot >> 1 >= 2 ? (1 - lost) * e + lost * slotExpectation(p, planned, missSlot) : e);
  }
  return { ...table, expected: expected / table.total, missChance: chance, missSlot };
}

/** Exact expected damage of one outcome slot of an attack (its recipe summed once). */
function slotExpectation(p: Prepared, planned: AttackPlanned, slot: number): number {
  const known = planned.expected[slot] as number;
  if (!Number.isNaN(known)) return known;
  const recipe = recipeOf(p, planned, slot);
  const e = recipe ? expectedRecipe(recipe) : 0;
  planned.expected[slot] = e;
  return e;
}

function recipeOf(p: Prepared, planned: AttackPlanned, slot: number): DamageRecipe | null {
  const known = planned.recipes[slot];
  if (known !== undefined) return known;
  const plan = planned.plan;
  const recipe = plan
    ? p.ruleset.damageRecipe({
        outcome: RESULTS[slot >> 1] as AttackResult,
        hit: plan.hit,
        miss: plan.miss,
        missEffect: planned.power.missEffect,
        missApplies: (slot & 1) === 1,
        critExtra: plan.critExtra,
        types: planned.attack.power.damageTypes,
        options: p.options,
      })
    : null;
  planned.recipes[slot] = recipe;
  return recipe;
}

/** A creature's state in one played fight (its actor source is rebuilt only when the rules need it). */
interface Live {
  hp: number;
  temp: number;
  /** The rules' answer after the blow that dropped it (null while it stands as it started). */
  actor: ActorSource | null;
  uses: number[];
  /** Its first bloodying this fight was counted ("when first bloodied" recharge). */
  bloodiedSeen: boolean;
  /** [HD-LEGENDARY] Failed saves against save-based powers it can still turn into successes. */
  saveResists: number;
  rallied: boolean;
  dropped: boolean;
  out: boolean;
  dead: boolean;
  dealt: number;
  taken: number;
  roundsStanding: number;
  attacksUsed: number[];
}

function isOut(actor: ActorSource): boolean {
  if (actor.state === "staggered") return false;
  return actor.state !== "active" || actor.hp.value <= 0;
}

/** Roll the requests a rule asked for on this creature, feeding each back to the ruleset. */
function rollRequests(
  ruleset: Ruleset,
  options: RuleOptions,
  actor: ActorSource,
  actorId: string,
  requests: readonly RollRequest[],
  random: Random,
): ActorSource {
  const queue = [...requests];
  let current = actor;
  let n = 0;
  while (queue.length && n < MAX_CHAINED_ROLLS) {
    const request = queue.shift() as RollRequest;
    n++;
    if (request.actorId !== actorId) continue;
    const roll = rollFormula(random, request.formula);
    if (!roll) continue;
    try {
      const answer = ruleset.resolveRoll(current, request, roll, options);
      current = answer.actor;
      queue.push(...answer.requests);
    } catch {
      // A roll the rules cannot take here leaves the creature as it was.
    }
  }
  return current;
}

/**
 * Damage after the target's traits, as the ruleset's `applyDamage` makes it: two probe blows on the
 * target as it started tell whether this attack's blows lose or gain anything to its traits; if
 * not, every blow is taken whole, else each distinct blow is asked of the rules once.
 */
function dealtBy(p: Prepared, planned: AttackPlanned, t: number, packet: DamagePacket): number {
  const creature = p.creatures[t] as ForecastCombatant;
  const start = p.starts[t] as ActorSource;
  const memo = p.dealt[p.kin[t] as number] as Map<string, number | boolean>;
  const ask = (amount: number, natural: number, critical: boolean): number => {
    try {
      return p.ruleset.applyDamage(
        start,
        { ...packet, amount, natural, critical, knockOut: false },
        p.options,
        creature.id,
      ).dealt;
    } catch {
      return 0;
    }
  };
  let whole = memo.get(planned.blowKind);
  if (whole === undefined) {
    whole = ask(10, 10, false) === 10 && ask(7, 20, true) === 7 && ask(13, 2, false) === 13;
    memo.set(planned.blowKind, whole);
  }
  if (whole) return packet.amount;
  const key = `${planned.blowKind}|${packet.amount}|${packet.natural ?? 0}|${packet.critical ? 1 : 0}`;
  let dealt = memo.get(key);
  if (typeof dealt !== "number") {
    dealt = ask(packet.amount, packet.natural ?? 0, packet.critical);
    memo.set(key, dealt);
  }
  return dealt;
}

/**
 * What the rules make of a blow that takes a creature to `after` hit points or below 0: the
 * ruleset's `applyDamage` of that loss on the creature at 1 HP (asked once per value, by the
 * blow's crit and nonlethal marks), then the rolls it asks for, rolled each time (the answer to
 * each success or failure asked once).
 */
function dropVerdict(p: Prepared, t: number, after: number, packet: DamagePacket): DamageResultLite {
  const creature = p.creatures[t] as ForecastCombatant;
  const cache = p.drops[p.kin[t] as number] as Map<string, DamageResultLite>;
  const key = `${after}|${packet.critical ? 1 : 0}|${packet.nonlethal ? 1 : 0}`;
  let known = cache.get(key);
  if (known === undefined) {
    const start = clonePlain(p.starts[t] as ActorSource);
    start.hp.value = 1;
    start.hp.temp = 0;
    try {
      const loss = 1 - after;
      const r = p.ruleset.applyDamage(
        start,
        { ...packet, amount: loss, types: [], natural: null, knockOut: false },
        p.options,
        creature.id,
      );
      known = { actor: r.actor, requests: r.requests, answers: new Map() };
    } catch {
      // A blow the rules refuse: the creature counts as at that many hit points, as it started.
      start.hp.value = after;
      known = { actor: start, requests: [], answers: new Map() };
    }
    cache.set(key, known);
  }
  return known;
}

/**
 * The rules' verdict on a drop to `after` hit points. Taken to be monotone in what is left: when
 * the rules give a drop to 0 and a drop far below (twice the creature's hit points and 10 more) the
 * same life state and ask no roll for either, every drop between has that verdict.
 */
function dropBlow(p: Prepared, t: number, after: number, packet: DamagePacket, random: Random): ActorSource {
  const creature = p.creatures[t] as ForecastCombatant;
  const spans = p.spans[p.kin[t] as number] as Map<
    string,
    { lo: number; hi: number; verdict: DamageResultLite } | null
  >;
  const kind = `${packet.critical ? 1 : 0}|${packet.nonlethal ? 1 : 0}`;
  let span = spans.get(kind);
  if (span === undefined) {
    const lo = -(2 * (p.starts[t] as ActorSource).hp.max + 10);
    const top = dropVerdict(p, t, 0, packet);
    const bottom = dropVerdict(p, t, lo, packet);
    span =
      top.requests.length === 0 && bottom.requests.length === 0 && top.actor.state === bottom.actor.state
        ? { lo, hi: 0, verdict: top }
        : null;
    spans.set(kind, span);
  }
  const known = span && after >= span.lo && after <= span.hi ? span.verdict : dropVerdict(p, t, after, packet);
  return followVerdict(p, creature.id, known, random, 0);
}

/**
 * The rolls a verdict asks for, rolled in turn; the rules' answer to each is asked once per kind
 * of result (success or failure, natural 20 or 1, or the total where the roll has no target) and
 * kept as a tree, so a chain of rolls is worked out once per path.
 */
function followVerdict(
  p: Prepared,
  actorId: string,
  node: DamageResultLite,
  random: Random,
  depth: number,
): ActorSource {
  if (node.requests.length === 0 || depth >= MAX_CHAINED_ROLLS) return node.actor;
  const request = node.requests[0] as RollRequest;
  if (request.actorId !== actorId)
    return followVerdict(p, actorId, { ...node, requests: node.requests.slice(1) }, random, depth + 1);
  const roll = rollFormula(random, request.formula);
  if (!roll) return node.actor;
  const reached = reachedTarget(request, roll);
  const key = `${reached === null ? roll.total : reached ? 1 : 0}|${roll.natural === 20 ? 1 : roll.natural === 1 ? -1 : 0}`;
  let next = node.answers.get(key);
  if (!next) {
    let answer: RuleResult;
    try {
      answer = p.ruleset.resolveRoll(node.actor, request, roll, p.options);
    } catch {
      answer = { actor: node.actor, events: [], requests: [] };
    }
    next = { actor: answer.actor, requests: [...node.requests.slice(1), ...answer.requests], answers: new Map() };
    node.answers.set(key, next);
  }
  return followVerdict(p, actorId, next, random, depth + 1);
}

interface DamageResultLite {
  actor: ActorSource;
  requests: RollRequest[];
  answers: Map<string, DamageResultLite>;
}

/** Plays one fight and records it. */
function playOnce(
  p: Prepared,
  random: Random,
  startEscalation: number,
  escalationOn: boolean,
  maxRounds: number,
  stats: Stats,
): void {
  const n = p.creatures.length;
  const live: Live[] = p.creatures.map((c, i) => {
    const out = isOut(c.actor);
    return {
      hp: c.actor.hp.value,
      temp: c.actor.hp.temp,
      actor: out ? c.actor : null,
      uses: (p.attacks[i] ?? []).map((a) => a.uses),
      bloodiedSeen: false,
      saveResists: p.saveResists[i] as number,
      rallied: false,
      dropped: out || c.actor.hp.value <= 0,
      out,
      dead: false,
      dealt: 0,
      taken: 0,
      roundsStanding: 0,
      attacksUsed: (p.attacks[i] ?? []).map(() => 0),
    };
  });
  // Initiative: the ruleset's formula, ties broken at random.
  const rolls = p.creatures.map((_, i) => {
    const formula = p.initiative[i];
    const init = formula ? rollExpression(random, formula) : rollDie(random, 20);
    return { i, init, tie: random() };
  });
  rolls.sort((a, b) => b.init - a.init || a.tie - b.tie);
  const order = rolls.map((r) => r.i);
  const sideOut = (side: ForecastSide) => p.creatures.every((c, i) => c.side !== side || (live[i] as Live).out);
  const damageBySide = { party: 0, foes: 0 };
  let round = 0;
  let partyOut = sideOut("party");
  let foesOut = sideOut("foes");
  let escalation = startEscalation;
  while (!partyOut && !foesOut && round < maxRounds) {
    round++;
    if (round > 1 && escalationOn) escalation = Math.min(MAX_ESCALATION, escalation + 1);
    for (const ci of order) {
      const me = live[ci] as Live;
      if (me.out) continue;
      me.roundsStanding++;
      const creature = p.creatures[ci] as ForecastCombatant;
      const start = p.starts[ci] as ActorSource;
      rechargeAtTurnStart(p.attacks[ci] ?? [], me, start, random);
      // One rally, where the game has one, for a creature of the party at half its HP or below.
      const rallies = p.rallies[ci] as number[];
      if (rallies.length && !me.rallied && creature.side === "party" && me.hp * 2 <= start.hp.max) {
        me.rallied = true;
        const gain = rallies[Math.floor(random() * rallies.length)] as number;
        if (gain > 0) {
          me.hp = Math.min(start.hp.max, Math.max(0, me.hp) + gain);
          continue;
        }
      }
      // The attack and target that remove the largest share of a target's remaining hit points.
      const mine = p.attacks[ci] ?? [];
      let bestK = -1;
      let bestT = -1;
      let bestExpected = 0;
      let bestScore = -1;
      for (let k = 0; k < mine.length; k++) {
        if ((me.uses[k] as number) <= 0) continue;
        const planned = mine[k] as AttackPlanned;
        for (let t = 0; t < n; t++) {
          const them = live[t] as Live;
          if (them.out) continue;
          const expected = expectedAgainst(p, mine, planned, t, escalation);
          if (expected <= 0) continue;
          const left = Math.max(1, them.hp + them.temp);
          const score = Math.min(1, expected / left);
          if (bestK < 0 || score > bestScore + 1e-12 || (score > bestScore - 1e-12 && expected > bestExpected)) {
            bestK = k;
            bestT = t;
            bestExpected = expected;
            bestScore = score;
          }
        }
      }
      if (bestK < 0) continue;
      const planned = mine[bestK] as AttackPlanned;
      me.uses[bestK] = (me.uses[bestK] as number) - 1;
      me.attacksUsed[bestK] = (me.attacksUsed[bestK] as number) + 1;
      const turn: Turn = { p, ci, me, live, random, escalation, damageBySide };
      const someoneOut = planned.routine
        ? playRoutine(turn, mine, planned.routine, bestT)
        : strike(turn, planned, bestT).out;
      if (someoneOut) {
        partyOut = sideOut("party");
        foesOut = sideOut("foes");
        if (partyOut || foesOut) break;
      }
    }
  }
  const winner: ForecastSide | null = partyOut === foesOut ? null : partyOut ? "foes" : "party";
  stats.record(winner, round, live, p, damageBySide, partyOut, foesOut);
}

/** What one creature's turn works with. */
interface Turn {
  p: Prepared;
  ci: number;
  me: Live;
  live: Live[];
  random: Random;
  escalation: number;
  damageBySide: Record<ForecastSide, number>;
}

/** The expected damage of an attack against creature `t` (a routine: the sum of the attacks it makes). */
function expectedAgainst(
  p: Prepared,
  mine: readonly AttackPlanned[],
  planned: AttackPlanned,
  t: number,
  escalation: number,
): number {
  if (planned.routine) {
    let sum = 0;
    for (const k of planned.routine.steps) {
      const step = mine[k] as AttackPlanned;
      const pair = step.pairs[t];
      const table = pair ? pairAt(p, step, pair, escalation) : null;
      if (table) sum += table.expected;
    }
    return sum;
  }
  const pair = planned.pairs[t];
  const table = pair ? pairAt(p, planned, pair, escalation) : null;
  return table ? table.expected : 0;
}

/**
 * One attack of the creature against creature `t`: the kept natural under the pair's roll mode, the
 * outcome the rules give it, its damage through the target's traits, and a drop the rules decide.
 * Whether it hit (a failed save for a save-based power) and whether the target is now out.
 */
function strike(turn: Turn, planned: AttackPlanned, t: number): { hit: boolean; out: boolean } {
  const { p, me, live, random } = turn;
  const pair = planned.pairs[t];
  const table = pair ? pairAt(p, planned, pair, turn.escalation) : null;
  const target = live[t] as Live;
  if (!table || target.out) return { hit: false, out: false };
  const draw = random() * table.total;
  let natural = 1;
  while (natural < 20 && (table.cumulative[natural - 1] as number) <= draw) natural++;
  let slot = table.slots[natural - 1] as number;
  // [WD-MISSCHANCE] a hit the d100 takes away is a miss (drawn only where there is a miss chance).
  if (table.missChance && slot >> 1 >= 2 && random() * 100 < table.missChance) slot = table.missSlot as number;
  // [HD-LEGENDARY] a failed save the target can turn succeeds instead, one use spent.
  if (table.save && slot >> 1 >= 2 && target.saveResists > 0) {
    target.saveResists--;
    slot = 2 * RESULTS.indexOf("miss") + 1;
  }
  const hit = slot >> 1 >= 2;
  const recipe = recipeOf(p, planned, slot);
  if (!recipe) return { hit, out: false };
  const amount = recipeDamage(recipe, rollExpression(random, recipe.roll));
  const packet: DamagePacket = {
    amount,
    types: recipe.types,
    // A save-based power's blow has no attack roll: the natural is the target's save's.
    natural: table.save ? null : natural,
    critical: slot >> 1 === 3,
    ongoing: false,
    fromAttack: true,
    melee: planned.attack.power.range === "melee",
    nonlethal: planned.attack.power.nonlethal,
    knockOut: false,
  };
  const dealt = dealtBy(p, planned, t, packet);
  const absorbed = Math.min(target.temp, dealt);
  const lost = dealt - absorbed;
  target.temp -= absorbed;
  const after = target.hp - lost;
  me.dealt += dealt;
  target.taken += dealt;
  turn.damageBySide[(p.creatures[turn.ci] as ForecastCombatant).side] += dealt;
  if (after > 0 || lost === 0) {
    target.hp = after;
    return { hit, out: false };
  }
  const ruled = dropBlow(p, t, after, packet, random);
  target.hp = after;
  target.dropped = true;
  if (ruled.state === "dead") target.dead = true;
  if (!isOut(ruled)) return { hit, out: false };
  target.out = true;
  target.actor = ruled;
  return { hit, out: true };
}

/**
 * [SYS-MONSTERS] A routine (multiattack): each attack it lists in turn at the chosen target, or,
 * once that one is out, at the standing enemy that attack takes the largest share of; then each
 * follow-up at the targets the results call for (`routineFollowUps`, judged per target). Whether
 * any creature went out.
 */
function playRoutine(turn: Turn, mine: readonly AttackPlanned[], routine: PlannedRoutine, first: number): boolean {
  const { live } = turn;
  let anyOut = false;
  let t = first;
  const results: RoutineResult[] = [];
  for (const k of routine.steps) {
    const step = mine[k] as AttackPlanned;
    if ((live[t] as Live).out) t = bestTargetFor(turn, mine, step);
    if (t < 0) break;
    const r = strike(turn, step, t);
    results.push({ powerId: routine.ids[k] as string, targetId: String(t), isHit: r.hit });
    anyOut = anyOut || r.out;
  }
  for (const f of routineFollowUps(routine.spec, routine.powers, results)) {
    const k = routine.ids.indexOf(f.powerId);
    if (k < 0) continue;
    for (const id of f.targetIds) anyOut = strike(turn, mine[k] as AttackPlanned, Number(id)).out || anyOut;
  }
  return anyOut;
}

/** The standing enemy an attack takes the largest share of (-1 = none left). */
function bestTargetFor(turn: Turn, mine: readonly AttackPlanned[], planned: AttackPlanned): number {
  let best = -1;
  let bestScore = -1;
  turn.live.forEach((them, t) => {
    if (them.out) return;
    const e = expectedAgainst(turn.p, mine, planned, t, turn.escalation);
    if (e <= 0) return;
    const score = Math.min(1, e / Math.max(1, them.hp + them.temp));
    if (score > bestScore) {
      best = t;
      bestScore = score;
    }
  });
  return best;
}

/**
 * [SYS-MONSTERS] The start of a creature's turn, as the tracker plays it: the first turn it starts
 * bloodied (half its hit points or below) its spent "when first bloodied" powers come back, then
 * each spent power that recharges at turn start rolls its die.
 */
function rechargeAtTurnStart(mine: readonly AttackPlanned[], me: Live, start: ActorSource, random: Random): void {
  const bloodiedNow = !me.bloodiedSeen && me.hp * 2 <= start.hp.max;
  if (bloodiedNow) me.bloodiedSeen = true;
  for (let k = 0; k < mine.length; k++) {
    if ((me.uses[k] as number) > 0) continue;
    const planned = mine[k] as AttackPlanned;
    if (bloodiedNow && planned.rechargeBloodied) me.uses[k] = 1;
    else if (planned.recharge && rollDie(random, planned.recharge.faces) >= planned.recharge.target) me.uses[k] = 1;
  }
}

/** Running sums over the fights played. */
class Stats {
  fights = 0;
  wins = { party: 0, foes: 0 };
  defeated = { party: 0, foes: 0 };
  defeatRounds = { party: 0, foes: 0 };
  damage = { party: 0, foes: 0 };
  roundsTotal = 0;
  roundsSq = 0;
  draws = 0;
  dropped: number[];
  died: number[];
  dealt: number[];
  standing: number[];
  taken: number[];
  attacksUsed: number[][];
  partyDropped = 0;
  partyDroppedSq = 0;

  constructor(p: Prepared) {
    const n = p.creatures.length;
    this.dropped = new Array<number>(n).fill(0);
    this.died = new Array<number>(n).fill(0);
    this.dealt = new Array<number>(n).fill(0);
    this.standing = new Array<number>(n).fill(0);
    this.taken = new Array<number>(n).fill(0);
    this.attacksUsed = p.attacks.map((a) => a.map(() => 0));
  }

  record(
    winner: ForecastSide | null,
    rounds: number,
    live: readonly Live[],
    p: Prepared,
    damage: Record<ForecastSide, number>,
    partyOut: boolean,
    foesOut: boolean,
  ): void {
    this.fights++;
    if (winner) this.wins[winner]++;
    else this.draws++;
    if (partyOut) {
      this.defeated.party++;
      this.defeatRounds.party += rounds;
    }
    if (foesOut) {
      this.defeated.foes++;
      this.defeatRounds.foes += rounds;
    }
    const r = Math.max(1, rounds);
    this.damage.party += damage.party / r;
    this.damage.foes += damage.foes / r;
    this.roundsTotal += rounds;
    this.roundsSq += rounds * rounds;
    let dropped = 0;
    live.forEach((l, i) => {
      if (l.dropped) this.dropped[i] = (this.dropped[i] as number) + 1;
      if (l.dead) this.died[i] = (this.died[i] as number) + 1;
      this.dealt[i] = (this.dealt[i] as number) + l.dealt;
      this.standing[i] = (this.standing[i] as number) + l.roundsStanding;
      this.taken[i] = (this.taken[i] as number) + l.taken;
      l.attacksUsed.forEach((u, k) => {
        const row = this.attacksUsed[i] as number[];
        row[k] = (row[k] as number) + u;
      });
      if (l.dropped && p.creatures[i]?.side === "party") dropped++;
    });
    this.partyDropped += dropped;
    this.partyDroppedSq += dropped * dropped;
  }
}

/** 95% half-width of a chance estimated from `n` fights (never 0: at least that of one fight in n). */
function chanceError(p: number, n: number): number {
  const q = Math.min(Math.max(p, 1 / n), 1 - 1 / n);
  return 1.96 * Math.sqrt((q * (1 - q)) / n);
}

function meanError(sum: number, sumSq: number, n: number): number {
  if (n < 2) return Number.POSITIVE_INFINITY;
  const mean = sum / n;
  const variance = Math.max(0, (sumSq - n * mean * mean) / (n - 1));
  return 1.96 * Math.sqrt(variance / n);
}

/**
 * Forecast a fight (see the module comment): plays it `samples` times with dice seeded by `seed`
 * and returns the chances, the expected rounds and damage per side and per creature, and the
 * error of each estimate. Deterministic for a given input and seed.
 */
export function forecast(input: ForecastInput): Forecast {
  const samples = Math.max(1, Math.floor(input.samples ?? DEFAULT_SAMPLES));
  const seed = Math.floor(input.seed ?? 1);
  const maxRounds = Math.max(1, Math.floor(input.maxRounds ?? DEFAULT_MAX_ROUNDS));
  const startEscalation = Math.max(0, Math.min(MAX_ESCALATION, Math.floor(input.escalation)));
  const random = seededRandom(seed);
  const p = prepare(
    { ...input, combatants: input.combatants.map((c) => ({ ...c, actor: clonePlain(c.actor) })) },
    random,
  );
  const stats = new Stats(p);
  for (let s = 0; s < samples; s++) playOnce(p, random, startEscalation, input.escalationOn, maxRounds, stats);

  const n = stats.fights;
  const side = (s: ForecastSide): SideForecast => ({
    wins: stats.wins[s] / n,
    damagePerRound: stats.damage[s] / n,
    defeated: stats.defeated[s] / n,
    roundsToDefeat: stats.defeated[s] > 0 ? stats.defeatRounds[s] / stats.defeated[s] : null,
  });
  const creatures = p.creatures.map((c, i): CreatureForecast => {
    const used = stats.attacksUsed[i] ?? [];
    let fav = -1;
    used.forEach((u, k) => {
      if (u > 0 && (fav < 0 || u > (used[fav] as number))) fav = k;
    });
    const standing = stats.standing[i] as number;
    return {
      id: c.id,
      name: c.name,
      side: c.side,
      dropChance: (stats.dropped[i] as number) / n,
      deathChance: (stats.died[i] as number) / n,
      damagePerRound: standing > 0 ? (stats.dealt[i] as number) / standing : 0,
      damageTaken: (stats.taken[i] as number) / n,
      favouriteAttack: fav >= 0 ? (c.attacks[fav]?.name ?? null) : null,
    };
  });
  const party = side("party");
  const foes = side("foes");
  const chances = [party.wins, foes.wins, stats.draws / n, ...creatures.map((c) => c.dropChance)];
  return {
    samples: n,
    seed,
    error: Math.max(...chances.map((c) => chanceError(c, n))),
    party,
    foes,
    draw: stats.draws / n,
    rounds: stats.roundsTotal / n,
    roundsError: meanError(stats.roundsTotal, stats.roundsSq, n),
    partyDropped: stats.partyDropped / n,
    partyDroppedError: meanError(stats.partyDropped, stats.partyDroppedSq, n),
    creatures,
  };
}
