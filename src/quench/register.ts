/**
 * Registration of the in-Foundry test batches (Quench). Called once from the init hook; it only
 * listens for Quench's `quenchReady` hook, which never fires when the Quench module is not
 * installed or not active, so without Quench this does nothing. The batches run only when a GM
 * starts them from the Quench window (docs/testing.md).
 */
import { applyHere, undoHere } from "../workflows/apply-damage.js";
import { rollAttack } from "../workflows/attack.js";
import { attacksBatch } from "./attacks.js";
import { documentsBatch } from "./documents.js";
import type { BatchSpec, Quench } from "./quench-api.js";

/** Every batch this file registers, with the real workflow functions. */
export function quenchBatches(): BatchSpec[] {
  return [documentsBatch(), attacksBatch({ rollAttack, apply: applyHere, undo: undoHere })];
}

/** Register our batches with a ready Quench instance. */
export function registerBatches(quench: Quench, batches: readonly BatchSpec[] = quenchBatches()): void {
  for (const batch of batches) {
    quench.registerBatch(batch.key, batch.body, { displayName: game.i18n.localize(batch.displayNameKey) });
  }
}

/** Listen for Quench (a no-op when the module is absent). */
export function registerQuenchBatches(): void {
  Hooks.on("quenchReady", (quench) => registerBatches(quench));
}
