/**
 * Ruleset id → ruleset. The only place that maps ids to game modules.
 */
import { EngineError } from "./errors.js";
import type { Ruleset } from "./ruleset.js";
import type { RulesetId } from "./types.js";
import { RULESET_IDS } from "./types.js";
import { RULESETS } from "./rulesets/index.js";

export function isRulesetId(id: unknown): id is RulesetId {
  return typeof id === "string" && (RULESET_IDS as readonly string[]).includes(id);
}

/** The ruleset for an id; an unknown id throws an EngineError naming `ruleset`. */
export function getRuleset(id: unknown): Ruleset {
  if (!isRulesetId(id)) {
    throw new EngineError("ruleset", `unknown ruleset "${String(id)}" (expected one of ${RULESET_IDS.join(", ")})`, id);
  }
  return RULESETS[id];
}

export function allRulesets(): Ruleset[] {
  return RULESET_IDS.map((id) => RULESETS[id]);
}
