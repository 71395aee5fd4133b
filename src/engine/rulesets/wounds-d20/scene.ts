/**
 * Wounds d20 read from the scene ([WD-FLAT]): a target that cannot see its attacker (attacked by an
 * invisible foe) is caught off guard.
 */
import type { SceneAttackInput, SceneReading } from "../../scene.js";

/** What the scene says about one Wounds d20 attack against one target. */
export function readWdScene(input: SceneAttackInput): SceneReading {
  if (input.targetSeesAttacker !== false) return { situation: { offGuard: false }, notes: [], lines: [] };
  return {
    situation: { offGuard: true },
    notes: [{ field: "offGuard", value: true, reason: "D20C.Scene.Reason.UnseenAttacker", data: {} }],
    lines: [],
  };
}
