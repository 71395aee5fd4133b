/**
 * [SYS-CANVAS] Close and area attacks placed on the scene, through the REAL `rollAttack` with the
 * attack stand-in and a stand-in scene (test/stand-ins/foundry-scene.ts): the power's own area
 * (burst / blast N, a radius, a cone, a line, in squares) decides what is placed — on Foundry v14 a
 * Region the user positions (`canvas.regions.placeRegion`, stood in for with the user's click), on
 * v13 the user's newest measured template — and the attack targets exactly the creatures inside it,
 * one roll per target on one card; what was placed is removed once the card is posted. A close burst
 * needs nothing placed: the engine's geometry reads who stands within it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import { ActorStandIn, ItemStandIn, standInAttackFaces, type AttackStandInState } from "../stand-ins/foundry-attack.js";
import {
  installAttackSceneStandIn,
  placeSquareTemplate,
  placeToken,
  type SceneStandIn,
} from "../stand-ins/foundry-scene.js";
import { attackCardIn } from "../support/card-messages.js";
import { npc, power } from "./attack-fixtures.js";

const FF = getRuleset("ffd20");

let state: AttackStandInState;
let scene: SceneStandIn;
let uninstall: () => void;
let rollAttack: typeof RollAttackFn;
let release: { generation: number };

beforeAll(async () => {
  ({ state, scene, uninstall } = installAttackSceneStandIn(FF.id));
  release = (globalThis as unknown as { game: { release: { generation: number } } }).game.release;
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
});
afterAll(() => uninstall());

const mage = new ActorStandIn("mage", "Corvin", npc(FF, 10));
const names = ["Near", "Corner", "Ogre", "West", "East", "Far"] as const;
const foes = Object.fromEntries(names.map((n) => [n, new ActorStandIn(n.toLowerCase(), n, npc(FF, 10))]));

/**
 * The mage on (1, 5); foes on (4, 4), (6, 6), a Large ogre on (6, 3)–(7, 4), (3, 5), (7, 5) and
 * (12, 12). A burst 1 centred on square (5, 5) covers (4..6, 4..6): Near, Corner and the ogre.
 */
beforeEach(() => {
  state.messages.length = 0;
  state.dialogs.length = 0;
  state.errors.length = 0;
  standInAttackFaces.length = 0;
  scene.tokens.length = 0;
  scene.walls.length = 0;
  scene.templates.length = 0;
  scene.regions.length = 0;
  scene.regionClick = null;
  scene.mayCreateRegions = true;
  release.generation = 14;
  state.targets.clear();
  placeToken(scene, "tMage", mage, 1, 5, 1);
  placeToken(scene, "tNear", foes.Near!, 4, 4, -1);
  placeToken(scene, "tCorner", foes.Corner!, 6, 6, -1);
  placeToken(scene, "tOgre", foes.Ogre!, 6, 3, -1, 2);
  placeToken(scene, "tWest", foes.West!, 3, 5, -1);
  placeToken(scene, "tEast", foes.East!, 7, 5, -1);
  placeToken(scene, "tFar", foes.Far!, 12, 12, -1);
});
afterAll(() => {
  release.generation = 13;
});

const cardOf = (): AttackCardData => attackCardIn(state.messages[0]!.data)!;

const burst = (range: "area" | "close", size: number, shape: "burst" | "blast" | "radius" = "burst") =>
  new ItemStandIn(
    "power",
    "Searing Burst",
    power({ range, defense: "ref", attackBonus: 5, damage: "1d6", area: { shape, size } }),
  );

describe("[SYS-CANVAS] an area the power states, placed as a v14 Region", () => {
  it("[SYS-CANVAS] an area burst 1 asks for a 3×3-square Region placed by its centre; it targets exactly the creatures in it, then is deleted", async () => {
    scene.regionClick = { x: 550, y: 550 };
    standInAttackFaces.push(12, 12, 12, 3, 3, 3);
    await rollAttack(mage as never, burst("area", 1) as never, { fastForward: true });
    expect(state.errors).toEqual([]);
    expect(scene.regions).toHaveLength(1);
    const placed = scene.regions[0]!;
    expect(placed.create).toBe(true);
    expect(placed.shape).toMatchObject({ type: "rectangle", width: 300, height: 300, anchorX: 0.5, anchorY: 0.5 });
    expect(
      cardOf()
        .targets.map((t) => t.name)
        .sort(),
    ).toEqual(["Corner", "Near", "Ogre"]);
    expect(state.messages).toHaveLength(1);
    expect(cardOf().dice).toHaveLength(3);
    // Deleted after the card was posted.
    expect(placed.deletedAfterMessages).toBe(1);
  });

  it("[SYS-CANVAS] a radius 2 asks for a circle of two squares; a blast 2 for a 2×2 square placed by its corner", async () => {
    scene.regionClick = { x: 500, y: 500 };
    standInAttackFaces.push(12, 12, 12, 3, 3, 3);
    await rollAttack(mage as never, burst("area", 2, "radius") as never, { fastForward: true });
    expect(scene.regions[0]!.shape).toMatchObject({ type: "circle", radius: 200 });
    // Square centres within 200 px of (500, 500): Near's (450, 450), the ogre's (650, 450) and
    // West's (350, 550); Corner's (650, 650) is 212 px off, East's (750, 550) 255 px.
    expect(
      cardOf()
        .targets.map((t) => t.name)
        .sort(),
    ).toEqual(["Near", "Ogre", "West"]);
    state.messages.length = 0;
    standInAttackFaces.length = 0;
    scene.regionClick = { x: 600, y: 300 };
    standInAttackFaces.push(12, 3);
    await rollAttack(mage as never, burst("close", 2, "blast") as never, { fastForward: true });
    expect(scene.regions[1]!.shape).toMatchObject({
      type: "rectangle",
      width: 200,
      height: 200,
      anchorX: 0,
      anchorY: 0,
    });
    expect(cardOf().targets.map((t) => t.name)).toEqual(["Ogre"]);
  });

  it("[SYS-CANVAS] a user who may not create Regions places a preview only: the same targets, nothing left to delete", async () => {
    scene.mayCreateRegions = false;
    scene.regionClick = { x: 550, y: 550 };
    standInAttackFaces.push(12, 12, 12, 3, 3, 3);
    await rollAttack(mage as never, burst("area", 1) as never, { fastForward: true });
    expect(scene.regions[0]!.create).toBe(false);
    expect(scene.regions[0]!.deletedAfterMessages).toBeNull();
    expect(
      cardOf()
        .targets.map((t) => t.name)
        .sort(),
    ).toEqual(["Corner", "Near", "Ogre"]);
  });

  it("[SYS-CANVAS] a cancelled placement leaves the user's own targets", async () => {
    state.targets.add(scene.tokens.find((t) => t.document.id === "tFar") as never);
    standInAttackFaces.push(12, 3);
    await rollAttack(mage as never, burst("area", 1) as never, { fastForward: true });
    expect(cardOf().targets.map((t) => t.name)).toEqual(["Far"]);
  });
});

describe("[SYS-CANVAS] a close burst read from the scene, and v13's measured templates", () => {
  it("[SYS-CANVAS] a close burst 2 targets every creature within two squares of the mage and not the mage; nothing is placed", async () => {
    standInAttackFaces.push(12, 3);
    await rollAttack(mage as never, burst("close", 2) as never, { fastForward: true });
    expect(scene.regions).toHaveLength(0);
    expect(cardOf().targets.map((t) => t.name)).toEqual(["West"]);
  });

  it("[SYS-CANVAS] on v13 the user's newest measured template decides, and it is deleted once the card is posted", async () => {
    release.generation = 13;
    placeSquareTemplate(scene, 4, 4, 3, "userStandIn");
    standInAttackFaces.push(12, 12, 12, 3, 3, 3);
    await rollAttack(mage as never, burst("area", 1) as never, { fastForward: true });
    expect(scene.regions).toHaveLength(0);
    expect(
      cardOf()
        .targets.map((t) => t.name)
        .sort(),
    ).toEqual(["Corner", "Near", "Ogre"]);
    expect(scene.templates).toHaveLength(0);
  });
});
