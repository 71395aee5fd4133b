/**
 * [SYS-IMPORT] [SYS-TARGETS] archmage → 13th Age, the targets line of an attack ("1d3 nearby
 * enemies", "one or two enemies engaged with it"): a self-written fixture
 * (test/fixtures/import/archmage-target-counts.json) converted, its counts checked field by field,
 * then used through the engine with recorded dice: the targets beyond the count are refused.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { allowedTargets } from "../../src/engine/plans/attack.js";
import { engineActor, packAttackRequest } from "../packs/pack-sources.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";
import { npc, target } from "../workflows/attack-fixtures.js";
import { attackWith, convertFixture, itemNamed, modelProblems } from "./fixtures.js";

describe("[SYS-IMPORT] [SYS-TARGETS] archmage → 13th Age: target counts", () => {
  const { entry, actor } = convertFixture("archmage-target-counts.json");

  it("[SYS-IMPORT] [SYS-TARGETS] the converted monster passes our data models", () => {
    expect(entry.errors).toEqual([]);
    expect(modelProblems(actor)).toEqual([]);
  });

  it('[SYS-IMPORT] [SYS-TARGETS] "one or two enemies engaged with it" is a count of 2, "1d3 nearby enemies in a group" a rolled 1d3; where they stand stays printed', () => {
    const vines = itemNamed(actor, "Lashing vines");
    expect(vines.system).toMatchObject({ targetCount: "2", range: "close", attackBonus: 8, defense: "ac" });
    expect(vines.system.hitEffect).toContain("Targets: (one or two enemies engaged with it).");
    const spray = itemNamed(actor, "Thorn spray");
    expect(spray.system).toMatchObject({ targetCount: "1d3", range: "close", defense: "pd" });
    expect(spray.system.hitEffect).toContain("Targets: (1d3 nearby enemies in a group).");
    expect(entry.automated).toContain('Lashing vines: targets "(one or two enemies engaged with it)" → targetCount 2');
    expect(entry.automated).toContain('Thorn spray: targets "(1d3 nearby enemies in a group)" → targetCount 1d3');
    expect(entry.text.some((l) => l.startsWith("Lashing vines: targets"))).toBe(false);
    expect(entry.text.some((l) => l.startsWith("Thorn spray: targets"))).toBe(false);
  });

  it('[SYS-IMPORT] [SYS-TARGETS] "each enemy engaged with it" has no count: every creature the user targets', () => {
    const burst = itemNamed(actor, "Pollen burst");
    expect(burst.system.targetCount ?? "").toBe("");
    expect(entry.automated).toContain('Pollen burst: targets "(each enemy engaged with it)" → every creature targeted');
    expect(entry.text.some((l) => l.startsWith("Pollen burst: targets"))).toBe(false);
  });

  it("[SYS-IMPORT] [SYS-TARGETS] random targets keep their count but stay text (the model picks no one at random); a count beyond 20 stays text only", () => {
    const barbs = itemNamed(actor, "Seeking barbs");
    expect(barbs.system.targetCount).toBe("1d2");
    expect(entry.text).toContain('Seeking barbs: targets "(1d2 random nearby enemies)" kept as text');
    const hail = itemNamed(actor, "Thorn hail");
    expect(hail.system.targetCount ?? "").toBe("");
    expect(entry.text).toContain('Thorn hail: targets "(3d10 nearby enemies)" kept as text');
    expect(entry.status).toBe("partial");
  });

  it("[SYS-IMPORT] [SYS-TARGETS] [13A-ATK] the converted count decides an attack: three targets of a two-target power, the third refused; a rolled 1d3 of 1 keeps one", () => {
    const ruleset = getRuleset("13th-age");
    const attacker = engineActor(actor);
    const three = ["a", "b", "c"].map((id) => target(id, npc(ruleset, 18)));
    const req = packAttackRequest(ruleset, actor, itemNamed(actor, "Lashing vines"), attacker, { targets: three });
    const { allowed, refused } = allowedTargets(req);
    expect(allowed.map((t) => t.name)).toEqual(["a", "b"]);
    expect(refused).toEqual([{ name: "c", reason: "D20C.TargetCount.Over" }]);
    const card = attackFromRecordedDice({ ...req, targets: allowed }, [[12], [3]], { "*": [] });
    expect(card.targets.map((t) => [t.name, t.outcome.isHit, t.damage])).toEqual([
      ["a", true, 6],
      ["b", false, 0],
    ]);
    expect(card.targetCount).toEqual({ formula: "2", count: 2 });
    // A rolled count: the use's roll of 1 keeps the first target only.
    const spray = packAttackRequest(ruleset, actor, itemNamed(actor, "Thorn spray"), attacker, {
      targets: three,
      targetCount: { formula: "1d3", count: 1 },
    });
    expect(allowedTargets(spray).allowed.map((t) => t.name)).toEqual(["a"]);
  });

  it('[SYS-IMPORT] [13A-ACTIONS] "Quick use: 1/round, as a quick action" makes the power a quick action; "once per round" stays text (a standard may be spent as a quick, so the economy alone would allow it twice)', () => {
    const lunge = itemNamed(actor, "Bramble lunge");
    expect(lunge.system).toMatchObject({ actionType: "quick", usage: "atWill", damage: "4" });
    expect(lunge.system.hitEffect).toBe("Once per round.");
    expect(entry.automated).toContain("Bramble lunge: Quick use → actionType quick");
    expect(entry.text).toContain('Bramble lunge: "Quick use: 1/round" kept as text');
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] [13A-MISS] a natural even miss's damage on a power without a miss line is a miss row that deals it; a hit-or-miss line's damage is a row for each", () => {
    const whip = itemNamed(actor, "Bramble whip");
    expect(whip.system.missEffect).toBe("none");
    expect(whip.system.effects).toEqual([
      expect.objectContaining({
        outcome: "miss",
        trigger: expect.objectContaining({ kind: "even" }),
        damage: { formula: "3", types: [] },
      }),
      expect.objectContaining({
        outcome: "hit",
        trigger: expect.objectContaining({ kind: "odd" }),
        damage: { formula: "2", types: ["poison"] },
      }),
      expect.objectContaining({
        outcome: "miss",
        trigger: expect.objectContaining({ kind: "odd" }),
        damage: { formula: "2", types: ["poison"] },
      }),
    ]);
    expect(entry.text.some((l) => l.startsWith("Bramble whip"))).toBe(false);
    // Against defense 30 every roll below 20 misses: an even miss deals 3, an odd miss 2 poison.
    const even = attackWith("13th-age", actor, "Bramble whip", 12, [], 30);
    expect([even.outcome.isHit, even.damage]).toEqual([false, 3]);
    const odd = attackWith("13th-age", actor, "Bramble whip", 13, [], 30);
    expect([odd.outcome.isHit, odd.damage, odd.parts]).toEqual([false, 2, [{ amount: 2, types: ["poison"] }]]);
    // [13A-NAT1] a natural 1 carries no miss effect, so no damage.
    expect(attackWith("13th-age", actor, "Bramble whip", 1, [], 30).damage).toBe(0);
    // An odd hit: 7 and the 2 poison as its own part.
    expect(attackWith("13th-age", actor, "Bramble whip", 15, [], 10).parts).toEqual([
      { amount: 7, types: [] },
      { amount: 2, types: ["poison"] },
    ]);
  });
});
