/**
 * [SYS-RULESET] The test setup (vitest `setupFiles`): registers the built-in games as the entry
 * point `src/d20-combat.ts` does, before each test file loads, so the engine's core knows them only
 * through its registry. A test file that boots the built bundle gets the bundle's own registry.
 */
import { registerRuleset } from "../../src/engine/registry.js";
import { BUILT_IN_RULESETS } from "../../src/engine/rulesets/index.js";

for (const ruleset of BUILT_IN_RULESETS) registerRuleset(ruleset);
