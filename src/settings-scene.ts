/**
 * World settings of the scene reading: whether attacks read cover, sight and positions from the
 * scene at all (gridless and theatre-of-the-mind tables turn it off), and whether range bands
 * (13th Age's engaged / nearby / far away) are suggested from token distance — off by default, since
 * that game plays without a map. Registered in the `init` hook.
 */
import { SYSTEM_ID } from "./constants.js";
import { settingOr, worldSetting } from "./settings.js";

const SCENE_READING_KEY = "sceneReading";
const SCENE_BANDS_KEY = "sceneBands";

/** Register the scene-reading settings (world scope, in Configure Settings). */
export function registerSceneSettings(): void {
  game.settings.register(
    SYSTEM_ID,
    SCENE_READING_KEY,
    worldSetting("D20C.Settings.SceneReading", { type: Boolean, default: true }),
  );
  game.settings.register(
    SYSTEM_ID,
    SCENE_BANDS_KEY,
    worldSetting("D20C.Settings.SceneBands", { type: Boolean, default: false }),
  );
}

/** Whether attacks read the scene (false before the setting exists). */
export function sceneReadingOn(): boolean {
  return settingOr(() => game.settings.get(SYSTEM_ID, SCENE_READING_KEY) === true, false);
}

/** Whether range bands are suggested from token distance (false before the setting exists). */
export function sceneBandsOn(): boolean {
  return settingOr(() => game.settings.get(SYSTEM_ID, SCENE_BANDS_KEY) === true, false);
}
