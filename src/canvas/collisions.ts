/**
 * What blocks what, answered by Foundry ([SYS-CANVAS], issue 37): the engine's corner lines and
 * line of effect ask core's collision backends instead of reading wall data by hand, so one-way
 * walls (`dir`), proximity thresholds, doors and every sense type (limited, proximity, distance)
 * count as Foundry counts them. Both generations: `CONFIG.Canvas.polygonBackends.{move,sight}
 * .testCollision(origin, destination, {type, mode: "any"})` (API v13
 * https://foundryvtt.com/api/v13/classes/foundry.canvas.geometry.PointSourcePolygon.html#testcollision,
 * API v14 https://foundryvtt.com/api/v14/classes/foundry.canvas.geometry.PointSourcePolygon.html).
 *
 * Each line is shortened by a hair at both ends (a hundredth of a square) before it is asked: a
 * corner line starts and ends on square corners, where walls drawn on the grid end, and in the
 * engine's rules a line that only touches a wall at its end is not blocked by it.
 */
import type { GridPoint, WallCollision } from "../engine/geometry.js";

/** How far (in squares) each end of a line is pulled in before Foundry is asked. */
const END_INSET = 0.01;

/** The line p→q pulled in by `END_INSET` squares at both ends (unchanged when shorter than that). */
function inset(p: GridPoint, q: GridPoint): [GridPoint, GridPoint] {
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const length = Math.hypot(dx, dy);
  if (length <= 2 * END_INSET) return [p, q];
  const f = END_INSET / length;
  return [
    { x: p.x + dx * f, y: p.y + dy * f },
    { x: q.x - dx * f, y: q.y - dy * f },
  ];
}

/**
 * The wall test of the viewed scene through core's collision backends (`gridSize` pixels per
 * square), or null when the canvas has none (then the walls read from the scene are tested by the
 * engine, as before).
 */
export function coreWallCollision(gridSize: number): WallCollision | null {
  const backends = CONFIG.Canvas?.polygonBackends;
  if (!backends?.move || !backends.sight) return null;
  return (p, q, restriction) => {
    const [a, b] = inset(p, q);
    const backend = restriction === "move" ? backends.move : backends.sight;
    return !!backend.testCollision(
      { x: a.x * gridSize, y: a.y * gridSize },
      { x: b.x * gridSize, y: b.y * gridSize },
      { type: restriction, mode: "any" },
    );
  };
}
