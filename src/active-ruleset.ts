/**
 * The world's active ruleset and its Open-rule option values, read from world settings.
 * Everything outside the engine asks here instead of reading the setting itself.
 */
import { SYSTEM_ID } from "./constants.js";
import { ENGINE_HELPERS, type RegisterRulesetsApi } from "./engine/module-api.js";
import { getRuleset, registerRuleset, sealRulesets } from "./engine/registry.js";
import type { Ruleset } from "./engine/ruleset.js";
import type { RuleOptions, RulesetId } from "./engine/types.js";
import { currentRuleset } from "./settings.js";

/** The hook through which a module adds a game: `Hooks.once("d20-combat.registerRulesets", ({ registerRuleset }) => …)`. */
const REGISTER_RULESETS_HOOK = `${SYSTEM_ID}.registerRulesets` as const;

/**
 * Offer `registerRuleset` and the engine's public helpers ({@link ENGINE_HELPERS}) to every
 * listener of {@link REGISTER_RULESETS_HOOK}, then seal the registry. Called first in the system's `init`, before settings, data models, sheets and status
 * effects are built from the registered games; the built-in games are registered by then. A
 * module listens from its own script, which Foundry evaluates before `init` fires.
 */
export function collectRulesets(): void {
  const api: RegisterRulesetsApi = { registerRuleset, engine: ENGINE_HELPERS };
  Hooks.callAll(REGISTER_RULESETS_HOOK, api);
  sealRulesets();
}

/** The id of the world's active ruleset (world setting `d20-combat.ruleset`). */
export function activeRulesetId(): RulesetId {
  return currentRuleset();
}

/** The world's active ruleset (pure engine module). */
export function activeRuleset(): Ruleset {
  return getRuleset(activeRulesetId());
}

/**
 * Setting key of one Open rule of a ruleset: `<rulesetId>.<optionKey>` under the system namespace,
 * i.e. the full key is `d20-combat.<rulesetId>.<optionKey>`.
 */
function optionSettingKey(rulesetId: RulesetId, optionKey: string): `${RulesetId}.${string}` {
  return `${rulesetId}.${optionKey}`;
}

/**
 * The active ruleset's Open-rule values: each option read from its world setting
 * `d20-combat.<rulesetId>.<optionKey>`, falling back to the option's default when the setting is
 * not registered (yet) or holds a value of the wrong type. `ruleset`: the active one, when the
 * caller has read it already.
 */
export function ruleOptions(ruleset: Ruleset = activeRuleset()): RuleOptions {
  const out: Record<string, string | number | boolean> = {};
  for (const spec of ruleset.options ?? []) {
    let value: unknown = spec.default;
    const key = optionSettingKey(ruleset.id, spec.key);
    try {
      if (game.settings.settings.has(`${SYSTEM_ID}.${key}`)) value = game.settings.get(SYSTEM_ID, key);
    } catch {
      value = spec.default;
    }
    out[spec.key] = typeof value === typeof spec.default ? (value as string | number | boolean) : spec.default;
  }
  return out;
}
