/**
 * [SYS-IMPORT] archmage → 13th Age, the natural-roll lines and attack counts of a monster's powers:
 * a self-written fixture (test/fixtures/import/archmage-glass-wyrmling.json) converted, checked
 * field by field and resolved through the engine with recorded dice.
 */
import { describe, expect, it } from "vitest";
import { aurasOn, type AuraCreature, type AuraSpec } from "../../src/engine/auras.js";
import { routineSteps, type RoutineSpec } from "../../src/engine/routines.js";
import { attackWith, convertFixture, itemNamed, modelProblems } from "./fixtures.js";

describe("[SYS-IMPORT] archmage → 13th Age: trigger lines, riders and attack counts", () => {
  const { entry, actor } = convertFixture("archmage-glass-wyrmling.json");

  it("[SYS-IMPORT] [SYS-MONSTERS] a converted monster passes our data models", () => {
    expect(entry.errors).toEqual([]);
    expect(modelProblems(actor)).toEqual([]);
  });

  it('[SYS-IMPORT] [SYS-MONSTERS] [13A-NAT20] "Natural 16-17" is a range trigger the engine fires on 16 and 17 only; a natural 20\'s extra damage "from a tail lash" is a rider', () => {
    const claws = itemNamed(actor, "Shard claws");
    expect(claws.system.effects).toEqual([
      expect.objectContaining({
        outcome: "hit",
        trigger: expect.objectContaining({ kind: "range", value: 16, max: 17 }),
        statuses: ["dazed"],
        duration: "endOfItsNextTurn",
      }),
      expect.objectContaining({
        outcome: "hit",
        trigger: expect.objectContaining({ kind: "atLeast", value: 20 }),
        damage: { formula: "6", types: [] },
      }),
    ]);
    expect(attackWith("13th-age", actor, "Shard claws", 16, []).effects).toEqual([0]);
    expect(attackWith("13th-age", actor, "Shard claws", 17, []).effects).toEqual([0]);
    expect(attackWith("13th-age", actor, "Shard claws", 18, []).effects ?? []).toEqual([]);
    expect(attackWith("13th-age", actor, "Shard claws", 15, []).effects ?? []).toEqual([]);
    // [13A-NAT20] the crit doubles the claws' 7; the rider's 6 rides on it.
    expect(attackWith("13th-age", actor, "Shard claws", 20, []).parts).toEqual([
      { amount: 14, types: [] },
      { amount: 6, types: [] },
    ]);
  });

  it('[SYS-IMPORT] [SYS-MONSTERS] "(2 attacks)" becomes a routine making the attack twice', () => {
    const routine = itemNamed(actor, "Shard claws (2 attacks)");
    expect(routine.system.routine).toEqual({ attacks: [{ power: "Shard claws", count: 2 }], followUps: [] });
    expect(itemNamed(actor, "Shard claws").system.hitEffect ?? "").not.toContain("attacks");
    const powers = actor.items
      .filter((i) => i.type === "power")
      .map((i) => ({ id: i._id, name: i.name, isRoutine: Boolean(i.system.routine) }));
    const steps = routineSteps(routine._id, routine.system.routine as RoutineSpec, powers);
    expect(steps.map((s) => [s.name, s.nth])).toEqual([
      ["Shard claws", 1],
      ["Shard claws", 2],
    ]);
    expect(entry.automated).toContain("Shard claws: routine of 2× Shard claws");
  });

  it("[SYS-IMPORT] [13A-ATK] a natural even hit's extra lightning damage and condition are one effect row: damage as its own part", () => {
    const bite = itemNamed(actor, "Prism bite");
    expect(bite.system.effects).toEqual([
      expect.objectContaining({
        outcome: "hit",
        trigger: expect.objectContaining({ kind: "even" }),
        statuses: ["hampered"],
        duration: "endOfItsNextTurn",
        damage: { formula: "4", types: ["lightning"] },
      }),
    ]);
    const even = attackWith("13th-age", actor, "Prism bite", 12, []);
    expect(even.outcome.isHit).toBe(true);
    expect(even.effects).toEqual([0]);
    expect(even.parts).toEqual([
      { amount: 12, types: [] },
      { amount: 4, types: ["lightning"] },
    ]);
    const odd = attackWith("13th-age", actor, "Prism bite", 13, []);
    expect(odd.damage).toBe(12);
    expect(odd.effects ?? []).toEqual([]);
  });

  it("[SYS-IMPORT] a natural even miss's damage and a push in squares stay text: a miss row would deal none, and 13th Age pushes no one by squares", () => {
    const bite = itemNamed(actor, "Prism bite");
    expect((bite.system.effects as { outcome: string }[]).some((e) => e.outcome === "miss")).toBe(false);
    expect(bite.system.hitEffect).toContain("Natural even miss: 3 damage.");
    expect(entry.text).toContain('Prism bite: "Natural even miss" kept as text');
    // 13th Age moves no one by squares (no forced movement): a push stays text, never a silent row.
    expect(entry.text).toContain('Prism bite: "Natural odd hit" kept as text');
    expect(bite.system.hitEffect).toContain("Natural odd hit: The target is pushed 2 squares.");
    expect(entry.status).toBe("partial");
  });

  it('[SYS-IMPORT] [13A-SAVE] "2/battle, as a quick action" sets uses and the action; ongoing damage and a condition that end on one save are one row', () => {
    const shriek = itemNamed(actor, "Glass shriek");
    expect(shriek.system).toMatchObject({
      range: "close",
      defense: "md",
      usage: "perBattle",
      uses: { spent: 0, max: 2 },
      actionType: "quick",
    });
    expect(shriek.system.effects).toEqual([
      expect.objectContaining({
        trigger: expect.objectContaining({ kind: "atLeast", value: 18 }),
        statuses: ["weakened"],
        ongoing: { amount: 5, type: "psychic" },
        duration: "saveEnds",
        save: "normal",
      }),
    ]);
    expect(attackWith("13th-age", actor, "Glass shriek", 18, [], 10).effects).toEqual([0]);
    expect(attackWith("13th-age", actor, "Glass shriek", 17, [], 10).effects ?? []).toEqual([]);
  });

  it("[SYS-IMPORT] a limited use with a condition the model cannot hold stays text, and the power stays at will", () => {
    const glare = itemNamed(actor, "Refracted glare");
    expect(glare.system.usage).toBe("atWill");
    expect(glare.system.hitEffect).toContain("Limited use: 1/battle, but only while the wyrmling is staggered.");
    expect(entry.text).toContain('Refracted glare: "Limited use" kept as text');
    // Extra damage on a condition ("if it is staggered") is no sure rider.
    expect((glare.system.effects as { outcome: string }[]).filter((e) => e.outcome === "hit")).toEqual([]);
    expect(entry.text).toContain('Refracted glare: "Natural 16+" kept as text');
  });
});

describe("[SYS-IMPORT] archmage → 13th Age: traits that name a field", () => {
  const { entry, actor } = convertFixture("archmage-glass-wyrmling.json");
  const sys = actor.system as Record<string, unknown>;

  it("[SYS-IMPORT] [SYS-MONSTERS] a fear aura is an aura of the fear condition on engaged enemies with 24 hp or fewer", () => {
    expect(sys.auras).toEqual([
      expect.objectContaining({
        name: "Fear aura",
        radius: 1,
        who: "enemies",
        when: "within",
        condition: "fear",
        belowHp: 25,
      }),
    ]);
    expect(entry.automated).toContain("aura Fear aura (1) → auras");
    // The engine's aura rules: an adjacent enemy at 24 HP is touched at its turn start, one at 25 is not.
    const wyrm: AuraCreature = {
      id: "w",
      actorId: "wa",
      combatantId: null,
      name: "Glass Wyrmling",
      disposition: -1,
      hp: 72,
      x: 0,
      y: 0,
      size: 1,
      elevation: 0,
      auras: sys.auras as AuraSpec[],
    };
    const pc = (id: string, hp: number): AuraCreature => ({
      ...wyrm,
      id,
      actorId: `${id}a`,
      name: id,
      disposition: 1,
      hp,
      x: 1,
      auras: [],
    });
    expect(aurasOn([wyrm, pc("low", 24)], "low", "turnStart").map((h) => h.aura.condition)).toEqual(["fear"]);
    expect(aurasOn([wyrm, pc("high", 25)], "high", "turnStart")).toEqual([]);
  });

  it("[SYS-IMPORT] [13A-RESIST] [13A-VULN] a resistance in a trait's parentheses and an empty vulnerability line land as traits", () => {
    expect(sys.resistances).toEqual([
      { type: "lightning", value: 16 },
      { type: "thunder", value: 16 },
    ]);
    expect(sys.vulnerabilities).toEqual([{ type: "cold", value: 0 }]);
  });

  it("[SYS-IMPORT] movement traits land as movement modes; a rule in the trait's text stays text", () => {
    expect(sys.movement).toMatchObject({ climb: 30, fly: 30 });
    expect(entry.text).toContain("Flight: the rest of the trait kept as text");
    expect(entry.text.some((l) => l.startsWith("Wall-crawler"))).toBe(false);
    expect(entry.review).toContain("Wall-crawler: no climb speed printed; 30 ft used");
    expect(modelProblems(actor)).toEqual([]);
  });
});

describe("[SYS-IMPORT] archmage → 13th Age: typed miss lines and strength", () => {
  const { entry, actor } = convertFixture("archmage-glass-wyrmling.json");

  it("[SYS-IMPORT] [13A-MISS] a miss line of the power's own type is its miss damage; ongoing damage on a miss is a miss row", () => {
    const shriek = itemNamed(actor, "Glass shriek");
    expect(shriek.system).toMatchObject({ damageTypes: ["psychic"], missEffect: "formula", missDamage: "3" });
    const miss = attackWith("13th-age", actor, "Glass shriek", 2, [], 20);
    expect(miss.outcome.isHit).toBe(false);
    expect(miss.damage).toBe(3);
    const glare = itemNamed(actor, "Refracted glare");
    expect(glare.system.missEffect).toBe("none");
    expect(glare.system.effects).toEqual([
      expect.objectContaining({ outcome: "miss", statuses: [], ongoing: { amount: 2, type: "fire" } }),
    ]);
    expect(attackWith("13th-age", actor, "Refracted glare", 2, [], 20).effects).toEqual([0]);
    // [13A-NAT1] a natural 1 carries no miss effect.
    expect(attackWith("13th-age", actor, "Refracted glare", 1, [], 20).effects ?? []).toEqual([]);
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] a weakling trait is the monster's strength", () => {
    expect(actor.system).toMatchObject({ strength: "weakling" });
    expect(entry.automated).toContain("monster strength weakling → strength");
  });
});

describe("[SYS-IMPORT] archmage → 13th Age: hit lines", () => {
  const { actor } = convertFixture("archmage-glass-wyrmling.json");

  it("[SYS-IMPORT] [13A-ONGOING] a hit of only ongoing damage deals none at once; a printed number without roll brackets is the damage; a low natural range with no outcome stays text", () => {
    const sting = itemNamed(actor, "Shard sting");
    expect(sting.system.damage ?? "").toBe("");
    expect(sting.system.effects).toEqual([
      expect.objectContaining({ outcome: "hit", statuses: [], ongoing: { amount: 4, type: "untyped" } }),
    ]);
    const hit = attackWith("13th-age", actor, "Shard sting", 12, []);
    expect(hit.outcome.isHit).toBe(true);
    expect(hit.effects).toEqual([0]);
    const sliver = itemNamed(actor, "Cold sliver");
    expect(sliver.system).toMatchObject({ damage: "3", damageTypes: ["cold"] });
    // "Natural 2-5" without hit or miss is the roll itself, not a hit row that would almost never fire.
    expect(sliver.system.effects).toEqual([]);
    expect(sliver.system.hitEffect).toContain("Natural 2-5: The target is hampered (save ends).");
    expect(attackWith("13th-age", actor, "Cold sliver", 12, []).damage).toBe(3);
  });
});
