/**
 * [SYS-CANVAS] What blocks what is Foundry's answer, and a creature on another scene Level is not
 * beside anyone — through the REAL `rollAttack` with the attack and scene stand-ins in both
 * generations' data shapes (test/stand-ins/foundry-scene.ts):
 * - walls: the corner lines ask core's collision backends (`CONFIG.Canvas.polygonBackends.{move,
 *   sight}.testCollision`, API v13/v14 `PointSourcePolygon.testCollision`), so a one-way wall blocks
 *   as Foundry says it does, from one side only; the stand-in counts the tests one attack makes;
 * - Levels (v14 `TokenData#level`, https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.TokenData.html):
 *   an ally on another Level does not flank, a creature there is not in a close burst, and a target
 *   there gets nothing from the scene.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import { ActorStandIn, ItemStandIn, standInAttackFaces, type AttackStandInState } from "../stand-ins/foundry-attack.js";
import { installAttackSceneStandIn, placeToken, putOnLevel, type SceneStandIn } from "../stand-ins/foundry-scene.js";
import { attackCardIn } from "../support/card-messages.js";
import { npc, power } from "./attack-fixtures.js";

const FF = getRuleset("ffd20");
const archer = new ActorStandIn("archer", "Archer", npc(FF, 10));
const foe = new ActorStandIn("foe", "Crossbowman", npc(FF, 10));
const goblin = new ActorStandIn("goblin", "Goblin", npc(FF, 10));
const ally = new ActorStandIn("ally", "Ally", npc(FF, 10));
const bow = new ItemStandIn("power", "Longbow Shot", power({ range: "ranged", defense: "ac", attackBonus: 5 }));
const sword = new ItemStandIn("power", "Sword Strike", power({ range: "melee", defense: "ac", attackBonus: 5 }));
const burst = new ItemStandIn(
  "power",
  "Thunder Ring",
  power({ range: "close", defense: "fort", attackBonus: 5, damage: "1d6", area: { shape: "burst", size: 1 } }),
);

describe.each([13, 14] as const)("[SYS-CANVAS] core answers on Foundry v%i", (generation) => {
  let state: AttackStandInState;
  let scene: SceneStandIn;
  let uninstall: () => void;
  let rollAttack: typeof RollAttackFn;
  beforeAll(async () => {
    ({ state, scene, uninstall } = installAttackSceneStandIn(FF.id, { generation }));
    ({ rollAttack } = await import("../../src/workflows/attack.js"));
  });
  afterAll(() => uninstall());
  beforeEach(() => {
    state.messages.length = 0;
    state.errors.length = 0;
    state.targets.clear();
    standInAttackFaces.length = 0;
    scene.tokens.length = 0;
    scene.walls.length = 0;
    scene.collisionTests = 0;
  });
  const cardOf = (): AttackCardData => attackCardIn(state.messages[0]!.data)!;
  const keys = (t: AttackCardData["targets"][number]) => t.outcome.modifiers.map((m) => m.key);

  /** The archer shoots the crossbowman 5 squares east, a one-way wall between them on x = 3 (both ways: `dir` 0). */
  async function shootAcross(dir: number, archerCol: number, foeCol: number) {
    placeToken(scene, "tArcher", archer, archerCol, 0, 1);
    const target = placeToken(scene, "tFoe", foe, foeCol, 0, -1);
    scene.walls.push({ c: [300, -1000, 300, 1000], move: 20, sight: 20, door: 0, ds: 0, dir });
    state.targets.add(target);
    standInAttackFaces.length = 0;
    standInAttackFaces.push(12, 5);
    await rollAttack(archer as never, bow as never, { fastForward: true });
    expect(state.errors).toEqual([]);
    return cardOf().targets[0]!;
  }

  it("[FF-COVER] a wall core says blocks stops the lines; a one-way wall blocks only from the side Foundry says, so shooting back through it is clear", async () => {
    // A wall both ways: no line gets through, so no line of effect.
    const both = await shootAcross(0, 0, 5);
    expect(both.scene).toEqual([{ text: "no line of effect to the target (4 of 4 lines blocked)", kept: true }]);
    // One-way (the stand-in's "right": blocks lines from the west): from the west every line is blocked …
    state.messages.length = 0;
    scene.tokens.length = 0;
    scene.walls.length = 0;
    const blocked = await shootAcross(2, 0, 5);
    expect(blocked.scene).toEqual(both.scene);
    // … from the east nothing is: Foundry lets those lines through, so the scene claims no cover.
    state.messages.length = 0;
    scene.tokens.length = 0;
    scene.walls.length = 0;
    state.targets.clear();
    const clear = await shootAcross(2, 5, 0);
    expect(keys(clear)).not.toContain("cover");
    expect(clear.scene).toBeUndefined();
  });

  it("[FF-COVER] the corner lines are Foundry's collision tests: one attack asks a bounded number per target", async () => {
    await shootAcross(0, 0, 5);
    // 4 lines from each tried corner (at most 4 corners × 4 lines) plus the line-of-effect probes.
    expect(scene.collisionTests).toBeGreaterThan(0);
    expect(scene.collisionTests).toBeLessThanOrEqual(16 + 2 * 4 * 5);
  });

  if (generation < 14) return;

  it("[FF-CA] an ally opposite the goblin but on another Level flanks no one: no combat advantage", async () => {
    const fighter = new ActorStandIn("fighter", "Fighter", npc(FF, 10));
    placeToken(scene, "tFighter", fighter, 0, 8, 1);
    const target = placeToken(scene, "tGoblin", goblin, 1, 8, -1);
    const friend = placeToken(scene, "tAlly", ally, 2, 8, 1);
    state.targets.add(target);
    standInAttackFaces.push(12, 5);
    await rollAttack(fighter as never, sword as never, { fastForward: true });
    expect(cardOf().targets[0]!.outcome.modifiers).toContainEqual(
      expect.objectContaining({ key: "combatAdvantage", value: 2 }),
    );
    state.messages.length = 0;
    putOnLevel(scene, friend, "upstairs");
    standInAttackFaces.push(12, 5);
    await rollAttack(fighter as never, sword as never, { fastForward: true });
    expect(keys(cardOf().targets[0]!)).not.toContain("combatAdvantage");
  });

  it("[SYS-CANVAS] a target on another Level gets nothing from the scene; a close burst leaves out a creature on another Level", async () => {
    placeToken(scene, "tArcher", archer, 0, 0, 1);
    const behind = placeToken(scene, "tFoe", foe, 5, 0, -1);
    scene.walls.push({ c: [300, -1000, 300, 1000], move: 20, sight: 20, door: 0, ds: 0 });
    putOnLevel(scene, behind, "cellar");
    state.targets.add(behind);
    standInAttackFaces.push(12, 5);
    await rollAttack(archer as never, bow as never, { fastForward: true });
    expect(cardOf().targets[0]!.scene).toBeUndefined();
    expect(keys(cardOf().targets[0]!)).not.toContain("cover");

    state.messages.length = 0;
    state.targets.clear();
    const below = placeToken(scene, "tBelow", goblin, 1, 1, -1);
    placeToken(scene, "tBeside", ally, 1, 0, -1);
    putOnLevel(scene, below, "cellar");
    standInAttackFaces.push(12, 5);
    await rollAttack(archer as never, burst as never, { fastForward: true });
    expect(cardOf().targets.map((t) => t.name)).toEqual(["Ally"]);
  });
});
