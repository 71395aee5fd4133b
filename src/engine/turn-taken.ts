/**
 * Turns a combatant did not take ([SYS-EFFECTS], [SYS-TURNS]): what of a turn boundary's plan
 * still happens when the turn was walked past (Next Round pressed mid-round, core's "skip
 * defeated") or belongs to a combatant that does not act this round (surprised, defeated, dead).
 *
 * The rule, for every game: the initiative order still passes the turn, so effects timed by that
 * creature's turns still arm and end ("until the end of its next turn" ends; an unsustained
 * sustain effect ends, since nobody sustained it) — otherwise a defeated creator's effects would
 * outlive it. What the creature itself does on its turn does not happen: no ongoing damage, no
 * saves, no death saves or dying checks, no actor bookkeeping, no notices.
 */
import type { CombatantSource, TurnContext, TurnStep } from "./types.js";

/** Why the turn was not taken, or `taken`. */
export type TurnTaken = "taken" | "walkedPast" | "notActing";

/** How Foundry reported the turn and whether the ruleset lets the combatant act this round. */
export function turnTaken(facts: { walkedPast: boolean; acts: boolean }): TurnTaken {
  if (facts.walkedPast) return "walkedPast";
  return facts.acts ? "taken" : "notActing";
}

/**
 * Steps that only time effects (end them, arm them, and what an ending leaves on its bearer) — the
 * turn passing, not the creature acting.
 */
function timesEffects(step: TurnStep): boolean {
  return (
    step.kind === "removeEffect" ||
    step.kind === "updateEffect" ||
    (step.kind === "updateActor" && step.timing === true)
  );
}

/**
 * Whether a turn that was not taken says so in chat: only a combatant that holds the turn and does
 * not act (surprised, stunned out of its turn…). A defeated or dead combatant posts nothing, and
 * nothing is posted for turns walked past (Foundry already passed them).
 */
function announcesSkip(taken: TurnTaken, c: Pick<CombatantSource, "defeated" | "actor">): boolean {
  return taken === "notActing" && !c.defeated && c.actor.state !== "dead";
}

/**
 * The steps of a turn phase as they run: the plan itself for a turn taken; otherwise only its
 * effect timing, preceded at turn start by the "skips its turn" notice where one is due.
 */
export function stepsForTurn(
  phase: "turnStart" | "turnEnd",
  planned: readonly TurnStep[],
  taken: TurnTaken,
  c: Pick<CombatantSource, "defeated" | "actor" | "name" | "actorId"> | null,
): TurnStep[] {
  if (taken === "taken") return [...planned];
  const timing = planned.filter(timesEffects);
  if (phase === "turnStart" && c && announcesSkip(taken, c)) {
    const notice: TurnStep = {
      kind: "notice",
      event: { key: "D20C.Combat.Step.skipsTurn", data: { name: c.name }, actorId: c.actorId },
    };
    return [notice, ...timing];
  }
  return timing;
}

/**
 * A round's end plan for a round cut short: combatants whose turn in it was walked past (listed in
 * `ctx.walkedPast`) make no rolls and get no bookkeeping of their own; effect timing still runs,
 * and so does a roll the round's end itself asks of every creature (`everyRound` in its data:
 * [WD-DYING] a dying creature's death save at the end of every round).
 */
export function stepsForRoundEnd(
  planned: readonly TurnStep[],
  ctx: Pick<TurnContext, "walkedPast" | "combatants">,
): TurnStep[] {
  const passed = new Set(ctx.walkedPast ?? []);
  if (!passed.size) return [...planned];
  const actors = new Set(ctx.combatants.filter((c) => passed.has(c.id)).map((c) => c.actorId));
  const everyRound = (step: TurnStep) => step.kind === "roll" && step.request.data?.everyRound === true;
  return planned.filter((step) => timesEffects(step) || everyRound(step) || !actors.has(stepActor(step) ?? ""));
}

/** The actor a step is about (null for initiative rerolls and battle-wide notices). */
export function stepActor(step: TurnStep): string | null {
  switch (step.kind) {
    case "roll":
      return step.request.actorId;
    case "rerollInitiative":
      return null;
    case "notice":
      return step.event.actorId ?? null;
    default:
      return step.actorId;
  }
}
