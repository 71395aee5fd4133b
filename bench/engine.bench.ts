/**
 * `npm run bench`: throughput of the engine's hot paths for every ruleset: attack resolution,
 * damage application, exact odds, and a turn plan (end of one turn + start of the next) in a
 * battle of 20 combatants each carrying 5 effects. Median of 7 runs; printed as a table.
 * A benchmark, not a timed test: it asserts only that the work was done.
 */
import { describe, expect, it } from "vitest";
import { defaultActorSource } from "../src/engine/common.js";
import { parseDamage } from "../src/engine/dice.js";
import { attackOdds } from "../src/engine/odds.js";
import type { OddsDamage } from "../src/engine/odds.js";
import type { Ruleset } from "../src/engine/ruleset.js";
import { allRulesets } from "../src/engine/registry.js";
import type { DamagePacket } from "../src/engine/types.js";
import { battle, benchAttackInput, EFFECTS_EACH } from "./fixtures.js";
import { bench, sinkValue, table } from "./harness.js";
import type { BenchResult } from "./harness.js";

const COMBATANTS = 20;

function benchRuleset(r: Ruleset): BenchResult[] {
  const out: BenchResult[] = [];
  const input = benchAttackInput(r);
  const normalMode = r.attackMode(input);
  let i = 0;
  out.push(
    bench(r.id, "resolveAttack", () => {
      i = (i % 20) + 1;
      return r.resolveAttack({ ...input, dice: normalMode === "normal" ? [i] : [i, 21 - i] });
    }),
  );

  const type = r.damageTypes[0] ?? "fire";
  const actor = defaultActorSource({
    hp: { value: 40, max: 40, temp: 5 },
    resistances: [{ type, value: 16 }],
    vulnerabilities: r.damageTypes[1] ? [{ type: r.damageTypes[1], value: 2 }] : [],
  });
  const packet: DamagePacket = {
    amount: 12,
    types: [type],
    natural: 15,
    critical: false,
    ongoing: false,
    fromAttack: true,
    melee: true,
    nonlethal: false,
    knockOut: false,
  };
  let k = 0;
  out.push(
    bench(r.id, "applyDamage", () => {
      k = (k + 1) % 30;
      return r.applyDamage(actor, { ...packet, amount: 5 + k }, {}, "a1");
    }),
  );

  const damage: OddsDamage = {
    hit: parseDamage("2d6+1d8+4"),
    critExtra: parseDamage("1d6"),
    missEffect: "half",
    types: [type],
  };
  out.push(bench(r.id, "attackOdds (with damage)", () => attackOdds(r, input, damage)));
  const mightyInput = benchAttackInput(r, 1);
  out.push(bench(r.id, "attackOdds (mighty, no damage)", () => attackOdds(r, mightyInput)));

  const ctx = battle(r, COMBATANTS);
  let turn = 0;
  out.push(
    bench(r.id, `turn plan ${COMBATANTS}×${EFFECTS_EACH} (end+start)`, () => {
      const ending = `c${turn}`;
      turn = (turn + 1) % COMBATANTS;
      const a = r.onTurnEnd({ ...ctx, combatantId: ending });
      const b = r.onTurnStart({ ...ctx, combatantId: `c${turn}` });
      return a.length + b.length;
    }),
  );
  return out;
}

describe("engine benchmarks", () => {
  it("measures every ruleset and prints the table", () => {
    const ready = allRulesets();
    const results = ready.flatMap(benchRuleset);
    console.log(`\nd20 Combat engine benchmarks (Node ${process.version}; median of 7 runs)\n\n${table(results)}\n`);
    expect(results.length).toBe(ready.length * 5);
    expect(sinkValue()).toBeGreaterThan(0);
    for (const r of results) expect(Number.isFinite(r.usPerOp) && r.usPerOp > 0).toBe(true);
  });
});
