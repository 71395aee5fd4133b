/**
 * [HD-PROVOKE] A move judged along its path: a creature leaves a watcher's reach when any step of
 * the path (waypoint to waypoint, in squares) takes it from inside that reach to outside, even when
 * the move ends back inside it. Pure: the adapter passes the waypoints Foundry's `moveToken` hook
 * carries; `reachLeft` (./scene.ts) judges each step.
 */
import type { Battlefield, GridPoint } from "./geometry.js";
import { reachLeft } from "./scene.js";

/**
 * Whose reach the mover left somewhere along `path` (the squares it stood on, in order: its start
 * first, its end last), each watcher once, in the order first left. The mover's token in `field`
 * is moved to each step's start before the step is judged.
 */
export function reachLeftAlong(
  field: Battlefield,
  moverId: string,
  path: readonly GridPoint[],
  watcherIds: readonly string[],
): string[] {
  const left: string[] = [];
  for (let i = 1; i < path.length; i++) {
    const from = path[i - 1] as GridPoint;
    const to = path[i] as GridPoint;
    if (from.x === to.x && from.y === to.y) continue;
    const at = { ...field, tokens: field.tokens.map((t) => (t.id === moverId ? { ...t, x: from.x, y: from.y } : t)) };
    for (const id of reachLeft(at, moverId, to, watcherIds)) if (!left.includes(id)) left.push(id);
  }
  return left;
}
