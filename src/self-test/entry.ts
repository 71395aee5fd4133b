/**
 * The self-test file (built on its own as d20-combat-selftest.mjs, with Mocha and Chai inside; the
 * system's module loads it only when a GM asks for a run or when Quench is active). It runs the
 * in-Foundry batches in a throwaway folder and scene, either through its bundled Mocha (the
 * settings menu's "Run system self-test") or inside Quench.
 */
import { selfTestBatches, type SelfTestPorts } from "../quench/batches.js";
import type { BatchSpec, Quench, QuenchBatchContext } from "../quench/quench-api.js";
import { requireGM } from "../quench/support.js";
import { showReport } from "./report.js";
import { runSuites, type SelfTestReport } from "./runner.js";
import { closeSandbox, openSandbox } from "./sandbox.js";
import { isRulesetId, registerRuleset } from "../engine/registry.js";
import { BUILT_IN_RULESETS } from "../engine/rulesets/index.js";

// [SYS-RULESET] This entry point's own copy of the engine knows the built-in games as the system's does.
for (const ruleset of BUILT_IN_RULESETS) if (!isRulesetId(ruleset.id)) registerRuleset(ruleset);

export type { SelfTestPorts, SelfTestReport };

/** Open the sandbox before the batches of this suite and delete it after them. */
function sandboxHooks(context: QuenchBatchContext): void {
  context.before(openSandbox);
  context.after(closeSandbox);
}

/** Register every batch with Quench, each in its own sandbox. */
export function registerWithQuench(quench: Quench, ports: SelfTestPorts): void {
  for (const batch of selfTestBatches(ports)) {
    quench.registerBatch(
      batch.key,
      (context) => {
        sandboxHooks(context);
        context.describe(batch.key, () => batch.body(context));
      },
      { displayName: game.i18n.localize(batch.displayNameKey) },
    );
  }
}

export interface SelfTestOptions {
  /** The batches to run (default: every batch). */
  batches?: readonly BatchSpec[];
  /** Mocha's per-test timeout. */
  timeoutMs?: number;
}

/** Run the batches with the bundled Mocha in one sandbox, then show and whisper the report. */
export async function runSelfTest(ports: SelfTestPorts, options: SelfTestOptions = {}): Promise<SelfTestReport> {
  requireGM();
  const batches = options.batches ?? selfTestBatches(ports);
  const report = await runSuites((context) => {
    sandboxHooks(context);
    for (const batch of batches) {
      context.describe(game.i18n.localize(batch.displayNameKey), () => batch.body(context));
    }
  }, options.timeoutMs);
  await showReport(report);
  return report;
}
