/**
 * [SYS-IMPORT] dnd4e → FFd20, a monster's hit and miss lines: a self-written fixture in the
 * dnd4eBeta shape (test/fixtures/import/dnd4e-rime-hound.json) converted, checked field by field
 * and resolved through the engine with recorded dice.
 */
import { describe, expect, it } from "vitest";
import { attackWith, convertFixture, itemNamed, modelProblems } from "./fixtures.js";

describe("[SYS-IMPORT] dnd4e → FFd20: riders, forced movement, aftereffects and miss damage", () => {
  const { entry, actor } = convertFixture("dnd4e-rime-hound.json");

  it("[SYS-IMPORT] every line of these powers lands in a field: the monster is full and passes our data models", () => {
    expect(entry).toMatchObject({ sourceSystem: "dnd4e", target: "ffd20", status: "full", errors: [], text: [] });
    expect(modelProblems(actor)).toEqual([]);
  });

  it("[SYS-IMPORT] [FF-SAVE] [FF-AFTER] a save-ends condition with an aftereffect is one row whose aftereffect follows the save", () => {
    const jaws = itemNamed(actor, "Frost Jaws");
    expect(jaws.system.effects).toEqual([
      expect.objectContaining({
        outcome: "hit",
        statuses: ["slowed"],
        duration: "saveEnds",
        aftereffect: expect.objectContaining({ statuses: ["dazed"], duration: "endOfItsNextTurn" }),
      }),
    ]);
    const hit = attackWith("ffd20", actor, "Frost Jaws", 15, [3, 4]);
    expect(hit.outcome.isHit).toBe(true);
    expect(hit.damage).toBe(11);
    expect(hit.effects).toEqual([0]);
    expect(entry.automated).toContain("Frost Jaws: hit rider → effect (slowed, aftereffect dazed)");
  });

  it('[SYS-IMPORT] [FF-FORCED] [FF-MISS] "push the target 2 squares" is the effect\'s forced movement; "Miss: 3 damage" the miss damage', () => {
    const gust = itemNamed(actor, "Howling Gust");
    expect(gust.system).toMatchObject({
      range: "close",
      area: { shape: "blast", size: 3 },
      defense: "fort",
      missEffect: "formula",
      missDamage: "3",
    });
    expect(gust.system.effects).toEqual([
      expect.objectContaining({ outcome: "hit", statuses: [], forced: { kind: "push", squares: 2 } }),
    ]);
    const hit = attackWith("ffd20", actor, "Howling Gust", 15, [6]);
    expect(hit.outcome.isHit).toBe(true);
    expect(hit.forced).toEqual([0]);
    const miss = attackWith("ffd20", actor, "Howling Gust", 2, [6]);
    expect(miss.outcome.isHit).toBe(false);
    expect(miss.damage).toBe(3);
    expect(miss.forced ?? []).toEqual([]);
  });

  it('[SYS-IMPORT] [FF-ONGOING] the 4th-edition order "ongoing 5 cold damage (save ends)" is ongoing damage of its type', () => {
    const bite = itemNamed(actor, "Rime Bite");
    expect(bite.system.effects).toEqual([
      expect.objectContaining({ statuses: [], ongoing: { amount: 5, type: "cold" }, duration: "saveEnds" }),
    ]);
    expect(attackWith("ffd20", actor, "Rime Bite", 15, [5]).effects).toEqual([0]);
  });
});
