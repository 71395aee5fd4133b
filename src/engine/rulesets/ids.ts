/** The ruleset ids, defined once here so id literals stay inside src/engine/rulesets/. */
export const RULESET_IDS = ["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"] as const;
/** The id of one of the built-in games. */
export type BuiltInRulesetId = (typeof RULESET_IDS)[number];
