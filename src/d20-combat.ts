/**
 * d20 Combat — entry point. Registration only: every hook here delegates to a module.
 */
import { SYSTEM_ID } from "./constants.js";
import { collectRulesets } from "./active-ruleset.js";
import { registerSettings } from "./settings.js";
import { registerDataModels } from "./data/register.js";
import { registerDocuments } from "./documents/register.js";
import { registerSheets } from "./applications/sheets/register.js";
import { registerCombat } from "./applications/combat/register.js";
import { registerForecast } from "./applications/forecast/register.js";
import { registerAttackWorkflow } from "./workflows/register.js";
import { registerChatCards } from "./applications/chat/register.js";
import { registerSelfTest } from "./applications/self-test.js";
import { registerApi } from "./api.js";
import { registerRuleset } from "./engine/registry.js";
import { BUILT_IN_RULESETS } from "./engine/rulesets/index.js";
import { registerImport } from "./applications/import/register.js";
import { registerPrecompiledTemplates } from "./applications/precompiled-templates.js";

// [SYS-RULESET] The built-in games register like any other game, before a module's (init work).
for (const ruleset of BUILT_IN_RULESETS) registerRuleset(ruleset);

Hooks.once("init", () => {
  console.log(`${SYSTEM_ID} | Initializing d20 Combat`);
  collectRulesets();
  // [SYS-RELEASE] before anything loads a template: the first renders skip compiling.
  registerPrecompiledTemplates();
  registerSettings();
  registerDataModels();
  registerDocuments();
  registerSheets();
  registerCombat();
  registerForecast();
  registerAttackWorkflow();
  registerChatCards();
  registerSelfTest();
  registerApi();
  registerImport();
});
