/**
 * [SYS-MONSTERS] A condition that leaves a creature speed 0 stops its own token move on its own
 * turn in a started combat (each game's speed-0 conditions, from the condition tables); forced movement, a GM's hand
 * and moves out of combat are never stopped; a lower speed (slowed) does not stop a token. Forced
 * movement is told from the update's options: ours, or core's "displace" waypoints.
 */
import { describe, expect, it } from "vitest";
import { moveStopped } from "../../src/engine/condition-rules.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { RulesetId } from "../../src/engine/types.js";
import { FORCED_MOVE_OPTION, isForcedUpdate } from "../../src/compat/movement.js";

const own = { ownTurn: true, forced: false, byGM: false };
const STOPPING: Record<RulesetId, string[]> = {
  "13th-age": ["grabbed", "stuck"],
  ffd20: ["immobilized", "grabbed", "restrained"],
  "hundred-dungeons": ["grappled", "restrained", "paralyzed", "stunned"],
  "wounds-d20": ["grappled", "paralyzed"],
};

describe("[SYS-MONSTERS] speed 0 stops a creature's own token move", () => {
  it.each(Object.entries(STOPPING))(
    "[SYS-MONSTERS] [13A-CONDGRABBED] [FF-CONDIMMOBILIZED] %s: each speed-0 condition stops the player's move on its own turn",
    (id, conditions) => {
      const table = getRuleset(id as RulesetId).conditions;
      for (const c of conditions) {
        expect(moveStopped(table, [c], own), `${id} ${c}`).toBe("D20C.Conditions.Refused.move");
      }
      expect(moveStopped(table, [], own)).toBeNull();
    },
  );

  it("[FF-CONDIMMOBILIZED] [FF-CONDSLOWED] forced movement, the GM's hand and moves off its own turn (dragged by a grappler) pass; slowed never stops a token", () => {
    const table = getRuleset("ffd20").conditions;
    expect(moveStopped(table, ["immobilized"], { ...own, forced: true })).toBeNull();
    expect(moveStopped(table, ["immobilized"], { ...own, byGM: true })).toBeNull();
    expect(moveStopped(table, ["immobilized"], { ...own, ownTurn: false })).toBeNull();
    expect(moveStopped(table, ["slowed"], own)).toBeNull();
  });

  it("[SYS-MONSTERS] a forced move is ours (the option) or core's displace waypoints for this token; a ruler move is not", () => {
    expect(isForcedUpdate("t1", { [FORCED_MOVE_OPTION]: true })).toBe(true);
    const displace = { movement: { t1: { waypoints: [{ x: 1, y: 1, action: "displace" }] } } };
    expect(isForcedUpdate("t1", displace)).toBe(true);
    expect(isForcedUpdate("t2", displace)).toBe(false);
    expect(isForcedUpdate("t1", { movement: { t1: { waypoints: [{ x: 1, y: 1, action: "walk" }] } } })).toBe(false);
    expect(isForcedUpdate("t1", {})).toBe(false);
  });
});
