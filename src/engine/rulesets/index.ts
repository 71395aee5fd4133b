/** Ruleset id → game module: the one map from ids to rulesets. */
import type { Ruleset } from "../ruleset.js";
import type { BuiltInRulesetId } from "../types.js";
import { thirteenthAge } from "./13th-age/index.js";
import { ffd20 } from "./ffd20/index.js";
import { hundredDungeons } from "./hundred-dungeons/index.js";
import { woundsD20 } from "./wounds-d20/index.js";

export const RULESETS: Record<BuiltInRulesetId, Ruleset> = {
  "13th-age": thirteenthAge,
  ffd20,
  "hundred-dungeons": hundredDungeons,
  "wounds-d20": woundsD20,
};
