/**
 * [SYS-FORECAST] [SYS-MONSTERS] The forecast plays a routine (multiattack) as the sheet's button
 * does: each power it lists, its count of times, then each follow-up at the targets the results
 * call for ("if both claws hit, bite"); a routine naming a power the creature lacks makes no attack.
 */
import { describe, expect, it } from "vitest";
import { forecast, type ForecastAttack, type ForecastCombatant } from "../../../src/engine/forecast/index.js";
import { getRuleset } from "../../../src/engine/registry.js";
import type { RoutineSpec } from "../../../src/engine/routines.js";
import { defaultOptions, npc, power } from "../../workflows/attack-fixtures.js";

const R = getRuleset("hundred-dungeons");
const claw: ForecastAttack = {
  name: "Claw",
  id: "claw",
  power: power({ attackBonus: 30, damage: "10" }),
  weapon: null,
  usage: null,
};
const bite: ForecastAttack = { ...claw, name: "Bite", id: "bite", power: power({ attackBonus: 30, damage: "5" }) };
const rend = (routine: RoutineSpec): ForecastAttack => ({
  ...claw,
  name: "Rend",
  id: "rend",
  power: power({ attackBonus: 0, damage: "" }),
  routine,
});

/** The drake's damage per round against a target that never falls and never strikes back, and its favourite attack. */
function run(attacks: ForecastAttack[]) {
  const combatants: ForecastCombatant[] = [
    { id: "drake", name: "Drake", side: "foes", actor: npc(R, 10), attacks },
    {
      id: "hero",
      name: "Hero",
      side: "party",
      actor: npc(R, 10, { hp: { value: 100000, max: 100000, temp: 0 } }),
      attacks: [],
    },
  ];
  const f = forecast({
    ruleset: R,
    options: defaultOptions(R),
    combatants,
    escalation: 0,
    escalationOn: false,
    samples: 200,
    seed: 39,
    maxRounds: 30,
  });
  return f.creatures.find((c) => c.id === "drake")!;
}

describe("[SYS-FORECAST] [SYS-MONSTERS] routines in the forecast", () => {
  it("[SYS-FORECAST] [SYS-MONSTERS] two claws a turn, and a bite when both hit that target: the routine is chosen and deals what its attacks deal", () => {
    const alone = run([claw, bite]).damagePerRound;
    const routine = run([
      claw,
      bite,
      rend({ attacks: [{ power: "Claw", count: 2 }], followUps: [{ power: "bite", when: "allHit", of: "Claw" }] }),
    ]);
    expect(routine.favouriteAttack).toBe("Rend");
    // A claw hits on 2–20 (p = 0.95): two claws and a bite with chance p² = 2 + 0.5 × 0.9025 claws' worth.
    const ratio = routine.damagePerRound / alone;
    expect(ratio).toBeGreaterThan(2.45 - 0.05);
    expect(ratio).toBeLessThan(2.45 + 0.05);
    // A bite only when a claw misses: 2 + 0.5 × (1 − p²).
    const onMiss = run([
      claw,
      bite,
      rend({ attacks: [{ power: "claw", count: 2 }], followUps: [{ power: "Bite", when: "miss", of: "" }] }),
    ]).damagePerRound;
    expect(onMiss / alone).toBeGreaterThan(2.05 - 0.04);
    expect(onMiss / alone).toBeLessThan(2.05 + 0.04);
  });

  it("[SYS-FORECAST] [SYS-MONSTERS] a routine naming a power the creature lacks makes no attack: the creature claws as before", () => {
    const alone = run([claw]);
    const broken = run([claw, rend({ attacks: [{ power: "Tail", count: 3 }], followUps: [] })]);
    expect(broken.favouriteAttack).toBe("Claw");
    expect(broken.damagePerRound).toBe(alone.damagePerRound);
  });
});
