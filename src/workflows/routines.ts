/**
 * [SYS-MONSTERS] Rolling a routine from the sheet or the stat block: each power it lists is rolled
 * in turn as the sheet's own attack against the same targets (one card each, Apply and Undo
 * unchanged), then each follow-up against the targets its results chose. What is rolled is decided
 * in src/engine/routines.ts; a routine naming an unknown power is refused naming the field and
 * rolls nothing.
 */
import { routineFrom } from "../data/item-source.js";
import { EngineError } from "../engine/errors.js";
import { routineFollowUps, routineSteps, type RoutinePower, type RoutineResult } from "../engine/routines.js";
import { rollAttack } from "./attack.js";
import { cardData } from "./card-messages.js";
import { fmt } from "./foundry-docs.js";

type Plain = Record<string, unknown>;

/** The item's routine, or null when it is an ordinary power. */
export function routineOf(item: Item.Implementation): ReturnType<typeof routineFrom> {
  return (item.type as string) === "power" ? routineFrom(item.system as unknown as Plain) : null;
}

function powersOf(actor: Actor.Implementation): RoutinePower[] {
  return [...actor.items]
    .filter((i) => (i.type as string) === "power")
    .map((i) => ({ id: i.id ?? "", name: i.name ?? "", isRoutine: routineOf(i) !== null }));
}

/** Each target's hit or miss on a posted attack card (targets whose outcome the card hides are left out). */
function resultsOf(message: ChatMessage, powerId: string): RoutineResult[] {
  const card = cardData(message, "attack");
  const out: RoutineResult[] = [];
  for (const t of card?.targets ?? [])
    if (typeof t.outcome?.isHit === "boolean") out.push({ powerId, targetId: t.uuid, isHit: t.outcome.isHit });
  return out;
}

/**
 * Roll a routine: resolves the cards posted (empty when refused or the first attack was cancelled).
 * The routine's own usage and action are the caller's to spend.
 */
export async function rollRoutine(
  actor: Actor.Implementation,
  item: Item.Implementation,
  options: { fastForward?: boolean } = {},
): Promise<ChatMessage[]> {
  const routine = routineOf(item);
  if (!routine) return [];
  const powers = powersOf(actor);
  let steps;
  try {
    steps = routineSteps(item.id ?? "", routine, powers);
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    ui.notifications?.error(fmt("D20C.Routine.Refused", { name: item.name ?? "", problem: err.message }));
    return [];
  }
  const tokens = [...game.user.targets];
  const posted: ChatMessage[] = [];
  const results: RoutineResult[] = [];
  for (const step of steps) {
    const power = actor.items.get(step.powerId);
    if (!power) continue;
    const message = await rollAttack(actor, power, { ...options, tokens, inRoutine: true });
    if (!message) break;
    posted.push(message);
    results.push(...resultsOf(message, step.powerId));
  }
  if (posted.length < steps.length) return posted;
  for (const follow of routineFollowUps(routine, powers, results)) {
    const power = actor.items.get(follow.powerId);
    const chosen = tokens.filter((t) => follow.targetIds.includes(t.document.uuid ?? ""));
    if (!power || chosen.length === 0) continue;
    const message = await rollAttack(actor, power, { ...options, tokens: chosen, inRoutine: true });
    if (message) posted.push(message);
  }
  return posted;
}
