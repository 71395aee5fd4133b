/**
 * Rolls the rules ask for right away (a death save after damage, a rally save, a recovery roll):
 * roll each, feed it back to the ruleset, and follow any further requests, all on one actor's
 * source, so the caller writes the final state in one update. Pure: the roller is injected.
 */
import type { Ruleset } from "../ruleset.js";
import type { ActorSource, RollRequest, RollResult, RuleEvent, RuleOptions } from "../types.js";

/** Rolls one request. The Foundry layer rolls with `Roll`; tests return recorded results. */
export type RequestRoller = (request: RollRequest) => Promise<RollResult>;

/** A request and what was rolled for it. */
export interface ResolvedRequest {
  request: RollRequest;
  result: RollResult;
  /** Whether the roll reached its target (null when it had none). */
  success: boolean | null;
}

export interface RequestsOutcome {
  actor: ActorSource;
  events: RuleEvent[];
  rolls: ResolvedRequest[];
  /** Requests left for another actor (reported, not rolled here). */
  skipped: RollRequest[];
}

/**
 * Did a roll reach the request's target (natural or total, as the request says)? Where the game
 * lets the natural roll decide ([WD-SAVES]: a natural 20 always succeeds, a natural 1 always
 * fails), the shown result follows it.
 */
export function reachedTarget(
  request: RollRequest,
  result: RollResult,
  ruleset?: Pick<Ruleset, "naturalDecides">,
): boolean | null {
  if (request.target === null) return null;
  if (ruleset?.naturalDecides?.(request)) {
    if (result.natural === 20) return true;
    if (result.natural === 1) return false;
  }
  const value = request.against === "natural" ? result.natural : result.total;
  return value === null ? null : value >= request.target;
}

/** Safety net against a ruleset that keeps asking: more than this many chained rolls stops. */
const MAX_CHAINED_ROLLS = 20;

/**
 * Roll and resolve `requests` for the actor `actorId`, in order, following the requests each
 * answer adds. Returns the final source, every event and every roll made.
 */
export async function runRequests(
  ruleset: Ruleset,
  actor: ActorSource,
  actorId: string,
  requests: readonly RollRequest[],
  roll: RequestRoller,
  options: RuleOptions,
): Promise<RequestsOutcome> {
  const queue = [...requests];
  const rolls: ResolvedRequest[] = [];
  const events: RuleEvent[] = [];
  const skipped: RollRequest[] = [];
  let current = actor;
  while (queue.length && rolls.length < MAX_CHAINED_ROLLS) {
    const request = queue.shift() as RollRequest;
    if (request.actorId !== actorId) {
      skipped.push(request);
      continue;
    }
    const result = await roll(request);
    const answer = ruleset.resolveRoll(current, request, result, options);
    current = answer.actor;
    events.push(...answer.events);
    queue.push(...answer.requests);
    rolls.push({ request, result, success: reachedTarget(request, result, ruleset) });
  }
  skipped.push(...queue);
  return { actor: current, events, rolls, skipped };
}
