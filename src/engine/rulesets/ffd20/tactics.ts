/**
 * FFd20 table procedures the engine can still decide as pure functions: forced movement
 * ([FF-FORCED]), cover from creatures ([FF-COVER]), opportunity attacks against the invisible
 * ([FF-INVIS]) and what sustaining costs ([FF-SUSTAIN], [FF-ACTIONS]).
 */
import { EngineError, requireFinite } from "../../errors.js";
import type { EffectSource, RangeKind, Situation } from "../../types.js";
import { expandConditions } from "./data.js";

/** A grid square (column, row). */
export interface Square {
  x: number;
  y: number;
}

export type ForcedKind = "push" | "pull" | "slide";

/** [FF-FORCED] What each kind of forced movement allows, for the adapter to show. */
export const FF_FORCED_MOVEMENT: readonly { kind: ForcedKind; label: string; hint: string }[] = [
  { kind: "push", label: "D20C.FF.Forced.Push", hint: "D20C.FF.Forced.PushHint" },
  { kind: "pull", label: "D20C.FF.Forced.Pull", hint: "D20C.FF.Forced.PullHint" },
  { kind: "slide", label: "D20C.FF.Forced.Slide", hint: "D20C.FF.Forced.SlideHint" },
];

/** Grid distance in squares (diagonals count as one). */
export function squareDistance(a: Square, b: Square): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

/**
 * [FF-FORCED] Check a forced-movement path of the target, square by square, starting from where it
 * stands. Push: every square farther from the creature doing the pushing; pull: every square
 * closer; slide: any direction. Each step goes to an adjacent square, at most `squares` steps.
 * Returns the index of the first illegal step, or -1 when the path is legal.
 */
export function firstIllegalForcedStep(
  kind: ForcedKind,
  origin: Square,
  start: Square,
  path: readonly Square[],
  squares: number,
): number {
  requireFinite("forced.squares", squares);
  if (!["push", "pull", "slide"].includes(kind))
    throw new EngineError("forced.kind", `unknown forced movement "${String(kind)}"`, kind);
  let at = start;
  for (let i = 0; i < path.length; i++) {
    const next = path[i] as Square;
    if (i >= squares) return i;
    if (squareDistance(at, next) !== 1) return i;
    const before = squareDistance(at, origin);
    const after = squareDistance(next, origin);
    if (kind === "push" && after <= before) return i;
    if (kind === "pull" && after >= before) return i;
    at = next;
  }
  return -1;
}

/**
 * [FF-COVER] Cover given by creatures in the way: enemies of the attacker give cover against a
 * ranged attack only; allies never do; nobody does against melee, close or area attacks.
 */
export function creatureCover(range: RangeKind, enemiesInTheWay: boolean): Situation["cover"] {
  return range === "ranged" && enemiesInTheWay ? "partial" : "none";
}

/**
 * [FF-INVIS] Whether leaving a square next to `observer` can provoke an opportunity attack from it:
 * an invisible mover provokes nothing from an enemy that cannot see it (blinded observers see nothing).
 */
export function provokesFrom(
  mover: { conditions: readonly string[] },
  observer: { conditions: readonly string[]; seesInvisible?: boolean },
): boolean {
  const m = expandConditions(mover.conditions);
  const o = expandConditions(observer.conditions);
  if (o.has("unconscious") || o.has("stunned")) return false;
  if (o.has("blinded")) return false;
  if (m.has("invisible") && !observer.seesInvisible) return false;
  return true;
}

/** [FF-SUSTAIN]/[FF-ACTIONS] The action a sustained effect costs each turn (null = not sustained). */
export function sustainAction(
  effect: Pick<EffectSource, "duration" | "sustain">,
): "standard" | "move" | "minor" | null {
  return effect.duration === "sustain" ? (effect.sustain ?? "minor") : null;
}

/**
 * [FF-SUSTAIN] The change that records sustaining an effect in `round`. Refused before the turn
 * after the effect was made (not yet armed) and more than once a turn.
 */
export function sustainChanges(effect: EffectSource, round: number): Partial<EffectSource> {
  if (effect.duration !== "sustain")
    throw new EngineError("effect.duration", "only a sustained effect can be sustained", effect.duration);
  if (!effect.armed)
    throw new EngineError(
      "effect.armed",
      "a sustained effect can be sustained from the turn after it was made",
      effect.armed,
    );
  if (effect.sustainedRound === round)
    throw new EngineError("effect.sustainedRound", "already sustained this turn", round);
  return { sustainedRound: round };
}
