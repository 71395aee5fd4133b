/** [SYS-CHARACTER] Hundred Dungeons gear: a potion's healing is rolled; four coins; no load rule (its family's optional one is left out). */
import type { GearRules } from "../../gear.js";

export const HD_GEAR: GearRules = { potion: "roll", coins: ["pp", "gp", "sp", "cp"], identity: [] };
