/**
 * Power usage and rests, decided (pure): what one use does to a power's usage, which powers come
 * back (or roll their recharge) when a battle ends or at a rest, what a recharge roll does, and a
 * whole rest for one actor: the ruleset's changes to the actor, the rolls it asks for (recovery
 * dice), and the powers it brings back. The Foundry side (src/workflows/power-usage.ts) rolls and writes.
 */
import {
  effectsEndingAtRest,
  isSpent,
  rechargeSucceeds,
  refreshedUsage,
  refreshPower,
  restRefusal,
  spendPower,
  takeRest,
  type RestEffects,
} from "../powers.js";
import type { Ruleset } from "../ruleset.js";
import type { ActorSource, PowerMoment, PowerRefresh, PowerUsageState, RuleEvent, RuleOptions } from "../types.js";
import { runRequests, type RequestRoller, type ResolvedRequest } from "./requests.js";

/** One power item as usage reads it. */
export interface PowerItemState {
  id: string;
  name: string;
  usage: PowerUsageState;
}

/** A use of a power: whether it was spent already (the user confirmed using it anyway) and its usage after. */
export function decideUse(ruleset: Ruleset, usage: PowerUsageState): { wasSpent: boolean; next: PowerUsageState } {
  return { wasSpent: isSpent(ruleset, usage), next: spendPower(ruleset, usage) };
}

/** A recharge roll to make for a spent power. */
export interface RechargeToMake {
  id: string;
  name: string;
  refresh: Extract<PowerRefresh, { kind: "recharge" }>;
  usage: PowerUsageState;
}

/** What a moment does to an actor's powers: which are fresh again, which roll their recharge. */
export function powersAtMoment(
  ruleset: Ruleset,
  powers: readonly PowerItemState[],
  moment: PowerMoment,
): { resets: { id: string; name: string; usage: PowerUsageState }[]; recharges: RechargeToMake[] } {
  const resets: { id: string; name: string; usage: PowerUsageState }[] = [];
  const recharges: RechargeToMake[] = [];
  for (const p of powers) {
    const refresh = refreshPower(ruleset, p.usage, moment);
    if (refresh.kind === "reset") resets.push({ id: p.id, name: p.name, usage: refreshedUsage(p.usage) });
    else if (refresh.kind === "recharge") recharges.push({ id: p.id, name: p.name, refresh, usage: p.usage });
  }
  return { resets, recharges };
}

/** A recharge roll's answer: back (fresh) when the total reaches the target, else still spent. */
export function rechargeOutcome(
  recharge: RechargeToMake,
  total: number,
): { back: boolean; usage: PowerUsageState; event: RuleEvent } {
  const back = rechargeSucceeds(recharge.refresh, total);
  return {
    back,
    usage: back ? refreshedUsage(recharge.usage) : structuredClone(recharge.usage),
    event: {
      key: back ? "D20C.Power.Recharge.back" : "D20C.Power.Recharge.stays",
      data: { name: recharge.name, total, target: recharge.refresh.target },
    },
  };
}

export interface RestOutcome {
  /** The actor's new source: write it in one update. */
  next: ActorSource;
  events: RuleEvent[];
  /** Rolls the rest asked for (recovery dice), made and resolved. */
  rolls: ResolvedRequest[];
  /** Powers the rest brings back, with their fresh usage. */
  powers: { id: string; name: string; usage: PowerUsageState }[];
  /** Ids of the actor's effects the rest ends (delete them). */
  endedEffects: string[];
  /** The effects the rest ends on other creatures (those the actor made), by bearer. */
  endedOnOthers: { bearer: string; effectIds: string[] }[];
  /** Why the creature may not rest now; when set, nothing else changes. */
  refusal: RuleEvent | null;
}

/**
 * One actor's rest: refused while it sustains an effect where the game forbids it; else the
 * ruleset's changes and rolls, the powers it brings back and the effects that end (on it, and
 * those it made on others).
 */
export async function decideRest(
  ruleset: Ruleset,
  actor: ActorSource,
  actorId: string,
  rest: string,
  powers: readonly PowerItemState[],
  roll: RequestRoller,
  options: RuleOptions,
  effects: RestEffects,
): Promise<RestOutcome> {
  const refusal = restRefusal(ruleset, effects, rest);
  if (refusal)
    return {
      next: structuredClone(actor),
      events: [],
      rolls: [],
      powers: [],
      endedEffects: [],
      endedOnOthers: [],
      refusal,
    };
  const answer = takeRest(ruleset, actor, rest, options, actorId);
  const followed = await runRequests(ruleset, answer.actor, actorId, answer.requests, roll, options);
  const { resets } = powersAtMoment(ruleset, powers, { kind: "rest", rest });
  const ended = effectsEndingAtRest(effects);
  return {
    next: followed.actor,
    events: [
      ...answer.events,
      ...followed.events,
      ...ended.own.map((e) => ({ key: "D20C.Power.Rest.EffectEnds", data: { effect: e.name }, actorId })),
      ...ended.others.flatMap((o) =>
        o.effects.map((e) => ({
          key: "D20C.Power.Rest.EffectEndsOn",
          data: { effect: e.name, name: o.name },
          actorId,
        })),
      ),
    ],
    rolls: followed.rolls,
    powers: resets,
    endedEffects: ended.own.map((e) => e.id),
    endedOnOthers: ended.others.map((o) => ({ bearer: o.bearer, effectIds: o.effects.map((e) => e.id) })),
    refusal: null,
  };
}

/**
 * The item update that stores a usage (only the fields usage owns; [SYS-MONSTERS] whether its
 * creature's first bloodying was counted, for a power that comes back then).
 */
export function usageUpdate(usage: PowerUsageState): {
  system: { used: boolean; uses: { spent: number; max: number }; bloodiedSeen?: boolean };
} {
  const system = { used: usage.used, uses: { spent: usage.uses.spent, max: usage.uses.max } };
  return { system: usage.rechargeBloodied ? { ...system, bloodiedSeen: usage.bloodiedSeen === true } : system };
}
