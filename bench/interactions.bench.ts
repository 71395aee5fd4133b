/**
 * `npm run bench`: what a user waits for, per game, through the adapter code with the test stand-ins
 * and the real Handlebars (templates compiled once, as Foundry caches them; the first call, which
 * compiles, is reported on its own line). Each game runs in a process of its own, as a world runs
 * one game (this file starts one per game and prints their figures in one table):
 *
 * - attack card: a shift-click attack against 10 targets, from `rollAttack` to the card's HTML (the
 *   moment the message is created with it), under the default card visibility and again with odds
 *   shown to everyone; beside it the whole click, which also posts the message through the
 *   stand-in's `ChatMessage.create` and runs what attacking sets off (hiding, reach, the action);
 * - turn change: end of one turn and start of the next in a fight of 20 combatants × 5 effects,
 *   through the real plan runner (`runBoundary` → `runPlan`, ports that only record);
 * - world load: derived data of 500 actors through the actor data model's own preparation
 *   (`prepareBaseData` + `prepareDerivedData`);
 * - sheet: building the context of a character sheet with 19 items and rendering it (the actor's
 *   stored data and derived values made beforehand, as a document's are), and each half alone; the
 *   sheet opens on its Combat tab and writes that tab only, so choosing the Abilities tab (another
 *   render, with that tab shown) is reported beside it;
 * - exact odds: one attacker–target pair, as a ratio to one `resolveAttack` in the same run (a card's
 *   targets after the first, whose attack's damage is already summed; and apart, the first target).
 *
 * Medians of 7 runs. Targets: card ≤ 0.5 ms, turn change ≤ 0.5 ms, 500 actors ≤ 10 ms, sheet ≤ 1 ms,
 * odds ≤ 4 × resolveAttack. A benchmark, not a timed test: it asserts only that the work was done.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDamage } from "../src/engine/dice.js";
import { attackOdds, type OddsDamage } from "../src/engine/odds.js";
import { allRulesets } from "../src/engine/registry.js";
import type { Ruleset } from "../src/engine/ruleset.js";
import type { RulesetId } from "../src/engine/types.js";
import { runBoundary } from "../src/engine/plans/combat-cycle.js";
import type { TurnPorts } from "../src/engine/plans/turns.js";
import { actorSchema } from "../src/data/schema.js";
import { standInFields, standInFill } from "../test/stand-ins/foundry-fields.js";
import {
  ActorStandIn,
  ItemStandIn,
  installAttackStandIn,
  standInAttackFaces,
  tokenStandIn,
  type AttackStandInState,
} from "../test/stand-ins/foundry-attack.js";
import { installFoundryBootStandIn } from "../test/stand-ins/foundry-boot.js";
import { heroContext, heroPrepared, heroSystem, nineteenItems, storedHero } from "../test/sheets/sheet-fixtures.js";
import { createTemplateRenderer } from "../test/support/handlebars.js";
import { npc, power } from "../test/workflows/attack-fixtures.js";
import { battle, benchAttackInput, EFFECTS_EACH } from "./fixtures.js";
import {
  bench,
  benchAsync,
  benchAsyncLap,
  benchPair,
  lapFrom,
  sinkValue,
  table,
  timeOnce,
  type BenchResult,
  type Lap,
} from "./harness.js";

const TARGETS = 10;
const COMBATANTS = 20;
const ACTORS = 500;
const ms = (r: BenchResult) => r.usPerOp / 1000;
/** Calls of every game's card and sheet before any is timed. */
const WARM_UP = 100;
/** A card run: about 60 ms of clicks. */
const CARD_RUN = { targetMs: 60 };

/** Targets in ms (and the odds ratio), for the summary line of each figure. */
const TARGET = { card: 0.5, turn: 0.5, actors: 10, sheet: 1, odds: 4 };

// ---- attack card -------------------------------------------------------------------------------

async function cardBenchmarks(rulesets: readonly Ruleset[]): Promise<BenchResult[]> {
  // The templates preloaded, as Foundry's init leaves them (the product then renders synchronously).
  const { state, uninstall }: { state: AttackStandInState; uninstall: () => void } = installAttackStandIn("13th-age", {
    preloadTemplates: true,
  });
  const out: BenchResult[] = [];
  try {
    // Imported after the stand-in: the roll classes extend `Roll` when the module loads.
    const { rollAttack } = await import("../src/workflows/attack.js");
    // The world's settings, registered as the system's init does (an unregistered one throws on
    // every read); the stand-in has no canvas, so no scene is read.
    (await import("../src/settings.js")).registerSettings();
    (await import("../src/settings-attack.js")).registerAttackSettings();
    (await import("../src/settings-scene.js")).registerSceneSettings();
    state.settings.values.set("d20-combat.sceneReading", false);
    const clicks: { r: Ruleset; click: () => Promise<number> }[] = [];
    for (const r of rulesets) {
      const defense = r.defenses[0]?.key ?? "ac";
      // Their derived data prepared, as Foundry's data preparation leaves every actor.
      const attacker = new ActorStandIn("attacker", "Orc Berserker", npc(r, 14)).prepare(r);
      const item = new ItemStandIn("power", "Cleaver", power({ attackBonus: 7, defense, damage: "2d6 + 1d8 + 4" }));
      const targets = Array.from({ length: TARGETS }, (_, t) =>
        tokenStandIn(`t${t}`, new ActorStandIn(`t${t}`, `Goblin ${t}`, npc(r, 12 + (t % 8))).prepare(r)),
      );
      let n = 0;
      const click = async () => {
        // Faces for 10 d20s (some hits, some misses, one crit) and the damage dice of every outcome.
        standInAttackFaces.length = 0;
        for (let t = 0; t < TARGETS; t++) standInAttackFaces.push(((n + t * 7) % 20) + 1);
        for (let d = 0; d < 40; d++) standInAttackFaces.push((d % 6) + 1);
        n++;
        state.settings.values.set("d20-combat.ruleset", r.id);
        state.targets.clear();
        for (const t of targets) state.targets.add(t);
        state.messages.length = 0;
        await rollAttack(attacker as never, item as never, { fastForward: true });
        const content = String(state.messages[0]?.data.content ?? "");
        if (!content.includes("<")) throw new Error(`${r.id}: no card was rendered`);
        return content.length;
      };
      clicks.push({ r, click });
    }
    // The card's HTML is ready when the message is created: the click's time to that point is the
    // figure, the whole click (posting through the stand-in, then what attacking sets off) beside it.
    const messages = (globalThis as unknown as { ChatMessage: { create: (...a: unknown[]) => Promise<unknown> } })
      .ChatMessage;
    const post = messages.create;
    const lap: Lap = { wallMs: 0, cpuMs: 0 };
    let htmlReady: (() => void) | null = null;
    messages.create = (...args: unknown[]) => {
      htmlReady?.();
      htmlReady = null;
      return post(...args);
    };
    const timed = (click: () => Promise<number>) => () => {
      htmlReady = lapFrom(lap);
      return click();
    };
    const [firstGame] = clicks;
    if (firstGame)
      out.push(await timeOnce(firstGame.r.id, "attack card, first call (compiles the template)", firstGame.click));
    // Every game's card warms up before any is timed (else the first game pays for the JIT).
    for (const { click } of clicks) for (let i = 0; i < WARM_UP; i++) await click();
    const names = (what: string) => ({
      part: `attack card${what}: click → HTML, ${TARGETS} targets`,
      whole: `attack card${what}: whole click (+ posting, after-attack steps)`,
    });
    for (const { r, click } of clicks) out.push(...(await benchAsyncLap(r.id, names(""), timed(click), lap, CARD_RUN)));
    // The default visibility keeps odds off the posted card (the GM's client works them out for
    // its ledger); a world that shows them to everyone has the attacker's client work them out.
    state.settings.values.set("d20-combat.cardVisibility", "everyone");
    for (const { r, click } of clicks)
      out.push(...(await benchAsyncLap(r.id, names(", odds shown to everyone"), timed(click), lap, CARD_RUN)));
  } finally {
    uninstall();
  }
  return out;
}

// ---- turn change -------------------------------------------------------------------------------

/** Ports that only record (a fixed middling d20: saves neither crit nor fumble). */
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

async function turnBenchmarks(rulesets: readonly Ruleset[]): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  for (const r of rulesets) {
    const ctx = battle(r, COMBATANTS);
    let turn = 0;
    out.push(
      await benchAsync(r.id, `turn change ${COMBATANTS}×${EFFECTS_EACH} (end + start, plan runner)`, async () => {
        const ending = `c${turn}`;
        turn = (turn + 1) % COMBATANTS;
        const a = await runBoundary(r, "turnEnd", { ...ctx, combatantId: ending }, recordingPorts);
        const b = await runBoundary(r, "turnStart", { ...ctx, combatantId: `c${turn}` }, recordingPorts);
        return a.lines.length + b.lines.length;
      }),
    );
  }
  return out;
}

// ---- world load --------------------------------------------------------------------------------

interface PreparedModel {
  prepareBaseData(): void;
  prepareDerivedData(): void;
  derived: unknown;
}

async function actorBenchmarks(rulesets: readonly Ruleset[]): Promise<BenchResult[]> {
  const boot = installFoundryBootStandIn(13, "13th-age");
  const out: BenchResult[] = [];
  try {
    const { registerSettings } = await import("../src/settings.js");
    registerSettings();
    const { CharacterData, NpcData } = await import("../src/data/actor-models.js");
    for (const r of rulesets) {
      boot.settings.values.set("d20-combat.ruleset", r.id);
      const models: PreparedModel[] = [];
      for (let i = 0; i < ACTORS; i++) {
        const system = standInFill(actorSchema(standInFields), {
          level: 1 + (i % 10),
          abilities: { str: 10 + (i % 8), dex: 12, con: 14, int: 8, wis: 13, cha: 11 },
          hp: { value: 20 + (i % 7), max: 30, temp: 0 },
          resistances: [{ type: r.damageTypes[0] ?? "fire", value: 5 }],
          conditions: i % 5 === 0 && r.conditions[0] ? [r.conditions[0].id] : [],
        });
        const model = Object.create((i % 2 ? NpcData : CharacterData).prototype) as PreparedModel;
        const armor = {
          type: "armor",
          system: { armorBonus: 2, shieldBonus: 1, maxDex: null, heavy: false, equipped: true },
        };
        Object.assign(model, system, { parent: { items: [armor], statuses: new Set<string>() } });
        models.push(model);
      }
      out.push(
        bench(r.id, `world load: derived data of ${ACTORS} actors (data model preparation)`, () => {
          for (const m of models) {
            m.prepareBaseData();
            m.prepareDerivedData();
          }
          return models[ACTORS - 1]?.derived;
        }),
      );
    }
  } finally {
    boot.uninstall();
  }
  return out;
}

// ---- sheet -------------------------------------------------------------------------------------

async function sheetBenchmarks(rulesets: readonly Ruleset[]): Promise<BenchResult[]> {
  // Compiled as Foundry compiles templates (not strict: that is the tests' check of each context).
  const hbs = createTemplateRenderer({ i18n: { missing: "key" }, strict: false });
  const out: BenchResult[] = [];
  const opens = rulesets.map((r) => {
    const id = r.id as RulesetId;
    const items = nineteenItems(r);
    // The actor's stored data exists before its sheet opens: built once (the stand-in schema's
    // defaults filled), not per opening.
    const stored = storedHero(id);
    // Its prepared data and derived values too, made once as the data model does (the sheet reads
    // them at each opening: its engine copy of the prepared data, its stored data, its items).
    const prepared = heroPrepared(stored);
    const derived = r.deriveActor(heroSystem("character", stored), {});
    const context = () => heroContext(id, { items, stored, prepared, derived });
    const rendered = context();
    return {
      r,
      open: () => hbs.render("templates/sheets/actor.hbs", context()).length,
      context,
      render: () => hbs.render("templates/sheets/actor.hbs", rendered).length,
      // Choosing a tab the opening left empty renders the sheet again with it shown.
      abilities: () =>
        hbs.render(
          "templates/sheets/actor.hbs",
          heroContext(id, { items, stored, prepared, derived, activeTab: "abilities" }),
        ).length,
    };
  });
  const [firstGame] = opens;
  if (firstGame)
    out.push(await timeOnce(firstGame.r.id, "character sheet, first render (compiles the templates)", firstGame.open));
  for (const { open } of opens) for (let i = 0; i < WARM_UP; i++) open();
  for (const { r, open } of opens) out.push(bench(r.id, "character sheet: context + render, 19 items", open));
  // Its two halves apart, to show where the time goes.
  for (const { r, context } of opens) out.push(bench(r.id, "character sheet (its context alone)", context));
  for (const { r, render } of opens) out.push(bench(r.id, "character sheet (its render alone)", render));
  for (const { r, abilities } of opens)
    out.push(bench(r.id, "character sheet, choosing its Abilities tab (context + render)", abilities));
  return out;
}

// ---- odds --------------------------------------------------------------------------------------

/** Damages this many apart: more attacks than the odds keep the damage of, so each one is summed. */
const FRESH_ATTACKS = 9;

/**
 * Odds per pair and one resolution, and their ratio per game (by the clock and in CPU time): a
 * target after the first of a card (its attack's damage already summed, as for the other nine
 * targets of a card), and the first target of an attack (its damage recipes built and summed).
 */
function oddsBenchmarks(rulesets: readonly Ruleset[]): {
  results: BenchResult[];
  ratios: Map<string, number>;
  cpuRatios: Map<string, number>;
  firstRatios: Map<string, number>;
} {
  const results: BenchResult[] = [];
  const ratios = new Map<string, number>();
  const cpuRatios = new Map<string, number>();
  const firstRatios = new Map<string, number>();
  for (const r of rulesets) {
    const input = benchAttackInput(r);
    const mode = r.attackMode(input);
    const damage: OddsDamage = {
      hit: parseDamage("2d6+1d8+4"),
      critExtra: parseDamage("1d6"),
      missEffect: "half",
      types: input.damageTypes,
    };
    let i = 0;
    const resolveOne = {
      name: "resolveAttack (one, for the ratio)",
      fn: () => {
        i = (i % 20) + 1;
        // The dice by Object.assign, as the card's decision adds them (a spread would time itself).
        return r.resolveAttack(Object.assign({}, input, { dice: mode === "normal" ? [i] : [i, 21 - i] }));
      },
    };
    const pair = benchPair(r.id, resolveOne, {
      name: "exact odds per attacker–target pair",
      fn: () => attackOdds(r, input, damage),
    });
    results.push(pair.a, pair.b);
    ratios.set(r.id, pair.ratio);
    cpuRatios.set(r.id, pair.cpuRatio);
    const fresh = Array.from({ length: FRESH_ATTACKS }, (_, k) => ({ ...damage, hit: parseDamage(`2d6+1d8+${k}`) }));
    let k = 0;
    const first = benchPair(r.id, resolveOne, {
      name: "exact odds, first target of an attack",
      fn: () => attackOdds(r, input, fresh[(k = (k + 1) % FRESH_ATTACKS)]),
    });
    results.push(first.b);
    firstRatios.set(r.id, first.cpuRatio);
  }
  return { results, ratios, cpuRatios, firstRatios };
}

// ---- run ---------------------------------------------------------------------------------------

/** What one game's process measured (written as JSON for the process that prints the table). */
interface GameMeasures {
  results: BenchResult[];
  ratio: number;
  cpuRatio: number;
  firstRatio: number;
}

/** Every benchmark of one game, in this process. */
async function measureGame(r: Ruleset): Promise<GameMeasures> {
  const results: BenchResult[] = [];
  results.push(...(await cardBenchmarks([r])));
  results.push(...(await turnBenchmarks([r])));
  results.push(...(await actorBenchmarks([r])));
  results.push(...(await sheetBenchmarks([r])));
  const odds = oddsBenchmarks([r]);
  results.push(...odds.results);
  return {
    results,
    ratio: odds.ratios.get(r.id) ?? NaN,
    cpuRatio: odds.cpuRatios.get(r.id) ?? NaN,
    firstRatio: odds.firstRatios.get(r.id) ?? NaN,
  };
}

/** The game a child process measures, and where it writes what it measured. */
const CHILD = { game: process.env.D20_BENCH_GAME, out: process.env.D20_BENCH_OUT };

/**
 * Each game in a process of its own: a world runs one game, so its shared code (the card, the plan
 * runner, the templates) only ever meets that game's data. Timing four games in one process would
 * leave that code tuned for all four at once, slower than any table sees it.
 */
function measureInOwnProcess(r: Ruleset): GameMeasures {
  const dir = mkdtempSync(path.join(os.tmpdir(), "d20c-bench-"));
  const out = path.join(dir, `${r.id}.json`);
  const vitest = path.join(process.cwd(), "node_modules", "vitest", "vitest.mjs");
  const child = spawnSync(
    process.execPath,
    [vitest, "run", "--config", "bench/vitest.config.ts", "bench/interactions.bench.ts"],
    { env: { ...process.env, D20_BENCH_GAME: r.id, D20_BENCH_OUT: out }, encoding: "utf8", maxBuffer: 1 << 26 },
  );
  if (child.status !== 0) throw new Error(`${r.id}: its benchmark process failed\n${child.stdout}\n${child.stderr}`);
  const measured = JSON.parse(readFileSync(out, "utf8")) as GameMeasures;
  rmSync(dir, { recursive: true, force: true });
  return measured;
}

describe("interaction benchmarks", () => {
  if (CHILD.game) {
    it(`measures ${CHILD.game} in this process`, async () => {
      const r = allRulesets().find((g) => g.id === CHILD.game);
      if (!r || !CHILD.out) throw new Error(`no game ${CHILD.game} or no output file`);
      writeFileSync(CHILD.out, JSON.stringify(await measureGame(r)));
      expect(sinkValue()).toBeGreaterThan(0);
    });
    return;
  }

  it("measures what users wait for in every game, each in its own process, and prints the table", () => {
    const rulesets = allRulesets();
    const results: BenchResult[] = [];
    const ratios = new Map<string, GameMeasures>();
    for (const r of rulesets) {
      const measured = measureInOwnProcess(r);
      results.push(...measured.results);
      ratios.set(r.id, measured);
    }
    // One table, each benchmark's four games together.
    const order = [...new Set(results.map((r) => r.name))];
    results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));

    const figure = (label: string, pick: (r: BenchResult) => boolean, target: number | null) => {
      const picked = results.filter(pick);
      const values = picked.map(ms);
      const cpu = picked.map((r) => r.cpuUsPerOp / 1000);
      const range = `${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)} ms`;
      const cpuRange = `(cpu ${Math.min(...cpu).toFixed(3)}–${Math.max(...cpu).toFixed(3)} ms)`;
      const verdict =
        target === null ? "" : `target ≤ ${target} ms  ${values.every((v) => v <= target) ? "met" : "MISSED"}`;
      return `${label.padEnd(34)} ${range.padEnd(22)} ${cpuRange.padEnd(28)} ${verdict}`.trimEnd();
    };
    const card = (odds: boolean, part: string) => (r: BenchResult) =>
      r.name.startsWith(odds ? "attack card, odds" : "attack card:") && r.name.includes(part);
    const ratioValues = [...ratios.values()].map((m) => m.ratio);
    const summary = [
      figure("attack card (10 targets)", card(false, "click → HTML"), TARGET.card),
      figure("  … odds shown to everyone", card(true, "click → HTML"), TARGET.card),
      figure("  whole click, with posting", card(false, "whole click"), null),
      figure("  … odds shown to everyone", card(true, "whole click"), null),
      figure("turn change (20 × 5)", (r) => r.name.startsWith("turn change"), TARGET.turn),
      figure(`world load (${ACTORS} actors)`, (r) => r.name.startsWith("world load"), TARGET.actors),
      figure("character sheet (19 items)", (r) => r.name.startsWith("character sheet:"), TARGET.sheet),
      figure("  choosing its Abilities tab", (r) => r.name.startsWith("character sheet, choosing"), null),
      `${"exact odds / resolveAttack".padEnd(34)} ${`${Math.min(...ratioValues).toFixed(1)}–${Math.max(...ratioValues).toFixed(1)} ×`.padEnd(22)} ${"".padEnd(28)} target ≤ ${TARGET.odds} ×    ${ratioValues.every((v) => v <= TARGET.odds) ? "met" : "MISSED"}`,
      ...[...ratios].map(
        ([id, m]) =>
          `  odds ratio ${id}: ${m.ratio.toFixed(1)} × (cpu ${m.cpuRatio.toFixed(1)} ×; first target of an attack, cpu ${m.firstRatio.toFixed(1)} ×)`,
      ),
    ];
    console.log(
      `\nd20 Combat interaction benchmarks (Node ${process.version}; each game in its own process; median of 7 runs)\n\n${table(results)}\n\n${summary.join("\n")}\n`,
    );
    for (const r of results) expect(Number.isFinite(r.usPerOp) && r.usPerOp > 0, r.name).toBe(true);
    expect(results.filter(card(false, "click → HTML"))).toHaveLength(rulesets.length);
  });
});
