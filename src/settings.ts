import { SYSTEM_ID } from "./constants.js";
import { RULESET_IDS, type RulesetId } from "./engine/types.js";

/**
 * The default ruleset. The ruleset ids belong to the engine (RULESET_IDS); outside src/engine/rulesets/ and
 * lang/, this file is the only place allowed to spell one (test/project/ruleset-literals.test.ts).
 */
export const DEFAULT_RULESET: RulesetId = "13th-age";

/** Localisation key of each ruleset's label: D20C.Settings.Ruleset.Choices.<id>. */
function rulesetChoices(): Record<RulesetId, string> {
  return Object.fromEntries(RULESET_IDS.map((id) => [id, `D20C.Settings.Ruleset.Choices.${id}`])) as Record<
    RulesetId,
    string
  >;
}

/**
 * Register every system setting. Called once from the `init` hook in src/d20-combat.ts.
 * Add a setting here and its type to `SettingConfig` in src/config.d.ts (keyed "d20-combat.<key>").
 */
export function registerSettings(): void {
  game.settings.register(SYSTEM_ID, "ruleset", {
    name: "D20C.Settings.Ruleset.Name",
    hint: "D20C.Settings.Ruleset.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: rulesetChoices(),
    default: DEFAULT_RULESET,
    requiresReload: true,
  });
}

/** The world's ruleset. Safe from the `init` hook on (after registerSettings). */
export function currentRuleset(): RulesetId {
  return game.settings.get(SYSTEM_ID, "ruleset");
}
