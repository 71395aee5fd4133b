/**
 * In-Foundry batch `d20-combat.canvas` ([SYS-CANVAS], [FF-COVER]): a real wall and two real tokens
 * on the viewed scene. The battlefield the attack reads from the scene holds them in squares, and
 * for every corner line from the attacker's squares to the target's (the lines cover is judged by),
 * the engine's verdict — blocked by a wall or not — is the one Foundry's own movement-collision test
 * gives on the same line. Everything it makes is deleted in `after`.
 */
import { battlefieldFrom } from "../canvas/scene-reading.js";
import { SYSTEM_ID } from "../constants.js";
import { wallBlocks, type GridPoint } from "../engine/geometry.js";
import type { BatchSpec, QuenchBatchContext } from "./quench-api.js";
import { createActor, requireGM, TemporaryDocuments, waitFor } from "./support.js";

/** Batch key. */
const CANVAS_BATCH = `${SYSTEM_ID}.canvas`;

/** The attacker's and the target's squares, and the wall between them (in squares). */
const ATTACKER_AT = { col: 1, row: 2 };
const TARGET_AT = { col: 6, row: 2 };
/** A wall part-way down between them: lines to and from the top corners cross it, the bottom edge line passes below its end. */
const WALL = { x: 4.5, y0: 0, y1: 2.8 };

/** Every corner of a one-square footprint at (col, row). */
function corners(col: number, row: number): GridPoint[] {
  return [
    { x: col, y: row },
    { x: col + 1, y: row },
    { x: col, y: row + 1 },
    { x: col + 1, y: row + 1 },
  ];
}

function canvasBody(context: QuenchBatchContext): void {
  const { it, before, after, assert } = context;
  const temp = new TemporaryDocuments();
  let attackerTokenId = "";
  let targetTokenId = "";

  before(async () => {
    requireGM();
    const scene = canvas?.scene;
    const size = canvas?.grid?.size;
    if (!scene || !size) throw new Error("View a scene before running d20-combat.canvas.");
    const ids: string[] = [];
    for (const [name, at] of [
      ["Self-test archer", ATTACKER_AT],
      ["Self-test target", TARGET_AT],
    ] as const) {
      const actor = temp.keep(await createActor({ name, type: "npc" }));
      const data = (await actor.getTokenDocument({ x: at.col * size, y: at.row * size })).toObject();
      const [token] = (await scene.createEmbeddedDocuments("Token", [data])) ?? [];
      if (!token) throw new Error(`could not place ${name}`);
      temp.keep(token);
      ids.push(token.id ?? "");
    }
    [attackerTokenId = "", targetTokenId = ""] = ids;
    const [wall] =
      (await scene.createEmbeddedDocuments("Wall", [
        { c: [WALL.x * size, WALL.y0 * size, WALL.x * size, Math.round(WALL.y1 * size)] },
      ])) ?? [];
    if (!wall) throw new Error("could not create the wall");
    temp.keep(wall);
    await waitFor(() => canvas?.walls?.placeables.some((w) => w.id === wall.id), "the wall to be drawn");
    await waitFor(
      () => ids.every((id) => canvas?.tokens?.placeables.some((t) => t.id === id)),
      "the tokens to be drawn",
    );
  });

  after(async () => {
    await temp.deleteAll();
  });

  /** The battlefield as the attack reads it from this scene. */
  function field() {
    const scene = canvas?.scene;
    const size = canvas?.grid?.size ?? 100;
    const walls = (scene?.walls.contents ?? []).map((w) => ({
      c: w.c,
      move: w.move ?? 0,
      sight: w.sight ?? 0,
      door: w.door ?? 0,
      ds: w.ds ?? 0,
    }));
    const tokens = (canvas?.tokens?.placeables ?? []).map((t) => ({
      id: t.id,
      x: t.document.x,
      y: t.document.y,
      width: t.document.width ?? 1,
      disposition: t.document.disposition,
    }));
    return { size, battlefield: battlefieldFrom(size, walls, tokens, attackerTokenId) };
  }

  it("the battlefield read from the scene holds the two tokens and the wall, in squares", () => {
    const { battlefield } = field();
    const attacker = battlefield.tokens.find((t) => t.id === attackerTokenId);
    const target = battlefield.tokens.find((t) => t.id === targetTokenId);
    assert.deepEqual(attacker && { x: attacker.x, y: attacker.y, size: attacker.size, standing: attacker.standing }, {
      x: ATTACKER_AT.col,
      y: ATTACKER_AT.row,
      size: 1,
      standing: "self",
    });
    assert.deepEqual(target && { x: target.x, y: target.y, size: target.size }, {
      x: TARGET_AT.col,
      y: TARGET_AT.row,
      size: 1,
    });
    assert.ok(
      battlefield.walls.some((w) => Math.abs(w.a.x - WALL.x) < 1e-6 && w.blocksMovement),
      "the wall is on the battlefield and blocks movement",
    );
  });

  it("the engine's corner-line verdicts agree with Foundry's wall-collision test on the same lines", () => {
    const { size, battlefield } = field();
    const backend = CONFIG.Canvas.polygonBackends.move;
    const disagreements: string[] = [];
    let blocked = 0;
    let clear = 0;
    for (const from of corners(ATTACKER_AT.col, ATTACKER_AT.row)) {
      for (const to of corners(TARGET_AT.col, TARGET_AT.row)) {
        const engine = wallBlocks(from, to, battlefield.walls, (w) => w.blocksMovement);
        const foundry = backend.testCollision(
          { x: from.x * size, y: from.y * size },
          { x: to.x * size, y: to.y * size },
          { type: "move", mode: "any" },
        );
        if (engine) blocked++;
        else clear++;
        if (engine !== foundry)
          disagreements.push(`(${from.x},${from.y})→(${to.x},${to.y}): engine ${engine}, Foundry ${foundry}`);
      }
    }
    assert.deepEqual(disagreements, [], "every line gets the same verdict");
    assert.isAbove(blocked, 0, "some lines cross the wall");
    assert.isAbove(clear, 0, "some lines pass below it");
  });
}

/** The batch: a wall and two tokens on the viewed scene. */
export function canvasBatch(): BatchSpec {
  return { key: CANVAS_BATCH, displayNameKey: "D20C.Quench.Canvas", body: canvasBody };
}
