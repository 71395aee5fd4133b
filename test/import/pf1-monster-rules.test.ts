/**
 * [SYS-IMPORT] pf1 → Wounds d20: the universal monster rules an attack's effect notes name (grab,
 * trip) as the condition on a hit with pf1's check printed on it, a natural-weapon creature's full
 * attack (every natural attack in one routine), the fighter's Bravery on the fear save, and a feat
 * stored without its feat type read as pf1's default ("feat").
 */
import { describe, expect, it } from "vitest";
import { routineSteps, type RoutineSpec } from "../../src/engine/routines.js";
import { packSource } from "../../src/import/cli.js";
import { convertDocument } from "../../src/import/index.js";
import { attackWith, convertFixture, derive, fixture, itemNamed, modelProblems } from "./fixtures.js";

interface Row {
  outcome: string;
  statuses: string[];
  duration: string;
  text: string;
}

describe("[SYS-IMPORT] pf1 monster rules (older shape) → Wounds d20", () => {
  const { entry, actor } = convertFixture("pf1-fen-throttler.json");
  const powers = actor.items
    .filter((i) => i.type === "power")
    .map((i) => ({ id: i._id, name: i.name, isRoutine: Boolean((i.system as { routine?: unknown }).routine) }));

  it("[SYS-IMPORT] [SYS-MONSTERS] [WD-ATK] grab: grappled on a hit until removed, pf1's grapple check and the size limit printed with it, flagged", () => {
    expect(entry.errors).toEqual([]);
    expect(modelProblems(actor)).toEqual([]);
    const bite = itemNamed(actor, "Bite");
    const rows = bite.system.effects as Row[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: "hit", statuses: ["grappled"], duration: "endOfEncounter" });
    // "Special Attack: Grab (Large)" gives the size the grab holds.
    expect(rows[0]!.text).toMatch(/free grapple combat maneuver check/);
    expect(rows[0]!.text).toMatch(/only a target of Large size or smaller/);
    expect(rows[0]!.text).toMatch(/remove the condition if it fails/);
    expect(String(bite.system.hitEffect ?? "")).not.toMatch(/grab/i);
    expect(entry.automated).toContain("Bite: grab → grappled on a hit (its check printed with it)");
    expect(
      entry.review.some((l) => l.startsWith("Bite: grab → grappled on a hit; pf1 needs a free grapple check")),
    ).toBe(true);
    // The placeholder's rule is the bite's effect: no name-only feature is left.
    expect(actor.items.some((i) => i.name.startsWith("Special Attack: Grab"))).toBe(false);
    expect(entry.text.some((l) => /grab/i.test(l))).toBe(false);
    // Through the engine: BCB 8 + Str 4 = +12; a natural 8 (20) hits AC 18 and fires the row, a 5 (17) misses.
    const hit = attackWith("wounds-d20", actor, "Bite", 8, [5], 18);
    expect(hit.outcome.total).toBe(20);
    expect(hit.outcome.isHit).toBe(true);
    expect(hit.effects).toEqual([0]);
    const miss = attackWith("wounds-d20", actor, "Bite", 5, [5], 18);
    expect(miss.outcome.isHit).toBe(false);
    expect(miss.effects ?? []).toEqual([]);
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] trip: prone on a hit until it stands, pf1's trip check printed with it, flagged", () => {
    const claws = itemNamed(actor, "Claws");
    const rows = claws.system.effects as Row[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: "hit", statuses: ["prone"], duration: "endOfEncounter" });
    expect(rows[0]!.text).toMatch(/free trip combat maneuver check/);
    expect(rows[0]!.text).toMatch(/knocked prone only if that check succeeds/);
    expect(entry.review.some((l) => l.startsWith("Claws: trip → prone on a hit; pf1 needs a free trip check"))).toBe(
      true,
    );
    expect(attackWith("wounds-d20", actor, "Claws", 10, [4], 18).effects).toEqual([0]);
    // A note that is no rule of this kind still stays text (the Marsh Reaver's claws keep "shaken").
    const reaver = convertFixture("pf1-marsh-reaver.json");
    expect(itemNamed(reaver.actor, "Claws").system.effects).toHaveLength(1);
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] [WD-ATK] every natural attack is one full attack: bite, two claws and the secondary tail slap in one routine", () => {
    const full = itemNamed(actor, "Full attack (natural attacks)");
    const routine = full.system.routine as RoutineSpec;
    expect(routine).toEqual({
      attacks: [
        { power: "Bite", count: 1 },
        { power: "Claws", count: 2 },
        { power: "Tail Slap", count: 1 },
      ],
      followUps: [],
    });
    expect(entry.automated).toContain("Full attack (natural attacks): routine of 1× Bite, 2× Claws, 1× Tail Slap");
    // The manufactured weapon keeps its own routine (iteratives); it is not folded into the natural one.
    expect((itemNamed(actor, "Heavy Pick (full attack)").system.routine as RoutineSpec).attacks).toEqual([
      { power: "Heavy Pick", count: 1 },
      { power: "Heavy Pick (-5)", count: 1 },
    ]);
    // The engine reads the routine off the imported powers: four attacks in order, each at its own bonus.
    const steps = routineSteps(full._id, routine, powers);
    expect(steps.map((s) => s.name)).toEqual(["Bite", "Claws", "Claws", "Tail Slap"]);
    // A natural 6: +12 → 18 for the primary attacks, the secondary tail slap +7 → 13; AC 15.
    const results = steps.map((s) => attackWith("wounds-d20", actor, s.name, 6, [3], 15).outcome);
    expect(results.map((o) => o.total)).toEqual([18, 18, 18, 13]);
    expect(results.map((o) => o.isHit)).toEqual([true, true, true, false]);
  });

  it("[SYS-IMPORT] [WD-ATK] [WD-DMG] a secondary natural attack (primaryAttack false) is rolled as pf1 rolls it: -5 to hit, half its Str to damage", () => {
    // The tail slap stores +0 and pf1 adds -5: BCB 8 + Str 4 - 5 = +7; Str +4 halved is +2.
    expect(itemNamed(actor, "Tail Slap").system).toMatchObject({ attackBonus: -5, damage: "1d6 + 2" });
    expect(entry.automated).toContain(
      "Tail Slap: a secondary natural attack -5 → attackBonus, half its ability to damage",
    );
    expect(attackWith("wounds-d20", actor, "Tail Slap", 10, [4], 10).outcome.total).toBe(17);
    // A primary one keeps its whole bonus and Str.
    expect(itemNamed(actor, "Bite").system).toMatchObject({ attackBonus: 0, damage: "1d8 + 4" });
  });

  it('[SYS-IMPORT] [SYS-MONSTERS] [WD-ATK] "Powerful Charge (bite, 2d8+9)": the bite\'s attack dealing the printed damage, used when charging (flagged), read even when the placeholder comes before the bite', () => {
    const charge = itemNamed(actor, "Powerful Charge (Bite)");
    expect(charge.type).toBe("power");
    expect(charge.system).toMatchObject({ attackBonus: 0, attackAbility: "str", damage: "2d8 + 9" });
    expect(String(charge.system.description)).toMatch(/only as part of a charge/);
    expect(entry.automated).toContain("Powerful Charge (Bite): damage 2d8 + 9 on a charge → damage");
    expect(entry.review).toContain(
      "Powerful Charge (Bite): used only when charging; pf1's charge bonus (+2 to hit, -2 AC) is not added",
    );
    // Through the engine: +12 as the bite; 2d8 + 9 with faces 3 and 5 is 17.
    const hit = attackWith("wounds-d20", actor, "Powerful Charge (Bite)", 9, [3, 5], 15);
    expect(hit.outcome.total).toBe(21);
    expect(hit.damage).toBe(17);
  });

  it("[SYS-IMPORT] [WD-SAVES] Bravery: fighter level 6 gives +2 on the fear save only; the feature stays on the sheet", () => {
    // Will: low progression for the racial 2 HD (0) and fighter 6 (2), Wis +1 = +3; fear +3 + 2.
    expect(actor.system.saveTotals).toMatchObject({ charm: 3, spell: 3, fear: 5, death: 11 });
    const saves = (derive("wounds-d20", actor) as unknown as { saves: Record<string, number> }).saves;
    expect(saves).toMatchObject({ fear: 5, spell: 3 });
    expect(entry.automated).toContain("Bravery: fighter level 6 → +2 on the fear save (Will against fear)");
    expect(itemNamed(actor, "Bravery").type).toBe("feature");
    expect(entry.text.some((l) => l.startsWith("Bravery"))).toBe(false);
  });

  it('[SYS-IMPORT] [SYS-MONSTERS] [WD-SAVES] "Special Attack: Trample (2d6+6, DC 18)" is a save-based power: Reflex DC 18, half on a success, through the engine', () => {
    const trample = itemNamed(actor, "Trample");
    expect(trample.type).toBe("power");
    expect(trample.system).toMatchObject({
      damage: "2d6 + 6",
      damageTypes: ["bludgeoning"],
      missEffect: "half",
      saveAttack: { save: "reflex", dc: 18, onSuccess: "half" },
    });
    expect(String(trample.system.description)).toMatch(/attack of opportunity at -4 instead, and then gets no save/);
    expect(entry.automated).toContain("Trample: Reflex DC 18 half → save-based attack");
    expect(entry.review.some((l) => l.startsWith("Trample: a full-round action over smaller foes"))).toBe(true);
    expect(entry.text.some((l) => /trample/i.test(l))).toBe(false);
    // The target's save is the d20: a natural 2 fails (full 2d6 + 6 = 13), a natural 19 succeeds (half, 6).
    const failed = attackWith("wounds-d20", actor, "Trample", 2, [3, 4], 10);
    expect(failed.outcome.result).toBe("hit");
    expect(failed.damage).toBe(13);
    const saved = attackWith("wounds-d20", actor, "Trample", 19, [3, 4], 10);
    expect(saved.outcome.result).toBe("miss");
    expect(saved.damage).toBe(6);
  });

  it("[SYS-IMPORT] a feat stored without a feat type is pf1's default, a feat: the document is full", () => {
    expect(entry.text).toEqual(["Power Attack: feat kept as text"]);
    expect(entry.status).toBe("full");
  });
});

describe("[SYS-IMPORT] pf1 breath weapons and powerful charges named by a stat block", () => {
  /** The Fen Throttler with one more "Special Attack: …" placeholder of that name. */
  const withPlaceholder = (name: string) => {
    const doc = fixture("pf1-fen-throttler.json") as { items: unknown[] };
    doc.items.push({
      _id: "fenThrottlerBrth",
      name,
      type: "attack",
      data: {
        description:
          "sbc | Placeholder for Special Attacks, listed in the statistics block and described in the special abilities.",
        damage: { parts: [], critParts: [], nonCritParts: [] },
        attackParts: [],
        effectNotes: [],
        attackType: "misc",
      },
    });
    const c = convertDocument(doc, {});
    const actor = packSource(c)!.source as unknown as Parameters<typeof itemNamed>[0];
    return { entry: c.entry, actor };
  };

  it("[SYS-IMPORT] [SYS-MONSTERS] [WD-SAVES] a cone, its damage and type, Reflex DC half: a save-based area power through the engine; how often stays text", () => {
    const { entry, actor } = withPlaceholder(
      "Special Attack: Breath Weapon (30-ft. Cone, 4d6 Fire, Reflex DC 17 Half, Usable Every 1d4 Rounds)",
    );
    expect(entry.errors).toEqual([]);
    expect(modelProblems(actor)).toEqual([]);
    const breath = itemNamed(actor, "Breath Weapon");
    expect(breath.system).toMatchObject({
      range: "area",
      area: { shape: "cone", size: 6 },
      damage: "4d6",
      damageTypes: ["fire"],
      missEffect: "half",
      saveAttack: { save: "reflex", dc: 17, onSuccess: "half" },
    });
    expect(String(breath.system.description)).toMatch(/Usable every 1d4 rounds/);
    expect(entry.text).toContain("Breath Weapon: usable every 1d4 rounds kept as text");
    expect(entry.status).toBe("partial");
    // The target's Reflex save is the d20: a natural 3 fails (4d6 = 14), a natural 18 succeeds (half, 7).
    const failed = attackWith("wounds-d20", actor, "Breath Weapon", 3, [2, 3, 4, 5], 10);
    expect(failed.outcome.result).toBe("hit");
    expect(failed.damage).toBe(14);
    const saved = attackWith("wounds-d20", actor, "Breath Weapon", 18, [2, 3, 4, 5], 10);
    expect(saved.damage).toBe(7);
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] no save named is pf1's Reflex half (flagged); Fortitude negates lands on the death save; a part it cannot read keeps the name as text", () => {
    const plain = withPlaceholder("Special Attack: Breath Weapon (60-ft. Line, DC 20, 10d6 Acid)");
    expect(itemNamed(plain.actor, "Breath Weapon").system).toMatchObject({
      area: { shape: "line", size: 12 },
      damageTypes: ["acid"],
      saveAttack: { save: "reflex", dc: 20, onSuccess: "half" },
    });
    expect(plain.entry.review).toContain(
      "Breath Weapon: no save named; pf1's default for a breath weapon (Reflex half) used",
    );
    const fort = withPlaceholder("Special Attack: Breath Weapon (20-ft. Cone, 3d6 Cold, Fortitude DC 15 Negates)");
    expect(itemNamed(fort.actor, "Breath Weapon").system).toMatchObject({
      missEffect: "none",
      saveAttack: { save: "death", dc: 15, onSuccess: "none" },
    });
    const odd = withPlaceholder("Special Attack: Breath Weapon (30-ft. Cone, 2d6 Fire Plus Fumes, DC 14)");
    expect(itemNamed(odd.actor, "Special Attack: Breath Weapon (30-ft. Cone, 2d6 Fire Plus Fumes, DC 14)").type).toBe(
      "feature",
    );
    expect(odd.actor.items.some((i) => i.name === "Breath Weapon")).toBe(false);
  });

  it("[SYS-IMPORT] a powerful charge naming an attack the creature lacks stays text by name", () => {
    const { entry } = withPlaceholder("Special Attack: Powerful Charge (gore, 2d6+6)");
    expect(entry.text).toContain(
      "Special Attack: Powerful Charge (gore, 2d6+6): special attack kept as text (its name only)",
    );
  });
});
