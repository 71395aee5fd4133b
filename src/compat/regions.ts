/**
 * A Region the user drew (Foundry v14), as the area fallback reads it: v14 users draw an area with
 * the Region layer's template-shaped tools, where v13 users placed a MeasuredTemplate (deprecated in
 * v14). The user's newest Region on the viewed scene is the one whose document stats name this user
 * as its last writer with the latest creation time (`_stats.createdTime` / `lastModifiedBy`, API v14
 * `DocumentStatsData`), and what it holds is its `polygonTree.testPoint` (API v14 `RegionDocument`,
 * https://foundryvtt.com/api/v14/classes/foundry.documents.RegionDocument.html, `PolygonTree`
 * https://foundryvtt.com/api/classes/foundry.data.PolygonTree.html).
 *
 * Why here: fvtt-types 13.345.1 describes v13, whose Region document has no `polygonTree` of its
 * own. Only called when `game.release.generation >= 14` (src/canvas/areas.ts).
 */
import type { PlacedRegion } from "../foundry-compat.js";
import { SYSTEM_ID } from "../constants.js";

/** What a v14 Region document is read for. */
interface V14Region {
  flags?: Record<string, unknown>;
  shapes: readonly { x?: number; y?: number; type?: string }[];
  polygonTree?: { testPoint(point: { x: number; y: number }): boolean };
  _stats?: { createdTime?: number | null; lastModifiedBy?: string | null };
  delete(): Promise<unknown>;
}

/** Whether the GM marked the Region as obscuring (its system flag `obscured`, src/canvas/obscurement.ts). */
function obscuring(r: V14Region): boolean {
  const ours = r.flags?.[SYSTEM_ID];
  return Boolean(ours && typeof ours === "object" && (ours as Record<string, unknown>).obscured);
}

/** The user's newest Region on the viewed scene, or null. It is deleted once the card is posted. */
export function newestUserRegion(userId: string): PlacedRegion | null {
  const regions = (canvas?.scene?.regions?.contents ?? []) as unknown as readonly V14Region[];
  let newest: V14Region | null = null;
  for (const r of regions) {
    if (r._stats?.lastModifiedBy !== userId || !r.polygonTree) continue;
    // A Region marked obscuring is scenery ([FF-CONCEAL]), never an area the user drew to attack.
    if (obscuring(r)) continue;
    if (!newest || (r._stats.createdTime ?? 0) >= (newest._stats?.createdTime ?? 0)) newest = r;
  }
  const tree = newest?.polygonTree;
  if (!newest || !tree) return null;
  const region = newest;
  const shape = region.shapes[0];
  return {
    origin: { x: shape?.x ?? 0, y: shape?.y ?? 0 },
    contains: (point) => tree.testPoint(point),
    remove: async () => {
      await region.delete();
    },
  };
}
