/**
 * Every damage type any game knows. A stored actor holds every game's data ([SYS-RULESET]), so a
 * trait one game wrote (13th Age "holy") is valid data under another game that has no such type:
 * that game ignores it rather than refusing the actor. Leaf module (the games' lists only).
 */
import { DAMAGE_TYPES as AGE_TYPES } from "./13th-age/data.js";
import { FF_DAMAGE_TYPES } from "./ffd20/data.js";
import { HD_DAMAGE_TYPES } from "./hundred-dungeons/data.js";
import { DAMAGE_TYPES as WOUNDS_TYPES } from "./wounds-d20/data.js";

export const ANY_GAME_DAMAGE_TYPES: ReadonlySet<string> = new Set([
  ...AGE_TYPES,
  ...FF_DAMAGE_TYPES,
  ...HD_DAMAGE_TYPES,
  ...WOUNDS_TYPES,
]);
