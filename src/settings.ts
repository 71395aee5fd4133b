import { SYSTEM_ID } from "./constants.js";
import { allRulesets, isRulesetId } from "./engine/registry.js";
import type { Ruleset } from "./engine/ruleset.js";
import type { RulesetId } from "./engine/types.js";

/**
 * The default ruleset. The ruleset ids belong to the engine's registry; outside src/engine/rulesets/ and
 * lang/, this file is the only place allowed to spell one (test/project/ruleset-literals.test.ts).
 */
const DEFAULT_RULESET: RulesetId = "13th-age";

/** Every registered game, by id, with the localisation key of its name. */
function rulesetChoices(): Record<RulesetId, string> {
  return Object.fromEntries(allRulesets().map((r) => [r.id, r.label]));
}

/**
 * The registration data of a world setting shown in Configure Settings, its words under
 * `<words>.Name` and `<words>.Hint`; `rest` gives its type, default and anything else it needs.
 */
export function worldSetting<R extends object>(words: string, rest: R) {
  return { name: `${words}.Name`, hint: `${words}.Hint`, scope: "world" as const, config: true, ...rest };
}

/** A setting's value, or `fallback` before the setting is registered (reading it then throws). */
export function settingOr<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/**
 * Register every system setting. Called once from the `init` hook in src/d20-combat.ts.
 * Add a setting here and its type to `SettingConfig` in src/config.d.ts (keyed "d20-combat.<key>").
 */
export function registerSettings(): void {
  game.settings.register(
    SYSTEM_ID,
    "ruleset",
    worldSetting("D20C.Settings.Ruleset", {
      type: String,
      choices: rulesetChoices(),
      default: DEFAULT_RULESET,
      requiresReload: true,
    }),
  );
  registerRuleOptionSettings();
}

/** One Open-rule world setting: its key under the system namespace and its registration data. */
interface RuleOptionSetting {
  /** `<rulesetId>.<optionKey>`: the full setting id is `d20-combat.<rulesetId>.<optionKey>`. */
  key: `${RulesetId}.${string}`;
  data: {
    name: string;
    hint: string;
    scope: "world";
    config: boolean;
    type: typeof String | typeof Number | typeof Boolean;
    choices?: Record<string, string>;
    default: string | number | boolean;
  };
}

/**
 * The world settings of every ruleset's Open rules (pure): one per option, typed by the option's
 * kind, defaulting to the ruleset's reading. Every game's options are registered (a value chosen
 * for a game survives switching away and back, [SYS-RULESET]); only the active game's show in
 * Configure Settings (switching games reloads the world).
 */
function ruleOptionSettings(
  rulesets: readonly Pick<Ruleset, "id" | "options">[],
  active: RulesetId,
): RuleOptionSetting[] {
  return rulesets.flatMap((ruleset) =>
    (ruleset.options ?? []).map((spec) => {
      const type = spec.type === "boolean" ? Boolean : spec.type === "number" ? Number : String;
      return {
        key: `${ruleset.id}.${spec.key}` as const,
        data: {
          name: spec.label,
          hint: spec.hint,
          scope: "world" as const,
          config: ruleset.id === active,
          type,
          ...(spec.type === "choice" && spec.choices ? { choices: { ...spec.choices } } : {}),
          default: spec.default,
        },
      };
    }),
  );
}

/** Register the Open-rule settings (src/active-ruleset.ts `ruleOptions()` reads them). */
function registerRuleOptionSettings(): void {
  for (const { key, data } of ruleOptionSettings(allRulesets(), currentRuleset())) {
    // Table seats and other options the tracker shows: redraw it when one changes.
    game.settings.register(SYSTEM_ID, key, { ...data, onChange: () => void ui.combat?.render() });
  }
}

/** The world's ruleset. Safe from the `init` hook on (after registerSettings). */
export function currentRuleset(): RulesetId {
  const id = game.settings.get(SYSTEM_ID, "ruleset");
  // A game whose module is no longer active: run the default one rather than none.
  return isRulesetId(id) ? id : DEFAULT_RULESET;
}
