/**
 * Hundred Dungeons read from the scene ([HD-COVER], [HD-RANGED], [HD-HIDE]): partial and total
 * cover from walls, terrain and creatures in the way, a ranged attack made within the target's melee
 * reach, an unseen target or attacker, and whether the source of the attacker's fear is in its
 * sight ([HD-COND]).
 */
import { withinReach } from "../../geometry.js";
import { attackTokens, traceCover, type SceneAttackInput, type SceneNote, type SceneReading } from "../../scene.js";
import type { Situation } from "../../types.js";

/**
 * [HD-COVER] "Roughly half" covered, read from the four corner lines (the attacker's best corner
 * to the target's best square): two or three blocked → partial; all four, or no line of effect →
 * total. Any creature other than the two in the fight blocks, friend or foe.
 */
function cover(input: SceneAttackInput): {
  level: Situation["cover"];
  note: SceneNote | null;
  lines: SceneReading["lines"];
} {
  const trace = traceCover(input, "all");
  const data = { blocked: trace.blocked, lines: 4 };
  if (!trace.lineOfEffect)
    return {
      level: "total",
      lines: trace.lines,
      note: { field: "cover", value: "total", reason: "D20C.Scene.Reason.NoLineOfEffect", data, by: trace.by },
    };
  if (trace.blocked <= 1) return { level: "none", lines: trace.lines, note: null };
  const level: Situation["cover"] = trace.blocked >= 4 ? "total" : "partial";
  const reason = level === "total" ? "D20C.Scene.Reason.TotalCover" : "D20C.Scene.Reason.Cover";
  return { level, lines: trace.lines, note: { field: "cover", value: level, reason, data, by: trace.by } };
}

/** What the scene says about one Hundred Dungeons attack against one target. */
export function readHdScene(input: SceneAttackInput): SceneReading {
  const situation: Partial<Situation> = {};
  const notes: SceneNote[] = [];
  const c = cover(input);
  situation.cover = c.level;
  if (c.note) notes.push(c.note);
  if (input.range === "ranged") {
    // [HD-RANGED] the shot is weak when made within the target's own melee reach; another foe
    // whose reach holds the shooter is provoked ([HD-PROVOKE]) but does not weaken the shot.
    const { attacker, target } = attackTokens(input);
    const threat = withinReach(target, attacker, target.reach ?? 1);
    situation.withinMeleeReach = threat;
    if (threat)
      notes.push({ field: "withinMeleeReach", value: true, reason: "D20C.Scene.Reason.WithinReach", data: {} });
  }
  // [HD-HIDE] an unseen target is attacked weak; an unseen attacker attacks mighty.
  let weak = 0;
  let mighty = 0;
  if (input.attackerSeesTarget === false) {
    weak = 1;
    notes.push({ field: "weak", value: 1, reason: "D20C.Scene.Reason.Unseen", data: {} });
  }
  if (input.targetSeesAttacker === false) {
    mighty = 1;
    notes.push({ field: "mighty", value: 1, reason: "D20C.Scene.Reason.UnseenAttacker", data: {} });
  }
  // [HD-MIGHTY] Pack tactics (a trait monsters bring from the 5th-edition family): the attack is
  // mighty when an ally of the attacker able to act stands next to the target.
  if (input.attackerTraits?.includes("packTactics")) {
    const { target } = attackTokens(input);
    const ally = input.field.tokens.find(
      (t) => t.standing === "ally" && t.id !== target.id && t.acts !== false && withinReach(t, target, 1),
    );
    if (ally) {
      mighty += 1;
      notes.push({ field: "mighty", value: 1, reason: "D20C.Scene.Reason.PackTactics", data: {} });
    }
  }
  if (weak) situation.weak = weak;
  if (mighty) situation.mighty = mighty;
  // [HD-COND] frightened: its attacks are weak only while the source of its fear is in its line of sight.
  if (input.sourcesUnseen === true || input.sourcesUnseen === false) {
    situation.fearSourceUnseen = input.sourcesUnseen;
    if (input.sourcesUnseen)
      notes.push({ field: "fearSourceUnseen", value: true, reason: "D20C.Scene.Reason.FearSourceUnseen", data: {} });
  }
  return { situation, notes, lines: c.lines };
}
