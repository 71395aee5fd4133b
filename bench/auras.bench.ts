/**
 * `npm run bench`: a turn change with auras ([SYS-MONSTERS]) — the end of one turn and the start
 * of the next in a fight of 30 combatants × 5 effects, each on a token of a square-grid scene, 8 of
 * them bearing an aura (radius 2, at turn start: 5 fire and a condition) — as the Combat runs it:
 * the game's plans through the plan runner, then the auras read from the scene (every token turned
 * into the aura rules' creatures, the auras holding the creature whose turn starts, their steps run).
 * Reported beside the same turn change on the same scene with the auras removed, in the same run,
 * as a ratio (target ≤ 2×). Foundry's documents are plain stand-ins here: what is measured is the
 * system's own work. A benchmark, not a timed test: it asserts only that the work was done.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../src/engine/registry.js";
import { runBoundary } from "../src/engine/plans/combat-cycle.js";
import type { TurnPorts } from "../src/engine/plans/turns.js";
import type { AuraSpec } from "../src/engine/auras.js";
import type { ActorSource, RulesetId } from "../src/engine/types.js";
import { runTurnStartAuras, type AuraScene, type AuraTokenDoc } from "../src/workflows/auras.js";
import { battle } from "./fixtures.js";
import { benchAsync, sinkValue, table, type BenchResult } from "./harness.js";

const COMBATANTS = 30;
const BEARERS = 8;
const GRID = 100;

/** Ports that only record (a fixed middling d20). */
const recordingPorts: TurnPorts = {
  roll: async () => ({ total: 10, natural: 10 }),
  applyActor: async () => undefined,
  addEffect: async () => "new",
  removeEffect: async () => undefined,
  updateEffect: async () => undefined,
  rerollInitiative: async () => undefined,
  post: async () => undefined,
  log: () => undefined,
};

const AURA: AuraSpec = {
  name: "Fire Shield",
  radius: 2,
  who: "enemies",
  when: "turnStart",
  damage: { formula: "5", type: "fire" },
  condition: "",
  modifier: { target: "none", value: 0 },
  belowHp: 0,
};

/** The fight's combatants on a 6 × 5 block of squares, two apart; the first 8 NPCs bear the aura. */
function sceneOf(id: RulesetId, withAuras: boolean) {
  const r = getRuleset(id);
  const ctx = battle(r, COMBATANTS);
  const scene: AuraScene & { tokens: { contents: AuraTokenDoc[] } } = {
    id: "bench",
    grid: { type: 1, size: GRID, distance: 5 },
    tokens: { contents: [] },
  };
  let bearers = 0;
  const combatants = ctx.combatants.map((c, i) => {
    const source: ActorSource = { ...c.actor };
    if (withAuras && c.side === "gm" && bearers < BEARERS) {
      source.auras = [AURA];
      bearers++;
    }
    const token: AuraTokenDoc = {
      id: `t${i}`,
      x: (i % 6) * 2 * GRID,
      y: Math.floor(i / 6) * 2 * GRID,
      width: 1,
      disposition: c.side === "gm" ? -1 : 1,
      elevation: 0,
      actor: { uuid: c.actorId, name: c.name, toEngineSource: () => source },
      parent: scene,
    };
    scene.tokens.contents.push(token);
    return { id: c.id, tokenId: token.id, actor: { uuid: c.actorId }, token };
  });
  return { r, ctx, combat: { combatants: { contents: combatants } } };
}

/** The globals the scene reading asks: the grid types and the world's scene-reading setting (on). */
function installGlobals(): () => void {
  const g = globalThis as Record<string, unknown>;
  const saved = { CONST: g.CONST, game: g.game };
  g.CONST = { GRID_TYPES: { GRIDLESS: 0, SQUARE: 1 } };
  g.game = { settings: { get: (_ns: string, key: string) => key === "sceneReading" } };
  return () => Object.assign(g, saved);
}

describe("aura benchmarks", () => {
  it(`measures a turn change with ${BEARERS} aura-bearing creatures among ${COMBATANTS} tokens`, async () => {
    const uninstall = installGlobals();
    const results: BenchResult[] = [];
    const lines: string[] = [];
    try {
      for (const id of ["13th-age", "hundred-dungeons"] as const) {
        const turnChange = (withAuras: boolean) => {
          const { r, ctx, combat } = sceneOf(id, withAuras);
          let turn = 0;
          return async () => {
            const ending = `c${turn}`;
            turn = (turn + 1) % COMBATANTS;
            const a = await runBoundary(r, "turnEnd", { ...ctx, combatantId: ending }, recordingPorts);
            const start = { ...ctx, combatantId: `c${turn}` };
            const b = await runBoundary(r, "turnStart", start, recordingPorts);
            const after = await runTurnStartAuras(combat, r, b.ctx, recordingPorts);
            return a.lines.length + b.lines.length + after.combatants.length;
          };
        };
        const plain = await benchAsync(id, `turn change, ${COMBATANTS} tokens, auras removed`, turnChange(false));
        const auras = await benchAsync(
          id,
          `turn change, ${COMBATANTS} tokens, ${BEARERS} with auras`,
          turnChange(true),
        );
        results.push(plain, auras);
        lines.push(
          `${id}: with auras ${(auras.usPerOp / plain.usPerOp).toFixed(2)}× the turn change without (target ≤ 2×)`,
        );
      }
    } finally {
      uninstall();
    }
    console.log(
      `\nd20 Combat aura benchmarks (Node ${process.version}; ${COMBATANTS} combatants × 5 effects on a square grid, ${BEARERS} aura bearers)\n\n${table(results)}\n\n${lines.join("\n")}\n`,
    );
    expect(sinkValue()).toBeGreaterThan(0);
  });
});
