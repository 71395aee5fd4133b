/**
 * Hundred Dungeons damage and healing: resistance/immunity/vulnerability ([HD-RESIST], petrified,
 * underwater), temp HP first, HP floor at 0, dying and enemy death ([HD-DYING], [HD-ENEMYDEATH]),
 * unconscious creatures hit in melee, healing capped at maximum ([HD-HP]); the dying check and
 * exhaustion from any source; ability rolls from the sheet and hit dice.
 */
import { absorbTemporary, clonePlain, healedHp, validateActorSource, validatePacket } from "../../common.js";
import { EngineError, requireNonNegative } from "../../errors.js";
import type { Ruleset } from "../../ruleset.js";
import { d20Plus, healingRoll, rollVerdict } from "../../resolution.js";
import type { AbilityKey, ActorSource, RollMode, RollRequest, RollResult, DamagePacket } from "../../types.js";
import type { DamageResult, HealingKind, Modifier, RuleEvent, RuleOptions, RuleResult } from "../../types.js";
import { ABILITY_KEYS } from "../../types.js";
import { abilityRollMode, conditionSpec, expandConditions, MAX_EXHAUSTION, specsOf } from "./conditions.js";
import { ABILITY_LABEL, HD_DAMAGE_TYPES } from "./data.js";
import { resistanceRule } from "./options.js";
import { adjustByParts } from "../../damage-parts.js";

interface TraitSets {
  immune: Set<string>;
  resist: Set<string>;
  vulnerable: Set<string>;
}

/** The damage traits a creature has right now, its own plus what its conditions give. */
function traitSets(actor: ActorSource): TraitSets {
  const immune = new Set(actor.immunities);
  const resist = new Set(actor.resistances.map((r) => r.type));
  const vulnerable = new Set(actor.vulnerabilities.map((v) => v.type));
  for (const s of specsOf(actor.conditions, actor.exhaustion)) {
    if (s.resistAll) resist.add("all");
    for (const t of s.resist ?? []) resist.add(t);
    for (const t of s.immune ?? []) immune.add(t);
  }
  return { immune, resist, vulnerable };
}

const covers = (set: Set<string>, type: string): boolean => set.has(type) || set.has("all");

/**
 * Traits against a packet: immunity and resistance apply only when they cover every type of the
 * damage; vulnerability applies when any type matches. Untyped damage meets only `all` traits.
 */
function adjustForTraits(
  amount: number,
  types: readonly string[],
  traits: TraitSets,
  options: RuleOptions,
): { dealt: number; adjustments: Modifier[] } {
  const list = types.length ? types : ["untyped"];
  const adjustments: Modifier[] = [];
  let dealt = amount;
  if (list.every((t) => covers(traits.immune, t))) {
    adjustments.push({ key: "immune", label: "D20C.HD.Damage.immune", value: -dealt });
    return { dealt: 0, adjustments };
  }
  if (list.every((t) => covers(traits.resist, t))) {
    const half = resistanceRule(options) === "halfUp" ? Math.ceil(dealt / 2) : Math.floor(dealt / 2);
    adjustments.push({ key: "resist", label: "D20C.HD.Damage.resist", value: half - dealt });
    dealt = half;
  }
  if (list.some((t) => covers(traits.vulnerable, t))) {
    adjustments.push({ key: "vulnerable", label: "D20C.HD.Damage.vulnerable", value: dealt });
    dealt *= 2;
  }
  return { dealt, adjustments };
}

const withCondition = (list: readonly string[], id: string): string[] =>
  list.includes(id) ? [...list] : [...list, id];
const withoutCondition = (list: readonly string[], id: string): string[] => list.filter((c) => c !== id);

/** Whether a creature that goes down becomes dying (PCs, important NPCs) rather than dead. */
function goesDying(actor: Pick<ActorSource, "kind" | "important">): boolean {
  return actor.kind === "character" || actor.important;
}

export function applyDamage(
  actor: ActorSource,
  packet: DamagePacket,
  options: RuleOptions,
  actorId: string,
  damageTypes: readonly string[],
): DamageResult {
  validateActorSource(actor, damageTypes);
  validatePacket(packet, damageTypes);
  const next = clonePlain(actor);
  const events: RuleEvent[] = [];
  if (actor.state === "dead") {
    return {
      actor: next,
      events: [{ key: "D20C.HD.Event.alreadyDead", actorId }],
      requests: [],
      adjustments: [],
      dealt: 0,
      absorbedByTemp: 0,
      hpLost: 0,
    };
  }
  // Whole hit points only, like every other game (a fractional amount is rounded down first).
  // [SYS-MONSTERS] each damage part meets immunity, resistance and vulnerability on its own.
  const traits = traitSets(actor);
  const { dealt, adjustments } = adjustByParts(packet, damageTypes, (p) =>
    adjustForTraits(Math.floor(p.amount), p.types, traits, options),
  );
  const { temp, absorbed, rest } = absorbTemporary(actor.hp.temp, dealt);
  const before = Math.max(0, actor.hp.value);
  // Damage never raises HP (stored HP below 0 stay where they are).
  const after = Math.min(actor.hp.value, Math.max(0, before - rest));
  next.hp = { ...next.hp, temp, value: after };
  const hpLost = Math.max(0, actor.hp.value - after);
  if (dealt > 0) events.push({ key: "D20C.HD.Event.damaged", data: { dealt, hpLost, absorbed }, actorId });
  const spared = packet.knockOut || packet.nonlethal;
  const damaged = dealt > 0;

  const unconscious = specsOf(actor.conditions, actor.exhaustion).some((s) => s.meleeDamageStartsDying);
  if (damaged && packet.melee && unconscious && !spared && actor.state !== "dying") {
    // [HD-COND] unconscious: a melee hit starts dying (an ordinary enemy dies outright instead).
    if (goesDying(actor)) startDying(next, events, actorId, "D20C.HD.Event.meleeWhileUnconscious");
    else kill(next, events, actorId, "D20C.HD.Event.slain");
  } else if (damaged && after === 0 && actor.state === "active") {
    if (spared) {
      next.state = "unconscious";
      next.conditions = withCondition(next.conditions, "unconscious");
      events.push({ key: "D20C.HD.Event.knockedOut", actorId });
    } else if (goesDying(actor)) {
      startDying(next, events, actorId, "D20C.HD.Event.dying");
    } else {
      kill(next, events, actorId, "D20C.HD.Event.slain");
    }
  } else if (damaged && actor.state === "dying") {
    events.push({ key: "D20C.HD.Event.damageWhileDying", actorId });
  }
  return { actor: next, events, requests: [], adjustments, dealt, absorbedByTemp: absorbed, hpLost };
}

function startDying(next: ActorSource, events: RuleEvent[], actorId: string, key: string): void {
  next.state = "dying";
  next.dyingTurns = 0;
  next.conditions = withCondition(next.conditions, "dying");
  events.push({ key, actorId });
}

function kill(next: ActorSource, events: RuleEvent[], actorId: string, key: string): void {
  next.state = "dead";
  next.conditions = withoutCondition(next.conditions, "dying");
  events.push({ key, actorId });
}

export function applyHealing(
  actor: ActorSource,
  amount: number,
  kind: HealingKind,
  actorId: string,
  damageTypes: readonly string[],
): RuleResult {
  validateActorSource(actor, damageTypes);
  amount = Math.floor(requireNonNegative("healing.amount", amount));
  if (kind !== "heal" && kind !== "temp")
    throw new EngineError("healing.kind", `unknown healing kind "${String(kind)}"`, kind);
  const next = clonePlain(actor);
  const events: RuleEvent[] = [];
  if (actor.state === "dead")
    return { actor: next, events: [{ key: "D20C.HD.Event.deadNoHealing", actorId }], requests: [] };
  if (kind === "temp") {
    next.hp = { ...next.hp, temp: Math.max(actor.hp.temp, amount) };
    events.push({ key: "D20C.HD.Event.tempHp", data: { amount: next.hp.temp }, actorId });
    return { actor: next, events, requests: [] };
  }
  // [HD-DYING] healing a dying creature counts up from 0 hit points.
  const start = actor.state === "dying" ? 0 : Math.max(0, actor.hp.value);
  // A dying creature is at 0 whatever its stored HP say; others never lose HP to healing.
  const current = actor.state === "dying" ? { value: 0, max: actor.hp.max } : actor.hp;
  const value = healedHp(current, start, amount);
  const cap = Math.max(current.max, current.value);
  next.hp = { ...next.hp, value };
  events.push({ key: "D20C.HD.Event.healed", data: { amount: Math.max(0, value - start) }, actorId });
  if (start + amount > cap)
    events.push({ key: "D20C.HD.Event.excessHealingLost", data: { amount: start + amount - cap }, actorId });
  if (amount > 0 && actor.state === "dying") {
    next.state = "active";
    next.dyingTurns = 0;
    // Back to active: a knocked-out creature that was stabbed into dying wakes with it.
    next.conditions = withoutCondition(withoutCondition(next.conditions, "dying"), "unconscious");
    events.push({ key: "D20C.HD.Event.noLongerDying", actorId });
  } else if (amount > 0 && actor.state === "unconscious") {
    next.state = "active";
    next.conditions = withoutCondition(next.conditions, "unconscious");
    events.push({ key: "D20C.HD.Event.wakes", actorId });
  }
  // [HD-COND] an unconscious creature fell prone, so it wakes up still prone (standing up ends it).
  if (actor.conditions.includes("unconscious") && !next.conditions.includes("unconscious")) {
    next.conditions = withCondition(next.conditions, "prone");
    events.push({ key: "D20C.HD.Event.wakesProne", actorId });
  }
  return { actor: next, events, requests: [] };
}

/** Target of the dying check made after `turnsTaken` turns of dying (this turn included). */
function dyingCheckTarget(turnsTaken: number): number {
  return 10 + turnsTaken;
}

export const signed = (n: number): string => (n === 0 ? "" : n > 0 ? ` + ${n}` : ` - ${-n}`);

/**
 * The dying check request for a creature about to make it with `exhaustion` (after this turn's
 * level) and `turnsTaken` (this turn counted). Poisoned creatures fail Constitution outright.
 */
export function dyingCheckRequest(
  actor: ActorSource,
  actorId: string,
  exhaustion: number,
  turnsTaken: number,
  advance: boolean,
): RollRequest {
  const m = abilityRollMode(actor.conditions, exhaustion, "con");
  const data: Record<string, string | number | boolean> = { ability: "con", turnsTaken };
  if (advance) data.advance = true;
  if (m.autoFail) data.autoFail = true;
  return {
    kind: "dyingCheck",
    actorId,
    formula: d20Plus(actor.abilities.con, m.mode),
    target: dyingCheckTarget(turnsTaken),
    against: "total",
    label: "D20C.HD.Dying.check",
    data,
  };
}

/** The end-of-turn dying procedure applied to an actor: +1 exhaustion, +1 turn, death at level 6. */
export function advanceDying(actor: ActorSource, actorId: string): { actor: ActorSource; events: RuleEvent[] } {
  const gained = gainExhaustion(actor, 1, actorId);
  gained.actor.dyingTurns = actor.dyingTurns + 1;
  return { actor: gained.actor, events: gained.events };
}

/**
 * Gain exhaustion levels from any source (a failed forced march, a spell…): levels add up to at
 * most 6, and level 6 is death ([HD-COND] exhaustion), dying or not.
 */
export function gainExhaustion(actor: ActorSource, levels: number, actorId: string): RuleResult {
  const next = clonePlain(actor);
  const events: RuleEvent[] = [];
  if (actor.state === "dead") return { actor: next, events, requests: [] };
  const add = Math.max(0, Math.trunc(Number.isFinite(levels) ? levels : 0));
  next.exhaustion = Math.min(MAX_EXHAUSTION, Math.max(0, actor.exhaustion) + add);
  if (add > 0) events.push({ key: "D20C.HD.Event.exhaustionGained", data: { level: next.exhaustion }, actorId });
  if (next.exhaustion >= MAX_EXHAUSTION) kill(next, events, actorId, "D20C.HD.Event.exhaustionDeath");
  return { actor: next, events, requests: [] };
}

/** Judge a dying check: below the target (or an automatic failure) is death. */
function judgeDyingCheck(
  actor: ActorSource,
  request: RollRequest,
  roll: RollResult,
): { actor: ActorSource; events: RuleEvent[] } {
  const next = clonePlain(actor);
  const events: RuleEvent[] = [];
  if (actor.state !== "dying") return { actor: next, events };
  const target = request.target ?? dyingCheckTarget(actor.dyingTurns);
  const failed = request.data?.autoFail === true || !Number.isFinite(roll.total) || roll.total < target;
  if (failed) kill(next, events, request.actorId, "D20C.HD.Event.diedOfWounds");
  else events.push({ key: "D20C.HD.Event.clingsOn", data: { total: roll.total, target }, actorId: request.actorId });
  return { actor: next, events };
}

/** Sheet / manual dying check: carries out the whole end-of-turn procedure. */
export function resolveDyingCheck(actor: ActorSource, request: RollRequest, roll: RollResult): RuleResult {
  let current = actor;
  const events: RuleEvent[] = [];
  if (request.data?.advance === true && actor.state === "dying") {
    const adv = advanceDying(actor, request.actorId);
    current = adv.actor;
    events.push(...adv.events);
  }
  const judged = judgeDyingCheck(current, request, roll);
  return { actor: judged.actor, events: [...events, ...judged.events], requests: [] };
}

export function isAbility(k: string): k is AbilityKey {
  return (ABILITY_KEYS as readonly string[]).includes(k);
}

export function saveRequest(actor: ActorSource, kind: string, mode: RollMode, actorId: string): RollRequest {
  if (!isAbility(kind))
    throw new EngineError(
      "save.kind",
      `unknown ability roll "${kind}" (expected one of ${ABILITY_KEYS.join(", ")})`,
      kind,
    );
  const score = actor.abilities[kind];
  const autoFail = expandConditions(actor.conditions, actor.exhaustion).some((id) =>
    conditionSpec(id)?.autoFail?.includes(kind),
  );
  const data: Record<string, string | number | boolean> = { ability: kind };
  if (autoFail) data.autoFail = true;
  return {
    kind: "save",
    actorId,
    formula: d20Plus(score, mode),
    target: null,
    against: "total",
    label: ABILITY_LABEL(kind),
    data,
  };
}

/** Spending a hit die (the text's only in-combat mention: poisoned creatures can't). No rally here. */
export function startRecovery(actor: ActorSource, rally: boolean, actorId: string): RuleResult {
  validateActorSource(actor, HD_DAMAGE_TYPES);
  const next = clonePlain(actor);
  const no = (key: string): RuleResult => ({ actor: next, events: [{ key, actorId }], requests: [] });
  if (rally) return no("D20C.HD.Event.noRally");
  if (actor.state === "dead") return no("D20C.HD.Event.deadNoHealing");
  if (expandConditions(actor.conditions, actor.exhaustion).some((id) => conditionSpec(id)?.noHitDice))
    return no("D20C.HD.Event.poisonedNoHitDice");
  if (actor.recoveries.value <= 0) return no("D20C.HD.Event.noHitDiceLeft");
  return {
    actor: next,
    events: [],
    requests: [healingRoll(actorId, actor.recoveries.formula, "D20C.HD.HitDie.spend")],
  };
}

export const resolveRoll: Ruleset["resolveRoll"] = (actor, request, roll, options) => {
  validateActorSource(actor, HD_DAMAGE_TYPES);
  if (request.kind === "dyingCheck") return resolveDyingCheck(actor, request, roll);
  if (request.kind === "recovery") {
    if (!Number.isFinite(roll.total)) throw new EngineError("roll.total", "must be a finite number", roll.total);
    const healed = applyHealing(actor, Math.max(0, roll.total), "heal", request.actorId, HD_DAMAGE_TYPES);
    healed.actor.recoveries = { ...healed.actor.recoveries, value: Math.max(0, actor.recoveries.value - 1) };
    return healed;
  }
  const events: RuleEvent[] = [];
  // [HD-COVER] behind total cover a Dexterity roll against the effect succeeds outright.
  if (request.data?.autoSucceed === true)
    events.push({ key: "D20C.HD.Event.coverSucceeds", data: { total: roll.total }, actorId: request.actorId });
  else if (request.target !== null) {
    return rollVerdict(
      actor,
      request,
      request.data?.autoFail !== true && roll.total >= request.target,
      { succeeded: "D20C.HD.Event.rollSucceeded", failed: "D20C.HD.Event.rollFailed" },
      { total: roll.total, target: request.target },
    );
  }
  void options;
  return { actor: clonePlain(actor), events, requests: [] };
};
