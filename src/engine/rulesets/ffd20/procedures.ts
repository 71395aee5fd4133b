/**
 * FFd20 table procedures, decided as the shared procedure steps (src/engine/actions.ts): sustaining
 * an effect with its named action ([FF-SUSTAIN], [FF-ACTIONS]), moving out of threatened squares
 * with the opportunity attacks it offers, skipping enemies that cannot see the mover ([FF-INVIS]),
 * and where a push, pull or slide takes the target ([FF-FORCED]).
 */
import { plainOutcome, procedure, type ProcedureInput, type ProcedureOutcome } from "../../actions.js";
import { type ProcedurePlan, type ProcedureRoll, type ProcedureSpec } from "../../actions.js";
import { EngineError, requireFinite } from "../../errors.js";
import { FORCED_MAX_SQUARES } from "../../item-fields.js";
import { abilityModifier } from "../../common.js";
import { d20Plus } from "../../resolution.js";
import type { ActorSource, EffectSource, ForcedMovement, RollRequest, Square } from "../../types.js";
import { halfLevel } from "./attack.js";
import { expandConditions, seesCreature } from "./data.js";

/** i18n namespace of the game's procedure names. */
const K = `D20C.FF`;

export const FF_PROCEDURES: readonly ProcedureSpec[] = [
  procedure(K, "sustain", "minor", "effect", { effects: "sustain" }),
  procedure(K, "move", "move", "targets"),
  procedure(K, "shift", "move", "self"),
  // [FF-INVIS] the procedures around an unseen creature: Stealth (made with the move it ends),
  // a Perception check (a minor action) to locate a creature hidden from you.
  procedure(K, "stealth", "free", "targets"),
  procedure(K, "perception", "minor", "target"),
  // [FF-CA] once per encounter, a Bluff check to gain combat advantage against a target.
  procedure(K, "bluff", "standard", "target"),
];

/** Procedure memory mark: the round the once-per-encounter Bluff was tried ([FF-CA]). */
const BLUFF_MARK = "bluff";

/** A skill check's bonus as the system reads it: ½ level + the ability modifier (no skill training is stored). */
function checkBonus(actor: ActorSource, ability: "dex" | "wis" | "cha"): number {
  return halfLevel(actor.level) + abilityModifier(actor.abilities[ability]);
}

/** A creature's passive check: 10 + its check bonus with that ability. */
function passive(actor: ActorSource, ability: "dex" | "wis" | "cha"): number {
  return 10 + checkBonus(actor, ability);
}

/** The roll of a check procedure (d20 + ½ level + ability modifier), compared with each target by the resolver. */
function checkRoll(input: ProcedureInput, id: string, ability: "dex" | "wis" | "cha"): RollRequest {
  return {
    kind: "procedure",
    actorId: input.actorId,
    formula: d20Plus(checkBonus(input.actor, ability)),
    target: null,
    against: "total",
    label: `${K}.Procedure.${id}.Roll`,
    data: { procedure: id, ability },
  };
}

/** Grid distance in squares (diagonals count as one). */
function squareDistance(a: Square, b: Square): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

/**
 * [FF-FORCED] Check a forced-movement path of the target, square by square, starting from where it
 * stands. Push: every square farther from the creature doing the pushing; pull: every square
 * closer; slide: any direction. Each step goes to an adjacent square, at most `squares` steps.
 * Returns the index of the first illegal step, or -1 when the path is legal.
 */
function firstIllegalForcedStep(
  kind: ForcedMovement["kind"],
  origin: Square,
  start: Square,
  path: readonly Square[],
  squares: number,
): number {
  let at = start;
  for (let i = 0; i < path.length; i++) {
    const next = path[i] as Square;
    if (i >= squares) return i;
    if (squareDistance(at, next) !== 1) return i;
    const before = squareDistance(at, origin);
    const after = squareDistance(next, origin);
    if (kind === "push" && after <= before) return i;
    if (kind === "pull" && after >= before) return i;
    if (kind === "pull" && after < 1) return i;
    at = next;
  }
  return -1;
}

/**
 * [FF-FORCED] The squares a push, pull or slide of `squares` moves the target through, from
 * `start`, by the creature at `origin`: push straight away from it, pull straight toward it
 * (stopping next to it), slide in the chosen `direction` (a unit step). Stops early where a step
 * would break the kind's rule; every path returned passes the square-by-square check.
 */
export function forcedPath(
  move: ForcedMovement,
  origin: Square,
  start: Square,
  direction: Square | null = null,
): Square[] {
  const squares = requireFinite("forced.squares", move.squares);
  if (!Number.isInteger(squares) || squares < 0 || squares > FORCED_MAX_SQUARES)
    throw new EngineError("forced.squares", `must be a whole number from 0 to ${FORCED_MAX_SQUARES}`, squares);
  if (!["push", "pull", "slide"].includes(move.kind))
    throw new EngineError("forced.kind", `unknown forced movement "${String(move.kind)}"`, move.kind);
  const toward = { x: Math.sign(origin.x - start.x), y: Math.sign(origin.y - start.y) };
  const step =
    move.kind === "push"
      ? { x: -toward.x, y: -toward.y }
      : move.kind === "pull"
        ? toward
        : { x: Math.sign(direction?.x ?? 0), y: Math.sign(direction?.y ?? 0) };
  if (step.x === 0 && step.y === 0) return [];
  const path: Square[] = [];
  let at = start;
  for (let i = 0; i < squares; i++) {
    const next = { x: at.x + step.x, y: at.y + step.y };
    if (firstIllegalForcedStep(move.kind, origin, start, [...path, next], squares) !== -1) break;
    path.push(next);
    at = next;
  }
  return path;
}

/**
 * [FF-INVIS] Whether leaving a square next to `observer` can provoke an opportunity attack from it:
 * an invisible mover provokes nothing from an enemy that cannot see it, and one whose sense or
 * effect lets it see invisible creatures sees it; a blinded, stunned or unconscious enemy sees nothing.
 */
function provokesFrom(mover: ActorSource, observer: ActorSource): boolean {
  const o = expandConditions(observer.conditions);
  if (o.has("unconscious") || o.has("stunned")) return false;
  return seesCreature(observer.conditions, mover.conditions);
}

/** [FF-SUSTAIN]/[FF-ACTIONS] The action a sustained effect costs each turn (a minor by default). */
function sustainAction(effect: Pick<EffectSource, "sustain">): "standard" | "move" | "minor" {
  return effect.sustain ?? "minor";
}

function spec(id: string): ProcedureSpec {
  const s = FF_PROCEDURES.find((p) => p.id === id);
  if (!s) throw new EngineError("procedure.id", `FFd20 has no procedure "${id}"`, id);
  return s;
}

/**
 * [FF-SUSTAIN] Why the chosen effect cannot be sustained now, or null: only in combat, on the
 * creator's own turn, from the turn after it was made (armed), once a turn.
 */
function sustainRefusal(input: ProcedureInput): string | null {
  const effect = input.effects.find((e) => e.id === input.choice);
  if (!effect || effect.duration !== "sustain") return "D20C.Actions.Refused.NoEffect";
  if (input.round === null) return "D20C.FF.Procedure.sustain.NotInCombat";
  if (!input.ownTurn) return "D20C.FF.Procedure.sustain.NotYourTurn";
  if (!effect.armed) return "D20C.FF.Procedure.sustain.NotYet";
  if (effect.sustainedRound === input.round) return "D20C.FF.Procedure.sustain.Already";
  return null;
}

/** [FF-CA] Why the Bluff cannot be tried now, or null: once per encounter, in combat. */
function bluffRefusal(input: ProcedureInput): string | null {
  if (input.round === null) return "D20C.FF.Procedure.bluff.NotInCombat";
  if (input.memory.marks[BLUFF_MARK] !== undefined) return "D20C.FF.Procedure.bluff.Already";
  return null;
}

export function planProcedure(id: string, input: ProcedureInput): ProcedurePlan {
  spec(id);
  switch (id) {
    case "sustain":
      return { refusal: sustainRefusal(input), requests: [] };
    case "stealth":
      return { refusal: null, requests: [checkRoll(input, id, "dex")] };
    case "perception":
      return { refusal: null, requests: [checkRoll(input, id, "wis")] };
    case "bluff": {
      const refusal = bluffRefusal(input);
      return { refusal, requests: refusal ? [] : [checkRoll(input, id, "cha")] };
    }
    default:
      return { refusal: null, requests: [] };
  }
}

/** The total of the procedure's one check roll. */
function checkTotal(id: string, rolls: readonly ProcedureRoll[]): number {
  const roll = rolls[0];
  if (!roll) throw new EngineError(`procedure.${id}`, "needs its check roll", rolls);
  return requireFinite(`procedure.${id}.total`, roll.result.total);
}

export function resolveProcedure(id: string, input: ProcedureInput, rolls: readonly ProcedureRoll[]): ProcedureOutcome {
  switch (id) {
    case "sustain": {
      const refusal = sustainRefusal(input);
      const effect = input.effects.find((e) => e.id === input.choice);
      if (refusal || !effect || input.round === null) throw new EngineError("procedure.sustain", refusal ?? "", effect);
      return {
        ...plainOutcome(spec(id), [
          { key: "D20C.FF.Event.Sustained", data: { name: effect.name }, actorId: input.actorId },
        ]),
        effectChanges: [{ holderId: effect.holderId, id: effect.id, changes: { sustainedRound: input.round } }],
        spend: sustainAction(effect),
      };
    }
    case "move": {
      // Leaving the targeted enemies' squares offers each an opportunity attack, unless it cannot
      // see the mover ([FF-INVIS]).
      const provoked = input.targets.filter((t) => provokesFrom(input.actor, t.actor));
      const unseen = input.targets.length - provoked.length;
      const events = [
        { key: "D20C.FF.Event.MovedProvoking", data: { count: provoked.length, unseen }, actorId: input.actorId },
      ];
      const prompts = provoked.map((t) => ({ creatureId: t.id, key: "D20C.FF.Prompt.OpportunityAttack" }));
      return { ...plainOutcome(spec(id), events), prompts };
    }
    case "shift":
      return plainOutcome(spec(id), [{ key: "D20C.FF.Event.Shifted", actorId: input.actorId }]);
    case "stealth": {
      // [FF-INVIS] Stealth against each targeted enemy's passive Perception (10 + ½ level + Wis):
      // beaten, the creature is hidden from it (it cannot tell which square the creature is in).
      const total = checkTotal(id, rolls);
      const events = input.targets.map((t) => {
        const dc = passive(t.actor, "wis");
        const key = total >= dc ? "D20C.FF.Event.HiddenFrom" : "D20C.FF.Event.NoticedBy";
        return { key, data: { name: t.name, total, dc }, actorId: input.actorId };
      });
      if (!events.length)
        events.push({ key: "D20C.FF.Event.StealthRolled", data: { name: "", total, dc: 0 }, actorId: input.actorId });
      return plainOutcome(spec(id), events);
    }
    case "perception": {
      // [FF-INVIS] Perception against the target's passive Stealth (10 + ½ level + Dex): met, the
      // user knows the square it is in (it is still unseen if invisible).
      const target = input.targets[0];
      if (!target) throw new EngineError("procedure.perception", "needs one target", input.targets);
      const total = checkTotal(id, rolls);
      const dc = passive(target.actor, "dex");
      const key = total >= dc ? "D20C.FF.Event.Located" : "D20C.FF.Event.NotLocated";
      return plainOutcome(spec(id), [{ key, data: { name: target.name, total, dc }, actorId: input.actorId }]);
    }
    case "bluff": {
      // [FF-CA] once per encounter: Bluff against the target's passive Insight (10 + ½ level + Wis);
      // beaten, the bluffer has combat advantage against it until the end of its next turn.
      const refusal = bluffRefusal(input);
      const target = input.targets[0];
      if (refusal || !target || input.round === null)
        throw new EngineError("procedure.bluff", refusal ?? "needs one target", input.targets);
      const total = checkTotal(id, rolls);
      const dc = passive(target.actor, "wis");
      const key = total >= dc ? "D20C.FF.Event.Bluffed" : "D20C.FF.Event.NotBluffed";
      return {
        ...plainOutcome(spec(id), [{ key, data: { name: target.name, total, dc }, actorId: input.actorId }]),
        memory: { ...input.memory, marks: { ...input.memory.marks, [BLUFF_MARK]: input.round } },
      };
    }
    default:
      throw new EngineError("procedure.id", `FFd20 has no procedure "${id}"`, id);
  }
}
