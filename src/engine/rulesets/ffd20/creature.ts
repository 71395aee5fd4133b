/**
 * [SYS-MONSTERS] FFd20 creatures as the 4th-edition family builds them (pure): a minion takes no
 * damage from a miss or an effect on a miss; elites and solos add their rank's bonus to saving
 * throws.
 */
import type { StepResult } from "../../creatures.js";
import { noneLeft, type CreatureSpend, type SpendDecision } from "../../creature-spends.js";
import type { ActorSource, DamagePacket, TurnContext, TurnStep } from "../../types.js";

/** [SYS-MONSTERS] a minion hit by a miss's damage (half damage, a miss effect) takes none of it. */
export function minionMissStep(actor: ActorSource, packet: DamagePacket): StepResult | null {
  if (actor.rank !== "minion" || packet.missed !== true || packet.amount <= 0) return null;
  return { amount: 0, adjustments: [{ key: "minion", label: "D20C.Creature.FF.minionMiss", value: -packet.amount }] };
}

/** The saving throw bonus a monster's rank gives: elite +2, solo +5 (the 4th-edition family's). */
export function rankSaveBonus(actor: Pick<ActorSource, "kind" | "rank">): number {
  if (actor.kind !== "npc") return 0;
  return actor.rank === "elite" ? 2 : actor.rank === "solo" ? 5 : 0;
}

/** [SYS-MONSTERS] At the start of its turn the tracker says how many action points a creature has to spend (an extra action each). */
export function actionPointNotice(ctx: TurnContext): TurnStep[] {
  const me = ctx.combatants.find((c) => c.id === ctx.combatantId);
  const left = me?.actor.actionPoints?.value ?? 0;
  if (!me || left <= 0 || me.actor.state === "dead") return [];
  return [
    {
      kind: "notice",
      event: { key: "D20C.Creature.Event.actionPoints", data: { name: me.name, left }, actorId: me.actorId },
    },
  ];
}

/** [FF-ACTIONPOINTS] A creature's action points as the tracker's spend button shows them (none when it has none). */
export function actionPointSpends(actor: ActorSource): CreatureSpend[] {
  const ap = actor.actionPoints;
  if (!ap || (ap.max <= 0 && ap.value <= 0)) return [];
  return [{ key: "actionPoint", label: "D20C.Spend.actionPoint", left: ap.value, max: ap.max }];
}

/**
 * [FF-ACTIONPOINTS] Spend an action point: one left, on the creature's own turn (the 4th-edition
 * family's rule), not while it is down. The point is taken off, and the turn gains one standard
 * action (which pays for a move or minor action too), shown in its action pills.
 */
export function spendActionPoint(ctx: TurnContext, combatantId: string, key: string): SpendDecision {
  const me = ctx.combatants.find((c) => c.id === combatantId);
  if (!me || key !== "actionPoint") return { ok: false, reason: "D20C.Spend.Refused.Unknown" };
  const ap = me.actor.actionPoints ?? { value: 0, max: 0 };
  if (ap.value <= 0) return noneLeft(me.name);
  if (me.actor.state !== "active") return { ok: false, reason: "D20C.Spend.Refused.Down", data: { name: me.name } };
  if (ctx.combatantId !== combatantId)
    return { ok: false, reason: "D20C.Spend.Refused.OwnTurn", data: { name: me.name } };
  return {
    ok: true,
    steps: [
      {
        kind: "updateActor",
        actorId: me.actorId,
        changes: { actionPoints: { ...ap, value: ap.value - 1 } },
        label: "D20C.Spend.Step.actionPoint",
        data: { left: ap.value - 1 },
      },
    ],
    grant: "standard",
  };
}
