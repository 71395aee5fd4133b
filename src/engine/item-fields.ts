/**
 * The item fields, one set per item type (`power`, `weapon`, `armor`, `feature`): each stored field
 * described once; the Foundry schema, the defaults and the boundary checks come from these.
 */
import {
  bool,
  choice,
  damageType,
  formula,
  group,
  html,
  int,
  key,
  list,
  nullableChoice,
  nullableGroup,
  nullableInt,
  optional,
  text,
} from "./fields.js";
import { ABILITY_KEYS } from "./types.js";
import { CARRIED_WEIGHT, EQUIPMENT_FIELDS } from "./gear-fields.js";
import { ROUTINE_COUNT_MAX, ROUTINE_WHEN } from "./routines.js";

/** Weapon classes ([HD] damage by class, [FF] proficiency groups). */
export const WEAPON_CLASSES = ["simple", "martial", "heavy"] as const;
/** Range kinds a power can have. */
export const RANGE_KINDS = ["melee", "ranged", "close", "area"] as const;
/** Area shapes a close or area power can state (`none`: the user's own template decides). */
export const AREA_SHAPES = ["none", "burst", "blast", "radius", "cone", "line"] as const;
/** How often a power can be used. */
export const POWER_USAGES = ["atWill", "encounter", "daily", "recharge", "perRest", "perBattle"] as const;
/** [SYS-MONSTERS] The die a recharge power rolls (13th Age d20 "16+", 4e / 5e monsters d6 "5–6"). */
export const RECHARGE_DICE = ["d20", "d6"] as const;
/** [SYS-MONSTERS] When a spent recharge power rolls: after the battle, or at the start of its creature's turn. */
export const RECHARGE_MOMENTS = ["battleEnd", "turnStart"] as const;
/** Outcomes a power effect belongs to (engine `PowerOutcomeKey`). */
export const POWER_OUTCOMES = ["hit", "miss", "crit"] as const;
/**
 * Triggers of a power effect (engine `NaturalTrigger.kind`): the natural-roll ones every game
 * offers, and combat advantage against the target where a game offers it (`Ruleset.powerTriggers`).
 */
export const NATURAL_TRIGGERS = [
  "any",
  "even",
  "odd",
  "atLeast",
  "combatAdvantage",
  "atMost",
  "range",
  "list",
] as const;
/** Action a power takes (labels come from the ruleset's `actions`; this is the stored key). */
export const POWER_ACTIONS = ["standard", "move", "minor", "quick", "free", "reaction", "interrupt"] as const;
/** Miss effect kinds (engine `PowerSource.missEffect`). */
export const MISS_EFFECTS = ["none", "half", "formula"] as const;
/** Forced movement kinds (engine `ForcedMovement.kind`). */
export const FORCED_KINDS = ["push", "pull", "slide"] as const;
/** [FF-FORCED] The most squares a push, pull or slide moves a target: the data model and the engine share it. */
export const FORCED_MAX_SQUARES = 20;
/** [SYS-MONSTERS] What a save-based power's successful save does to its damage: none, or half. */
export const SAVE_SUCCESS = ["none", "half"] as const;
/** [SYS-MONSTERS] The highest DC a save-based power may state. */
const SAVE_DC_MAX = 60;
/** Save difficulties (engine `EffectSource.save`). */
export const SAVE_DIFFICULTIES = ["easy", "normal", "hard"] as const;
/** Effect durations (engine `DurationKind`). */
export const DURATION_KINDS = [
  "instant",
  "startOfNextTurn",
  "endOfNextTurn",
  "endOfEncounter",
  "saveEnds",
  "sustain",
  "permanent",
] as const;
/** Whose next turn times a duration (engine `TurnOf`): the creator's ("your"), the affected creature's ("its"). */
export const TURN_OF = ["creator", "bearer"] as const;
/**
 * A power effect's stored durations: every duration kind, plus the start and end of the affected
 * creature's next turn ("its next turn"); the plain next-turn kinds count the attacker's turn.
 */
export const POWER_DURATIONS = [...DURATION_KINDS, "startOfItsNextTurn", "endOfItsNextTurn"] as const;
/** Sustain action kinds (engine `EffectSource.sustain`). */
export const SUSTAIN_KINDS = ["standard", "move", "minor"] as const;

/** Description block every item carries. */
const DESCRIBED = { description: html() } as const;

/** The largest amount an effect's number holds (a formula's flat number has the same cap). */
export const EFFECT_NUMBER_MAX = 1_000_000;

/** The lasting part of a power effect: conditions, duration, save, sustain, ongoing damage. */
const POWER_EFFECT_BODY = {
  statuses: list(key()),
  /** A duration, the next-turn kinds also as "its" kinds (the target's turn): engine `DurationChoice`. */
  duration: choice(POWER_DURATIONS, "saveEnds"),
  save: choice(SAVE_DIFFICULTIES, "normal"),
  sustain: nullableChoice(SUSTAIN_KINDS),
  ongoing: nullableGroup({ amount: int(0, { min: 0, max: EFFECT_NUMBER_MAX }), type: key("untyped") }),
} as const;

/** One effect of a power on an outcome (engine `PowerEffectSpec`). */
const POWER_EFFECT = group({
  outcome: choice(POWER_OUTCOMES, "hit"),
  trigger: group({
    kind: choice(NATURAL_TRIGGERS, "any"),
    value: int(0, { min: 0 }),
    /** [SYS-MONSTERS] `range`: the highest natural roll of "natural N–M" (`value` is the lowest). */
    max: optional(int(0, { min: 0, max: 20 })),
    /** [SYS-MONSTERS] `list`: the natural rolls that trigger it ("5, 10, 15, 20"). */
    values: optional(list(int(1, { min: 1, max: 20 }))),
  }),
  text: text(),
  ...POWER_EFFECT_BODY,
  aftereffect: nullableGroup(POWER_EFFECT_BODY),
  /** Push, pull or slide of the target (engine `ForcedMovement`); null = none. */
  forced: nullableGroup({ kind: choice(FORCED_KINDS, "push"), squares: int(1, { min: 0, max: FORCED_MAX_SQUARES }) }),
  /**
   * [SYS-MONSTERS] Damage the effect deals when it fires (a rider: "natural even hit: +5 fire"), with
   * its own types: one more part of the target's damage. Null = none.
   */
  damage: optional(nullableGroup({ formula: formula("damage"), types: list(damageType()) })),
});

/** `power` items: an attack or other ability (engine `PowerSource` plus usage and texts). */
export const POWER_FIELDS = {
  ...DESCRIBED,
  attackAbility: nullableChoice(ABILITY_KEYS, "str"),
  attackBonus: int(0),
  defense: key("ac"),
  range: choice(RANGE_KINDS, "melee"),
  /** A close or area power's area: its shape and its size in squares (burst 2, a 20-ft radius = 4). */
  area: group({ shape: choice(AREA_SHAPES, "none"), size: int(1, { min: 1 }) }),
  actionType: choice(POWER_ACTIONS, "standard"),
  usage: choice(POWER_USAGES, "atWill"),
  /** Recharge roll target (recharge 16+) for `recharge` usage. */
  recharge: int(0, { min: 0 }),
  /** Whether a limited power has been used (encounter/daily/recharge). */
  used: bool(false),
  /** Uses per rest (`perRest` usage): spent so far and the maximum. */
  uses: group({ spent: int(0, { min: 0 }), max: int(1, { min: 1 }) }),
  hitEffect: text(),
  missText: text(),
  critText: text(),
  damage: formula("damage"),
  damageTypes: list(damageType()),
  missEffect: choice(MISS_EFFECTS, "none"),
  missDamage: formula("damage"),
  critDamage: formula("damage"),
  critRange: int(0, { min: 0 }),
  ongoing: nullableGroup({
    amount: int(0, { min: 0, max: EFFECT_NUMBER_MAX }),
    type: damageType("untyped"),
    save: choice(SAVE_DIFFICULTIES, "normal"),
  }),
  touch: bool(false),
  nonlethal: bool(false),
  /** What the power does on a hit, a miss, a crit beyond damage (engine `PowerEffectSpec`). */
  effects: list(POWER_EFFECT),
  /** Id of the owned weapon item this power is made with; empty = the first equipped weapon. */
  weaponId: text(),
  /** [SYS-MONSTERS] The attack's keywords (magic, silver, coldIron, fear, poison…): bypass and keyword immunity read them. */
  properties: list(key()),
  /** [SYS-MONSTERS] Wounds d20: critical damage multiplier (×2, ×3, ×4). */
  critMultiplier: int(2, { min: 2, max: 4 }),
  /**
   * [SYS-MONSTERS] Damage parts beyond the main one (`damage` + `damageTypes`), each with its own
   * types: "2d10 + 8 piercing plus 2d6 fire" = main 2d10 + 8 piercing, one part 2d6 fire. Each part
   * takes the target's resistance, vulnerability and immunity on its own.
   */
  damageParts: optional(list(group({ formula: formula("damage"), types: list(damageType()) }))),
  /** [SYS-MONSTERS] The die a `recharge` power rolls against `recharge` (N+). */
  rechargeDie: optional(choice(RECHARGE_DICE, "d20")),
  /** [SYS-MONSTERS] When a spent `recharge` power rolls: after the battle, or at its creature's turn start. */
  rechargeAt: optional(choice(RECHARGE_MOMENTS, "battleEnd")),
  /** [SYS-MONSTERS] A `recharge` power also comes back when its creature is first bloodied (4e "when first bloodied"). */
  rechargeBloodied: optional(bool(false)),
  /** [SYS-MONSTERS] Play state: its creature's first bloodying this battle has been counted for it. */
  bloodiedSeen: optional(bool(false)),
  /**
   * [SYS-MONSTERS] A save-based power (engine `SaveAttackSpec`): the target's save `save` (the
   * game's save key) against `dc` decides it; a failure is the hit, a success the miss (`onSuccess`
   * half damage or none, and the miss effects). Null = an attack roll against `defense`.
   */
  saveAttack: optional(
    nullableGroup({
      save: key("dex"),
      dc: int(10, { min: 1, max: SAVE_DC_MAX }),
      onSuccess: choice(SAVE_SUCCESS, "none"),
    }),
  ),
  /**
   * [SYS-MONSTERS] A routine (engine `RoutineSpec`): the other powers of the same creature it makes
   * (item id or name, each `count` times) and follow-ups fired per target on their results. Null =
   * an ordinary power.
   */
  routine: optional(
    nullableGroup({
      attacks: list(group({ power: text(), count: int(1, { min: 1, max: ROUTINE_COUNT_MAX }) })),
      followUps: list(group({ power: text(), when: choice(ROUTINE_WHEN, "hit"), of: text() })),
    }),
  ),
  /**
   * [SYS-TARGETS] [SYS-MONSTERS] How many targets one use may attack ("1d3 nearby enemies" = "1d3",
   * "two enemies" = "2"): dice and whole numbers giving 1 to 20, rolled when the power is used;
   * blank = every target the user picks (src/engine/target-count.ts).
   */
  targetCount: optional(formula("targetCount")),
} as const;

/** `weapon` items (engine `WeaponSource` minus the name, which is the item's). */
export const WEAPON_FIELDS = {
  ...DESCRIBED,
  damageDice: formula("weaponDice", "1d8"),
  weaponClass: choice(WEAPON_CLASSES, "simple"),
  light: bool(false),
  finesse: bool(false),
  twoHanded: bool(false),
  offHand: bool(false),
  thrown: bool(false),
  ranged: bool(false),
  proficient: bool(true),
  proficiencyBonus: int(0, { min: 0 }),
  enhancement: int(0),
  critDice: formula("damage"),
  critRange: int(0, { min: 0 }),
  equipped: bool(true),
  /** The ability the weapon's own attack rolls where the game lets a weapon name it; null = the game's default. */
  attackAbility: nullableChoice(ABILITY_KEYS),
  /** Miss damage of the weapon's own attack (13th Age `@level`); blank = none. */
  missDamage: formula("damage"),
  /** [SYS-MONSTERS] The weapon's keywords (magic, silver, coldIron…); an enhancement above 0 counts as magic. */
  properties: list(key()),
  /** [SYS-MONSTERS] Wounds d20: critical damage multiplier (×2, ×3, ×4). */
  critMultiplier: int(2, { min: 2, max: 4 }),
  /** [SYS-CHARACTER] Pounds (Wounds d20 load); absent = 0. */
  weight: CARRIED_WEIGHT,
} as const;

/** `armor` items: aggregated into the actor's `armor` summary when equipped. */
export const ARMOR_FIELDS = {
  ...DESCRIBED,
  armorBonus: int(0, { min: 0 }),
  shieldBonus: int(0, { min: 0 }),
  maxDex: nullableInt(),
  heavy: bool(false),
  equipped: bool(true),
  /** [SYS-CHARACTER] Pounds (Wounds d20 load); absent = 0. */
  weight: CARRIED_WEIGHT,
} as const;

/** `feature` items: rules text with no mechanics of its own (its effects may carry changes). */
export const FEATURE_FIELDS = { ...DESCRIBED } as const;

/** Every item type's fields, by type. */
export const ITEM_FIELDS = {
  power: POWER_FIELDS,
  weapon: WEAPON_FIELDS,
  armor: ARMOR_FIELDS,
  feature: FEATURE_FIELDS,
  equipment: EQUIPMENT_FIELDS,
} as const;
