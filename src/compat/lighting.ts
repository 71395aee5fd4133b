/**
 * [FF-CONCEAL] The light on a point of the viewed scene, from Foundry's own lighting (API v13 and
 * v14, `canvas.effects`): inside a darkness source = darkness; the scene's global light shining =
 * bright; else the best of the light sources whose lit shape holds the point (within a source's
 * bright radius = bright, within its dim radius = dim); none = darkness. Null when the canvas has
 * no lighting to read (no effects layer, token vision off) or it answers with something unexpected.
 * Sources' `data.bright`/`data.dim` are radii in pixels and `data.x`/`data.y` their centre, as core
 * prepares them for ambient and token lights. The same on both generations: API v13 and v14
 * `foundry.canvas.groups.EffectsCanvasGroup` (`lightSources`, `testInsideDarkness`) and
 * `EnvironmentCanvasGroup#globalLightSource`; read through a narrow view so either shape answers.
 */
import type { LightLevel } from "../engine/scene.js";

/** What is read of a light source here. */
interface LightSourceLike {
  active?: boolean;
  data?: { x?: number; y?: number; bright?: number; dim?: number; disabled?: boolean };
  shape?: { contains(x: number, y: number): boolean } | null;
}

/** What is read of the canvas here (a narrow view of `canvas.effects` and `canvas.environment`). */
interface LightingCanvas {
  effects?: {
    lightSources?: Iterable<LightSourceLike>;
    testInsideDarkness?(point: { x: number; y: number }, elevation?: number): boolean;
  };
  environment?: { globalLightSource?: LightSourceLike | null };
  visibility?: { tokenVision?: boolean };
}

export function lightLevelAt(point: { x: number; y: number }): LightLevel | null {
  try {
    const c = canvas as unknown as LightingCanvas | null | undefined;
    if (!c) return null;
    const effects = c.effects;
    if (!effects?.lightSources || c.visibility?.tokenVision === false) return null;
    if (effects.testInsideDarkness?.(point) === true) return "dark";
    const global = c.environment?.globalLightSource ?? null;
    if (global?.active === true && global.data?.disabled !== true) return "bright";
    let level: LightLevel = "dark";
    for (const source of effects.lightSources) {
      if (source === global || source.active !== true || source.data?.disabled === true) continue;
      if (!source.shape?.contains(point.x, point.y)) continue;
      const d = Math.hypot(point.x - (source.data?.x ?? 0), point.y - (source.data?.y ?? 0));
      if (d <= (source.data?.bright ?? 0)) return "bright";
      if (d <= (source.data?.dim ?? 0)) level = "dim";
    }
    return level;
  } catch {
    return null;
  }
}

/**
 * The light as a viewer's eyes take it: a darkvision eye (core's vision mode `darkvision`) sees dim
 * light and darkness as bright; a light-amplifying one (`lightAmplification`) sees dim light as
 * bright. Other modes take the light as it is.
 */
export function lightSeenBy(light: LightLevel | null, visionMode: string | null | undefined): LightLevel | null {
  if (light === null || light === "bright") return light;
  if (visionMode === "darkvision") return "bright";
  if (visionMode === "lightAmplification" && light === "dim") return "bright";
  return light;
}
