/**
 * [HD-PROVOKE] Leaving reach judged along a move's path (the waypoints Foundry's `moveToken` hook
 * carries), not only its two ends.
 */
import { describe, expect, it } from "vitest";
import type { Battlefield } from "../../src/engine/geometry.js";
import { reachLeftAlong } from "../../src/engine/path-reach.js";

/** The hero on (5, 5); an orc on (6, 5) with reach 1; a troll on (5, 8) with reach 2. */
const field: Battlefield = {
  walls: [],
  tokens: [
    { id: "hero", x: 5, y: 5, size: 1, standing: "self" },
    { id: "orc", x: 6, y: 5, size: 1, standing: "enemy" },
    { id: "troll", x: 5, y: 8, size: 1, standing: "enemy", reach: 2 },
  ],
};

describe("[HD-PROVOKE] reach left along a path", () => {
  it("[HD-PROVOKE] a path that steps out of the orc's reach and back in leaves it, though its ends are both beside the orc", () => {
    const path = [
      { x: 5, y: 5 },
      { x: 3, y: 5 },
      { x: 5, y: 4 },
    ];
    expect(reachLeftAlong(field, "hero", path, ["orc"])).toEqual(["orc"]);
    // Judged by its ends alone, the same move leaves nothing.
    expect(reachLeftAlong(field, "hero", [path[0]!, path[2]!], ["orc"])).toEqual([]);
  });

  it("[HD-PROVOKE] each watcher once, in the order first left; staying within the orc's reach leaves nothing", () => {
    const out = [
      { x: 5, y: 5 },
      { x: 4, y: 5 },
      { x: 4, y: 6 },
      { x: 2, y: 6 },
      { x: 2, y: 2 },
    ];
    expect(reachLeftAlong(field, "hero", out, ["troll", "orc"])).toEqual(["orc", "troll"]);
    expect(
      reachLeftAlong(
        field,
        "hero",
        [
          { x: 5, y: 5 },
          { x: 5, y: 6 },
          { x: 5, y: 5 },
        ],
        ["orc"],
      ),
    ).toEqual([]);
  });
});
