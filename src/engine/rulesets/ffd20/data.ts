/**
 * FFd20 (4th-edition style) rules as data: defenses, damage types, conditions, actions, forced
 * movement, the Open-rule options. Every label is an i18n key under `D20C.FF.*` or a generic
 * namespace (`D20C.Condition`, `D20C.DamageType`).
 */
import { oneOfEach, type ActionEconomy } from "../../actions.js";
import { conditionSpecs, expandConditions as expandConditionIds } from "../../conditions.js";
import type { ConditionSpec, DefenseSpec, InitiativeRules, OptionSpec, SaveSpec, TraitForms } from "../../types.js";

export const FF_ID = "ffd20" as const;

/** [FF-DEF] The four defenses, in sheet order. */
export const FF_DEFENSES: readonly DefenseSpec[] = [
  { key: "ac", label: "D20C.FF.Defense.AC", abbr: "D20C.FF.Defense.ACAbbr" },
  { key: "fort", label: "D20C.FF.Defense.Fort", abbr: "D20C.FF.Defense.FortAbbr" },
  { key: "ref", label: "D20C.FF.Defense.Ref", abbr: "D20C.FF.Defense.RefAbbr" },
  { key: "will", label: "D20C.FF.Defense.Will", abbr: "D20C.FF.Defense.WillAbbr" },
];

/** [FF-SAVE] One kind of saving throw (10+), plus death saves through `deathSaveRequest`. */
export const FF_SAVES: readonly SaveSpec[] = [{ key: "save", label: "D20C.FF.Save.Saving" }];

/** [FF-TYPES] Damage types; damage with no type is `untyped` (an empty type list). */
export const FF_DAMAGE_TYPES: readonly string[] = [
  "acid",
  "cold",
  "fire",
  "force",
  "lightning",
  "necrotic",
  "poison",
  "psychic",
  "radiant",
  "thunder",
];

export const FF_TRAIT_FORMS: TraitForms = { resist: "amount", vulnerable: "amount" };

/** Initiative: rolled once per battle, highest first, no surprise round, ties broken (not simultaneous). */
export const FF_INITIATIVE: InitiativeRules = {
  mode: "once",
  roll: "individual",
  surprise: "none",
  simultaneousTies: false,
};

/** What an FFd20 condition does beyond the shared {@link ConditionSpec}. */
export interface FFConditionSpec extends ConditionSpec {
  /** The bearer grants combat advantage to its attackers ([FF-CA]). */
  grantsCombatAdvantage?: boolean;
  /** The bearer sees invisible creatures (a sense or an effect that says so, [FF-INVIS]). */
  seesInvisible?: boolean;
  /** The bearer grants combat advantage to melee attackers only (prone). */
  grantsMeleeCombatAdvantage?: boolean;
  /** Resistance to all damage while it lasts (petrified: 20). */
  resistAll?: number;
}

/**
 * Conditions the FFd20 text names, with what the engine reads from them. [FF-CA]: a creature that
 * cannot give full attention (stunned, caught off guard, distracted, unconscious) grants combat
 * advantage; [FF-INVIS]/[FF-CA]: a blinded creature cannot see, an invisible one cannot be seen.
 */
export const FF_CONDITIONS: readonly FFConditionSpec[] = [
  {
    id: "stunned",
    label: "D20C.Condition.Stunned",
    img: "icons/svg/daze.svg",
    implies: [],
    grantsCombatAdvantage: true,
    offGuard: true,
    noActions: true,
    noReactions: true,
    noFlank: true,
  },
  {
    id: "surprised",
    label: "D20C.Condition.Surprised",
    img: "icons/svg/hazard.svg",
    implies: [],
    grantsCombatAdvantage: true,
    offGuard: true,
    noFlank: true,
  },
  {
    id: "distracted",
    label: "D20C.FF.Condition.Distracted",
    img: "icons/svg/mystery-man.svg",
    implies: [],
    grantsCombatAdvantage: true,
  },
  {
    id: "unconscious",
    label: "D20C.Condition.Unconscious",
    img: "icons/svg/unconscious.svg",
    // [FF-CONDUNCONSCIOUS] helpless and prone as well, −5 to every defense.
    implies: ["helpless", "prone"],
    grantsCombatAdvantage: true,
    offGuard: true,
    noActions: true,
    noReactions: true,
    noFlank: true,
    defense: -5,
  },
  { id: "dying", label: "D20C.Condition.Dying", img: "icons/svg/blood.svg", implies: ["unconscious"] },
  {
    id: "blinded",
    label: "D20C.Condition.Blinded",
    img: "icons/svg/blind.svg",
    implies: [],
    blinds: true,
    grantsCombatAdvantage: true,
  },
  { id: "invisible", label: "D20C.Condition.Invisible", img: "icons/svg/invisible.svg", implies: [] },
  { id: "insubstantial", label: "D20C.FF.Condition.Insubstantial", img: "icons/svg/aura.svg", implies: [] },
  // [FF-CONDSLOWED] speed 2 squares at most.
  { id: "slowed", label: "D20C.Condition.Slowed", img: "icons/svg/downgrade.svg", implies: [], speedMax: 2 },
  { id: "dead", label: "D20C.Condition.Dead", img: "icons/svg/skull.svg", implies: ["unconscious"], dead: true },
  // [FF-INVIS] a sense or an effect that lets the bearer see invisible creatures.
  {
    id: "seesInvisible",
    label: "D20C.FF.Condition.SeesInvisible",
    img: "icons/svg/eye.svg",
    implies: [],
    seesInvisible: true,
  },
  // The 4th-edition family's other conditions ([SYS-MONSTERS], issue 38): rules the system adds,
  // each with its ID in docs/rules.md ([FF-CONDDAZED] …). Speeds are in squares, as FFd20's.
  {
    id: "dazed",
    label: "D20C.FF.Condition.Dazed",
    img: "icons/svg/daze.svg",
    implies: [],
    grantsCombatAdvantage: true,
    oneAction: true,
    noReactions: true,
    noFlank: true,
  },
  { id: "deafened", label: "D20C.FF.Condition.Deafened", img: "icons/svg/deaf.svg", implies: [] },
  // The dominator picks the one action; the creature is dazed besides.
  {
    id: "dominated",
    label: "D20C.FF.Condition.Dominated",
    img: "icons/svg/eye.svg",
    implies: ["dazed"],
    creatorChooses: "D20C.FF.Dominated.Choice",
  },
  { id: "grabbed", label: "D20C.FF.Condition.Grabbed", img: "icons/svg/hazard.svg", implies: ["immobilized"] },
  {
    id: "helpless",
    label: "D20C.FF.Condition.Helpless",
    img: "icons/svg/sleep.svg",
    implies: [],
    grantsCombatAdvantage: true,
  },
  { id: "immobilized", label: "D20C.FF.Condition.Immobilized", img: "icons/svg/net.svg", implies: [], speedMax: 0 },
  { id: "marked", label: "D20C.FF.Condition.Marked", img: "icons/svg/target.svg", implies: [], markPenalty: 2 },
  {
    id: "petrified",
    label: "D20C.FF.Condition.Petrified",
    img: "icons/svg/statue.svg",
    implies: ["unconscious"],
    resistAll: 20,
  },
  {
    id: "prone",
    label: "D20C.FF.Condition.Prone",
    img: "icons/svg/falling.svg",
    implies: [],
    attack: -2,
    grantsMeleeCombatAdvantage: true,
    rangedDefense: 2,
  },
  {
    id: "removedFromPlay",
    label: "D20C.FF.Condition.RemovedFromPlay",
    img: "icons/svg/door-exit.svg",
    implies: [],
    noActions: true,
    noReactions: true,
    noFlank: true,
    untargetable: true,
  },
  {
    id: "restrained",
    label: "D20C.FF.Condition.Restrained",
    img: "icons/svg/padlock.svg",
    implies: ["immobilized"],
    attack: -2,
    grantsCombatAdvantage: true,
    noForcedMove: true,
  },
  {
    id: "weakened",
    label: "D20C.FF.Condition.Weakened",
    img: "icons/svg/downgrade.svg",
    implies: [],
    halfDamage: true,
  },
];

/** Expand a condition list with everything it implies (dying → unconscious). */
export function expandConditions(ids: readonly string[]): Set<string> {
  return new Set(expandConditionIds(FF_CONDITIONS, ids));
}

/**
 * [FF-INVIS] Whether a creature with `observer` conditions sees one with `seen` conditions: not
 * while it is blinded, and an invisible creature only when a condition of the observer says it sees
 * invisible creatures.
 */
export function seesCreature(observer: readonly string[], seen: readonly string[]): boolean {
  const o = expandConditions(observer);
  if (o.has("blinded")) return false;
  if (!expandConditions(seen).has("invisible")) return true;
  return conditionSpecs(FF_CONDITIONS, observer).some((c) => c.seesInvisible);
}

/**
 * Whether any of these conditions makes the bearer grant combat advantage ([FF-CA]); to a melee
 * attack also a condition that grants it to melee attackers only (prone, [FF-CONDPRONE]).
 */
export function grantsCombatAdvantage(conditions: readonly string[], range?: string): boolean {
  return conditionSpecs(FF_CONDITIONS, conditions).some(
    (c) => c.grantsCombatAdvantage || (range === "melee" && c.grantsMeleeCombatAdvantage),
  );
}

/** The best resistance to all damage the bearer's conditions give ([FF-CONDPETRIFIED]: 20); 0 = none. */
export function conditionResistAll(conditions: readonly string[]): number {
  if (conditions.length === 0) return 0;
  return Math.max(0, ...conditionSpecs(FF_CONDITIONS, conditions).map((c) => c.resistAll ?? 0));
}

/** [FF-ACTIONS] The actions a turn is made of; sustaining spends one of them. */
export const FF_ACTIONS: readonly { key: string; label: string }[] = [
  { key: "standard", label: "D20C.FF.Action.Standard" },
  { key: "move", label: "D20C.FF.Action.Move" },
  { key: "minor", label: "D20C.FF.Action.Minor" },
];

/**
 * [FF-ACTIONS] A turn: one standard, one move, one minor action; a standard may be taken instead
 * of a move or a minor action, a move instead of a minor one. Immediate actions and free actions
 * are not counted here.
 */
export const FF_ECONOMY: ActionEconomy = {
  turn: oneOfEach(FF_ACTIONS, ["standard", "move", "minor"]),
  substitutes: { move: ["move", "standard"], minor: ["minor", "move", "standard"] },
  free: ["free", "reaction", "interrupt"],
  aliases: { quick: "minor" },
  attack: "standard",
};

/** Dying rules ([FF-DEATH], Open). */
export type DyingRules = "4e" | "unconscious" | "lethal";

/** World option key: the battle's end counts as each combatant's short rest ([FF-SUSTAIN]). */
export const BATTLE_END_REST_OPTION = "battleEndRest";

export const FF_OPTIONS: readonly OptionSpec[] = [
  {
    key: "dyingRules",
    rule: "FF-DEATH",
    label: "D20C.FF.Option.DyingRules.Name",
    hint: "D20C.FF.Option.DyingRules.Hint",
    type: "choice",
    choices: {
      "4e": "D20C.FF.Option.DyingRules.Choice4e",
      unconscious: "D20C.FF.Option.DyingRules.ChoiceUnconscious",
      lethal: "D20C.FF.Option.DyingRules.ChoiceLethal",
    },
    default: "4e",
  },
  // [FF-CA] Open: the text names being "pressed by multiple enemies" but gives no procedure; the
  // scene reading grants combat advantage when the attacker and an ally flank the target.
  {
    key: "flankingAdvantage",
    rule: "FF-CA",
    label: "D20C.FF.Option.Flanking.Name",
    hint: "D20C.FF.Option.Flanking.Hint",
    type: "boolean",
    default: true,
  },
  // [FF-SUSTAIN] [FF-DURATION] Open: encounter powers and second wind come back with a short rest
  // (never while sustaining). Off (the text): the battle's end brings nothing back. On: the battle's
  // end first ends every effect it ends, then counts as every combatant's short rest.
  {
    key: BATTLE_END_REST_OPTION,
    rule: "FF-SUSTAIN",
    label: "D20C.FF.Option.BattleEndRest.Name",
    hint: "D20C.FF.Option.BattleEndRest.Hint",
    type: "boolean",
    default: false,
  },
];
