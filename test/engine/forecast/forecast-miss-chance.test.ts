/**
 * [SYS-FORECAST] [WD-MISSCHANCE] The forecast plays a Wounds d20 miss chance as the card does: a
 * blinded attacker's hits miss half the time on the d100, so its damage per round is the card's
 * expectation with the miss chance (half the sighted attacker's, since blinded changes nothing else
 * of its attack), within the error.
 */
import { describe, expect, it } from "vitest";
import { forecast, type ForecastCombatant } from "../../../src/engine/forecast/index.js";
import { decideAttack, missChanceRollsNeeded, planAttack } from "../../../src/engine/plans/attack.js";
import { getRuleset } from "../../../src/engine/registry.js";
import { defaultOptions, npc, power, request, target } from "../../workflows/attack-fixtures.js";

const WD = getRuleset("wounds-d20");
const sword = power({ damage: "2d6 + 3" });

/** An attacker (blinded or not) against a target that never falls and never strikes back. */
function fight(conditions: string[]): ForecastCombatant[] {
  return [
    {
      id: "ogre",
      name: "Ogre",
      side: "foes",
      actor: npc(WD, 10, { conditions }),
      attacks: [{ name: "Club", power: sword, weapon: null, usage: null }],
    },
    {
      id: "hero",
      name: "Hero",
      side: "party",
      actor: npc(WD, 14, { hp: { value: 100000, max: 100000, temp: 0 } }),
      attacks: [],
    },
  ];
}

const perRound = (conditions: string[]) =>
  forecast({
    ruleset: WD,
    options: defaultOptions(WD),
    combatants: fight(conditions),
    escalation: 0,
    escalationOn: false,
    samples: 300,
    seed: 38,
    maxRounds: 30,
  }).creatures.find((c) => c.id === "ogre")!.damagePerRound;

describe("[SYS-FORECAST] [WD-MISSCHANCE] miss chance in the forecast", () => {
  it("[SYS-FORECAST] [WD-MISSCHANCE] a blinded attacker deals the card's expectation with its 50% miss chance: half the sighted one's", () => {
    const req = request("wounds-d20", {
      attacker: npc(WD, 10, { conditions: ["blinded"] }),
      power: sword,
      targets: [target("hero", fight([])[1]!.actor)],
    });
    const plan = planAttack(req);
    expect(plan.missChances).toEqual([50]);
    const card = decideAttack(req, [[15]], plan, { missRolls: missChanceRollsNeeded(req, [[15]], plan).map(() => 90) });
    const expected = card.targets[0]!.odds!.expectedDamage;
    const blinded = perRound(["blinded"]);
    const sighted = perRound([]);
    // 9000 swings of 2d6 + 3 (about half of them hitting): the mean is well within 0.3 of its expectation.
    expect(Math.abs(blinded - expected)).toBeLessThan(0.3);
    expect(Math.abs(blinded - sighted / 2)).toBeLessThan(0.4);
    expect(sighted - blinded).toBeGreaterThan(1.5);
  });
});
