/**
 * [WD-TIES] Ties act at the same moment: through the REAL D20Combat on the v13 Combat stand-in
 * (the tracker's Next Turn), a combatant killed in its shared simultaneous slot by the partner it
 * tied with still takes its turn in that slot; one dropped before its slot began does not.
 */
import { describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { StandInActor, standInGlobals, standInRollFaces } from "../stand-ins/foundry-combat.js";
import { useStandInCombat } from "../support/stand-in-combat.js";

const { battle } = useStandInCombat();

const fighter = (id: string, kind: "character" | "npc" = "character") =>
  new StandInActor(id, defaultActorSource({ kind, hp: { value: 20, max: 20, temp: 0 } }), true);
const kill = (a: StandInActor) => {
  a.source = { ...a.source, hp: { value: -10, max: 20, temp: 0 }, state: "dead" };
};

describe("[WD-TIES] simultaneous slots in the tracker", () => {
  it("[WD-TIES] the ogre, tied with Ayla at 12, is killed by her in their slot and still acts in it; Zed, killed before his slot, is skipped", async () => {
    standInGlobals.rulesetId = "wounds-d20";
    const ayla = fighter("ayla");
    const ogre = fighter("ogre", "npc");
    const zed = fighter("zed", "npc");
    const combat = battle([
      { id: "ayla", actor: ayla, initiative: 12 },
      { id: "ogre", actor: ogre, initiative: 12 },
      { id: "zed", actor: zed, initiative: 5 },
    ]);
    // Initiative is rolled every round: 12, 12 and 5 (no modifiers).
    standInRollFaces.push(12, 12, 5);
    await combat.startCombat();
    await combat.settle();
    const first = combat.combatant?.id;
    expect(["ayla", "ogre"]).toContain(first);
    const partner = first === "ayla" ? "ogre" : "ayla";
    // The first of the slot drops its partner (and Zed, whose slot has not begun).
    kill(partner === "ogre" ? ogre : ayla);
    kill(zed);
    await combat.nextTurn();
    await combat.settle();
    expect(combat.combatant?.id).toBe(partner);
    expect(combat.round).toBe(1);
    // Zed's slot begins after he died: he does not act (the round ends, a new one starts).
    standInRollFaces.push(...Array.from({ length: 12 }, () => 10));
    await combat.nextTurn();
    await combat.settle();
    expect(combat.combatant?.id).not.toBe("zed");
    expect(combat.round).toBe(2);
  });
});
