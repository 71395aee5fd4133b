import fc from "../../support/seeded-fc.js";
import { describe, expect, it } from "vitest";
import { parseDamage, maxDamage } from "../../../src/engine/dice.js";
import type { DamageRecipe } from "../../../src/engine/types.js";
import { recipeInput } from "../../support/engine-fixtures.js";
import { actor, attackInput, hurt, power, situation, wd, weapon } from "./fixtures.js";
import { totalFromFaces } from "../../support/recorded-dice.js";

const fighter = (str: number, dex: number, bcb = 3) =>
  actor({ baseCombatBonus: bcb, abilities: { str, dex, con: 10, int: 10, wis: 10, cha: 10 } });
const sum = (mods: { value: number }[]) => mods.reduce((s, m) => s + m.value, 0);
const keys = (mods: { key: string }[]) => mods.map((m) => m.key);

describe("Wounds d20 attack bonus", () => {
  it("[WD-ATK] melee attack = BCB + Str", () => {
    const a = fighter(16, 14);
    const mods = wd.attackBonus(a, wd.deriveActor(a, {}), power(), weapon());
    expect(keys(mods)).toEqual(["bcb", "str"]);
    expect(sum(mods)).toBe(3 + 3);
  });

  it("[WD-ATK] a light or finesse weapon uses Dex when it is higher, Str otherwise", () => {
    const nimble = fighter(12, 18);
    const d = wd.deriveActor(nimble, {});
    expect(sum(wd.attackBonus(nimble, d, power(), weapon({ light: true })))).toBe(3 + 4);
    expect(sum(wd.attackBonus(nimble, d, power(), weapon({ finesse: true })))).toBe(3 + 4);
    expect(sum(wd.attackBonus(nimble, d, power(), weapon()))).toBe(3 + 1); // neither: Str
    const strong = fighter(18, 12);
    expect(keys(wd.attackBonus(strong, wd.deriveActor(strong, {}), power(), weapon({ light: true })))).toContain("str");
  });

  it("[WD-ATK] ranged attack = BCB + Dex, and the range penalty from the dialog lowers the total", () => {
    const a = fighter(18, 14);
    const mods = wd.attackBonus(
      a,
      wd.deriveActor(a, {}),
      power({ range: "ranged" }),
      weapon({ ranged: true, damageDice: "1d8" }),
    );
    expect(keys(mods)).toEqual(["bcb", "dex"]);
    const bonus = sum(mods);
    const out = wd.resolveAttack(
      attackInput([10], bonus, 15, { range: "ranged", situation: situation({ bonus: -2 }) }),
    );
    expect(out.total).toBe(10 + 5 - 2);
    expect(out.result).toBe("miss");
    expect(out.modifiers.find((m) => m.key === "situational")!.value).toBe(-2);
  });

  it("[WD-ATK] hits when the total equals the defense, misses one below", () => {
    expect(wd.resolveAttack(attackInput([12], 3, 15)).result).toBe("hit");
    expect(wd.resolveAttack(attackInput([11], 3, 15)).result).toBe("miss");
  });

  it("[WD-BLOODIED] [WD-WOUNDED] the attacker's penalties lower the attack total", () => {
    const a = hurt(20, 16);
    const penalties = wd.deriveActor(a, {}).attackPenalties;
    const out = wd.resolveAttack(
      attackInput([12], 3, 15, {
        attacker: { kind: "character", usesEscalation: false, penalties, conditions: [], exhaustion: 0 },
      }),
    );
    expect(out.total).toBe(13);
    expect(out.result).toBe("miss");
  });
});

describe("Wounds d20 natural 1 and 20", () => {
  it("[WD-NAT] a natural 1 misses even when the total beats the defense", () => {
    const out = wd.resolveAttack(attackInput([1], 30, 10));
    expect(out.result).toBe("autoMiss");
    expect(out.isHit).toBe(false);
    expect(out.missEffect).toBe(false);
  });

  it("[WD-NAT] a natural 1 is a miss like any other: a power's miss effect applies to it, not to an empty square", () => {
    const out = wd.resolveAttack(attackInput([1], 30, 10, { hasMissEffect: true }));
    expect(out.result).toBe("autoMiss");
    expect(out.missEffect).toBe(true);
    expect(wd.resolveAttack(attackInput([5], 0, 10, { hasMissEffect: true })).missEffect).toBe(true);
    const empty = attackInput([1], 30, 10, { hasMissEffect: true });
    expect(wd.resolveAttack({ ...empty, situation: { ...empty.situation, wrongSquare: true } }).missEffect).toBe(false);
  });

  it("[WD-NAT] a natural 20 is a critical hit even when the total misses", () => {
    const out = wd.resolveAttack(attackInput([20], 0, 40));
    expect(out.result).toBe("crit");
    expect(out.autoHit).toBe(true);
    expect(out.isCrit).toBe(true);
  });

  it("[WD-NAT] a natural 19 that hits is a plain hit", () => {
    expect(wd.resolveAttack(attackInput([19], 5, 10)).result).toBe("hit");
  });

  it("[WD-NAT] one natural roll never both misses and crits (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -10, max: 30 }),
        fc.integer({ min: 0, max: 40 }),
        (n, b, def) => {
          const o = wd.resolveAttack(attackInput([n], b, def));
          expect(o.isCrit && (o.result === "miss" || o.result === "autoMiss")).toBe(false);
          if (n === 1) expect(o.result).toBe("autoMiss");
          if (n === 20) expect(o.result).toBe("crit");
          if (n > 1 && n < 20) expect(o.isHit).toBe(n + b >= def);
        },
      ),
    );
  });

  it("[WD-ATK] bad dice are refused with the field named", () => {
    expect(() => wd.resolveAttack(attackInput([21], 0, 10))).toThrow(/attack\.dice/);
    expect(() => wd.resolveAttack(attackInput([10], Number.NaN, 10))).toThrow(/attack\.attackBonus/);
  });
});

describe("Wounds d20 weapon damage", () => {
  const dmg = (str: number, w = weapon(), p = power()) => {
    const a = fighter(str, 10, 2);
    return wd.damageExpression(a, wd.deriveActor(a, {}), p, w)!;
  };

  it("[WD-DMG] weapon die + BCB when proficient + Str modifier", () => {
    const e = dmg(16);
    expect(e.dice).toEqual([{ count: 1, faces: 8, sign: 1 }]);
    expect(e.flat).toBe(2 + 3);
    expect(dmg(16, weapon({ proficient: false })).flat).toBe(3);
  });

  it("[WD-DMG] off-hand adds half Str, two-handed one and a half, but not with a light weapon", () => {
    expect(dmg(18, weapon({ offHand: true })).flat).toBe(2 + 2); // Str +4 → +2
    expect(dmg(18, weapon({ twoHanded: true })).flat).toBe(2 + 6); // +4 → +6
    expect(dmg(18, weapon({ twoHanded: true, light: true })).flat).toBe(2 + 4);
    expect(dmg(16, weapon({ twoHanded: true })).flat).toBe(2 + 4); // +3 → 4.5 → 4
  });

  it("[WD-DMG] thrown weapons add Str, ammunition weapons do not", () => {
    expect(dmg(16, weapon({ thrown: true }), power({ range: "ranged" })).flat).toBe(2 + 3);
    expect(dmg(16, weapon({ ranged: true }), power({ range: "ranged" })).flat).toBe(2);
  });

  it("[WD-DMG] N[W] in a power formula expands to the weapon's dice; malformed weapon dice throw", () => {
    const e = dmg(10, weapon({ damageDice: "1d6" }), power({ damage: "2[W]+1" }));
    expect(e.dice).toEqual([{ count: 2, faces: 6, sign: 1 }]);
    expect(e.flat).toBe(1 + 2);
    expect(() => dmg(10, weapon({ damageDice: "1dx" }))).toThrow(/weapon\.damageDice/);
  });

  it("[WD-DMG] a hit deals at least 1 even when penalties push the roll below", () => {
    const r = wd.damageRecipe(recipeInput("hit", parseDamage("1d4-3")))!;
    expect(r.minimum).toBe(1);
    expect(Math.max(r.minimum, totalFromFaces(r.roll, [1]))).toBe(1);
  });

  it("[WD-DMG] a miss deals nothing", () => {
    const hit = parseDamage("1d8+2");
    expect(wd.damageRecipe(recipeInput("miss", hit))).toBeNull();
    expect(wd.damageRecipe(recipeInput("autoMiss", hit))).toBeNull();
  });
});

describe("Wounds d20 critical damage (Open rule, option critDamage)", () => {
  const hit = parseDamage("1d8+3");
  const recipe = (critDamage?: string): DamageRecipe =>
    wd.damageRecipe(recipeInput("crit", hit, { options: critDamage ? { critDamage } : {} }))!;
  /** Total as the adapter computes it from a recipe and faces. */
  const total = (r: DamageRecipe, faces: number[]) =>
    Math.max(r.minimum, Math.floor((totalFromFaces(r.roll, faces) + r.flatBonus) * r.multiplier));

  it("[WD-NAT] default doubleTotal: one roll, everything doubled", () => {
    const r = recipe();
    expect(r.multiplier).toBe(2);
    expect(total(r, [5])).toBe((5 + 3) * 2);
  });

  it("[WD-NAT] doubleDice: dice rolled twice, flat bonus once", () => {
    const r = recipe("doubleDice");
    expect(r.roll.dice).toEqual([{ count: 2, faces: 8, sign: 1 }]);
    expect(total(r, [5, 2])).toBe(5 + 2 + 3);
  });

  it("[WD-NAT] maxPlusRoll: the dice's maximum on top of a normal roll", () => {
    const r = recipe("maxPlusRoll");
    expect(r.flatBonus).toBe(maxDamage({ dice: hit.dice, flat: 0 }));
    expect(total(r, [5])).toBe(8 + 5 + 3);
  });

  it("[WD-NAT] the option is declared with its three choices and an unknown value is refused", () => {
    const spec = wd.options.find((o) => o.key === "critDamage")!;
    expect(spec.rule).toBe("WD-NAT");
    expect(spec.default).toBe("doubleTotal");
    expect(Object.keys(spec.choices!)).toEqual(["doubleTotal", "doubleDice", "maxPlusRoll"]);
    expect(() => recipe("triple")).toThrow(/options\.critDamage/);
  });
});
