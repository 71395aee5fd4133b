/**
 * [SYS-CHARACTER] 13th Age gear and identity: a healing potion spends a recovery, coins are counted
 * in gold, and the sheet plays with the One Unique Thing and icon relationships.
 */
import type { GearRules } from "../../gear.js";

export const AGE13_GEAR: GearRules = { potion: "recovery", coins: ["gp"], identity: ["oneUniqueThing", "icons"] };
