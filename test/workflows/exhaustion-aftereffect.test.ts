/**
 * [HD-COND] An aftereffect that imposes exhaustion goes through the same level gain as a hit's
 * (the ruleset's `levelCondition`, Hundred Dungeons' gainExhaustion): through the Effects section's
 * "roll its save now" control and through the real D20Combat's end of the bearer's turn (the
 * v13 Combat stand-in, recorded dice), asserting on the actor and its effects afterwards.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { effectCreateData } from "../../src/data/effects.js";
import { defaultActorSource } from "../../src/engine/common.js";
import type { EffectSource } from "../../src/engine/types.js";
import { StandInActor, standInGlobals, standInRollFaces } from "../stand-ins/foundry-combat.js";
import { secondTurnEndsWith, useStandInCombat } from "../support/stand-in-combat.js";
import { effectSource } from "../support/engine-fixtures.js";
import { turnLinesOf } from "../support/turn-summaries.js";
import type * as EffectsModuleNs from "../../src/workflows/effects.js";

const { battle } = useStandInCombat({ systemEffects: true });
let effects: typeof EffectsModuleNs;

beforeAll(async () => {
  effects = await import("../../src/workflows/effects.js");
});

/** A save-ends venom (normal: 12+ in this game) whose aftereffect imposes `after`. */
function venom(after: string[]): Omit<EffectSource, "id"> {
  const {
    id: _id,
    sustainedRound: _s,
    armed: _a,
    aftereffect: _x,
    ...body
  } = effectSource({ duration: "endOfEncounter" });
  const { id: _venomId, ...venomBody } = effectSource({ name: "Wasting Venom", statuses: ["poisoned"] });
  return { ...venomBody, aftereffect: { ...body, name: "Wasting", statuses: after } };
}

const creature = (id: string, exhaustion: number) =>
  new StandInActor(id, defaultActorSource({ kind: "npc", speed: 60, exhaustion, hp: { value: 20, max: 20, temp: 0 } }));

describe("[HD-COND] an aftereffect that imposes exhaustion", () => {
  it("[HD-COND] saved from the sheet: at exhaustion 5 the venom's aftereffect adds the sixth level and the creature dies; no exhaustion effect is put on", async () => {
    standInGlobals.rulesetId = "hundred-dungeons";
    const ogre = creature("ogre", 5);
    await ogre.createEmbeddedDocuments("ActiveEffect", [effectCreateData(venom(["exhaustion"]))]);
    const id = ogre.effects.contents[0]!.id;
    standInRollFaces.push(14); // 14 against 12: the save ends the venom
    await effects.onEffectControl(ogre as never, "rollEffectSave", id);
    expect(standInRollFaces).toEqual([]);
    expect(ogre.source.exhaustion).toBe(6);
    expect(ogre.source.state).toBe("dead");
    expect(ogre.effects.contents.map((e) => e.name)).toEqual([]);
    // The turn line of the gain records the change from level 5, so its Undo brings level 5 back.
    const gain = turnLinesOf(standInGlobals.messages).find((l) =>
      l.undo?.actors.some(
        (a) =>
          "changes" in a &&
          a.changes.some(
            (c) =>
              (c.kind === "add" && c.path === "exhaustion" && c.delta === 1) ||
              (c.kind === "set" && c.path === "exhaustion" && c.before === 5),
          ),
      ),
    );
    expect(gain).toBeDefined();
    expect(gain!.error).toBeNull();
  });

  it("[HD-COND] saved at the end of its turn: at exhaustion 4 the aftereffect makes it 5, stunned (its next turn holds no action), and the aftereffect's other condition stays on as an effect", async () => {
    standInGlobals.rulesetId = "hundred-dungeons";
    const ogre = creature("ogre", 4);
    const hero = new StandInActor("hero", defaultActorSource({ speed: 60 }), true);
    const combat = battle([
      { id: "hero", actor: hero, initiative: 6 },
      { id: "ogre", actor: ogre, initiative: 5 },
    ]);
    (standInGlobals.game as { combat?: unknown }).combat = combat;
    await ogre.createEmbeddedDocuments("ActiveEffect", [effectCreateData(venom(["exhaustion", "frightened"]))]);
    // The ogre's turn ends: 15 against 12 ends the venom.
    await secondTurnEndsWith(combat, 15);
    expect(standInRollFaces).toEqual([]);
    expect(combat.turnEventErrors).toEqual([]);
    expect(ogre.source.exhaustion).toBe(5);
    expect(ogre.source.state).toBe("active");
    const left = ogre.effects.contents.map((e) => [e.name, [...e.statuses]]);
    expect(left).toEqual([["Wasting", ["frightened"]]]);
    // Round 2: at the ogre's turn start the tracker's economy gives a stunned creature nothing.
    await combat.nextTurn(); // the hero's turn (round 2)
    await combat.settle();
    await combat.nextTurn(); // the ogre's
    await combat.settle();
    const ogreCombatant = (
      combat as unknown as { combatants: Map<string, { flags: Record<string, unknown> }> }
    ).combatants.get("ogre")!;
    const stored = (
      ogreCombatant.flags["d20-combat"] as { actions: { cap: number | null; left: Record<string, number> } }
    ).actions;
    expect(stored.cap).toBe(0);
    expect(stored.left.reaction).toBe(0);
  });
});
