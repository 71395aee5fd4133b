/**
 * [FF-CONCEAL] Obscured squares read from the scene: a Region the GM marks as lightly, heavily or
 * totally obscured (its system flag `obscured`, set on the Region's configuration sheet,
 * ./region-obscurement.ts) obscures every square whose centre it holds (`RegionDocument#polygonTree`,
 * API v13 and v14). The rule of what an obscured square gives is the game's (`Ruleset.readScene`).
 */
import { SYSTEM_ID } from "../constants.js";
import { obscurementOf, worstObscurement, type Obscurement } from "../engine/scene.js";

/** What a Region document is read for here. */
interface ObscuringRegion {
  flags?: Record<string, unknown>;
  polygonTree?: { testPoint(point: { x: number; y: number }): boolean };
}

/** The obscurement a Region's flag marks, or null. */
export function regionObscurement(region: { flags?: Record<string, unknown> }): Obscurement | null {
  const ours = region.flags?.[SYSTEM_ID];
  return obscurementOf(ours && typeof ours === "object" ? (ours as Record<string, unknown>).obscured : undefined);
}

/** The worst obscurement the viewed scene's marked Regions give the square under the token's centre. */
export function obscurementAt(token: {
  bounds: { x: number; y: number; width: number; height: number };
}): Obscurement | null {
  const regions = (canvas?.scene?.regions?.contents ?? []) as unknown as readonly ObscuringRegion[];
  const { x, y, width, height } = token.bounds;
  const centre = { x: x + width / 2, y: y + height / 2 };
  return worstObscurement(
    regions.map((r) => {
      const level = regionObscurement(r);
      return level && r.polygonTree?.testPoint(centre) ? level : null;
    }),
  );
}
