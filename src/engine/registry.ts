/**
 * The registered games: ruleset id → ruleset. The four built-in games register here, through the
 * same `registerRuleset` another game uses, when the engine loads. The adapter offers that call to
 * modules once, at the start of the system's init work, then seals the registry: settings, data
 * models and status effects are built from what is registered by then.
 */
import { EngineError } from "./errors.js";
import type { Ruleset } from "./ruleset.js";
import type { RulesetId } from "./types.js";
import { RULESET_IDS } from "./types.js";
import { RULESETS } from "./rulesets/index.js";

const registered = new Map<RulesetId, Ruleset>();
let sealed = false;

/** A ruleset id doubles as a settings and flags key: lower-case letters, digits and dashes. */
const ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/** The members without which the adapter cannot run a game at all. */
const REQUIRED_FUNCTIONS = ["deriveActor", "resolveAttack", "applyDamage"] as const;

/**
 * Add a game. Refused (EngineError naming `ruleset`) once the registry is sealed, for an id that is
 * malformed or already registered, or for a ruleset without a label, a defense or its core functions.
 */
export function registerRuleset(ruleset: Ruleset): void {
  const id: unknown = (ruleset as { id?: unknown } | null)?.id;
  if (sealed) {
    throw new EngineError("ruleset", `"${String(id)}" came too late: games register before the system's init work`);
  }
  if (typeof id !== "string" || !ID_PATTERN.test(id)) {
    throw new EngineError("ruleset.id", "must be lower-case letters, digits and dashes", id);
  }
  if (registered.has(id)) throw new EngineError("ruleset.id", `"${id}" is already registered`, id);
  if (typeof ruleset.label !== "string" || ruleset.label === "") {
    throw new EngineError("ruleset.label", `"${id}" needs the i18n key of its name`, ruleset.label);
  }
  if (!Array.isArray(ruleset.defenses) || ruleset.defenses.length === 0) {
    throw new EngineError("ruleset.defenses", `"${id}" needs at least one defense`, ruleset.defenses);
  }
  for (const fn of REQUIRED_FUNCTIONS) {
    if (typeof ruleset[fn] !== "function") throw new EngineError(`ruleset.${fn}`, `"${id}" has no ${fn}`);
  }
  registered.set(id, ruleset);
}

/** Close the registry: what is registered now is what the world runs. */
export function sealRulesets(): void {
  sealed = true;
}

for (const id of RULESET_IDS) registerRuleset(RULESETS[id]);

export function isRulesetId(id: unknown): id is RulesetId {
  return typeof id === "string" && registered.has(id);
}

/** The ruleset for an id; an unknown id throws an EngineError naming `ruleset`. */
export function getRuleset(id: unknown): Ruleset {
  const ruleset = typeof id === "string" ? registered.get(id) : undefined;
  if (!ruleset) {
    const known = [...registered.keys()].join(", ");
    throw new EngineError("ruleset", `unknown ruleset "${String(id)}" (expected one of ${known})`, id);
  }
  return ruleset;
}

/** Every registered game, the built-in ones first, in registration order. */
export function allRulesets(): Ruleset[] {
  return [...registered.values()];
}
