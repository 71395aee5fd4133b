/**
 * Hundred Dungeons damage and healing: resistance/immunity/vulnerability ([HD-RESIST], petrified,
 * underwater), temp HP first, HP floor at 0, dying and enemy death ([HD-DYING], [HD-ENEMYDEATH]),
 * unconscious creatures hit in melee, healing capped at maximum ([HD-HP]).
 */
import { absorbTemporary, clonePlain, healedHp, validateActorSource, validatePacket } from "../../common.js";
import { EngineError, requireNonNegative } from "../../errors.js";
import type {
  ActorSource,
  DamagePacket,
  DamageResult,
  HealingKind,
  Modifier,
  RuleEvent,
  RuleOptions,
  RuleResult,
} from "../../types.js";
import { specsOf } from "./conditions.js";
import { resistanceRule } from "./options.js";

import { HD_DAMAGE_TYPES } from "./damage-types.js";

export { HD_DAMAGE_TYPES };

export interface TraitSets {
  immune: Set<string>;
  resist: Set<string>;
  vulnerable: Set<string>;
}

/** The damage traits a creature has right now, its own plus what its conditions give. */
export function traitSets(actor: ActorSource): TraitSets {
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
export function adjustForTraits(
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
export function goesDying(actor: Pick<ActorSource, "kind" | "important">): boolean {
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
  const { dealt, adjustments } = adjustForTraits(Math.floor(packet.amount), packet.types, traitSets(actor), options);
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

export function kill(next: ActorSource, events: RuleEvent[], actorId: string, key: string): void {
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
  return { actor: next, events, requests: [] };
}
