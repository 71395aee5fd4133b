/**
 * [SYS-CANVAS] The engine's corner lines and line of effect ask the table's wall test when the
 * battlefield carries one (`Battlefield#collides`; the adapter passes Foundry's collision
 * backends), and read `walls` only without it. The rules — which lines, from which corners — stay
 * the engine's.
 */
import { describe, expect, it } from "vitest";
import { bestCornerTrace, hasLineOfEffect, type GridPoint, type WallSegment } from "../../src/engine/geometry.js";

const origin = { x: 0, y: 0, size: 1 };
const target = { x: 4, y: 0, size: 1 };
const wall: WallSegment = { a: { x: 2.5, y: -5 }, b: { x: 2.5, y: 5 }, blocksMovement: true, blocksSight: true };

describe("[SYS-CANVAS] the table's wall test replaces reading walls", () => {
  it("[SYS-CANVAS] [FF-COVER] with a wall test, its verdicts decide the lines; the walls listed are not read", () => {
    const asked: [GridPoint, GridPoint, string][] = [];
    const nothingBlocks = (p: GridPoint, q: GridPoint, r: "move" | "sight") => {
      asked.push([p, q, r]);
      return false;
    };
    const trace = bestCornerTrace(origin, target, {
      walls: [wall],
      terrain: [],
      creatures: [],
      collides: nothingBlocks,
    });
    expect(trace.blocked).toBe(0);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every(([, , r]) => r === "move")).toBe(true);
    // Without it the same wall blocks every line.
    expect(bestCornerTrace(origin, target, { walls: [wall], terrain: [], creatures: [] }).blocked).toBe(4);
  });

  it("[SYS-CANVAS] line of effect is stopped only where the test says both movement and sight are", () => {
    const onlyMove = (_p: GridPoint, _q: GridPoint, r: "move" | "sight") => r === "move";
    const both = () => true;
    expect(hasLineOfEffect(origin, target, { walls: [], collides: onlyMove })).toBe(true);
    expect(hasLineOfEffect(origin, target, { walls: [], collides: both })).toBe(false);
    expect(hasLineOfEffect(origin, target, { walls: [wall] })).toBe(false);
  });
});
