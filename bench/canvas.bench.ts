/**
 * `npm run bench`: the scene reading of one attack — one attacker against 10 targets on a scene
 * (and how many of core's collision tests one attack asks per target, counted),
 * with 500 walls and 30 tokens — as the attack dialog runs it: the scene turned into the engine's
 * battlefield (the adapter's pure conversion) and each game's `readScene` per target (corner lines
 * for cover, line of effect, reach, flanking). Foundry's detection test (sight) runs in Foundry and is
 * not measured here. Reported beside one `resolveAttack` in the same run, as a ratio.
 * A benchmark, not a timed test: it asserts only that the work was done.
 */
import { describe, expect, it } from "vitest";
import { battlefieldFrom, type SceneToken, type SceneWall } from "../src/canvas/scene-reading.js";
import { wallBlocks, type WallCollision } from "../src/engine/geometry.js";
import { getRuleset } from "../src/engine/registry.js";
import type { AttackInput, RulesetId } from "../src/engine/types.js";
import { bench, sinkValue, table, type BenchResult } from "./harness.js";

const GRID = 100;
const WALLS = 500;
const TOKENS = 30;
const TARGETS = 10;

/** A deterministic pseudo-random sequence (no Math.random in measured code). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A 60×60-square scene: 500 wall segments of 1–4 squares, 30 tokens on distinct squares. */
function scene(): { walls: SceneWall[]; tokens: SceneToken[] } {
  const rnd = lcg(20);
  const walls: SceneWall[] = [];
  for (let i = 0; i < WALLS; i++) {
    const x = Math.floor(rnd() * 60);
    const y = Math.floor(rnd() * 60);
    const len = 1 + Math.floor(rnd() * 4);
    const across = rnd() < 0.5;
    walls.push({
      c: [x * GRID, y * GRID, (across ? x + len : x) * GRID, (across ? y : y + len) * GRID],
      move: 20,
      sight: rnd() < 0.8 ? 20 : 0,
      door: 0,
      ds: 0,
    });
  }
  const taken = new Set<string>();
  const tokens: SceneToken[] = [];
  // The attacker in the middle, its targets and the other tokens around it within 12 squares.
  while (tokens.length < TOKENS) {
    const x = tokens.length === 0 ? 30 : 18 + Math.floor(rnd() * 25);
    const y = tokens.length === 0 ? 30 : 18 + Math.floor(rnd() * 25);
    if (taken.has(`${x},${y}`)) continue;
    taken.add(`${x},${y}`);
    tokens.push({
      id: `t${tokens.length}`,
      x: x * GRID,
      y: y * GRID,
      width: rnd() < 0.1 ? 2 : 1,
      disposition: tokens.length % 2 ? -1 : 1,
    });
  }
  return { walls, tokens };
}

function attackInput(id: RulesetId): AttackInput {
  const r = getRuleset(id);
  return {
    dice: [14],
    attackBonus: 7,
    defense: { key: r.defenses[0]?.key ?? "ac", value: 17 },
    range: "ranged",
    situation: {
      combatAdvantage: true,
      cover: "partial",
      concealment: "none",
      mighty: 0,
      weak: 0,
      bonus: 1,
      wrongSquare: false,
      withinMeleeReach: false,
      offGuard: false,
    },
    escalation: 0,
    attacker: { kind: "character", usesEscalation: false, penalties: [], conditions: [], exhaustion: 0 },
    target: { conditions: [], vulnerabilities: [], exhaustion: 0 },
    damageTypes: [],
    critRange: 0,
    hasMissEffect: false,
    options: {},
  };
}

describe("canvas benchmarks", () => {
  it("measures one attacker against 10 targets on 500 walls and 30 tokens", () => {
    const { walls, tokens } = scene();
    const targets = tokens.filter((t) => t.disposition < 0).slice(0, TARGETS);
    expect(targets).toHaveLength(TARGETS);
    const results: BenchResult[] = [];
    const lines: string[] = [];
    for (const id of ["ffd20", "hundred-dungeons"] as const) {
      const r = getRuleset(id);
      const readScene = r.readScene;
      if (!readScene) throw new Error(`${id} reads no scene`);
      const input = attackInput(id);
      const one = bench(id, "resolveAttack (1 target)", () => r.resolveAttack(input));
      const read = (range: "ranged" | "melee") => {
        const field = battlefieldFrom(GRID, walls, tokens, "t0");
        let n = 0;
        for (const t of targets) {
          const reading = readScene({
            field,
            attackerId: "t0",
            targetId: t.id,
            range,
            attackerSeesTarget: true,
            targetSeesAttacker: true,
            options: {},
          });
          n += reading.lines.length;
        }
        return n;
      };
      const ranged = bench(id, `scene + readScene ×${TARGETS} (ranged)`, () => read("ranged"), {
        runs: 5,
        targetMs: 80,
      });
      const melee = bench(id, `scene + readScene ×${TARGETS} (melee)`, () => read("melee"), { runs: 5, targetMs: 80 });
      results.push(one, ranged, melee);
      lines.push(
        `${id}: ranged ${(ranged.usPerOp / one.usPerOp).toFixed(0)}× and melee ${(melee.usPerOp / one.usPerOp).toFixed(0)}× one resolveAttack`,
      );
      // In Foundry each corner line is one of core's collision tests (src/canvas/collisions.ts): a
      // counting stand-in for core's backends over the same walls says how many one attack asks.
      const tests = (range: "ranged" | "melee") => {
        const base = battlefieldFrom(GRID, walls, tokens, "t0");
        let asked = 0;
        const collides: WallCollision = (p, q, restriction) => {
          asked++;
          return wallBlocks(p, q, base.walls, (w) => (restriction === "move" ? w.blocksMovement : w.blocksSight));
        };
        for (const t of targets)
          readScene({
            field: { ...base, collides },
            attackerId: "t0",
            targetId: t.id,
            range,
            attackerSeesTarget: true,
            targetSeesAttacker: true,
            options: {},
          });
        return (asked / TARGETS).toFixed(1);
      };
      lines.push(`${id}: core collision tests per target: ranged ${tests("ranged")}, melee ${tests("melee")}`);
    }
    console.log(
      `\nd20 Combat scene-reading benchmarks (Node ${process.version}; ${WALLS} walls, ${TOKENS} tokens, 1 attacker × ${TARGETS} targets)\n\n${table(results)}\n\n${lines.join("\n")}\n`,
    );
    expect(sinkValue()).toBeGreaterThan(0);
  });
});
