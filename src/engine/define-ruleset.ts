/**
 * `defineRuleset()`: how every game's module assembles its {@link Ruleset}. A game writes what its
 * rules decide; each member it leaves out gets the one shared default below, so a small game is a
 * small definition and the four games' modules all read alike.
 */
import { conditionTurnNotes } from "./condition-rules.js";
import { conditionSpecs } from "./conditions.js";
import { effectSaveRequest } from "./effects.js";
import { DEFAULT_POWER_USAGES, DEFAULT_RESTS } from "./powers.js";
import { resolvingEachFace } from "./resolution.js";
import type { Ruleset } from "./ruleset.js";
import type { ActorSource, CombatantSource, PreparedAttack, Situation, TurnStep } from "./types.js";

/** Members with a shared default: a game's definition may leave them out. */
type Defaulted =
  | "escalationByDefault"
  | "attackMode"
  | "prepareAttack"
  | "onCombatStart"
  | "onRoundStart"
  | "onTurnStart"
  | "onTurnEnd"
  | "onRoundEnd"
  | "onCombatEnd"
  | "actsThisRound"
  | "canFlee"
  | "effectSave"
  | "situational"
  | "coverLevels"
  | "knockOut"
  | "powerUsages"
  | "rests"
  | "mayTarget"
  | "actorChanges"
  | "turnNotes"
  | "actionCap";

/** What a game's module writes: the {@link Ruleset} less the members it may leave to the defaults. */
export type RulesetDefinition = Omit<Ruleset, Defaulted> & Partial<Pick<Ruleset, Defaulted>>;

/** A ruleset as `defineRuleset` gives it: every defaulted member is there. */
export type DefinedRuleset = Ruleset & Required<Pick<Ruleset, Defaulted>>;

/** Every field the attack dialog can offer, and every cover level (a game that names none offers all). */
const ALL_SITUATIONAL: readonly (keyof Situation)[] = [
  "combatAdvantage",
  "cover",
  "concealment",
  "offGuard",
  "mighty",
  "weak",
  "withinMeleeReach",
  "wrongSquare",
  "coupDeGrace",
  "bonus",
  "fearSourceUnseen",
];
const ALL_COVER_LEVELS: readonly Situation["cover"][] = ["none", "partial", "superior", "total"];

const noSteps = (): TurnStep[] => [];

/** A creature takes its turn unless it is defeated or dead. */
function actsUnlessDown(_ctx: unknown, c: CombatantSource): boolean {
  return !c.defeated && c.actor.state !== "dead";
}

/** The party may flee while one of its characters still stands and acts. */
function partyStands(combatants: readonly CombatantSource[]): boolean {
  return combatants.some((c) => c.side === "player" && c.actor.state === "active" && !c.defeated);
}

/**
 * The most actions a turn allows, read from the game's condition table: none while a condition
 * takes the bearer's actions (stunned, unconscious), one while one allows a single action.
 */
export function capFromConditions(conditions: RulesetDefinition["conditions"]): (actor: ActorSource) => number | null {
  return (actor) => {
    const specs = conditionSpecs(conditions, actor.conditions);
    if (specs.some((c) => c.noActions)) return 0;
    return specs.some((c) => c.oneAction) ? 1 : null;
  };
}

/** The game's ruleset: its definition with every member it left out set to the shared default. */
export function defineRuleset(def: RulesetDefinition): DefinedRuleset {
  const ruleset: DefinedRuleset = {
    escalationByDefault: false,
    attackMode: () => "normal",
    // The same decision for any dice, asked of `resolveAttack` face by face.
    prepareAttack: (input): PreparedAttack => resolvingEachFace(ruleset, input),
    onCombatStart: noSteps,
    onRoundStart: noSteps,
    onTurnStart: noSteps,
    onTurnEnd: noSteps,
    onRoundEnd: noSteps,
    onCombatEnd: noSteps,
    actsThisRound: actsUnlessDown,
    canFlee: partyStands,
    effectSave: (actor, actorId, effect) => effectSaveRequest({}, actor, actorId, effect),
    situational: ALL_SITUATIONAL,
    coverLevels: ALL_COVER_LEVELS,
    knockOut: false,
    powerUsages: DEFAULT_POWER_USAGES,
    rests: DEFAULT_RESTS,
    mayTarget: () => ({ allowed: true, reason: null }),
    actorChanges: () => ({}),
    // [SYS-MONSTERS] what the creature's conditions leave of its speed and its actions.
    turnNotes: (actor) => conditionTurnNotes(def.conditions, actor),
    actionCap: capFromConditions(def.conditions),
    ...def,
  };
  return ruleset;
}
