/**
 * [SYS-MONSTERS] A routine's line on the stat block (pure): "Makes Claw ×2; then Bite against each
 * creature every Claw hits". Names are the routine's own (its powers' names or ids).
 */
import type { RoutineSpec } from "../routines.js";
import type { TextViewer } from "./power-text.js";

const R = "D20C.Routine";

/** The routine's words; without a viewer, its keys (as the sheet's other texts). */
export function routineLine(routine: RoutineSpec, viewer?: TextViewer): string {
  const fmt = (key: string, data: Record<string, string | number>) => (viewer ? viewer.format(key, data) : key);
  const list = routine.attacks
    .map((a) => (a.count > 1 ? fmt(`${R}.Times`, { name: a.power.trim(), count: a.count }) : a.power.trim()))
    .join(", ");
  const follows = routine.followUps.map((f) =>
    fmt(`${R}.Follow.${f.when}${f.of.trim() ? "Of" : ""}`, { power: f.power.trim(), of: f.of.trim() }),
  );
  return [fmt(`${R}.Makes`, { list }), ...follows].join("; ");
}
