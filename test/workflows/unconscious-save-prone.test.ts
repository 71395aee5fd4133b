/**
 * [HD-COND] Unconscious means the creature fell prone: an effect that knocked it unconscious (a
 * sleep power, save ends) ends with the creature still prone, through the Effects section's "roll
 * its save now" control and through the real D20Combat's end of the bearer's turn (the v13 Combat
 * stand-in, recorded dice), asserting on the actor and its effects afterwards.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { effectCreateData } from "../../src/data/effects.js";
import { defaultActorSource } from "../../src/engine/common.js";
import type { EffectSource } from "../../src/engine/types.js";
import { StandInActor, standInGlobals, standInRollFaces } from "../stand-ins/foundry-combat.js";
import { secondTurnEndsWith, useStandInCombat } from "../support/stand-in-combat.js";
import { effectSource } from "../support/engine-fixtures.js";
import type * as EffectsModuleNs from "../../src/workflows/effects.js";

const { battle } = useStandInCombat({ systemEffects: true });
let effects: typeof EffectsModuleNs;

beforeAll(async () => {
  effects = await import("../../src/workflows/effects.js");
});

/** A save-ends sleep (normal: 12+ in this game) that knocks its bearer unconscious. */
function sleep(): Omit<EffectSource, "id"> {
  const { id: _id, ...body } = effectSource({ name: "Sleep", statuses: ["unconscious"] });
  return body;
}

const creature = (id: string) =>
  new StandInActor(id, defaultActorSource({ kind: "npc", speed: 60, hp: { value: 20, max: 20, temp: 0 } }));

/** A Hundred Dungeons combat: the hero (combatant "hero") acts first, then the ogre (or the other way round). */
function heroAndOgre(ogreFirst = false) {
  standInGlobals.rulesetId = "hundred-dungeons";
  const ogre = creature("ogre");
  const hero = new StandInActor("hero", defaultActorSource({ speed: 60 }), true);
  const combat = battle([
    { id: "hero", actor: hero, initiative: 6 },
    { id: "ogre", actor: ogre, initiative: ogreFirst ? 7 : 5 },
  ]);
  (standInGlobals.game as { combat?: unknown }).combat = combat;
  return { ogre, combat };
}

describe("[HD-COND] a creature that comes round from an unconscious effect is prone", () => {
  it("[HD-COND] saved from the sheet: the sleep ends and the ogre lies prone (standing up is its own procedure)", async () => {
    standInGlobals.rulesetId = "hundred-dungeons";
    const ogre = creature("ogre");
    await ogre.createEmbeddedDocuments("ActiveEffect", [effectCreateData(sleep())]);
    const id = ogre.effects.contents[0]!.id;
    standInRollFaces.push(11); // 11 against 12: still asleep, not prone yet
    await effects.onEffectControl(ogre as never, "rollEffectSave", id);
    expect(ogre.effects.contents.map((e) => e.name)).toEqual(["Sleep"]);
    expect(ogre.source.conditions).toEqual([]);
    standInRollFaces.push(14); // 14 against 12: awake
    await effects.onEffectControl(ogre as never, "rollEffectSave", id);
    expect(standInRollFaces).toEqual([]);
    expect(ogre.effects.contents.map((e) => e.name)).toEqual([]);
    expect(ogre.source.conditions).toEqual(["prone"]);
  });

  it("[HD-COND] saved at the end of its turn in a combat: awake and prone", async () => {
    const { ogre, combat } = heroAndOgre();
    await ogre.createEmbeddedDocuments("ActiveEffect", [effectCreateData(sleep())]);
    // The ogre's turn ends: 15 against 12 ends the sleep.
    await secondTurnEndsWith(combat, 15);
    expect(standInRollFaces).toEqual([]);
    expect(combat.turnEventErrors).toEqual([]);
    expect(ogre.effects.contents.map((e) => e.name)).toEqual([]);
    expect(ogre.source.conditions).toEqual(["prone"]);
  });

  it("[HD-COND] a knock-out until the end of the hero's next turn: when that turn ends, the ogre is awake and prone", async () => {
    const { ogre, combat } = heroAndOgre();
    const knockOut = {
      ...sleep(),
      name: "Stunning Blow",
      duration: "endOfNextTurn" as const,
      sourceCombatantId: "hero",
    };
    await ogre.createEmbeddedDocuments("ActiveEffect", [effectCreateData(knockOut)]);
    await combat.startCombat(); // the hero's turn starts: the effect is armed
    await combat.settle();
    expect(ogre.source.conditions).toEqual([]);
    await combat.nextTurn(); // the hero's turn ends: the effect ends
    await combat.settle();
    expect(combat.turnEventErrors).toEqual([]);
    expect(ogre.effects.contents.map((e) => e.name)).toEqual([]);
    expect(ogre.source.conditions).toEqual(["prone"]);
  });

  it("[HD-COND] a knock-out until the start of the hero's next turn, that turn walked past (Next Round pressed mid-round): the ogre is awake and prone", async () => {
    // The ogre acts first; the hero's turn comes after it.
    const { ogre, combat } = heroAndOgre(true);
    const knockOut = {
      ...sleep(),
      name: "Stunning Blow",
      duration: "startOfNextTurn" as const,
      sourceCombatantId: "hero",
    };
    await ogre.createEmbeddedDocuments("ActiveEffect", [effectCreateData(knockOut)]);
    await combat.startCombat(); // the ogre's turn
    await combat.settle();
    expect(ogre.source.conditions).toEqual([]);
    await combat.nextRound(); // the hero's turn is walked past: its start still ends the effect
    await combat.settle();
    expect(standInRollFaces).toEqual([]);
    expect(combat.turnEventErrors).toEqual([]);
    expect(combat.round).toBe(2);
    expect(ogre.effects.contents.map((e) => e.name)).toEqual([]);
    expect(ogre.source.conditions).toEqual(["prone"]);
  });
});
