/**
 * Every in-Foundry batch, in run order. The batches are built into the self-test file
 * (src/self-test/entry.ts), never into the system's module: the module hands them the live
 * workflow functions as ports when it loads that file (src/applications/self-test.ts).
 *
 * To add a batch: write `<name>Batch(ports)` returning a {@link BatchSpec} in its own file here,
 * give it a display-name key under `D20C.Quench.*` in lang/en.json, and list it below.
 */
import { attacksBatch, type AttackPorts } from "./attacks.js";
import { canvasBatch } from "./canvas.js";
import { cardConditionsBatch } from "./card-conditions.js";
import { combatBatch } from "./combat.js";
import { conditionsBatch } from "./conditions.js";
import { documentsBatch } from "./documents.js";
import { generationsBatch } from "./generations.js";
import type { BatchSpec } from "./quench-api.js";

/** The live workflow functions the batches drive. */
export type SelfTestPorts = AttackPorts;

/** Every batch, driving the given workflow functions. */
export function selfTestBatches(ports: SelfTestPorts): BatchSpec[] {
  return [
    documentsBatch(),
    attacksBatch(ports),
    combatBatch(),
    canvasBatch(),
    conditionsBatch(),
    cardConditionsBatch(ports),
    generationsBatch(),
  ];
}
