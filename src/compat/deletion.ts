/**
 * Deleting a key in a document update — the one place an update's deletion is spelled
 * ([SYS-RELEASE], issue 37):
 * - v13: the key `-=key` with the value null (API v13 `foundry.utils.mergeObject` option
 *   `performDeletions`, https://foundryvtt.com/api/v13/functions/foundry.utils.mergeObject.html);
 * - v14: the key itself with the `ForcedDeletion` operator (`_del`) as its value (API v14
 *   `foundry.data.operators.ForcedDeletion`, https://foundryvtt.com/api/v14/classes/foundry.data.operators.ForcedDeletion.html);
 *   v14 still reads `-=` but deprecates it, and v16 removes it.
 * No other file in src/ builds a `-=` key (test/project/deletion-keys.test.ts).
 */
import { foundryGeneration } from "./generation.js";

/** What `foundry.data.operators` holds on v14 (absent on v13, and from fvtt-types 13.345.1). */
interface V14Operators {
  ForcedDeletion?: new () => object;
}

/** v14's deletion operator: a new `ForcedDeletion` (the global `_del` is one such instance). */
function forcedDeletion(): object {
  const data = (foundry as unknown as { data?: { operators?: V14Operators } }).data;
  const Del = data?.operators?.ForcedDeletion;
  if (!Del) throw new Error("Foundry v14 without foundry.data.operators.ForcedDeletion");
  return new Del();
}

/** The update entry `[key, value]` that deletes `key` from the object it is written into. */
export function deletionEntry(key: string, generation: number = foundryGeneration()): [string, unknown] {
  return generation >= 14 ? [key, forcedDeletion()] : [`-=${key}`, null];
}
