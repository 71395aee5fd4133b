/**
 * [SYS-MONSTERS] The token aura ring, through the real entry point: the `refreshToken` hook the
 * system registers (src/canvas/aura-rings.ts) draws, on a stand-in scene (PIXI.Graphics recording
 * its lines, test/stand-ins/foundry-scene.ts), the outline of the squares each aura holds around
 * the token — its radius beyond the footprint on every side — and takes it off once the creature
 * has no aura; a token whose creature has none gets no ring.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import type { AuraSpec } from "../../src/engine/auras.js";
import type { ActorSource } from "../../src/engine/types.js";
import {
  installSceneStandIn,
  placeToken,
  type GraphicsStandIn,
  type SceneStandIn,
} from "../stand-ins/foundry-scene.js";
import { installHooksStandIn, type HooksStandIn } from "../stand-ins/hooks.js";

let scene: SceneStandIn;
let hooks: HooksStandIn;
let uninstall: () => void;

beforeAll(async () => {
  const canvas = installSceneStandIn();
  const h = installHooksStandIn();
  scene = canvas.scene;
  hooks = h.hooks;
  uninstall = () => {
    h.uninstall();
    canvas.uninstall();
  };
  const { registerAuraRings } = await import("../../src/canvas/aura-rings.js");
  registerAuraRings();
});
afterAll(() => uninstall());

const shield: AuraSpec = {
  name: "Fire Shield",
  radius: 2,
  who: "enemies",
  when: "turnStart",
  damage: { formula: "5", type: "fire" },
  condition: "",
  modifier: { target: "none", value: 0 },
  belowHp: 0,
};

/** A creature's token on the scene that records what is added to it. */
function creatureToken(source: ActorSource, size = 1) {
  const actor = { name: "Imp", img: "", uuid: "Actor.imp", source, toEngineSource: () => actor.source };
  const token = placeToken(scene, `t${scene.tokens.length}`, actor, 5, 5, -1, size);
  const children: GraphicsStandIn[] = [];
  return { actor, children, token: Object.assign(token, { addChild: (c: GraphicsStandIn) => children.push(c) }) };
}

describe("[SYS-MONSTERS] a token's aura ring", () => {
  it("[SYS-MONSTERS] a Large imp's aura 2 is outlined two squares beyond its 2×2 footprint on every side, in the enemies' colour; without the aura the ring goes", () => {
    const { actor, children, token } = creatureToken(defaultActorSource({ auras: [shield] }), 2);
    hooks.callAll("refreshToken", token);
    expect(children).toHaveLength(1);
    const ring = children[0]!;
    const s = scene.gridSize;
    expect(ring.segments.map((seg) => seg.to)).toEqual([
      [4 * s, -2 * s],
      [4 * s, 4 * s],
      [-2 * s, 4 * s],
      [-2 * s, -2 * s],
    ]);
    expect(new Set(ring.segments.map((seg) => seg.color))).toEqual(new Set([0xe8772e]));
    actor.source = { ...actor.source, auras: [] };
    hooks.callAll("refreshToken", token);
    expect(ring.destroyed).toBe(true);
    expect(children).toHaveLength(1);
  });

  it("[SYS-MONSTERS] a creature with no aura gets no ring", () => {
    const { children, token } = creatureToken(defaultActorSource());
    hooks.callAll("refreshToken", token);
    expect(children).toEqual([]);
  });
});
