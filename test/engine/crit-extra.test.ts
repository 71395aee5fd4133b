/**
 * The flat part of extra critical damage (a weapon's crit dice, a power's crit damage) is ADDED in
 * every game: mutation testing found it could be subtracted with every test green. Each test builds
 * its inputs itself.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { sumDamage } from "../../src/engine/resolution.js";
import type { DamageExpression } from "../../src/engine/dice.js";
import { recipeInput } from "../support/engine-fixtures.js";

const d = (count: number, faces: number, flat: number): DamageExpression => ({
  dice: [{ count, faces, sign: 1 }],
  flat,
});

describe("extra critical damage adds its flat part", () => {
  it("[SYS-ROLLHOOK] sumDamage adds both flat parts and keeps every die", () => {
    const s = sumDamage(d(1, 8, 3), d(1, 6, 2));
    expect(s.flat).toBe(5);
    expect(s.dice).toEqual(
      expect.arrayContaining([expect.objectContaining({ faces: 8 }), expect.objectContaining({ faces: 6 })]),
    );
    expect(sumDamage(d(1, 8, 3)).flat).toBe(3);
    expect(sumDamage(d(1, 8, 3), d(1, 8, -1))).toEqual({ dice: [{ count: 2, faces: 8, sign: 1 }], flat: 2 });
  });

  it("[13A-NAT20] a crit doubles the hit plus the extra crit damage, flat parts added", () => {
    const R = getRuleset("13th-age");
    const r = R.damageRecipe(recipeInput("crit", d(1, 8, 3), { critExtra: d(1, 6, 2) }))!;
    expect(r.roll.flat).toBe(5);
    expect(r.multiplier).toBe(2);
    const dd = R.damageRecipe(
      recipeInput("crit", d(1, 8, 3), { critExtra: d(1, 6, 2), options: { critDamage: "doubleDice" } }),
    )!;
    expect(dd.roll.flat).toBe(5);
    expect(dd.roll.dice).toEqual(expect.arrayContaining([expect.objectContaining({ count: 2, faces: 8 })]));
  });

  it("[FF-CRITDMG] a crit deals the maximum of the hit plus the extra crit dice and their flat part", () => {
    const R = getRuleset("ffd20");
    const r = R.damageRecipe(recipeInput("crit", d(1, 8, 3), { critExtra: d(1, 6, 2) }))!;
    expect(r.flatBonus).toBe(11);
    expect(r.roll.flat).toBe(2);
    expect(r.roll.dice).toEqual([expect.objectContaining({ count: 1, faces: 6 })]);
    const flatOnly = R.damageRecipe(recipeInput("crit", d(1, 8, 3), { critExtra: { dice: [], flat: 4 } }))!;
    expect(flatOnly.roll.flat).toBe(4);
  });

  it("[HD-CRIT] a crit doubles the hit plus the extra crit damage, flat parts added", () => {
    const R = getRuleset("hundred-dungeons");
    const r = R.damageRecipe(recipeInput("crit", d(1, 8, 3), { critExtra: d(1, 6, 2) }))!;
    expect(r.roll.flat).toBe(5);
    expect(r.multiplier).toBe(2);
  });

  it("[WD-NAT] a crit adds the extra crit damage's flat part", () => {
    const R = getRuleset("wounds-d20");
    const expected = { doubleTotal: [5, 0, 2], doubleDice: [5, 0, 1], maxPlusRoll: [5, 8, 1] } as const;
    for (const [critDamage, [flat, flatBonus, multiplier]] of Object.entries(expected)) {
      const r = R.damageRecipe(recipeInput("crit", d(1, 8, 3), { critExtra: d(1, 6, 2), options: { critDamage } }))!;
      expect([r.roll.flat, r.flatBonus, r.multiplier], critDamage).toEqual([flat, flatBonus, multiplier]);
    }
  });
});
