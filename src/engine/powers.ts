/**
 * Powers at the table, decided (pure): which of a power's hit / miss / crit effects an outcome
 * triggers (natural even, odd, N+), the effect each becomes on a target, how a use spends the
 * power, what the end of a battle and each rest do to it (reset, or a recharge roll), and the
 * rests themselves. Each function asks the ruleset's optional member and falls back to a shared
 * default, so a game only writes what it does differently.
 */
import { clonePlain } from "./common.js";
import { EngineError } from "./errors.js";
import type { Ruleset } from "./ruleset.js";
import type {
  ActorSource,
  AttackOutcome,
  EffectSource,
  NaturalTrigger,
  PowerEffectBody,
  PowerEffectSpec,
  PowerMoment,
  PowerRefresh,
  PowerUsageSpec,
  PowerUsageState,
  RestSpec,
  RuleEvent,
  RuleOptions,
  RuleResult,
} from "./types.js";

// ---- usage kinds ---------------------------------------------------------------------------

/** Usage kinds of a game that does not list its own: at-will, encounter, daily. */
export const DEFAULT_POWER_USAGES: readonly PowerUsageSpec[] = [
  { key: "atWill", label: "D20C.Power.Usage.atWill", limited: false },
  { key: "encounter", label: "D20C.Power.Usage.encounter", limited: true },
  { key: "daily", label: "D20C.Power.Usage.daily", limited: true },
];

/** Usage kinds a power may have in this game, in sheet order. */
export function powerUsages(ruleset: Pick<Ruleset, "powerUsages">): readonly PowerUsageSpec[] {
  return ruleset.powerUsages ?? DEFAULT_POWER_USAGES;
}

/**
 * What a stored usage kind counts as in this game: itself when the game has it, else the closest
 * kind it has (a power made for another game keeps its data and still spends and comes back).
 */
const NEAREST: Record<string, readonly string[]> = {
  recharge: ["encounter", "perBattle", "perRest", "daily"],
  perBattle: ["encounter", "perRest", "daily"],
  encounter: ["perBattle", "perRest", "daily"],
  daily: ["perRest", "encounter"],
  perRest: ["daily", "encounter"],
};

export function usageKind(ruleset: Pick<Ruleset, "powerUsages">, stored: string): PowerUsageSpec {
  const usages = powerUsages(ruleset);
  const own = usages.find((u) => u.key === stored);
  if (own) return own;
  for (const key of NEAREST[stored] ?? []) {
    const near = usages.find((u) => u.key === key);
    if (near) return near;
  }
  return usages.find((u) => !u.limited) ?? { key: "atWill", label: "D20C.Power.Usage.atWill", limited: false };
}

/** Whether a usage kind counts its uses (N per rest, [SYS-MONSTERS] N per battle) rather than being spent whole. */
export function countsUses(key: string): boolean {
  return key === "perRest" || key === "perBattle";
}

/** Whether the power is spent (a use now needs the user's confirmation). */
export function isSpent(ruleset: Pick<Ruleset, "powerUsages">, state: PowerUsageState): boolean {
  const kind = usageKind(ruleset, state.usage);
  if (!kind.limited) return false;
  if (countsUses(kind.key)) return state.uses.spent >= Math.max(1, state.uses.max);
  return state.used;
}

/** The usage after one use: a limited power is marked spent (a per-rest one counts the use). */
export function spendPower(ruleset: Ruleset, state: PowerUsageState): PowerUsageState {
  const kind = usageKind(ruleset, state.usage);
  if (!kind.limited) return clonePlain(state);
  if (countsUses(kind.key)) {
    const max = Math.max(1, state.uses.max);
    const spent = Math.min(max, state.uses.spent + 1);
    return { ...clonePlain(state), used: spent >= max, uses: { spent, max: state.uses.max } };
  }
  return { ...clonePlain(state), used: true };
}

/** The usage fresh again (nothing spent). */
export function refreshedUsage(state: PowerUsageState): PowerUsageState {
  const fresh = { ...clonePlain(state), used: false, uses: { spent: 0, max: state.uses.max } };
  // [SYS-MONSTERS] a new battle: its creature's first bloodying is still to come.
  if (state.bloodiedSeen) fresh.bloodiedSeen = false;
  return fresh;
}

/** The sheet's toggle: a spent power comes back, a fresh one is spent (one use of a per-rest power). */
export function togglePower(ruleset: Ruleset, state: PowerUsageState): PowerUsageState {
  const kind = usageKind(ruleset, state.usage);
  if (!kind.limited) return clonePlain(state);
  return isSpent(ruleset, state) ? refreshedUsage(state) : spendPower(ruleset, state);
}

/**
 * Shared default of {@link Ruleset.refreshPower}: an encounter power comes back when the battle
 * ends; a spent recharge power rolls its recharge then (a power with no recharge number stays
 * spent); every rest brings back every limited power.
 */
function defaultRefresh(kind: PowerUsageSpec, state: PowerUsageState, moment: PowerMoment): PowerRefresh {
  if (!kind.limited) return { kind: "keep" };
  if (moment.kind === "rest") return { kind: "reset" };
  if (kind.key === "encounter" || kind.key === "perBattle") return { kind: "reset" };
  // [SYS-MONSTERS] a power that recharges at its creature's turn start is fresh for the next battle.
  if (kind.key === "recharge" && state.rechargeAt === "turnStart") return { kind: "reset" };
  if (kind.key === "recharge" && state.used && state.recharge > 0) return rechargeRoll(state);
  return { kind: "keep" };
}

/** The recharge roll of a spent power: its die (d20 unless it says d6) against its number, at most the die's top face. */
function rechargeRoll(state: PowerUsageState): Extract<PowerRefresh, { kind: "recharge" }> {
  const faces = state.rechargeDie === "d6" ? 6 : 20;
  return { kind: "recharge", formula: `1d${faces}`, target: Math.min(faces, state.recharge) };
}

/**
 * [SYS-MONSTERS] What the start of its creature's turn does to a power: a spent recharge power
 * whose recharge comes at turn start (4e "recharge ⚄⚅", 5e "recharge 5–6") rolls its die.
 */
export function refreshAtTurnStart(
  ruleset: Pick<Ruleset, "powerUsages">,
  state: PowerUsageState,
): { kind: "keep" } | Extract<PowerRefresh, { kind: "recharge" }> {
  const kind = usageKind(ruleset, state.usage);
  if (kind.key !== "recharge" || state.rechargeAt !== "turnStart" || !state.used || state.recharge <= 0)
    return { kind: "keep" };
  return rechargeRoll(state);
}

/** What a power's usage does at a moment (the usage read as this game's kind). */
export function refreshPower(ruleset: Ruleset, state: PowerUsageState, moment: PowerMoment): PowerRefresh {
  const kind = usageKind(ruleset, state.usage);
  const read = { ...state, usage: kind.key };
  const answer = ruleset.refreshPower ? ruleset.refreshPower(read, moment) : defaultRefresh(kind, read, moment);
  // Nothing to bring back from a fresh power.
  if (answer.kind === "reset" && !isSpent(ruleset, state) && state.uses.spent === 0 && !state.bloodiedSeen)
    return { kind: "keep" };
  return answer;
}

/** The shared default, for games that change only some of its answers. */
export { defaultRefresh as defaultPowerRefresh };

/** Whether a recharge roll brings the power back (its total reaches the target). */
export function rechargeSucceeds(refresh: Extract<PowerRefresh, { kind: "recharge" }>, total: number): boolean {
  if (!Number.isFinite(total)) throw new EngineError("roll.total", "must be a finite number", total);
  return total >= refresh.target;
}

// ---- rests -----------------------------------------------------------------------------------

/** The rest of a game that does not list its own: a full heal-up. */
export const DEFAULT_RESTS: readonly RestSpec[] = [
  { key: "fullHealUp", label: "D20C.Power.Rest.fullHealUp", hint: "D20C.Power.Rest.fullHealUpHint" },
];

export function restsOf(ruleset: Pick<Ruleset, "rests">): readonly RestSpec[] {
  return ruleset.rests ?? DEFAULT_RESTS;
}

/** Take one of the game's rests. Throws EngineError for a rest the game does not have. */
export function takeRest(
  ruleset: Ruleset,
  actor: ActorSource,
  rest: string,
  options: RuleOptions,
  actorId: string,
): RuleResult {
  if (!restsOf(ruleset).some((r) => r.key === rest))
    throw new EngineError("rest", `this game has no rest "${rest}"`, rest);
  if (ruleset.rest) return ruleset.rest(actor, rest, options, actorId);
  return { actor: ruleset.fullHealUp(actor), events: [], requests: [] };
}

/** The effects on one other creature of the resting creature's combat. */
export interface BorneEffects {
  /** The creature bearing them (its actor's id or UUID, as the caller names it). */
  bearer: string;
  name: string;
  effects: readonly EffectSource[];
}

/**
 * What a rest reads of effects: those on the resting creature, those on the other creatures of its
 * combat, and its combatant there (what the effects it made name as their creator; null = none).
 */
export interface RestEffects {
  own: readonly EffectSource[];
  others: readonly BorneEffects[];
  combatantId: string | null;
}

/** A rest outside any combat, with no effects to read. */
export const NO_REST_EFFECTS: RestEffects = { own: [], others: [], combatantId: null };

/** The effects on other creatures that name the resting creature's combatant as their creator. */
function madeOnOthers(effects: RestEffects): BorneEffects[] {
  const { combatantId } = effects;
  if (!combatantId) return [];
  return effects.others.map((o) => ({ ...o, effects: o.effects.filter((e) => e.sourceCombatantId === combatantId) }));
}

/**
 * The sustained effects the creature keeps up: its own that name no other creator, and those on
 * other creatures that name its combatant.
 */
function sustainedBy(effects: RestEffects): EffectSource[] {
  const { combatantId } = effects;
  const own = effects.own.filter((e) => !e.sourceCombatantId || e.sourceCombatantId === combatantId);
  const made = madeOnOthers(effects).flatMap((o) => o.effects);
  return [...own, ...made].filter((e) => e.duration === "sustain");
}

/**
 * Why the creature may not take a rest now, or null: in a game where no one rests while sustaining
 * an effect, the event names what it sustains.
 */
export function restRefusal(
  ruleset: Pick<Ruleset, "restsWhileSustaining" | "rests">,
  effects: RestEffects,
  /** The rest asked for. Optional: absent = not read. */
  rest?: string,
): RuleEvent | null {
  // A rest the game takes only out of combat, asked for by a creature fighting in one.
  const spec = rest === undefined ? undefined : restsOf(ruleset).find((r) => r.key === rest);
  if (spec?.outOfCombat && effects.combatantId) return { key: "D20C.Power.Rest.NotInCombat", data: {} };
  if (ruleset.restsWhileSustaining !== false) return null;
  const held = sustainedBy(effects);
  if (!held.length) return null;
  return { key: "D20C.Power.Rest.Sustaining", data: { effects: held.map((e) => e.name).join(", ") } };
}

/**
 * The effects a rest ends, those that last until the end of the encounter: every one on the resting
 * creature, and every one it made on another creature (the creator's rest ends them), by bearer.
 */
export function effectsEndingAtRest(effects: RestEffects): { own: EffectSource[]; others: BorneEffects[] } {
  const lasting = (e: EffectSource) => e.duration === "endOfEncounter";
  const others = madeOnOthers(effects)
    .map((o) => ({ ...o, effects: o.effects.filter(lasting) }))
    .filter((o) => o.effects.length > 0);
  return { own: effects.own.filter(lasting), others };
}

// ---- hit / miss / crit effects ----------------------------------------------------------------

/** Trigger kinds of the natural roll, which every game offers. */
const NATURAL_ROLL_TRIGGERS: readonly NaturalTrigger["kind"][] = [
  "any",
  "even",
  "odd",
  "atLeast",
  "atMost",
  "range",
  "list",
];

/** Triggers a power's effect may have in this game, in the item sheet's order. */
export function powerTriggers(ruleset: Pick<Ruleset, "powerTriggers">): readonly NaturalTrigger["kind"][] {
  return ruleset.powerTriggers ?? NATURAL_ROLL_TRIGGERS;
}

/**
 * Whether a natural roll meets a trigger (any, even, odd, N+, at most N, N–M, a list). A trigger the game does not decide
 * itself (combat advantage, where the game has none) never does.
 */
function naturalTriggered(trigger: NaturalTrigger, natural: number): boolean {
  switch (trigger.kind) {
    case "combatAdvantage":
      return false;
    case "any":
      return true;
    case "even":
      return natural % 2 === 0;
    case "odd":
      return natural % 2 === 1;
    case "atLeast":
      return natural >= trigger.value;
    // [SYS-MONSTERS] "natural 5 or less", "natural 1–5", "natural 5, 10, 15 or 20".
    case "atMost":
      return natural <= trigger.value;
    case "range":
      return natural >= trigger.value && natural <= (trigger.max ?? 0);
    case "list":
      return (trigger.values ?? []).includes(natural);
  }
}

/**
 * Shared default of {@link Ruleset.powerEffectApplies}: a hit effect on any hit (a crit is a hit),
 * a crit effect on a crit, a miss effect where the outcome carries the miss effect (never on a
 * natural-1 veto); each only when the natural roll meets its trigger.
 */
function defaultApplies(effect: PowerEffectSpec, outcome: AttackOutcome): boolean {
  const on =
    effect.outcome === "hit"
      ? outcome.isHit
      : effect.outcome === "crit"
        ? outcome.isCrit
        : !outcome.isHit && outcome.missEffect;
  return on && naturalTriggered(effect.trigger, outcome.natural);
}

/** The shared default, for games that decide only some triggers themselves. */
export { defaultApplies as defaultPowerEffectApplies };

export function powerEffectApplies(ruleset: Ruleset, effect: PowerEffectSpec, outcome: AttackOutcome): boolean {
  return ruleset.powerEffectApplies ? ruleset.powerEffectApplies(effect, outcome) : defaultApplies(effect, outcome);
}

/** Whether a power effect has anything the system applies (conditions or ongoing damage). */
export function hasLastingPart(body: PowerEffectBody): boolean {
  return body.statuses.length > 0 || (body.ongoing !== null && body.ongoing.amount > 0);
}

/** Save target of a save-ends effect in this game (null = judged elsewhere). */
export function effectSaveTarget(
  ruleset: Pick<Ruleset, "effectSaveTarget">,
  save: "easy" | "normal" | "hard",
): number | null {
  return ruleset.effectSaveTarget ? ruleset.effectSaveTarget(save) : null;
}
