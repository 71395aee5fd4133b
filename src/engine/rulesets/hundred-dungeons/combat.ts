/**
 * Hundred Dungeons table procedure as data and small pure helpers: the round, the turn budget,
 * the standard actions, provoking, dual wielding, unarmed attacks, hiding, cover, mounted and
 * underwater combat. The adapter shows these; the engine's attack and turn code reads some of them.
 */
import type { AbilityKey, ActorSource, CombatantSource, EffectSource, WeaponSource } from "../../types.js";
import type { DamageExpression } from "../../dice.js";
import {
  SIZES,
  abilityRollMode,
  conditionSpec,
  specsOf,
  speedCap,
  exhaustionEffects,
  type AbilityRollMode,
  type Size,
} from "./conditions.js";

// ---- [HD-ROUND] ------------------------------------------------------------------------------

export const ROUND_SECONDS = 20;
export const ROUNDS_PER_MINUTE = 60 / ROUND_SECONDS;

export function roundsToSeconds(rounds: number): number {
  return rounds * ROUND_SECONDS;
}

// ---- [HD-TURN] [HD-ACTIONS] [HD-QUICK] [HD-REACT] ----------------------------------------------

export type ActionKind = "action" | "quick" | "reaction";

export interface HDAction {
  key: string;
  label: string;
  kind: ActionKind;
  /** Rounds of concentration the action takes (slow spells: 3, this round included). */
  rounds?: number;
  /** Ability rolled, if the action is a roll. */
  ability?: AbilityKey;
  /** Needs dual wielding (Parry). */
  needsDualWield?: boolean;
}

const A = (key: string): string => `D20C.HD.Action.${key}`;

export const HD_ACTIONS: readonly HDAction[] = [
  { key: "attack", label: A("attack"), kind: "action" },
  { key: "castSpell", label: A("castSpell"), kind: "action" },
  { key: "castSlowSpell", label: A("castSlowSpell"), kind: "action", rounds: 3 },
  { key: "dash", label: A("dash"), kind: "action" },
  { key: "help", label: A("help"), kind: "action" },
  { key: "hide", label: A("hide"), kind: "action", ability: "dex" },
  { key: "ready", label: A("ready"), kind: "action" },
  { key: "searchArea", label: A("searchArea"), kind: "action", ability: "int" },
  { key: "searchCreature", label: A("searchCreature"), kind: "action", ability: "wis" },
  { key: "escapeGrapple", label: A("escapeGrapple"), kind: "action" },
  { key: "castQuickSpell", label: A("castQuickSpell"), kind: "quick" },
  { key: "unarmedAttack", label: A("unarmedAttack"), kind: "quick" },
  { key: "disengage", label: A("disengage"), kind: "quick" },
  { key: "dodge", label: A("dodge"), kind: "quick" },
  { key: "interact", label: A("interact"), kind: "quick" },
  { key: "dualWieldAttack", label: A("dualWieldAttack"), kind: "quick", needsDualWield: true },
  { key: "castReactionSpell", label: A("castReactionSpell"), kind: "reaction" },
  { key: "parry", label: A("parry"), kind: "reaction", needsDualWield: true },
  { key: "provokedAttack", label: A("provokedAttack"), kind: "reaction" },
  { key: "readiedAction", label: A("readiedAction"), kind: "reaction" },
];

export function actionSpec(key: string): HDAction | undefined {
  return HD_ACTIONS.find((a) => a.key === key);
}

/** What a creature may do this round once its conditions are counted. */
export interface TurnBudget {
  /** Feet it may move. */
  speed: number;
  /** Actions (each one uses up both quick-action slots). */
  actions: number;
  quickActions: number;
  /** True = one action OR one quick action in total (slowed). */
  oneOnly: boolean;
  reactions: number;
}

/** The standard budget: move, one action or two quick actions, one reaction ([HD-TURN]). */
export function turnBudget(actor: Pick<ActorSource, "speed" | "conditions" | "exhaustion">, round = 2): TurnBudget {
  const specs = specsOf(actor.conditions, actor.exhaustion);
  const noActions = specs.some((s) => s.noActions);
  const firstRoundOut = round === 1 && specs.some((s) => s.id === "surprised");
  // Surprise only costs reactions in round 1 (its own `noReactions` is read through `firstRoundOut`).
  const noReactions =
    specs.some((s) => s.noReactions && !s.noTurnFirstRound) ||
    exhaustionEffects(actor.exhaustion).noReactions ||
    firstRoundOut;
  const oneOnly = specs.some((s) => s.oneAction);
  const blocked = noActions || firstRoundOut;
  return {
    speed: firstRoundOut ? 0 : speedCap(actor.speed, actor.conditions, actor.exhaustion),
    actions: blocked ? 0 : 1,
    quickActions: blocked ? 0 : oneOnly ? 1 : 2,
    oneOnly,
    reactions: noReactions ? 0 : 1,
  };
}

export interface TurnUse {
  actions: number;
  quickActions: number;
  reactions: number;
}

/** Whether one more of `kind` fits the budget after `used` (an action takes the place of two quick actions). */
export function canTake(budget: TurnBudget, used: TurnUse, kind: ActionKind): boolean {
  if (kind === "reaction") return used.reactions < budget.reactions;
  const spent = used.actions + used.quickActions;
  if (budget.oneOnly) {
    if (spent >= 1) return false;
    return kind === "action" ? budget.actions > 0 : budget.quickActions > 0;
  }
  if (kind === "action") return budget.actions > 0 && spent === 0;
  return used.actions === 0 && used.quickActions < budget.quickActions;
}

/** Dash: the remaining movement doubles. */
export function dashMovement(remaining: number): number {
  return Math.max(0, remaining) * 2;
}

type NewEffect = Omit<EffectSource, "id">;

function actionEffect(
  name: string,
  creatorId: string,
  duration: EffectSource["duration"],
  statuses: string[],
  armed: boolean,
): NewEffect {
  return {
    name,
    sourceCombatantId: creatorId,
    duration,
    save: "normal",
    saveBonus: 0,
    sustain: null,
    sustainedRound: null,
    ongoing: null,
    aftereffect: null,
    armed,
    statuses,
  };
}

/** Help: the helped creature's rolls for the chosen action are mighty until the helper's next turn starts. */
export function helpEffect(helperCombatantId: string): NewEffect {
  return actionEffect("D20C.HD.Action.help", helperCombatantId, "startOfNextTurn", ["helped"], false);
}

/** Dodge: attacks against the dodger weak and its Dexterity mighty until its next turn starts. */
export function dodgeEffect(dodgerCombatantId: string): NewEffect {
  return actionEffect("D20C.HD.Action.dodge", dodgerCombatantId, "startOfNextTurn", ["dodging"], false);
}

/**
 * Disengage: no provoked attacks until the end of this turn. Made as an end-of-turn effect that is
 * already armed, so the creator's `onTurnEnd` removes it.
 */
export function disengageEffect(combatantId: string): NewEffect {
  return actionEffect("D20C.HD.Action.disengage", combatantId, "endOfNextTurn", ["disengaged"], true);
}

// ---- [HD-PROVOKE] ------------------------------------------------------------------------------

export type ProvokeTrigger = "leaveReach" | "castSpell" | "rangedAttack" | "other";

export interface ProvokeQuery {
  trigger: ProvokeTrigger;
  /** The provoker is (or was, for leaving) within the reactor's reach. */
  withinReach: boolean;
  provoker: { conditions: string[]; exhaustion: number };
  reactor: { conditions: string[]; exhaustion: number; reactionUsed: boolean };
  round: number;
}

export interface ProvokeAnswer {
  provoked: boolean;
  /** The reactor may actually take the one melee attack now. */
  canReact: boolean;
  reason: string;
}

export function provokedAttack(q: ProvokeQuery): ProvokeAnswer {
  if (q.trigger === "other" || !q.withinReach)
    return { provoked: false, canReact: false, reason: "D20C.HD.Reason.notProvoking" };
  if (specsOf(q.provoker.conditions, q.provoker.exhaustion).some((s) => s.noProvoke)) {
    return { provoked: false, canReact: false, reason: "D20C.HD.Reason.disengaged" };
  }
  const budget = turnBudget({ speed: 0, conditions: q.reactor.conditions, exhaustion: q.reactor.exhaustion }, q.round);
  if (budget.reactions === 0) return { provoked: true, canReact: false, reason: "D20C.HD.Reason.noReaction" };
  if (q.reactor.reactionUsed) return { provoked: true, canReact: false, reason: "D20C.HD.Reason.reactionUsed" };
  return { provoked: true, canReact: true, reason: "D20C.HD.Reason.provoked" };
}

// ---- [HD-DUAL] -----------------------------------------------------------------------------------

export interface DualWield {
  dualWielding: boolean;
  /** Attacking with either weapon is a quick action. */
  quickAttacks: boolean;
  /** Parry reaction (+2 defense against one hit) is available. */
  parry: boolean;
}

/**
 * Two melee weapons in hand, both Light (or any one-handed melee weapons with an exploit that
 * allows martial ones). Anything else is not dual wielding.
 */
export function dualWielding(wielded: readonly WeaponSource[], exploitAllowsMartial = false): DualWield {
  const melee = wielded.filter((w) => !w.ranged);
  const ok =
    wielded.length === 2 &&
    melee.length === 2 &&
    melee.every((w) => w.light || (exploitAllowsMartial && !w.twoHanded && w.weaponClass !== "heavy"));
  return { dualWielding: ok, quickAttacks: ok, parry: ok };
}

export const PARRY_BONUS = 2;

/** Defense against one attack after a Parry (only while dual wielding). */
export function parryDefense(defense: number, dual: DualWield): number {
  return dual.parry ? defense + PARRY_BONUS : defense;
}

// ---- [HD-UNARMED] ----------------------------------------------------------------------------------

/** Unarmed Damage option: bludgeoning equal to the Strength score, never below 1. */
export function unarmedDamage(attacker: Pick<ActorSource, "abilities">): {
  expression: DamageExpression;
  types: string[];
} {
  return { expression: { dice: [], flat: Math.max(1, attacker.abilities.str) }, types: ["bludgeoning"] };
}

/**
 * Grapple target number: 12 + the target's Strength or Dexterity, the target's choice. The target
 * always picks the better, so this is 12 + the higher of the two.
 */
export function grappleTarget(target: Pick<ActorSource, "abilities">): number {
  return 12 + Math.max(target.abilities.str, target.abilities.dex);
}

/** Shove target number: 12 + the target's Strength (success: prone or 5 ft back). */
export function shoveTarget(target: Pick<ActorSource, "abilities">): number {
  return 12 + target.abilities.str;
}

/** Escape from a grapple (an action): Strength or Dexterity roll at 12 + the grappler's Strength. */
export function escapeTarget(grappler: Pick<ActorSource, "abilities">): number {
  return 12 + grappler.abilities.str;
}

/** Whether an ability roll meets a target number (meet or beat, like attacks). */
export function succeeds(total: number, target: number): boolean {
  return total >= target;
}

// ---- [HD-COVER] [HD-HIDE] ----------------------------------------------------------------------------

export const PARTIAL_COVER_BONUS = 5;

/** A Dexterity roll against an effect from beyond cover: +5 partial, automatic success total. */
export function coverForDexRoll(cover: "none" | "partial" | "superior" | "total"): {
  bonus: number;
  autoSucceed: boolean;
} {
  if (cover === "total") return { bonus: 0, autoSucceed: true };
  if (cover === "partial" || cover === "superior") return { bonus: PARTIAL_COVER_BONUS, autoSucceed: false };
  return { bonus: 0, autoSucceed: false };
}

/** The Hide action's recorded result: 0 without cover or obscurement. */
export function hideResult(rollTotal: number, coverOrObscured: boolean): number {
  return coverOrObscured ? rollTotal : 0;
}

/**
 * Mode of the Hide action's Dexterity roll: the usual ability-roll mode, plus one mighty source when
 * the hider is already invisible to someone (the text grants advantage then).
 */
export function hideRollMode(
  actor: Pick<ActorSource, "conditions" | "exhaustion">,
  extra: { mighty?: number; weak?: number } = {},
): AbilityRollMode {
  const invisible = specsOf(actor.conditions, actor.exhaustion).some((s) => s.id === "invisible");
  return abilityRollMode(actor.conditions, actor.exhaustion, "dex", {
    mighty: (extra.mighty ?? 0) + (invisible ? 1 : 0),
    weak: extra.weak ?? 0,
  });
}

/** Whether a hide result beats one observer (its Wisdom + 10, met or beaten). */
export function hiddenFrom(hideTotal: number, observer: Pick<ActorSource, "abilities">): boolean {
  return hideTotal >= observer.abilities.wis + 10;
}

/** Whether something the hidden creature does ends hiding (attack, cast, moving more than 10 ft). */
export function endsHiding(act: "attack" | "castSpell" | "move" | "leaveCover", feet = 0): boolean {
  if (act === "attack" || act === "castSpell") return true;
  if (act === "move") return feet > 10;
  return false;
}

// ---- [HD-MOUNT] ------------------------------------------------------------------------------------

export function sizeIndex(size: Size): number {
  return SIZES.indexOf(size);
}

/** Mounting needs a willing creature at least one size larger. */
export function canMount(rider: Size, mount: Size, willing: boolean): boolean {
  return willing && sizeIndex(mount) >= sizeIndex(rider) + 1;
}

/** Mounting or dismounting costs half the rider's movement. */
export function mountCost(riderSpeed: number): number {
  return Math.floor(riderSpeed / 2);
}

export interface MountedTurn {
  /** The rider moves with the mount's speed. */
  speed: number;
  /** The mount may take one action or one quick action on the rider's turn. */
  mountActions: number;
  mountReaction: boolean;
  /** The rider's reach does not grow. */
  reachIncrease: number;
  mountProvokes: boolean;
  /** The mount takes no turn of its own. */
  mountTakesTurn: boolean;
}

export function mountedTurn(mount: Pick<ActorSource, "speed" | "conditions" | "exhaustion">, round = 2): MountedTurn {
  const b = turnBudget(mount, round);
  return {
    speed: b.speed,
    mountActions: b.actions > 0 || b.quickActions > 0 ? 1 : 0,
    mountReaction: b.reactions > 0,
    reachIncrease: 0,
    mountProvokes: true,
    mountTakesTurn: false,
  };
}

// ---- [HD-WATER] ----------------------------------------------------------------------------------

export const UNDERWATER_WEAPONS = ["dagger", "net", "spear", "trident"] as const;

/** Whether an attack made underwater is weak: yes without a swim speed, unless the weapon is exempt. */
export function underwaterAttackWeak(weaponName: string | undefined, swimSpeed: boolean): boolean {
  if (swimSpeed) return false;
  const name = (weaponName ?? "").toLowerCase();
  return !UNDERWATER_WEAPONS.some((w) => new RegExp(`\\b${w}s?\\b`).test(name));
}

// ---- [HD-COND] charmed, hidden ---------------------------------------------------------------

/**
 * Whether `attacker` may target the combatant `targetId` with an attack or harmful effect: not while
 * charmed by it (a charm effect names its creator), not while the target is hidden from it (only
 * its space can be attacked).
 */
export function mayTarget(
  attacker: CombatantSource,
  targetId: string,
  targetConditions: readonly string[] = [],
): { allowed: boolean; reason: string | null } {
  const charmedBy = attacker.effects.some(
    (e) => e.sourceCombatantId === targetId && e.statuses.some((s) => conditionSpec(s)?.cannotHarmSource),
  );
  if (charmedBy) return { allowed: false, reason: "D20C.HD.Reason.charmed" };
  if (specsOf(targetConditions).some((s) => s.untargetable))
    return { allowed: false, reason: "D20C.HD.Reason.hiddenTarget" };
  return { allowed: true, reason: null };
}
