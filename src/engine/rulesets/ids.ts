/** The ruleset ids, defined once here so id literals stay inside src/engine/rulesets/. */
export const RULESET_IDS = ["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"] as const;
