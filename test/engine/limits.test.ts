/**
 * [SYS-HIDDEN] No input makes a client do unbounded work: dice counts (after `N[W]` expansion),
 * dice faces, flat numbers and formula length are refused at the data boundary naming the field;
 * Hundred Dungeons' mighty/weak counts are bounded before anything loops over them; exact odds
 * are summed within a fixed work budget or refused (the card then says they are unavailable).
 */
import { describe, expect, it } from "vitest";
import { blankSituation, MAX_ROLL_SOURCES } from "../../src/engine/common.js";
import { parseDamage, parseWeaponDice } from "../../src/engine/dice.js";
import { EngineError } from "../../src/engine/errors.js";
import { attackOdds } from "../../src/engine/odds.js";
import { getRuleset } from "../../src/engine/registry.js";
import { formulaProblem } from "../../src/data/formula.js";
import { itemSystemIssues } from "../../src/data/validation.js";
import { attackInput } from "../support/engine-fixtures.js";
import { hitEffect } from "../workflows/power-fixtures.js";

function engineError(fn: () => unknown): EngineError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(EngineError);
    return err as EngineError;
  }
  throw new Error("expected an EngineError");
}

const d8 = parseWeaponDice("1d8");
// The limits the data boundary promises: dice per expression, faces per die, flat numbers, text length.
const MAX_DICE = 1000;
const MAX_FACES = 1000;
const MAX_FLAT = 1_000_000;
const MAX_FORMULA_LENGTH = 1000;

describe("[SYS-HIDDEN] dice limits at the data boundary", () => {
  it("[SYS-HIDDEN] N[W] is counted before it is expanded: 10000000[W] is refused at once, naming the field", () => {
    // Expanding first would build ten million terms (and, at 1e9, exhaust memory).
    for (const n of ["10000000", "1000000000", "99999999999999999999"]) {
      const e = engineError(() => parseDamage(`${n}[W]`, d8, "power.damage"));
      expect(e.field).toBe("power.damage");
      expect(e.message).toMatch(/more than 1000 dice/);
    }
    // Two-dice weapons count double.
    const twoD6 = parseWeaponDice("2d6");
    expect(() => parseDamage(`${MAX_DICE / 2}[W]`, twoD6)).not.toThrow();
    expect(engineError(() => parseDamage(`${MAX_DICE / 2 + 1}[W]`, twoD6)).field).toBe("damage.formula");
  });

  it("[SYS-HIDDEN] the dice of all terms count together, after [W] expansion", () => {
    expect(diceOf(parseDamage("600d6 + 400d8"))).toBe(1000);
    expect(engineError(() => parseDamage("600d6 + 401d8", null, "power.critDamage")).field).toBe("power.critDamage");
    expect(engineError(() => parseDamage("990d6 + 11[W]", d8)).message).toMatch(/more than 1000 dice/);
    expect(engineError(() => parseDamage(`${MAX_DICE + 1}d6`)).message).toMatch(/too many dice/);
  });

  it("[SYS-HIDDEN] faces are 1 to 1000", () => {
    expect(() => parseDamage(`1d${MAX_FACES}`)).not.toThrow();
    for (const bad of [`1d${MAX_FACES + 1}`, "1d0", "1d99999999999999999999"]) {
      expect(engineError(() => parseDamage(bad, null, "weapon.critDice")).field).toBe("weapon.critDice");
    }
  });

  it("[SYS-HIDDEN] flat numbers stay finite and small: huge numbers and products are refused", () => {
    expect(parseDamage(`${MAX_FLAT}`).flat).toBe(MAX_FLAT);
    for (const bad of [
      `${MAX_FLAT + 1}`,
      "9".repeat(400),
      "1000*1000*1000",
      "999999+999999",
      "2*3*" + "9".repeat(30),
    ]) {
      const e = engineError(() => parseDamage(bad));
      expect(e.field).toBe("damage.formula");
      expect(e.message).toMatch(/larger than/);
    }
  });

  it("[SYS-HIDDEN] formula text past the length limit is refused before parsing", () => {
    const long = Array.from({ length: MAX_FORMULA_LENGTH }, () => "1").join("+");
    expect(engineError(() => parseDamage(long, null, "power.damage")).message).toMatch(/longer than/);
  });

  it("[SYS-HIDDEN] item validation refuses those formulas naming the stored field", () => {
    expect(formulaProblem("10000000[W]", "damage")).toMatch(/more than 1000 dice/);
    const issues = itemSystemIssues("power", { damage: "10000000[W] + @str" }, []);
    expect(issues).toEqual([{ field: "system.damage", message: expect.stringMatching(/1000 dice/) as unknown }]);
    expect(itemSystemIssues("weapon", { damageDice: "1d5000" }, [])[0]?.field).toBe("system.damageDice");
  });

  it("[SYS-HIDDEN] a power's ongoing damage, its own or an effect's, holds no more than a formula's flat number", () => {
    const power = (amount: number) => ({
      ongoing: { amount, type: "fire", save: "normal" },
      effects: [{ ...hitEffect({ ongoing: { amount, type: "fire" } }), forced: null }],
    });
    expect(itemSystemIssues("power", power(1_000_000), ["fire"])).toEqual([]);
    expect(itemSystemIssues("power", power(9e15), ["fire"]).map((i) => i.field)).toEqual([
      "system.ongoing.amount",
      "system.effects.0.ongoing.amount",
    ]);
    expect(itemSystemIssues("power", power(9e15), ["fire"])[0]?.message).toMatch(/at most 1000000/);
  });
});

function diceOf(expr: ReturnType<typeof parseDamage>): number {
  return expr.dice.reduce((s, d) => s + d.count, 0);
}

describe("[HD-MIGHTY] [SYS-HIDDEN] mighty and weak counts are bounded", () => {
  const hd = getRuleset("hundred-dungeons");
  const input = (mighty: number, weak: number) =>
    attackInput({ defense: { key: "def", value: 12 }, situation: blankSituation({ mighty, weak }) });

  it("[HD-MIGHTY] counts up to the limit still net as the rule says", () => {
    expect(hd.attackMode(input(MAX_ROLL_SOURCES, 0))).toBe("mighty");
    expect(hd.attackMode(input(0, MAX_ROLL_SOURCES))).toBe("weak");
    expect(hd.attackMode(input(3, 1))).toBe("normal");
  });

  it("[HD-MIGHTY] Infinity, NaN, fractions, negatives and huge counts are refused naming the field", () => {
    for (const bad of [Number.POSITIVE_INFINITY, Number.NaN, 1.5, -1, MAX_ROLL_SOURCES + 1, 1e12]) {
      expect(engineError(() => hd.attackMode(input(bad, 0))).field).toBe("attack.situation.mighty");
      expect(engineError(() => hd.resolveAttack({ ...input(0, bad), dice: [10, 10] })).field).toBe(
        "attack.situation.weak",
      );
    }
  });
});

describe("[SYS-HIDDEN] exact odds within a work budget", () => {
  const ruleset = getRuleset("13th-age");
  const odds = (formula: string) =>
    attackOdds(ruleset, attackInput({ defense: { key: "ac", value: 15 } }), { hit: parseDamage(formula) });

  it("[SYS-HIDDEN] ordinary damage gets exact odds; 199d1000 is refused at once instead of freezing the client", () => {
    expect(odds("10d10 + 5").expectedDamage).toBeGreaterThan(0);
    // Refused from the count of the work, before any of it (summing it would take about 25 s).
    const e = engineError(() => odds("199d1000"));
    expect(e.message).toMatch(/too many dice to compute exact odds/);
  });

  it("[SYS-HIDDEN] the budget is shared by every distribution of one odds computation, cached or not", () => {
    // Summing 1d1000 + 1d999 costs 1,000 + 1,000 × 999 = 1,000,000 multiply-adds and 2d1000
    // 1,001,000; a hit and a crit of 13th Age's default doubled total each sum the dice once, so
    // the first fits the budget of 2,000,000 and the second does not, though each sum alone fits.
    const doubled = { options: { critDamage: "doubleTotal" } };
    const fits = () =>
      attackOdds(ruleset, attackInput({ defense: { key: "ac", value: 15 }, ...doubled }), {
        hit: parseDamage("1d1000 + 1d999"),
      });
    const over = () =>
      attackOdds(ruleset, attackInput({ defense: { key: "ac", value: 15 }, ...doubled }), {
        hit: parseDamage("2d1000"),
      });
    for (let i = 0; i < 2; i++) {
      expect(fits().expectedDamage).toBeGreaterThan(0);
      expect(engineError(over).message).toMatch(/too many dice/);
    }
  });
});
