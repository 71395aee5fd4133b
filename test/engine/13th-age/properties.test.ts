import fc from "../../support/seeded-fc.js";
import { describe, expect, it } from "vitest";
import { packet, pc, npc, rs, attack } from "./helpers.js";

const actorArb = fc.record({
  kind: fc.constantFrom("character" as const, "npc" as const),
  max: fc.integer({ min: 1, max: 200 }),
  value: fc.integer({ min: -100, max: 200 }),
  temp: fc.integer({ min: 0, max: 50 }),
  resist: fc.option(fc.integer({ min: 2, max: 20 }), { nil: null }),
});

describe("13th Age properties", () => {
  it("[13A-TEMPHP] HP never NaN and temp HP always absorbed before HP", () => {
    fc.assert(
      fc.property(
        actorArb,
        fc.integer({ min: 0, max: 300 }),
        fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
        fc.boolean(),
        (a, amount, natural, ongoing) => {
          // Ordinary NPCs never sit below 0 HP (they are slain at 0).
          const value = Math.max(a.kind === "npc" ? 0 : -a.max, Math.min(a.value, a.max));
          const base = {
            hp: { value, max: a.max, temp: a.temp },
            resistances: a.resist ? [{ type: "fire", value: a.resist }] : [],
          };
          const actor = a.kind === "character" ? pc(base) : npc(base);
          const r = rs.applyDamage(actor, packet({ amount, types: ["fire"], natural, ongoing }), {}, "x");
          expect(Number.isNaN(r.actor.hp.value)).toBe(false);
          expect(r.absorbedByTemp).toBe(Math.min(a.temp, r.dealt));
          if (r.dealt <= a.temp) expect(r.actor.hp.value).toBe(value);
          expect(r.actor.hp.temp).toBe(a.temp - r.absorbedByTemp);
          expect(r.dealt).toBeLessThanOrEqual(amount);
        },
      ),
    );
  });

  it("[13A-NAT1] [13A-NAT20] one natural roll never both misses and crits", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -10, max: 30 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (d, bonus, def, critRange, vuln, nat20, expanded) => {
          const o = rs.resolveAttack(
            attack({
              dice: [d],
              attackBonus: bonus,
              defense: { key: "ac", value: def },
              critRange,
              damageTypes: ["fire"],
              target: { conditions: [], vulnerabilities: vuln ? [{ type: "fire", value: 0 }] : [], exhaustion: 0 },
              options: { nat20AlwaysHits: nat20, expandedCritHits: expanded },
            }),
          );
          expect(o.isCrit && !o.isHit).toBe(false);
          if (d === 1) expect(o.result).toBe("autoMiss");
          if (o.isCrit) expect(d).toBeGreaterThanOrEqual(o.critThreshold);
        },
      ),
    );
  });

  it("[13A-NEGHEAL] healing never raises HP above max and never leaves negative HP", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: -49, max: 100 }),
        fc.integer({ min: 0, max: 200 }),
        (max, v, heal) => {
          const value = Math.min(v, max);
          const r = rs.applyHealing(
            pc({ hp: { value, max, temp: 0 }, state: value < 0 ? "dying" : "active" }),
            heal,
            "heal",
            {},
            "x",
          );
          expect(r.actor.hp.value).toBeLessThanOrEqual(max);
          expect(r.actor.hp.value).toBe(Math.min(max, Math.max(0, value) + heal));
        },
      ),
    );
  });
});
