/**
 * Ruleset id → game module: the one map from ids to the built-in rulesets. The core imports none of
 * them: the entry point (and the test setup) registers {@link BUILT_IN_RULESETS} like any other game.
 */
import type { Ruleset } from "../ruleset.js";
import { RULESET_IDS, type BuiltInRulesetId } from "./ids.js";
import { thirteenthAge } from "./13th-age/index.js";
import { ffd20 } from "./ffd20/index.js";
import { hundredDungeons } from "./hundred-dungeons/index.js";
import { woundsD20 } from "./wounds-d20/index.js";

const RULESETS: Record<BuiltInRulesetId, Ruleset> = {
  "13th-age": thirteenthAge,
  ffd20,
  "hundred-dungeons": hundredDungeons,
  "wounds-d20": woundsD20,
};

/** The built-in games in the order the ruleset setting offers them, for the entry point to register. */
export const BUILT_IN_RULESETS: readonly Ruleset[] = RULESET_IDS.map((id) => RULESETS[id]);
