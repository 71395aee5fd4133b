/**
 * [SYS-TARGETS] A power's target count ("1d3 nearby enemies", "two enemies"): the stored formula's
 * bounds, the data model's refusal naming the field, the engine keeping the first N targets, the
 * card's "up to N targets", and the GM's check of a rolled count against the message's last roll.
 * Recorded dice.
 */
import { describe, expect, it } from "vitest";
import { itemSystemIssues } from "../../src/data/validation.js";
import { powerSourceFrom } from "../../src/data/item-source.js";
import { allowedTargets } from "../../src/engine/plans/attack.js";
import { anyGameDamageTypes, getRuleset } from "../../src/engine/registry.js";
import { postedCountRoll, readTargetCount, splitByCount, usedTargetCount } from "../../src/engine/target-count.js";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";
import { standInViewer } from "../workflows/attack-card-fixture.js";
import { npc, power, request, target } from "../workflows/attack-fixtures.js";

const thirteen = getRuleset("13th-age");
const foes = (n: number) => Array.from({ length: n }, (_, i) => target(`t${i}`, npc(thirteen, 15), `Foe ${i + 1}`));

describe("[SYS-TARGETS] a power's target count", () => {
  it("[SYS-TARGETS] a count reads its bounds: 2 is fixed, 1d3 rolls 1–3, 1d4+1 rolls 2–5; blank is no count", () => {
    expect(readTargetCount("2")).toEqual({ min: 2, max: 2, rolled: false });
    expect(readTargetCount("1d3")).toEqual({ min: 1, max: 3, rolled: true });
    expect(readTargetCount(" 1d4 + 1 ")).toEqual({ min: 2, max: 5, rolled: true });
    expect(readTargetCount("")).toBeNull();
    expect(readTargetCount("20")).toEqual({ min: 20, max: 20, rolled: false });
  });

  it("[SYS-TARGETS] the data model refuses a count that can give fewer than 1 or more than 20 targets, a reference, weapon dice, or words, naming system.targetCount", () => {
    const types = [...anyGameDamageTypes()];
    const issues = (targetCount: string) => itemSystemIssues("power", { targetCount }, types);
    for (const bad of ["0", "1d3-1", "21", "3d10", "@level", "1[W]", "two", "2*3"]) {
      const found = issues(bad);
      expect(found, bad).toHaveLength(1);
      expect(found[0]!.field).toBe("system.targetCount");
    }
    expect(issues("0")[0]!.message).toMatch(/fewer than 1 target/);
    expect(issues("3d10")[0]!.message).toMatch(/more than 20 targets/);
    for (const good of ["", "1", "2", "1d3", "1d4+1", "2d3"]) expect(issues(good), good).toEqual([]);
  });

  it("[SYS-TARGETS] a use's count: a fixed one is its number, a rolled one must be a total its formula can give", () => {
    expect(usedTargetCount("2", null)).toEqual({ formula: "2", count: 2 });
    expect(usedTargetCount("1d3", 3)).toEqual({ formula: "1d3", count: 3 });
    expect(() => usedTargetCount("1d3", 4)).toThrow(/1d3 cannot give 4/);
    expect(() => usedTargetCount("1d3", 0)).toThrow(/1d3 cannot give 0/);
    expect(() => usedTargetCount("1d3", null)).toThrow(/targetCount/);
    expect(usedTargetCount("", 2)).toBeNull();
    expect(splitByCount(["a", "b", "c"], { formula: "1d3", count: 2 })).toEqual({ kept: ["a", "b"], over: ["c"] });
    expect(splitByCount(["a", "b"], null)).toEqual({ kept: ["a", "b"], over: [] });
  });

  it("[SYS-TARGETS] [13A-ATK] a two-target power attacks the first two of three targets and the card says up to 2 targets", () => {
    const p = power({ attackBonus: 5, damage: "8", targetCount: "2" });
    const req = request("13th-age", { power: p, targets: foes(3) });
    const { allowed, refused } = allowedTargets(req);
    expect(allowed.map((t) => t.name)).toEqual(["Foe 1", "Foe 2"]);
    expect(refused).toEqual([{ name: "Foe 3", reason: "D20C.TargetCount.Over" }]);
    const card = attackFromRecordedDice({ ...req, targets: allowed }, [[14], [6]], { "*": [] });
    expect(card.targets.map((t) => [t.name, t.outcome.isHit, t.damage])).toEqual([
      ["Foe 1", true, 8],
      ["Foe 2", false, 0],
    ]);
    expect(card.targetCount).toEqual({ formula: "2", count: 2 });
    expect(attackCardContext(card, standInViewer()).targetCount).toBe("up to 2 targets");
  });

  it("[SYS-TARGETS] a rolled count: the use's roll decides how many; none stated, or one the formula cannot give, attacks no one", () => {
    const p = power({ attackBonus: 5, damage: "8", targetCount: "1d3" });
    const rolledOne = {
      ...request("13th-age", { power: p, targets: foes(3) }),
      targetCount: { formula: "1d3", count: 1 },
    };
    expect(allowedTargets(rolledOne).allowed.map((t) => t.name)).toEqual(["Foe 1"]);
    const card = attackFromRecordedDice({ ...rolledOne, targets: allowedTargets(rolledOne).allowed }, [[14]], {
      "*": [],
    });
    expect(card.targetCount).toEqual({ formula: "1d3", count: 1 });
    expect(attackCardContext(card, standInViewer()).targetCount).toBe("up to 1 target (rolled 1d3)");
    const rolledThree = {
      ...request("13th-age", { power: p, targets: foes(3) }),
      targetCount: { formula: "1d3", count: 3 },
    };
    expect(allowedTargets(rolledThree).refused).toEqual([]);
    // A card that states no roll, a number 1d3 cannot give, or another formula: every target refused.
    expect(allowedTargets(request("13th-age", { power: p, targets: foes(2) })).allowed).toEqual([]);
    const five = { ...request("13th-age", { power: p, targets: foes(2) }), targetCount: { formula: "1d3", count: 5 } };
    expect(allowedTargets(five).allowed).toEqual([]);
    const other = { ...request("13th-age", { power: p, targets: foes(2) }), targetCount: { formula: "1d6", count: 2 } };
    expect(allowedTargets(other).allowed).toEqual([]);
    // No count on the power: every target.
    const plain = request("13th-age", { power: power({ attackBonus: 5, damage: "8" }), targets: foes(4) });
    expect(allowedTargets(plain).allowed).toHaveLength(4);
  });

  it("[SYS-TARGETS] the GM checks a rolled count against the message's last roll: same formula, same total; the attack rolls are the rest", () => {
    const rolls = [
      { formula: "1d20 + 5", total: 19 },
      { formula: "1d20 + 5", total: 11 },
      { formula: "8", total: 8 },
      { formula: "1d3", total: 2 },
    ];
    expect(postedCountRoll(rolls, { formula: "1d3", count: 2 })).toEqual({ reason: "", attackRolls: 3 });
    expect(postedCountRoll(rolls, { formula: "1d3", count: 3 }).reason).toBe("targetCount");
    expect(postedCountRoll(rolls.slice(0, 3), { formula: "1d3", count: 2 }).reason).toBe("targetCount");
    // A fixed count rolls nothing: every roll is the attack's.
    expect(postedCountRoll(rolls.slice(0, 3), { formula: "2", count: 2 })).toEqual({ reason: "", attackRolls: 3 });
    expect(postedCountRoll(rolls.slice(0, 3), undefined)).toEqual({ reason: "", attackRolls: 3 });
  });

  it("[SYS-TARGETS] a power item's stored count reaches the engine trimmed; blank is no count", () => {
    expect(powerSourceFrom({ targetCount: " 1d3 " }, {}).targetCount).toBe("1d3");
    expect(powerSourceFrom({ targetCount: "" }, {}).targetCount).toBeUndefined();
  });
});
