/**
 * [SYS-RULESET] The engine's public helpers: what the `d20-combat.registerRulesets` hook hands a
 * module beside `registerRuleset`, so a game from outside builds its ruleset from the same pieces
 * the built-in games use without reaching into the system's files (a module can import nothing of
 * them but types). Grouped as the issue names them: defining a ruleset, resolution, conditions,
 * dice, fields (with {@link actorPart}, a game's own typed view of its stored fields) and the small
 * shared rules.
 */
import {
  abilityModifier,
  absorbTemporary,
  clonePlain,
  defaultActorSource,
  healedHp,
  option,
  validatePacket,
} from "./common.js";
import { CAPABILITY_MEMBERS, CAPABILITY_NAMES, capabilitiesOf, hasCapability } from "./capabilities.js";
import { conditionModifiers } from "./conditions.js";
import { defineRuleset } from "./define-ruleset.js";
import { parseDamage } from "./dice.js";
import { bool, choice, conforms, initialOf, int, key, list, num, text } from "./fields.js";
import type { FieldDescs, SourceOf } from "./fields.js";
import { faceDecision, meetsTarget, preparedAttack, resolvedBy, rollVerdict } from "./resolution.js";
import type { Ruleset } from "./ruleset.js";
import { CHARACTERS, CHARACTERS_AND_IMPORTANT, EVERY_HOLDER, SHARED_SHEET_PARTS } from "./sheet-parts.js";
import { ABILITY_KEYS, type ActorSource } from "./types.js";

/**
 * A game's own part of an actor's stored data, typed from the game's field descriptions: each
 * field as stored when it is what its description allows, else its initial value (a document made
 * before the game was registered lacks it). No cast in the game.
 */
function actorPart<const F extends FieldDescs>(actor: ActorSource, fields: F): SourceOf<F> {
  const stored = actor as unknown as Readonly<Record<string, unknown>>;
  const out: Record<string, unknown> = {};
  for (const [name, desc] of Object.entries(fields)) {
    out[name] = conforms(desc, stored[name]) ? clonePlain(stored[name]) : initialOf(desc);
  }
  return out as SourceOf<F>;
}

/** The helpers a module's game is handed at registration. */
export const ENGINE_HELPERS = Object.freeze({
  defineRuleset,
  resolution: Object.freeze({ faceDecision, meetsTarget, preparedAttack, resolvedBy, rollVerdict }),
  conditions: Object.freeze({ conditionModifiers }),
  dice: Object.freeze({ parseDamage }),
  fields: Object.freeze({ actorPart, bool, choice, int, key, list, num, text }),
  /** What a game may opt into beside what every game answers, and whether one has it whole. */
  capabilities: Object.freeze({ CAPABILITY_MEMBERS, CAPABILITY_NAMES, capabilitiesOf, hasCapability }),
  /** The actor-sheet parts several games share, for a game's `sheetParts` with its holders. */
  sheetParts: Object.freeze({ CHARACTERS, CHARACTERS_AND_IMPORTANT, EVERY_HOLDER, SHARED_SHEET_PARTS }),
  rules: Object.freeze({
    ABILITY_KEYS,
    abilityModifier,
    absorbTemporary,
    clonePlain,
    defaultActorSource,
    healedHp,
    option,
    validatePacket,
  }),
});

/**
 * The engine's public helpers' type: a module imports it with `import type`.
 * @public (for modules' games)
 */
export type EngineHelpers = typeof ENGINE_HELPERS;

/** What the `d20-combat.registerRulesets` hook hands its listeners. */
export interface RegisterRulesetsApi {
  /** Add a game (refused once the system's init work has begun). */
  registerRuleset(ruleset: Ruleset): void;
  /** The engine's public helpers. */
  engine: EngineHelpers;
}
