/**
 * A token's elevation as the positional rules read it ([SYS-MONSTERS]): Foundry's
 * `TokenDocument#elevation` (in the scene's distance units, feet on a 5 ft grid) over the scene
 * grid's `distance`, in squares — the third axis of reach, provoking, engagement, flanking, auras
 * and creature cover (src/engine/geometry.ts). Foundry I/O only. Kept apart from the v14 scene
 * Levels (a token on another level is never adjacent: the v14 seam's), which stack on top of this.
 */

/** What is read of a token: its elevation and its scene's grid distance. */
interface ElevatedToken {
  elevation?: number | null;
  parent?: { grid?: { distance?: number | null } | null } | null;
}

/** Squares per unit of elevation on `token`'s scene (none when the scene states no distance). */
function perSquare(token: ElevatedToken): number | null {
  const distance = token.parent?.grid?.distance;
  return typeof distance === "number" && Number.isFinite(distance) && distance > 0 ? distance : null;
}

/** `elevation` (scene units) in squares on `token`'s scene; 0 when unreadable. */
export function elevationSquares(token: ElevatedToken, elevation: unknown = token.elevation): number {
  const per = perSquare(token);
  if (per === null || typeof elevation !== "number" || !Number.isFinite(elevation)) return 0;
  return elevation / per;
}

/** The token's elevation for a scene token's fields: `{ elevation }` in squares, or nothing when on the ground. */
export function elevationOf(token: ElevatedToken): { elevation?: number } {
  const squares = elevationSquares(token);
  return squares ? { elevation: squares } : {};
}
