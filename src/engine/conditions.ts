/**
 * Reading a game's condition table: which conditions a list really means once inclusions are
 * followed, and the numbers they add to the bearer's attacks and defenses. Each game's table is the
 * one source of its conditions' mechanics; these functions only read it.
 */
import type { ConditionSpec, Modifier } from "./types.js";

/**
 * Every condition id a list means: each listed id, then what it includes (dying → unconscious),
 * depth first, each once. `also` are ids some other rule imposes (an exhaustion level's).
 */
export function expandConditions(
  table: readonly ConditionSpec[],
  ids: readonly string[],
  also: readonly string[] = [],
): string[] {
  const out = new Set<string>();
  const visit = (id: string): void => {
    if (out.has(id)) return;
    out.add(id);
    for (const inner of table.find((c) => c.id === id)?.implies ?? []) visit(inner);
  };
  for (const id of ids) visit(id);
  for (const id of also) visit(id);
  return [...out];
}

/** The specs of the conditions a list means (see {@link expandConditions}), in that order. */
export function conditionSpecs<S extends ConditionSpec>(table: readonly S[], ids: readonly string[]): S[] {
  return expandConditions(table, ids).flatMap((id) => table.filter((c) => c.id === id));
}

/**
 * What the bearer's conditions add to its attack rolls or to its defenses, one itemised line per
 * condition with a number there (labelled by the condition).
 */
export function conditionModifiers(
  table: readonly ConditionSpec[],
  ids: readonly string[],
  which: "attack" | "defense",
): Modifier[] {
  const out: Modifier[] = [];
  for (const spec of conditionSpecs(table, ids)) {
    const value = spec[which] ?? 0;
    if (value !== 0) out.push({ key: `condition.${spec.id}`, label: spec.label, value });
  }
  return out;
}
