/**
 * The combat tracker additions as template data (pure; rendered by
 * templates/combat/tracker-header.hbs): the escalation die for everyone ([SYS-ESC], [13A-ESC]),
 * the GM's die controls and battle actions (tough battle, flee [13A-FLEE], and the party's rests of
 * the game: 13th Age's full heal-up [13A-HEALUP], FFd20's short and extended rests…), each where
 * the game has it and in its words ([SYS-WORDS]).
 */
import type { RulesetWords } from "../../engine/words.js";
import { battleStrength } from "../../engine/creatures.js";
import type { ActorSource } from "../../engine/types.js";
export interface TrackerHeaderInput {
  /** A combat is being viewed. */
  inCombat: boolean;
  /** The die is in play in this world (ruleset default or the world setting). */
  escalationEnabled: boolean;
  escalation: number;
  paused: boolean;
  isGM: boolean;
  /** The GM marked this battle as tough (counts two toward the heal-up). */
  tough: boolean;
  /** The ruleset lets the party flee now. */
  canFlee: boolean;
  /** The game's rests the GM may give the party (key and i18n label). Absent = none. */
  rests?: readonly { key: string; label: string }[];
  /** The game's words for the battle controls (`wordsOf`); a null word = no such control here. */
  words: Pick<RulesetWords, "toughBattle" | "flee">;
  /** [SYS-MONSTERS] The GM's creatures in the battle, counted by strength where the game counts battles. Absent = not counted. */
  foes?: readonly Pick<ActorSource, "strength" | "monsterRole" | "state">[];
}

/** Template data (a type alias, not an interface: Foundry's `renderTemplate` takes a string-keyed record, which only alias object types satisfy). */
export type TrackerHeaderView = {
  showEscalation: boolean;
  escalation: { value: number; paused: boolean; atMax: boolean; atMin: boolean };
  isGM: boolean;
  inCombat: boolean;
  tough: boolean;
  canFlee: boolean;
  rests: { key: string; label: string }[];
  /** i18n labels of the battle controls, or "" where the game has none. */
  toughLabel: string;
  fleeLabel: string;
  /** [SYS-MONSTERS] The foes' size in normal monsters ("4.5"), or "" where not counted. */
  battleSize: string;
};

/** Template data of the tracker header additions. */
export function trackerHeaderView(input: TrackerHeaderInput): TrackerHeaderView {
  const value = Math.min(6, Math.max(0, Math.trunc(input.escalation)));
  return {
    showEscalation: input.escalationEnabled && input.inCombat,
    escalation: { value, paused: input.paused, atMax: value >= 6, atMin: value <= 0 },
    isGM: input.isGM,
    inCombat: input.inCombat,
    tough: input.tough,
    canFlee: input.canFlee && input.words.flee !== null,
    // Issue 45: no party rest while a combat is running.
    rests: input.inCombat ? [] : (input.rests ?? []).map((r) => ({ key: r.key, label: r.label })),
    toughLabel: input.words.toughBattle ?? "",
    fleeLabel: input.words.flee ?? "",
    battleSize:
      input.inCombat && input.words.toughBattle !== null && input.foes?.length
        ? String(battleStrength(input.foes))
        : "",
  };
}

/** What the GM may set on a combatant row before and during battle (a type alias: template data, see above). */
export type CombatantControlsView = {
  show: boolean;
  showAware: boolean;
  aware: boolean;
  showSeat: boolean;
  seat: number;
};

/**
 * Template data of one combatant row's GM controls: the "aware" toggle where the game has
 * surprise ([WD-SURPRISE], [HD-SURPRISE]) and the table seat where play goes around the table
 * ([HD-INIT]). Decided from the ruleset's initiative data, never its id. Issue 45: the aware
 * toggle only while surprise can still matter (before the battle and in its first round).
 */
export function combatantControlsView(
  rules: { surprise: string; mode: string },
  combatant: { aware: boolean; seat: number },
  isGM: boolean,
  battle: { started: boolean; round: number } = { started: false, round: 0 },
): CombatantControlsView {
  const surpriseOpen = !battle.started || battle.round <= 1;
  const showAware = isGM && rules.surprise !== "none" && surpriseOpen;
  const showSeat = isGM && rules.mode === "aroundTable";
  return { show: showAware || showSeat, showAware, aware: combatant.aware, showSeat, seat: combatant.seat };
}
