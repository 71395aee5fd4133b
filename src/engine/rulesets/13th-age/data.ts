/**
 * 13th Age: the game as data (defenses, saves, damage types, conditions, actions, Open-rule options).
 * Labels are i18n keys under `D20C.Age13.*` plus the shared `D20C.Defense/Save/DamageType/Condition`.
 */
import type { ActionEconomy } from "../../actions.js";
import type { ConditionSpec, DefenseSpec, OptionSpec, SaveSpec } from "../../types.js";

const K = "D20C.Age13";

/** Armor Class, Physical Defense, Mental Defense ([13A-ATK]). */
export const DEFENSES: readonly DefenseSpec[] = [
  { key: "ac", label: "D20C.Defense.ac", abbr: "D20C.Defense.Abbr.ac" },
  { key: "pd", label: "D20C.Defense.pd", abbr: "D20C.Defense.Abbr.pd" },
  { key: "md", label: "D20C.Defense.md", abbr: "D20C.Defense.Abbr.md" },
];

/** Save difficulty → lowest passing d20 total ([13A-SAVE]). */
export const SAVE_TARGETS = { easy: 6, normal: 11, hard: 16 } as const;
export type SaveKind = keyof typeof SAVE_TARGETS;
/** Death saves pass on this total or more ([13A-DEATHSAVE]). */
export const DEATH_SAVE_TARGET = 16;
/** Failed death saves in one battle that kill ([13A-DEATH]). */
export const DEATH_SAVE_FAILURES_TO_DIE = 4;
/** Battles (a tough one counts twice) that earn a full heal-up ([13A-HEALUP]). */
export const BATTLES_PER_HEAL_UP = 4;
/** How much vulnerability lowers the crit threshold ([13A-VULN]). */
export const VULNERABILITY_CRIT_EXPANSION = 2;

export const SAVES: readonly SaveSpec[] = [
  { key: "easy", label: "D20C.Save.easy" },
  { key: "normal", label: "D20C.Save.normal" },
  { key: "hard", label: "D20C.Save.hard" },
];

export const DAMAGE_TYPES: readonly string[] = [
  "acid",
  "cold",
  "fire",
  "force",
  "holy",
  "lightning",
  "negative",
  "poison",
  "psychic",
  "thunder",
];

/**
 * Conditions with what they do: `attack` / `defense` are added to the bearer's attack rolls and
 * defenses (read by `deriveActor`).
 */
export const CONDITIONS: readonly ConditionSpec[] = [
  { id: "dazed", label: "D20C.Condition.Dazed", img: "icons/svg/daze.svg", implies: [], attack: -4 },
  {
    id: "weakened",
    label: "D20C.Condition.Weakened",
    img: "icons/svg/downgrade.svg",
    implies: [],
    attack: -4,
    defense: -4,
  },
  {
    id: "stunned",
    label: "D20C.Condition.Stunned",
    img: "icons/svg/stoned.svg",
    implies: [],
    defense: -4,
    noActions: true,
  },
  { id: "stuck", label: "D20C.Condition.Stuck", img: "icons/svg/net.svg", implies: [], speedMax: 0 },
  {
    id: "unconscious",
    label: "D20C.Condition.Unconscious",
    img: "icons/svg/unconscious.svg",
    implies: [],
    noActions: true,
    noReactions: true,
  },
  {
    id: "dying",
    label: "D20C.Condition.Dying",
    img: "icons/svg/blood.svg",
    implies: ["unconscious"],
    noActions: true,
    noReactions: true,
  },
  {
    id: "dead",
    label: "D20C.Condition.Dead",
    img: "icons/svg/skull.svg",
    implies: [],
    noActions: true,
    noReactions: true,
    dead: true,
  },
];

/** The four kinds of action a turn holds, plus the out-of-turn ones ([13A-ACTIONS]). */
export const ACTIONS: readonly { key: string; label: string }[] = [
  { key: "standard", label: `${K}.Action.standard` },
  { key: "move", label: `${K}.Action.move` },
  { key: "quick", label: `${K}.Action.quick` },
  { key: "free", label: `${K}.Action.free` },
  { key: "interrupt", label: `${K}.Action.interrupt` },
  { key: "opportunity", label: `${K}.Action.opportunity` },
];

/**
 * [13A-ACTIONS] A turn: one standard, one move, one quick action; a standard may stand in for a
 * move or a quick action, a move for a quick one. One interrupt out of turn, then none until the
 * end of your next turn. Free actions and opportunity attacks cost nothing.
 */
export const ECONOMY: ActionEconomy = {
  turn: [
    { key: "standard", label: `${K}.Action.standard`, count: 1 },
    { key: "move", label: `${K}.Action.move`, count: 1 },
    { key: "quick", label: `${K}.Action.quick`, count: 1 },
  ],
  substitutes: { move: ["move", "standard"], quick: ["quick", "move", "standard"] },
  outOfTurn: [{ key: "interrupt", label: `${K}.Action.interrupt`, count: 1, refresh: "afterOwnTurnEnd" }],
  free: ["free", "opportunity", "reaction"],
  aliases: { minor: "quick" },
  attack: "standard",
};

/** Open rules as world settings. Read with `option(options, key, default)`. */
export const OPTION_DEFAULTS = {
  critDamage: "doubleTotal",
  nat20AlwaysHits: true,
  expandedCritHits: true,
  resistRounding: "down",
  deathSaveTiming: "start",
} as const;

export const OPTIONS: readonly OptionSpec[] = [
  {
    key: "critDamage",
    rule: "13A-NAT20",
    label: `${K}.Option.critDamage.Name`,
    hint: `${K}.Option.critDamage.Hint`,
    type: "choice",
    choices: { doubleTotal: `${K}.Option.critDamage.doubleTotal`, doubleDice: `${K}.Option.critDamage.doubleDice` },
    default: OPTION_DEFAULTS.critDamage,
  },
  {
    key: "nat20AlwaysHits",
    rule: "13A-NAT20",
    label: `${K}.Option.nat20AlwaysHits.Name`,
    hint: `${K}.Option.nat20AlwaysHits.Hint`,
    type: "boolean",
    default: OPTION_DEFAULTS.nat20AlwaysHits,
  },
  {
    key: "expandedCritHits",
    rule: "13A-VULN",
    label: `${K}.Option.expandedCritHits.Name`,
    hint: `${K}.Option.expandedCritHits.Hint`,
    type: "boolean",
    default: OPTION_DEFAULTS.expandedCritHits,
  },
  {
    key: "resistRounding",
    rule: "13A-RESIST",
    label: `${K}.Option.resistRounding.Name`,
    hint: `${K}.Option.resistRounding.Hint`,
    type: "choice",
    choices: { down: `${K}.Option.resistRounding.down`, up: `${K}.Option.resistRounding.up` },
    default: OPTION_DEFAULTS.resistRounding,
  },
  {
    key: "deathSaveTiming",
    rule: "13A-DEATHSAVE",
    label: `${K}.Option.deathSaveTiming.Name`,
    hint: `${K}.Option.deathSaveTiming.Hint`,
    type: "choice",
    choices: { start: `${K}.Option.deathSaveTiming.start`, end: `${K}.Option.deathSaveTiming.end` },
    default: OPTION_DEFAULTS.deathSaveTiming,
  },
];
