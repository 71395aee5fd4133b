/**
 * [SYS-MONSTERS] FFd20 creatures as the 4th-edition family builds them (pure): a minion takes no
 * damage from a miss or an effect on a miss; elites and solos add their rank's bonus to saving
 * throws.
 */
import type { StepResult } from "../../creatures.js";
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
