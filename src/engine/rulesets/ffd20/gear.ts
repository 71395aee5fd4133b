/** [SYS-CHARACTER] FFd20 gear: a potion's healing is rolled; four coins; no load rule. */
import type { GearRules } from "../../gear.js";

export const FF_GEAR: GearRules = { potion: "roll", coins: ["pp", "gp", "sp", "cp"], identity: [] };
