/**
 * [SYS-IMPORT] pf1 → Wounds d20: the universal monster rules an attack's effect notes name (grab,
 * trip) as the condition on a hit with pf1's check printed on it, a natural-weapon creature's full
 * attack (every natural attack in one routine), the fighter's Bravery on the fear save, and a feat
 * stored without its feat type read as pf1's default ("feat").
 */
import { describe, expect, it } from "vitest";
import { routineSteps, type RoutineSpec } from "../../src/engine/routines.js";
import { attackWith, convertFixture, derive, itemNamed, modelProblems } from "./fixtures.js";

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

  it("[SYS-IMPORT] [WD-SAVES] Bravery: fighter level 6 gives +2 on the fear save only; the feature stays on the sheet", () => {
    // Will: low progression for the racial 2 HD (0) and fighter 6 (2), Wis +1 = +3; fear +3 + 2.
    expect(actor.system.saveTotals).toMatchObject({ charm: 3, spell: 3, fear: 5, death: 11 });
    const saves = (derive("wounds-d20", actor) as unknown as { saves: Record<string, number> }).saves;
    expect(saves).toMatchObject({ fear: 5, spell: 3 });
    expect(entry.automated).toContain("Bravery: fighter level 6 → +2 on the fear save (Will against fear)");
    expect(itemNamed(actor, "Bravery").type).toBe("feature");
    expect(entry.text.some((l) => l.startsWith("Bravery"))).toBe(false);
  });

  it("[SYS-IMPORT] a feat stored without a feat type is pf1's default, a feat: the document is full", () => {
    expect(entry.text).toEqual(["Power Attack: feat kept as text"]);
    expect(entry.status).toBe("full");
  });
});
