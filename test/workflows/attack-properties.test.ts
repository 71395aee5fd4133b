/**
 * Properties of the attack workflow over all four rulesets (fast-check, recorded dice only).
 */
import fc from "../support/seeded-fc.js";
import { describe, expect, it } from "vitest";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { getRuleset } from "../../src/engine/registry.js";
import { npc, power, request, target } from "./attack-fixtures.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";

const faces = (n: number) => fc.array(fc.integer({ min: 1, max: 6 }), { minLength: n, maxLength: n });

describe("attack workflow properties (all rulesets)", () => {
  it("[13A-NAT1] [FF-NAT1] [HD-CRIT] [WD-NAT] a natural 1 never hits, whatever the bonus and defense", () => {
    for (const id of RULESET_IDS) {
      const R = getRuleset(id);
      fc.assert(
        fc.property(fc.integer({ min: -5, max: 40 }), fc.integer({ min: 1, max: 40 }), (bonus, def) => {
          const req = request(id, {
            power: power({ attackBonus: bonus, damage: "1d6" }),
            targets: [target("t", npc(R, def))],
          });
          const card = attackFromRecordedDice(req, [[1]], { "*": [3] });
          expect(card.targets[0]!.outcome.isHit).toBe(false);
        }),
        { numRuns: 60 },
      );
    }
  });

  it("[SYS-TARGETS] every target gets an outcome from its own roll; damage is never negative and equal results share a roll", () => {
    const d20 = fc.integer({ min: 1, max: 20 });
    for (const id of RULESET_IDS) {
      const R = getRuleset(id);
      fc.assert(
        fc.property(
          d20,
          d20,
          fc.array(fc.tuple(fc.integer({ min: 1, max: 35 }), d20, d20), { minLength: 0, maxLength: 4 }),
          faces(4),
          (d1, d2, foes, rolled) => {
            const req = request(id, {
              power: power({ damage: "2d6 + 1", missEffect: "half" }),
              situation: { mighty: d1 % 2, weak: d2 % 3 === 0 ? 1 : 0 },
              targets: foes.map(([d], i) => target(`t${i}`, npc(R, d))),
            });
            const dice = foes.length ? foes.map(([, a, b]) => [a, b]) : [[d1, d2]];
            const card = attackFromRecordedDice(req, dice, { "*": rolled });
            expect(card.targets).toHaveLength(foes.length);
            expect(card.dice).toEqual(dice);
            if (foes.length === 0) expect(card.untargeted).not.toBeNull();
            card.targets.forEach((t, i) => {
              expect(t.damage).toBeGreaterThanOrEqual(0);
              // Each target's natural comes from its own roll's faces.
              expect(dice[i]).toContain(t.outcome.natural);
              if (t.damageKey) expect(card.damageRolls.some((d) => d.key === t.damageKey)).toBe(true);
            });
            const keys = card.damageRolls.map((d) => d.key);
            expect(new Set(keys).size).toBe(keys.length);
          },
        ),
        { numRuns: 80 },
      );
    }
  });
});
