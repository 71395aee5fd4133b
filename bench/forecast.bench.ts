/**
 * `npm run bench` ([SYS-FORECAST]): the encounter forecast of a fight of 5 PCs against 8 foes per
 * game (the game's level-3 pregens and a level-1 one, against its first fight's four foes twice
 * over, from the shipped packs), 400 fights played, as a ratio to one attack card: a shift-click
 * attack against 10 targets from `rollAttack` to the card's HTML, through the adapter with the test
 * stand-ins, as `interactions.bench.ts` times it. Target: ≤ 50 ms per forecast on one core.
 * Medians of 5 runs. A benchmark, not a timed test: it asserts only that the work was done.
 */
import { describe, expect, it } from "vitest";
import { forecast, type ForecastInput } from "../src/engine/forecast/index.js";
import { allRulesets } from "../src/engine/registry.js";
import type { Ruleset } from "../src/engine/ruleset.js";
import { GAMES } from "../test/content/content.js";
import { packActor, packCombatant, packParty } from "../test/engine/forecast/pack-fights.js";
import { defaultOptions } from "../test/packs/pack-sources.js";
import {
  ActorStandIn,
  ItemStandIn,
  installAttackStandIn,
  standInAttackFaces,
  tokenStandIn,
} from "../test/stand-ins/foundry-attack.js";
import { npc, power } from "../test/workflows/attack-fixtures.js";
import { benchAsync, consume, median, sinkValue, table, type BenchResult } from "./harness.js";

const TARGETS = 10;
const SAMPLES = 400;
const TARGET_MS = 50;

/** The game's 5 PCs against 8 foes. */
function fiveAgainstEight(r: Ruleset): ForecastInput {
  const row = GAMES.find((g) => g.id === r.id);
  if (!row) throw new Error(`no first fight for ${r.id}`);
  const pcs = [...packParty(r.id, 3), packParty(r.id, 1)[0]!].map((d, i) => packCombatant(r, d, "party", i));
  const foes = [0, 1].flatMap((k) =>
    row.foes.map((name, i) => packCombatant(r, packActor(r.id, name), "foes", 4 * k + i)),
  );
  return {
    ruleset: r,
    options: defaultOptions(r),
    combatants: [...pcs, ...foes],
    escalation: 0,
    escalationOn: r.escalationByDefault,
    samples: SAMPLES,
    seed: 1,
  };
}

/**
 * The forecast timed by hand: each one takes tens of milliseconds, so a run is a few forecasts
 * (not the harness's 50-iteration minimum); median of 5 runs, by the clock and in CPU time.
 */
function timeForecast(group: string, input: ForecastInput): BenchResult {
  const per = 4;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < 5; run++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < per; i++) consume(forecast({ ...input, seed: run * per + i + 1 }));
    wall.push(((performance.now() - t0) * 1000) / per);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / per);
  }
  const usPerOp = median(wall);
  return {
    group,
    name: `forecast 5 PCs vs 8 foes, ${SAMPLES} fights`,
    iterations: per,
    runs: 5,
    usPerOp,
    cpuUsPerOp: median(cpu),
    opsPerSec: 1e6 / usPerOp,
    minUs: Math.min(...wall),
    maxUs: Math.max(...wall),
  };
}

/** One attack card per game, clicked through the adapter with the stand-ins. */
async function cardBenchmarks(rulesets: readonly Ruleset[]): Promise<Map<string, BenchResult>> {
  const { state, uninstall } = installAttackStandIn("13th-age", { preloadTemplates: true });
  const out = new Map<string, BenchResult>();
  try {
    const { rollAttack } = await import("../src/workflows/attack.js");
    (await import("../src/settings.js")).registerSettings();
    (await import("../src/settings-attack.js")).registerAttackSettings();
    (await import("../src/settings-scene.js")).registerSceneSettings();
    state.settings.values.set("d20-combat.sceneReading", false);
    for (const r of rulesets) {
      const defense = r.defenses[0]?.key ?? "ac";
      const attacker = new ActorStandIn("attacker", "Orc Berserker", npc(r, 14)).prepare(r);
      const item = new ItemStandIn("power", "Cleaver", power({ attackBonus: 7, defense, damage: "2d6 + 1d8 + 4" }));
      const targets = Array.from({ length: TARGETS }, (_, t) =>
        tokenStandIn(`t${t}`, new ActorStandIn(`t${t}`, `Goblin ${t}`, npc(r, 12 + (t % 8))).prepare(r)),
      );
      let n = 0;
      const click = async () => {
        standInAttackFaces.length = 0;
        for (let t = 0; t < TARGETS; t++) standInAttackFaces.push(((n + t * 7) % 20) + 1);
        for (let d = 0; d < 40; d++) standInAttackFaces.push((d % 6) + 1);
        n++;
        state.settings.values.set("d20-combat.ruleset", r.id);
        state.targets.clear();
        for (const t of targets) state.targets.add(t);
        state.messages.length = 0;
        await rollAttack(attacker as never, item as never, { fastForward: true });
        return state.messages.length;
      };
      for (let i = 0; i < 50; i++) await click();
      out.set(r.id, await benchAsync(r.id, `attack card, ${TARGETS} targets`, click, { targetMs: 40, runs: 5 }));
    }
  } finally {
    uninstall();
  }
  return out;
}

describe("forecast benchmarks", () => {
  it("times the forecast of 5 PCs against 8 foes in every game, beside one attack card", async () => {
    const rulesets = allRulesets().filter((r) => GAMES.some((g) => g.id === r.id));
    const cards = await cardBenchmarks(rulesets);
    const results: BenchResult[] = [];
    const lines: string[] = [];
    for (const r of rulesets) {
      const input = fiveAgainstEight(r);
      for (let i = 0; i < 3; i++) forecast(input);
      const f = timeForecast(r.id, input);
      const card = cards.get(r.id) as BenchResult;
      results.push(card, f);
      lines.push(
        `${r.id}: forecast ${(f.usPerOp / 1000).toFixed(1)} ms (cpu ${(f.cpuUsPerOp / 1000).toFixed(1)} ms; target ≤ ${TARGET_MS} ms) = ${(f.usPerOp / card.usPerOp).toFixed(1)} × one attack card (${(card.usPerOp / 1000).toFixed(2)} ms)`,
      );
    }
    console.log(
      `\nd20 Combat forecast benchmarks (Node ${process.version})\n\n${table(results)}\n\n${lines.join("\n")}\n`,
    );
    expect(results.length).toBe(2 * rulesets.length);
    expect(sinkValue()).toBeGreaterThan(0);
    for (const r of results) expect(Number.isFinite(r.usPerOp) && r.usPerOp > 0).toBe(true);
  });
});
