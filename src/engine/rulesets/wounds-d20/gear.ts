/**
 * [SYS-CHARACTER] Wounds d20 gear: a potion's healing is rolled; four coins; and the load rule of
 * its family (the 3rd-edition carrying capacity table, recorded in docs/rules.md as a rule the
 * system adds): the heaviest light, medium and heavy load by Strength score; a medium or heavy load
 * slows a creature to two thirds of its speed rounded up to 5 feet (30 ft → 20, 20 → 15); more
 * than a heavy load leaves 5 feet.
 */
import type { GearRules, LoadBand } from "../../gear.js";

/** Heaviest light / medium / heavy load (pounds) for Strength 1–10; above, see `maxLoads`. */
const LOADS_1_TO_10: readonly (readonly [number, number, number])[] = [
  [3, 6, 10],
  [6, 13, 20],
  [10, 20, 30],
  [13, 26, 40],
  [16, 33, 50],
  [20, 40, 60],
  [23, 46, 70],
  [26, 53, 80],
  [30, 60, 90],
  [33, 66, 100],
];
/** Heaviest heavy load for Strength 11–20 (light = ⌊⅓⌋, medium = ⌊⅔⌋ of it). */
const HEAVY_11_TO_20 = [115, 130, 150, 175, 200, 230, 260, 300, 350, 400] as const;

/** The heaviest light, medium and heavy loads of a Strength score (each 10 above 20 carries ×4). */
function maxLoads(strength: number): readonly [number, number, number] {
  const str = Math.floor(strength);
  if (str <= 0) return [0, 0, 0];
  if (str <= 10) return LOADS_1_TO_10[str - 1] as readonly [number, number, number];
  if (str <= 20) {
    const heavy = HEAVY_11_TO_20[str - 11] as number;
    return [Math.floor(heavy / 3), Math.floor((heavy * 2) / 3), heavy];
  }
  const [l, m, h] = maxLoads(str - 10);
  return [l * 4, m * 4, h * 4];
}

/** Two thirds of a speed, rounded up to a multiple of 5 feet (30 → 20, 20 → 15, 40 → 30). */
function slowed(speed: number): number {
  return Math.ceil((speed * 2) / 3 / 5) * 5;
}

function loaded(speed: number, strength: number, load: number): { band: LoadBand; speed: number } {
  const [light, medium, heavy] = maxLoads(strength);
  if (load <= light) return { band: "light", speed };
  if (load <= medium) return { band: "medium", speed: Math.min(speed, slowed(speed)) };
  if (load <= heavy) return { band: "heavy", speed: Math.min(speed, slowed(speed)) };
  return { band: "over", speed: Math.min(speed, 5) };
}

export const WD_GEAR: GearRules = { potion: "roll", coins: ["pp", "gp", "sp", "cp"], identity: [], loaded };
