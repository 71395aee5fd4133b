/**
 * [SYS-MONSTERS] Routines (pure): a power that makes other powers of the same creature — 5e
 * "Multiattack: one bite and two claws", 4e "makes two claw attacks", 13th Age "if both claws hit
 * the same target, make a bite attack as a free action". The routine lists the powers it makes
 * (by item id or name, each a number of times) and follow-ups judged per target on the earlier
 * results (a hit, a miss, every counted attack a hit). These functions decide what is rolled;
 * the adapter rolls each as the sheet's own attack (its card, Apply and Undo unchanged).
 */
import { EngineError } from "./errors.js";

/** When a follow-up fires against a target: one counted attack hit it, one missed it, or every one hit. */
export const ROUTINE_WHEN = ["hit", "miss", "allHit"] as const;
type RoutineWhen = (typeof ROUTINE_WHEN)[number];

/** The most times one listed power is made by a routine. */
export const ROUTINE_COUNT_MAX = 10;

/** A power item's `system.routine` as stored (item-fields `routine`). */
export interface RoutineSpec {
  attacks: { power: string; count: number }[];
  followUps: { power: string; when: RoutineWhen; of: string }[];
}

/** One power of the creature as a routine reads it. */
export interface RoutinePower {
  id: string;
  name: string;
  /** The power is itself a routine (a routine may not make one). */
  isRoutine: boolean;
}

/** One attack the routine makes: the power's id and name, and which of its `count` this is (1-based). */
export interface RoutineStep {
  powerId: string;
  name: string;
  nth: number;
}

/** The outcome of one attack against one target, as the follow-ups read it. */
export interface RoutineResult {
  powerId: string;
  targetId: string;
  isHit: boolean;
}

/** A follow-up to roll: the power and the targets (in first-seen order) it is made against. */
export interface RoutineFollowUp {
  powerId: string;
  name: string;
  targetIds: string[];
}

/** The power a routine row names: its item id, else its name (trimmed, case-insensitive). */
function powerNamed(ref: string, powers: readonly RoutinePower[]): RoutinePower | undefined {
  const want = ref.trim();
  if (want === "") return undefined;
  return powers.find((p) => p.id === want) ?? powers.find((p) => p.name.trim().toLowerCase() === want.toLowerCase());
}

function resolveRow(ref: string, field: string, selfId: string, powers: readonly RoutinePower[]): RoutinePower {
  const p = powerNamed(ref, powers);
  if (!p) throw new EngineError(field, `no power "${ref}" on this creature`, ref);
  if (p.id === selfId || p.isRoutine) throw new EngineError(field, `"${ref}" is a routine itself`, ref);
  return p;
}

/**
 * The attacks a routine makes, in order, each listed power `count` times; its follow-ups' powers
 * checked too. Throws an `EngineError` naming the field (`system.routine.attacks.0.power`) for an
 * unknown power, the routine itself, another routine or a bad count: nothing is rolled then.
 */
export function routineSteps(selfId: string, routine: RoutineSpec, powers: readonly RoutinePower[]): RoutineStep[] {
  if (routine.attacks.length === 0) throw new EngineError("system.routine.attacks", "lists no power", []);
  const steps: RoutineStep[] = [];
  routine.attacks.forEach((row, i) => {
    const p = resolveRow(row.power, `system.routine.attacks.${i}.power`, selfId, powers);
    const count = row.count;
    if (!Number.isInteger(count) || count < 1 || count > ROUTINE_COUNT_MAX)
      throw new EngineError(`system.routine.attacks.${i}.count`, `must be 1 to ${ROUTINE_COUNT_MAX}`, count);
    for (let n = 1; n <= count; n++) steps.push({ powerId: p.id, name: p.name, nth: n });
  });
  routine.followUps.forEach((row, i) => {
    resolveRow(row.power, `system.routine.followUps.${i}.power`, selfId, powers);
    if (row.of.trim() !== "") resolveRow(row.of, `system.routine.followUps.${i}.of`, selfId, powers);
  });
  return steps;
}

/**
 * The follow-ups the results call for, judged per target: `hit` = one counted attack hit it,
 * `miss` = one missed it, `allHit` = it was attacked and every counted attack hit. Counted = the
 * attacks of the follow-up's `of` power, or every attack when `of` is blank. Call after
 * `routineSteps` accepted the routine.
 */
export function routineFollowUps(
  routine: RoutineSpec,
  powers: readonly RoutinePower[],
  results: readonly RoutineResult[],
): RoutineFollowUp[] {
  const out: RoutineFollowUp[] = [];
  for (const row of routine.followUps) {
    const p = powerNamed(row.power, powers);
    if (!p) continue;
    const of = row.of.trim() === "" ? null : (powerNamed(row.of, powers)?.id ?? null);
    const counted = results.filter((r) => of === null || r.powerId === of);
    const targetIds: string[] = [];
    for (const targetId of new Set(counted.map((r) => r.targetId))) {
      const mine = counted.filter((r) => r.targetId === targetId);
      const fires =
        row.when === "hit"
          ? mine.some((r) => r.isHit)
          : row.when === "miss"
            ? mine.some((r) => !r.isHit)
            : mine.length > 0 && mine.every((r) => r.isHit);
      if (fires) targetIds.push(targetId);
    }
    if (targetIds.length) out.push({ powerId: p.id, name: p.name, targetIds });
  }
  return out;
}
