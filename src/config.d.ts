/**
 * All declaration merging for fvtt-types lives in this one file. Keep each block in sync with the
 * runtime registration it describes (settings in src/settings.ts, CONFIG assignments in src/d20-combat.ts).
 */
import type { RulesetId } from "./engine/types.js";

declare module "fvtt-types/configuration" {
  /** Game settings, keyed "<namespace>.<key>" (registered in src/settings.ts). */
  interface SettingConfig {
    "d20-combat.ruleset": RulesetId;
  }

  /** Flags this system writes, per document type. */
  interface FlagConfig {
    Actor: {
      "d20-combat"?: {
        /** The ruleset this document was made for. */
        ruleset?: RulesetId;
      };
    };
    Item: {
      "d20-combat"?: {
        ruleset?: RulesetId;
      };
    };
  }

  /**
   * Treat `game` as fully initialised (`game.settings`, `game.user`, `game.i18n` typed non-undefined).
   * Code that runs before `ready` must still only touch what exists by then (settings/i18n from `init`).
   */
  interface AssumeHookRan {
    ready: never;
  }

  // Add here as they arrive: DocumentClassConfig, DataModelConfig, ConfiguredCombat, etc.
}

export {};
