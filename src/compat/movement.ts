/**
 * A token's movement as the `moveToken` hook gives it, the same on both generations (API v13
 * https://foundryvtt.com/api/functions/hookEvents.moveToken.html, API v14
 * https://foundryvtt.com/api/v14/functions/hookEvents.moveToken.html): `moveToken(document,
 * movement, operation, user)` fires on every client after the update, where `movement` is a
 * `TokenMovementOperation` with `origin` (a `TokenPosition`) and `passed.waypoints` (the measured
 * waypoints moved through, `TokenMeasuredMovementWaypoint` with `x`/`y` the top-left in pixels;
 * https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMeasuredMovementWaypoint.html).
 *
 * And forced movement written through `TokenDocument#move(waypoints, options)` with the "displace"
 * movement action (API v13/v14 `TokenDocument#move`,
 * https://foundryvtt.com/api/v14/classes/foundry.documents.TokenDocument.html; actions in
 * `CONFIG.Token.movement.actions`), so rulers, movement history and Region behaviours see it.
 */

/** A point in scene pixels (a token's top-left). */
export interface PixelPoint {
  x: number;
  y: number;
}

function isPoint(value: unknown): value is PixelPoint {
  const p = value as Partial<PixelPoint> | null;
  return typeof p?.x === "number" && typeof p.y === "number" && Number.isFinite(p.x + p.y);
}

/** Where a movement started and the waypoints it passed through (its end last), or null when unreadable. */
export function movementPath(
  movement: unknown,
): { origin: PixelPoint & { elevation?: number }; waypoints: PixelPoint[] } | null {
  const m = movement as { origin?: unknown; passed?: { waypoints?: unknown } } | null;
  if (!isPoint(m?.origin)) return null;
  const passed = Array.isArray(m.passed?.waypoints) ? (m.passed.waypoints as unknown[]) : [];
  // The origin's elevation (a TokenPosition has one): a flier rising out of reach moved too ([SYS-MONSTERS]).
  const elevation = (m.origin as { elevation?: unknown }).elevation;
  return {
    origin: {
      x: m.origin.x,
      y: m.origin.y,
      ...(typeof elevation === "number" && Number.isFinite(elevation) ? { elevation } : {}),
    },
    waypoints: passed.filter(isPoint).map((p) => ({ x: p.x, y: p.y })),
  };
}

/** The movement action forced movement uses: core's "displace" (moved by something else). */
const FORCED_MOVEMENT_ACTION = "displace";

/** The update option that marks a token update as forced movement (the x/y fallback has no waypoints). */
export const FORCED_MOVE_OPTION = "d20-combatForced";

/**
 * [SYS-MONSTERS] Whether a token update is forced movement: ours (the option above), or one whose
 * core movement waypoints for this token are all "displace" (v13/v14 `options.movement[id]`).
 */
export function isForcedUpdate(tokenId: string | null, options: Record<string, unknown>): boolean {
  if (options[FORCED_MOVE_OPTION] === true) return true;
  const movement = options.movement as Record<string, { waypoints?: unknown }> | undefined;
  const waypoints = tokenId ? movement?.[tokenId]?.waypoints : undefined;
  return (
    Array.isArray(waypoints) &&
    waypoints.length > 0 &&
    waypoints.every((w) => (w as { action?: unknown } | null)?.action === FORCED_MOVEMENT_ACTION)
  );
}

/** A token document that can move through core's movement API (both generations have it). */
interface MovableByCore {
  move(waypoints: object[], options?: object): Promise<unknown>;
}

/** Whether a token document offers `TokenDocument#move`. */
export function canMoveByCore(doc: object): doc is MovableByCore {
  return typeof (doc as { move?: unknown }).move === "function";
}

/**
 * Move a token along `path` (top-left pixels, its end last) as forced movement: one waypoint per
 * square with the displace action, not constrained by walls (the rules chose the path).
 */
export async function forcedMove(doc: MovableByCore, path: readonly PixelPoint[]): Promise<void> {
  await doc.move(
    path.map((p) => ({ x: p.x, y: p.y, action: FORCED_MOVEMENT_ACTION })),
    { constrainOptions: { ignoreWalls: true, ignoreCost: true }, [FORCED_MOVE_OPTION]: true },
  );
}

/**
 * Listen to `moveToken(document, movement, operation, user)`. Why here: fvtt-types 13.345.1 lists no
 * `moveToken` hook, though v13 and v14 both fire it (the API pages above).
 */
export function onMoveToken(
  fn: (doc: TokenDocument.Implementation, movement: unknown, operation: unknown, user: unknown) => void,
): void {
  (Hooks as unknown as { on(hook: string, listener: typeof fn): number }).on("moveToken", fn);
}
