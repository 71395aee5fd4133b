/**
 * [SYS-FORECAST] [SYS-MONSTERS] The forecast plays recharge as the tracker does: a spent power that
 * recharges at its creature's turn start (5e "recharge 5–6" = a d6, 5+) rolls its die at each of
 * that creature's turns and is used again when it comes back; one that comes back "when first
 * bloodied" does so the first turn its creature starts at half its hit points or below.
 */
import { describe, expect, it } from "vitest";
import { forecast, type ForecastCombatant } from "../../../src/engine/forecast/index.js";
import { getRuleset } from "../../../src/engine/registry.js";
import type { PowerUsageState } from "../../../src/engine/types.js";
import { defaultOptions, npc, power } from "../../workflows/attack-fixtures.js";

const R = getRuleset("hundred-dungeons");
const blast = power({ attackBonus: 30, damage: "10" });

const usage = (over: Partial<PowerUsageState>): PowerUsageState => ({
  usage: "recharge",
  recharge: 5,
  used: false,
  uses: { spent: 0, max: 1 },
  rechargeDie: "d6",
  rechargeAt: "turnStart",
  ...over,
});

/** A drake with one attack against a target that never falls and never strikes back. */
function run(state: PowerUsageState | null, drakeHp = 100) {
  const combatants: ForecastCombatant[] = [
    {
      id: "drake",
      name: "Drake",
      side: "foes",
      actor: npc(R, 10, { hp: { value: drakeHp, max: 100, temp: 0 } }),
      attacks: [{ name: "Blast", power: blast, weapon: null, usage: state }],
    },
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
    samples: 400,
    seed: 39,
    maxRounds: 30,
  });
  return f.creatures.find((c) => c.id === "drake")!.damagePerRound;
}

describe("[SYS-FORECAST] [SYS-MONSTERS] recharge in the forecast", () => {
  it("[SYS-FORECAST] [SYS-MONSTERS] a d6 5+ turn-start recharge power is used on the first turn and again each turn its die comes up 5 or 6", () => {
    const atWill = run(null);
    const recharging = run(usage({}));
    // Used on turn 1, then on each later turn with chance 1/3: (1 + 29/3) / 30 of the turns.
    const expected = (1 + 29 / 3) / 30;
    expect(recharging / atWill).toBeGreaterThan(expected - 0.03);
    expect(recharging / atWill).toBeLessThan(expected + 0.03);
    // A power that rolls only after the battle is used once in the fight.
    expect(run(usage({ rechargeAt: "battleEnd" })) / atWill).toBeCloseTo(1 / 30, 2);
  });

  it("[SYS-FORECAST] [SYS-MONSTERS] a spent 'when first bloodied' power comes back the first turn its creature starts bloodied, once", () => {
    const atWill = run(null, 40);
    const spent = { used: true, rechargeAt: "battleEnd" as const };
    expect(run(usage(spent), 40)).toBe(0);
    expect(run(usage({ ...spent, rechargeBloodied: true }), 100)).toBe(0);
    expect(run(usage({ ...spent, rechargeBloodied: true }), 40) / atWill).toBeCloseTo(1 / 30, 2);
    // Its bloodying already counted this battle: nothing comes back.
    expect(run(usage({ ...spent, rechargeBloodied: true, bloodiedSeen: true }), 40)).toBe(0);
  });
});
