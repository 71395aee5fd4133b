/** Public surface of the pure rules engine. */
export * from "./types.js";
export * from "./errors.js";
export * from "./dice.js";
export * from "./common.js";
export type { Ruleset } from "./ruleset.js";
export { getRuleset, allRulesets, isRulesetId, registerRuleset } from "./registry.js";
