/**
 * FFd20 read from the scene ([FF-COVER], [FF-CONCEAL], [FF-CA], [FF-INVIS]): cover and superior
 * cover from the corner lines, total concealment when the attacker cannot see the target,
 * concealment from the target's obscured square (a Region the GM marks obscuring), and
 * combat advantage from an unseen attacker or (a table option) from flanking.
 */
import { flanks, withinReach } from "../../geometry.js";
import {
  attackTokens,
  lightObscurement,
  traceCover,
  worstObscurement,
  type SceneAttackInput,
  type SceneNote,
  type SceneReading,
} from "../../scene.js";
import type { Situation } from "../../types.js";

/** World option key: combat advantage when the attacker and an ally flank the target. */
const FF_FLANKING_OPTION = "flankingAdvantage";

/**
 * [FF-COVER] Cover from the corner lines: one or two of the four blocked → cover, three or four →
 * superior cover while the attacker still has line of effect, none → no line of effect (the target
 * cannot be hit). Enemies of the attacker stand in the way of ranged attacks only; allies never;
 * melee (reach included) takes cover from terrain and walls alone; close and area attacks trace
 * from their origin and ignore creatures.
 */
function cover(input: SceneAttackInput): {
  level: Situation["cover"];
  note: SceneNote | null;
  reading: ReturnType<typeof traceCover>;
} {
  const trace = traceCover(input, input.range === "ranged" ? "enemies" : "none");
  const { blocked, by, lineOfEffect } = trace;
  const data = { blocked, lines: 4 };
  if (!lineOfEffect) {
    return {
      level: "total",
      reading: trace,
      note: { field: "cover", value: "total", reason: "D20C.Scene.Reason.NoLineOfEffect", data, by },
    };
  }
  if (blocked === 0) return { level: "none", reading: trace, note: null };
  const level: Situation["cover"] = blocked <= 2 ? "partial" : "superior";
  const reason = level === "partial" ? "D20C.Scene.Reason.Cover" : "D20C.Scene.Reason.SuperiorCover";
  return { level, reading: trace, note: { field: "cover", value: level, reason, data, by } };
}

/**
 * [FF-CONCEAL] Concealment from the target's obscured square: lightly obscured (dim light, a light
 * mark) −2; heavily obscured −2 when the target is adjacent to the attacker, −5 otherwise; totally
 * obscured (darkness, a total mark) −5.
 */
function obscuredConcealment(input: SceneAttackInput): { level: Situation["concealment"]; note: SceneNote } | null {
  // The square's marks (Regions) and its light (dim light is lightly obscured, darkness totally):
  // the worst counts, and the reason names the light when the light alone decides.
  const marked = input.targetObscured ?? null;
  const lit = lightObscurement(input.targetLight);
  const obscured = worstObscurement([marked, lit]);
  if (!obscured) return null;
  const { attacker, target } = attackTokens(input);
  const adjacent = withinReach(attacker, target, 1);
  const level: Situation["concealment"] =
    obscured === "light" || (obscured === "heavy" && adjacent) ? "partial" : "total";
  const byLight = obscured !== marked;
  const reason = byLight
    ? `D20C.Scene.Reason.Obscured.${input.targetLight === "dark" ? "darkness" : "dimLight"}`
    : `D20C.Scene.Reason.Obscured.${obscured}${obscured === "heavy" && adjacent ? "Adjacent" : ""}`;
  return { level, note: { field: "concealment", value: level, reason, data: {} } };
}

/** What the scene says about one FFd20 attack against one target. */
export function readFfScene(input: SceneAttackInput): SceneReading {
  const situation: Partial<Situation> = {};
  const notes: SceneNote[] = [];
  const c = cover(input);
  situation.cover = c.level;
  if (c.note) notes.push(c.note);
  const meleeOrRanged = input.range === "melee" || input.range === "ranged";
  // [FF-CONCEAL] an unseen target has total concealment against melee and ranged attacks.
  const unseen = input.attackerSeesTarget === false;
  if (meleeOrRanged) {
    situation.concealment = unseen ? "total" : "none";
    if (unseen) notes.push({ field: "concealment", value: "total", reason: "D20C.Scene.Reason.Unseen", data: {} });
    else {
      const obscured = obscuredConcealment(input);
      if (obscured) {
        situation.concealment = obscured.level;
        notes.push(obscured.note);
      }
    }
  }
  // [FF-CA] combat advantage needs the attacker to see the target; [FF-INVIS] an attacker its
  // target cannot see has it.
  let advantage = false;
  if (!unseen && input.targetSeesAttacker === false) {
    advantage = true;
    notes.push({ field: "combatAdvantage", value: true, reason: "D20C.Scene.Reason.UnseenAttacker", data: {} });
  }
  if (!unseen && !advantage && input.options[FF_FLANKING_OPTION] !== false) {
    const { attacker, target } = attackTokens(input);
    // An ally who cannot act (down, stunned) or cannot see (blinded, or the vision test says the
    // target is out of its sight: invisible to it, in darkness it can't see through) presses no one.
    const unseenBy = new Set(input.unseenBy ?? []);
    const partner = input.field.tokens.find(
      (t) =>
        t.standing === "ally" &&
        t.acts !== false &&
        t.sees !== false &&
        !unseenBy.has(t.id) &&
        flanks(attacker, t, target),
    );
    if (partner) {
      advantage = true;
      notes.push({ field: "combatAdvantage", value: true, reason: "D20C.Scene.Reason.Flanking", data: {} });
    }
  }
  situation.combatAdvantage = advantage;
  return { situation, notes, lines: c.reading.lines };
}
