/**
 * The area of a close or area attack on the viewed scene ([SYS-CANVAS]), as the power states it
 * (`Ruleset`-independent: `areaOf` in the engine says how it is found):
 * - a close burst: every token within its size of the attacker's footprint (engine geometry),
 *   nothing placed;
 * - another stated area on Foundry v14: a Region of the power's shape that the user places with
 *   v14's placement preview (`RegionLayer#placeRegion`), holding every token with a square whose
 *   centre its `polygonTree` holds; it is deleted once the card is posted;
 * - when the power states no area: on v14 the user's newest Region on the scene (v14 users draw
 *   areas as Regions: src/compat/regions.ts), on v13 the user's newest measured template
 *   (`MeasuredTemplate#shape.contains`); either is deleted once the card is posted;
 * - a stated area on v13: the user's newest measured template, as above.
 * Foundry I/O only: which squares an area covers is Foundry's shape test; who is in it and the cover
 * from its origin square are the engine's.
 */
import { occupiesArea, type GridPoint } from "../engine/geometry.js";
import { areaOf, closeBurstTokens, type AreaPlacement } from "../engine/scene.js";
import type { PowerSource } from "../engine/types.js";
import { SYSTEM_ID } from "../constants.js";
import { v14PlaceRegion, type PlacedRegion } from "../foundry-compat.js";
import { foundryGeneration } from "../compat/generation.js";
import { newestUserRegion } from "../compat/regions.js";
import { attackerToken, battlefieldFrom, sceneReadable, sceneToken } from "./scene-reading.js";
import { sameLevel } from "./levels.js";

type Token = foundry.canvas.placeables.Token;

/** An area on the scene: its origin square, the tokens it holds, and how to take it away. */
export interface PlacedArea {
  origin: GridPoint;
  tokens: Token[];
  /** Remove what was placed for the attack (after its card is posted); nothing for a close burst. */
  remove(): Promise<void>;
}

/** The square a scene point lies in. */
const squareAt = (p: { x: number; y: number }, size: number): GridPoint => ({
  x: Math.floor(p.x / size),
  y: Math.floor(p.y / size),
});

/** Every token on the scene with a square whose centre `inside` holds (scene pixels). */
function tokensInside(inside: (point: { x: number; y: number }) => boolean): Token[] {
  if (!canvas?.tokens || !canvas.grid) return [];
  const size = canvas.grid.size;
  return canvas.tokens.placeables.filter((t) =>
    occupiesArea(
      {
        x: Math.round(t.document.x / size),
        y: Math.round(t.document.y / size),
        size: Math.max(1, Math.round(t.document.width ?? 1)),
      },
      (sq) => inside({ x: (sq.x + 0.5) * size, y: (sq.y + 0.5) * size }),
    ),
  );
}

/** The user's newest measured template on the scene, or null. */
function drawnTemplate(): PlacedArea | null {
  if (!canvas?.templates || !canvas.grid) return null;
  const size = canvas.grid.size;
  const template = canvas.templates.placeables.filter((t) => t.document.author?.id === game.user.id && t.shape).at(-1);
  const shape = template?.shape;
  if (!template || !shape) return null;
  const { x, y } = template.document;
  return {
    origin: squareAt({ x, y }, size),
    tokens: tokensInside((p) => shape.contains(p.x - x, p.y - y)),
    remove: async () => {
      await template.document.delete();
    },
  };
}

/** The area a Region holds: its origin square and every token with a square centre inside it. */
function areaOfRegion(region: PlacedRegion, size: number): PlacedArea {
  return { origin: squareAt(region.origin, size), tokens: tokensInside(region.contains), remove: region.remove };
}

/** A v14 Region's data for one placement, in scene pixels, starting at `at` (the attacker's centre). */
function regionData(placement: AreaPlacement, name: string, at: { x: number; y: number }, size: number) {
  const px = (squares: number) => squares * size;
  const base = { x: at.x, y: at.y, gridBased: false };
  const shape =
    placement.kind === "rectangle"
      ? {
          ...base,
          type: "rectangle",
          width: px(placement.width),
          height: px(placement.height),
          anchorX: placement.anchor === "centre" ? 0.5 : 0,
          anchorY: placement.anchor === "centre" ? 0.5 : 0,
          rotation: 0,
        }
      : placement.kind === "circle"
        ? { ...base, type: "circle", radius: px(placement.radius) }
        : placement.kind === "cone"
          ? {
              ...base,
              type: "cone",
              radius: px(placement.radius),
              angle: placement.angle,
              rotation: 0,
              curvature: "round",
            }
          : { ...base, type: "line", length: px(placement.length), width: px(placement.width), rotation: 0 };
  return { name, shapes: [shape], displayMeasurements: true, flags: { [SYSTEM_ID]: { area: true } } };
}

/**
 * The area of `actor`'s close or area attack with `power`, or null (not a close or area attack, the
 * scene is not read, nothing placed or drawn: the user's targets stand).
 */
export async function attackArea(
  actor: Actor.Implementation,
  power: PowerSource,
  name: string,
): Promise<PlacedArea | null> {
  const how = areaOf(power.range, power.area);
  if (!how || !sceneReadable() || !canvas?.tokens || !canvas.grid) return null;
  const size = canvas.grid.size;
  const attacker = attackerToken(actor);
  if (how.kind === "around") {
    const id = attacker?.document.id;
    if (!attacker || !id) return null;
    const field = battlefieldFrom(
      size,
      [],
      canvas.tokens.placeables
        .filter((t) => sameLevel(t.document, attacker.document))
        .map((t) => sceneToken(t.document)),
      id,
    );
    const ids = new Set(closeBurstTokens(field, id, how.squares));
    const tokens = canvas.tokens.placeables.filter((t) => ids.has(t.document.id ?? ""));
    return { origin: squareAt(attacker.document, size), tokens, remove: async () => {} };
  }
  const v14 = foundryGeneration() >= 14;
  if (how.kind === "placed" && v14) {
    const at = attacker?.center ?? { x: 0, y: 0 };
    const region = await v14PlaceRegion(regionData(how.placement, name, at, size));
    if (!region) return null;
    return areaOfRegion(region, size);
  }
  if (v14) {
    // No stated shape: the Region the user drew last (v14 draws areas as Regions).
    const drawn = newestUserRegion(game.user.id);
    return drawn ? areaOfRegion(drawn, size) : null;
  }
  return drawnTemplate();
}
