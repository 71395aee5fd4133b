/**
 * [SYS-MONSTERS] Recharge at the start of a creature's turn, decided (pure): which of its spent
 * powers roll their die now (4e "recharge ⚄⚅", 5e "recharge 5–6"), and the turn-summary line each
 * roll makes, with the undo that puts the power's usage back as it was.
 */
import { refreshAtTurnStart, usageKind } from "../powers.js";
import type { Ruleset } from "../ruleset.js";
import type { PowerUsageState, RollRequest, RollResult } from "../types.js";
import { rechargeOutcome, usageUpdate, type PowerItemState, type RechargeToMake } from "./power-usage.js";
import type { ChatLine } from "./turns.js";

/** The recharge rolls the start of a creature's turn makes, one per spent power that recharges then. */
export function turnStartRecharges(
  ruleset: Pick<Ruleset, "powerUsages">,
  powers: readonly PowerItemState[],
): RechargeToMake[] {
  const out: RechargeToMake[] = [];
  for (const p of powers) {
    const refresh = refreshAtTurnStart(ruleset, p.usage);
    if (refresh.kind === "recharge") out.push({ id: p.id, name: p.name, refresh, usage: p.usage });
  }
  return out;
}

/**
 * [SYS-MONSTERS] "Recharges when first bloodied", read at the start of its creature's turn (the
 * first turn it starts bloodied this battle; the choice is on the [SYS-MONSTERS] line of
 * docs/rules.md): each recharge power that comes back then is counted once, and a spent one is
 * fresh again. The update to write for each, and the turn-summary line of each that came back,
 * whose undo spends it again and uncounts the bloodying.
 */
export function bloodiedRecharges(
  ruleset: Pick<Ruleset, "powerUsages">,
  powers: readonly PowerItemState[],
  bloodied: boolean,
  actorKey: string,
): { id: string; update: ReturnType<typeof usageUpdate>; line: ChatLine | null }[] {
  if (!bloodied) return [];
  const out: { id: string; update: ReturnType<typeof usageUpdate>; line: ChatLine | null }[] = [];
  for (const p of powers) {
    const u = p.usage;
    if (!u.rechargeBloodied || u.bloodiedSeen || usageKind(ruleset, u.usage).key !== "recharge") continue;
    const next: PowerUsageState = { ...u, bloodiedSeen: true, ...(u.used ? { used: false } : {}) };
    const line: ChatLine | null = u.used
      ? {
          key: "D20C.Monster.Recharge.bloodied",
          data: { name: p.name },
          actorId: actorKey,
          effectId: null,
          events: [],
          rolls: [],
          undo: {
            actors: [],
            removedEffects: [],
            addedEffects: [],
            updatedEffects: [],
            items: [{ actorId: actorKey, itemId: p.id, before: usageUpdate({ ...u, bloodiedSeen: false }).system }],
          },
          error: null,
        }
      : null;
    out.push({ id: p.id, update: usageUpdate(next), line });
  }
  return out;
}

/** The roll a recharge asks of the turn's dice (the creature's, by its actor key). */
export function rechargeRequest(actorKey: string, recharge: RechargeToMake): RollRequest {
  return {
    kind: "procedure",
    actorId: actorKey,
    formula: recharge.refresh.formula,
    target: recharge.refresh.target,
    against: "total",
    label: "D20C.Monster.Recharge.roll",
    data: { name: recharge.name },
  };
}

/**
 * What a recharge roll does: the power's new usage when it comes back (null = it stays spent), and
 * the turn-summary line saying so, whose undo (when it came back) spends the power again.
 */
export function rechargeLine(
  actorKey: string,
  recharge: RechargeToMake,
  request: RollRequest,
  result: RollResult,
): { update: ReturnType<typeof usageUpdate> | null; line: ChatLine } {
  const outcome = rechargeOutcome(recharge, result.total);
  return {
    update: outcome.back ? usageUpdate(outcome.usage) : null,
    line: {
      key: outcome.event.key,
      data: { ...(outcome.event.data ?? {}) },
      actorId: actorKey,
      effectId: null,
      events: [],
      rolls: [{ request, result, success: outcome.back }],
      undo: outcome.back
        ? {
            actors: [],
            removedEffects: [],
            addedEffects: [],
            updatedEffects: [],
            items: [{ actorId: actorKey, itemId: recharge.id, before: usageUpdate(recharge.usage).system }],
          }
        : null,
      error: null,
    },
  };
}
