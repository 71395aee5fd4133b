/**
 * Wounds d20: the game as data (defenses, saves, damage types, conditions, actions, Open rules)
 * and the small numeric helpers every other part of the module shares.
 */
import { actionKinds, oneOfEach, type ActionEconomy } from "../../actions.js";
import type { ActorSource, ConditionSpec, DefenseSpec, InitiativeRules, OptionSpec, SaveSpec } from "../../types.js";
import type { TraitForms } from "../../types.js";

/** i18n key prefix of everything this module shows. */
export const K = "D20C.WD";

export const DEFENSES: readonly DefenseSpec[] = [
  { key: "ac", label: `${K}.Defense.AC`, abbr: `${K}.Defense.ACAbbr` },
  { key: "touch", label: `${K}.Defense.Touch`, abbr: `${K}.Defense.TouchAbbr` },
  { key: "flat", label: `${K}.Defense.Flat`, abbr: `${K}.Defense.FlatAbbr` },
];

/** [WD-SAVES] the five saving throws. */
export const SAVES: readonly SaveSpec[] = [
  { key: "charm", label: `${K}.Save.Charm` },
  { key: "reflex", label: `${K}.Save.Reflex` },
  { key: "death", label: `${K}.Save.Death` },
  { key: "fear", label: `${K}.Save.Fear` },
  { key: "spell", label: `${K}.Save.Spell` },
];

/** The text names no damage types; these cover weapons and the usual energies. */
export const DAMAGE_TYPES: readonly string[] = [
  "slashing",
  "piercing",
  "bludgeoning",
  "fire",
  "cold",
  "acid",
  "electricity",
  "sonic",
  "force",
  "poison",
];

export const TRAIT_FORMS: TraitForms = { resist: "amount", vulnerable: "amount" };

/**
 * Conditions as data. `flatFooted` is the off-guard state of [WD-FLAT]/[WD-SURPRISE]; the life
 * states of [WD-STAGGER]/[WD-DYING]/[WD-STABLE]/[WD-NONLETHAL] are shown as statuses too.
 */
export const CONDITIONS: readonly ConditionSpec[] = [
  { id: "flatFooted", label: `${K}.Condition.flatFooted`, img: "icons/svg/daze.svg", implies: [], offGuard: true },
  { id: "staggered", label: `${K}.Condition.staggered`, img: "icons/svg/falling.svg", implies: [], oneAction: true },
  {
    id: "unconscious",
    label: `${K}.Condition.unconscious`,
    img: "icons/svg/unconscious.svg",
    // [WD-CONDUNCONSCIOUS] helpless as well.
    implies: ["helpless"],
    noActions: true,
    noReactions: true,
    offGuard: true,
  },
  {
    id: "dying",
    label: `${K}.Condition.dying`,
    img: "icons/svg/blood.svg",
    implies: ["unconscious"],
    noActions: true,
    noReactions: true,
    offGuard: true,
  },
  {
    id: "stable",
    label: `${K}.Condition.stable`,
    img: "icons/svg/sleep.svg",
    implies: ["unconscious"],
    noActions: true,
    noReactions: true,
    offGuard: true,
  },
  {
    id: "dead",
    label: `${K}.Condition.dead`,
    img: "icons/svg/skull.svg",
    implies: [],
    noActions: true,
    noReactions: true,
    dead: true,
  },
  // The 3rd-edition family's other conditions ([SYS-MONSTERS], issue 38): rules the system adds,
  // each with its ID in docs/rules.md ([WD-CONDBLINDED] …). An ability penalty is played as what
  // it does to attacks and AC (−4 Dexterity: −2 AC); speeds are in feet.
  {
    id: "blinded",
    label: `${K}.Condition.blinded`,
    img: "icons/svg/blind.svg",
    implies: [],
    blinds: true,
    offGuard: true,
    defense: -2,
    halfSpeed: true,
  },
  { id: "confused", label: `${K}.Condition.confused`, img: "icons/svg/stoned.svg", implies: [], noReactions: true },
  {
    id: "cowering",
    label: `${K}.Condition.cowering`,
    img: "icons/svg/terror.svg",
    implies: [],
    noActions: true,
    noReactions: true,
    offGuard: true,
    defense: -2,
  },
  {
    id: "dazed",
    label: `${K}.Condition.dazed`,
    img: "icons/svg/daze.svg",
    implies: [],
    noActions: true,
    noReactions: true,
  },
  { id: "dazzled", label: `${K}.Condition.dazzled`, img: "icons/svg/sun.svg", implies: [], attack: -1 },
  { id: "deafened", label: `${K}.Condition.deafened`, img: "icons/svg/deaf.svg", implies: [], initiative: -4 },
  {
    id: "entangled",
    label: `${K}.Condition.entangled`,
    img: "icons/svg/net.svg",
    implies: [],
    attack: -2,
    defense: -2,
    halfSpeed: true,
  },
  {
    id: "exhausted",
    label: `${K}.Condition.exhausted`,
    img: "icons/svg/degen.svg",
    implies: [],
    attack: -3,
    defense: -3,
    halfSpeed: true,
  },
  {
    id: "fatigued",
    label: `${K}.Condition.fatigued`,
    img: "icons/svg/downgrade.svg",
    implies: [],
    attack: -1,
    defense: -1,
  },
  { id: "frightened", label: `${K}.Condition.frightened`, img: "icons/svg/terror.svg", implies: ["shaken"] },
  {
    id: "grappled",
    label: `${K}.Condition.grappled`,
    img: "icons/svg/hazard.svg",
    implies: [],
    attack: -2,
    defense: -2,
    speedMax: 0,
  },
  {
    id: "helpless",
    label: `${K}.Condition.helpless`,
    img: "icons/svg/sleep.svg",
    implies: [],
    offGuard: true,
    meleeDefense: -4,
  },
  {
    id: "nauseated",
    label: `${K}.Condition.nauseated`,
    img: "icons/svg/poison.svg",
    implies: [],
    oneAction: true,
    noAttacks: true,
  },
  {
    id: "panicked",
    label: `${K}.Condition.panicked`,
    img: "icons/svg/terror.svg",
    implies: [],
    save: -2,
    noAttacks: true,
  },
  {
    id: "paralyzed",
    label: `${K}.Condition.paralyzed`,
    img: "icons/svg/paralysis.svg",
    implies: ["helpless"],
    noActions: true,
    noReactions: true,
    speedMax: 0,
  },
  {
    id: "pinned",
    label: `${K}.Condition.pinned`,
    img: "icons/svg/padlock.svg",
    implies: ["grappled"],
    offGuard: true,
    defense: -4,
  },
  {
    id: "prone",
    label: `${K}.Condition.prone`,
    img: "icons/svg/falling.svg",
    implies: [],
    meleeAttack: -4,
    meleeDefense: -4,
    rangedDefense: 4,
  },
  { id: "shaken", label: `${K}.Condition.shaken`, img: "icons/svg/terror.svg", implies: [], attack: -2, save: -2 },
  {
    id: "sickened",
    label: `${K}.Condition.sickened`,
    img: "icons/svg/poison.svg",
    implies: [],
    attack: -2,
    damage: -2,
    save: -2,
  },
  {
    id: "stunned",
    label: `${K}.Condition.stunned`,
    img: "icons/svg/daze.svg",
    implies: [],
    noActions: true,
    noReactions: true,
    offGuard: true,
    defense: -2,
  },
];

export const INITIATIVE: InitiativeRules = {
  mode: "everyRound",
  roll: "individual",
  surprise: "surpriseRound",
  simultaneousTies: true,
};

/** Action economy labels ([WD-SURPRISE] one major or minor; [WD-STAGGER] one of either). */
export const ACTIONS = actionKinds(K, ["major", "minor", "move", "fullRound", "free"]);

/**
 * [WD-STAGGER] A turn: one major and one minor action (a full-round action takes both); a major
 * may stand in for a minor. A staggered creature gets one of either (see `actionCap`), and so does
 * everyone in the surprise round ([WD-SURPRISE]).
 */
export const ECONOMY: ActionEconomy = {
  turn: oneOfEach(ACTIONS, ["major", "minor"]),
  substitutes: { minor: ["minor", "major"] },
  composite: { fullRound: ["major", "minor"] },
  free: ["free", "reaction", "interrupt"],
  aliases: { standard: "major", quick: "minor", move: "minor" },
  attack: "major",
  surpriseRound: 1,
  // A full-round action is the major and the minor together: it never fits a one-action turn.
  capCost: { fullRound: 2 },
};

export const CRIT_DAMAGE_CHOICES = ["doubleTotal", "doubleDice", "maxPlusRoll"] as const;
export type CritDamageRule = (typeof CRIT_DAMAGE_CHOICES)[number];

export const OPTIONS: readonly OptionSpec[] = [
  {
    key: "critDamage",
    rule: "WD-NAT",
    label: `${K}.Option.CritDamage.Name`,
    hint: `${K}.Option.CritDamage.Hint`,
    type: "choice",
    choices: {
      doubleTotal: `${K}.Option.CritDamage.doubleTotal`,
      doubleDice: `${K}.Option.CritDamage.doubleDice`,
      maxPlusRoll: `${K}.Option.CritDamage.maxPlusRoll`,
    },
    default: "doubleTotal",
  },
  {
    key: "healCheckDC",
    rule: "WD-HEALCHECK",
    label: `${K}.Option.HealCheckDC.Name`,
    hint: `${K}.Option.HealCheckDC.Hint`,
    type: "number",
    default: 15,
  },
];

// ---- numbers every part of the module reads ---------------------------------------------------

/** Damage taken, counted up from the HP numbers ([WD-DAMAGE]); never negative. */
export function damageTaken(actor: ActorSource): number {
  return Math.max(0, actor.hp.max - actor.hp.value);
}

/** [WD-BLOODIED] damage of at least half the maximum. */
export function isBloodied(damage: number, max: number): boolean {
  return damage * 2 >= max;
}

/** [WD-WOUNDED] damage of at least three quarters of the maximum. */
export function isWounded(damage: number, max: number): boolean {
  return damage * 4 >= max * 3;
}

/**
 * [WD-WOUNDPTS] the damage count at which a creature becomes wounded (¾ of max, rounded up);
 * every point of damage beyond it is a wound point.
 */
export function woundThreshold(max: number): number {
  return Math.ceil((max * 3) / 4);
}

/** Total wound points recorded on the actor. */
export function woundTotal(actor: ActorSource): number {
  return actor.wounds.reduce((s, w) => s + Math.max(0, w.severity), 0);
}

/** [WD-DEATHDC] 10 + 1 per full 2 points of damage beyond maximum HP. */
export function deathSaveDC(damage: number, max: number): number {
  return 10 + Math.floor(Math.max(0, damage - max) / 2);
}
