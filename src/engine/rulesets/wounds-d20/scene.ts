/**
 * Wounds d20 read from the scene ([WD-FLAT]): a target that cannot see its attacker (attacked by an
 * invisible foe) is caught off guard. [WD-MISSCHANCE] A target the attacker cannot see has total
 * concealment; one in a square the GM marks obscuring has concealment (lightly obscured, or heavily
 * obscured and adjacent) or total concealment (heavily obscured farther off, or totally obscured).
 */
import { withinReach } from "../../geometry.js";
import { attackTokens, type SceneAttackInput, type SceneNote, type SceneReading } from "../../scene.js";
import type { Situation } from "../../types.js";

/** [WD-MISSCHANCE] The target's concealment from what the attacker sees and the obscured squares. */
function concealment(input: SceneAttackInput): { level: Situation["concealment"]; note: SceneNote | null } {
  if (input.attackerSeesTarget === false)
    return {
      level: "total",
      note: { field: "concealment", value: "total", reason: "D20C.Scene.Reason.Unseen", data: {} },
    };
  const obscured = input.targetObscured;
  if (!obscured) return { level: "none", note: null };
  const { attacker, target } = attackTokens(input);
  const adjacent = withinReach(attacker, target, 1);
  const level: Situation["concealment"] =
    obscured === "light" || (obscured === "heavy" && adjacent) ? "partial" : "total";
  const reason = `D20C.Scene.Reason.Obscured.${obscured}${obscured === "heavy" && adjacent ? "Adjacent" : ""}`;
  return { level, note: { field: "concealment", value: level, reason, data: {} } };
}

/** What the scene says about one Wounds d20 attack against one target. */
export function readWdScene(input: SceneAttackInput): SceneReading {
  const hidden = concealment(input);
  const situation: Partial<Situation> = { offGuard: input.targetSeesAttacker === false, concealment: hidden.level };
  const notes: SceneNote[] = [];
  if (situation.offGuard)
    notes.push({ field: "offGuard", value: true, reason: "D20C.Scene.Reason.UnseenAttacker", data: {} });
  if (hidden.note) notes.push(hidden.note);
  return { situation, notes, lines: [] };
}
