/**
 * 13th Age: the game as data (defenses, saves, damage types, conditions, actions, Open-rule options).
 * Labels are i18n keys under `D20C.Age13.*` plus the shared `D20C.Defense/Save/DamageType/Condition`.
 */
import { actionKinds, oneOfEach, type ActionEconomy } from "../../actions.js";
import { openRules } from "../../open-rules.js";
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
    // [13A-CONDUNCONSCIOUS] helpless as well.
    implies: ["helpless"],
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
  // The wider game's other conditions ([SYS-MONSTERS], issue 38): rules the system adds, each with
  // its ID in docs/rules.md ([13A-CONDCONFUSED] …).
  {
    id: "confused",
    label: `${K}.Condition.confused`,
    img: "icons/svg/stoned.svg",
    implies: [],
    atWillOnly: true,
    noReactions: true,
  },
  // Dazed, and its attacks don't add the escalation die.
  { id: "fear", label: `${K}.Condition.fear`, img: "icons/svg/terror.svg", implies: ["dazed"], noEscalation: true },
  // [13A-CONDGRABBED] Chosen: −4 to its attacks that leave its grabber out (the effect's creator), as a mark reads.
  {
    id: "grabbed",
    label: `${K}.Condition.grabbed`,
    img: "icons/svg/hazard.svg",
    implies: [],
    speedMax: 0,
    markPenalty: 4,
  },
  { id: "hampered", label: `${K}.Condition.hampered`, img: "icons/svg/anchor.svg", implies: [], atWillOnly: true },
  { id: "helpless", label: `${K}.Condition.helpless`, img: "icons/svg/sleep.svg", implies: [], defense: -4 },
  {
    id: "vulnerable",
    label: `${K}.Condition.vulnerable`,
    img: "icons/svg/target.svg",
    implies: [],
    critAgainst: VULNERABILITY_CRIT_EXPANSION,
  },
];

/** The four kinds of action a turn holds, plus the out-of-turn ones ([13A-ACTIONS]). */
export const ACTIONS = actionKinds(K, ["standard", "move", "quick", "free", "interrupt", "opportunity", "intercept"]);

/**
 * [13A-ACTIONS] A turn: one standard, one move, one quick action; a standard may stand in for a
 * move or a quick action, a move for a quick one. One interrupt out of turn, then none until the
 * end of your next turn. Free actions and opportunity attacks cost nothing.
 */
export const ECONOMY: ActionEconomy = {
  turn: oneOfEach(ACTIONS, ["standard", "move", "quick"]),
  substitutes: { move: ["move", "standard"], quick: ["quick", "move", "standard"] },
  outOfTurn: [{ key: "interrupt", label: `${K}.Action.interrupt`, count: 1, refresh: "afterOwnTurnEnd" }],
  // [13A-ACTIONS] intercepting a foe moving past, like an opportunity attack, is usually a free action.
  free: ["free", "opportunity", "reaction", "intercept"],
  aliases: { minor: "quick" },
  attack: "standard",
  labels: { intercept: `${K}.Action.intercept` },
};

/** Open rules as world settings. Read with `option(options, key, default)`. */
export const OPTION_DEFAULTS = {
  critDamage: "doubleTotal",
  nat20AlwaysHits: true,
  expandedCritHits: true,
  resistRounding: "down",
  deathSaveTiming: "start",
} as const;

export const OPTIONS: readonly OptionSpec[] = openRules(K, OPTION_DEFAULTS, {
  critDamage: { rule: "13A-NAT20", choices: ["doubleTotal", "doubleDice"] },
  nat20AlwaysHits: { rule: "13A-NAT20" },
  expandedCritHits: { rule: "13A-VULN" },
  resistRounding: { rule: "13A-RESIST", choices: ["down", "up"] },
  deathSaveTiming: { rule: "13A-DEATHSAVE", choices: ["start", "end"] },
});
