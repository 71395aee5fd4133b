/**
 * [SYS-IMPORT] A rider's duration as printed: a condition printed with no time ("the target is
 * knocked prone") is no save-ends effect — it stays until removed or the battle ends, and the GM is
 * asked to check it; "(save ends)" and "until the end of its next turn" keep their printed time.
 */
import { describe, expect, it } from "vitest";
import { addRider, readRider } from "../../src/import/common.js";
import { Losses } from "../../src/import/report.js";
import { contextFor } from "../../src/import/shape.js";
import type { ItemDoc } from "../../src/import/shape.js";

function power(): ItemDoc {
  return {
    _id: "p1",
    name: "Tail Sweep",
    type: "power",
    img: "",
    system: { effects: [] },
    effects: [],
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags: {},
  };
}

describe("[SYS-IMPORT] a rider's printed duration", () => {
  it("[SYS-IMPORT] [SYS-MONSTERS] a condition with no printed time lasts until removed or the battle ends, flagged once for review", () => {
    const ctx = contextFor("ffd20", new Losses(), "seed");
    const rider = readRider(ctx, "and the target is knocked prone");
    expect(rider).toMatchObject({ statuses: ["prone"], duration: "endOfEncounter", unstated: true });
    const item = power();
    addRider(ctx, item, { outcome: "any", kind: "any", value: 0 }, rider!, "knocked prone");
    const rows = item.system.effects as { outcome: string; duration: string }[];
    expect(rows.map((r) => [r.outcome, r.duration])).toEqual([
      ["hit", "endOfEncounter"],
      ["miss", "endOfEncounter"],
    ]);
    expect(ctx.losses.review).toEqual([
      "Tail Sweep: no time printed for prone; it lasts until removed or the battle ends",
    ]);
  });

  it("[SYS-IMPORT] [FF-SAVE] [FF-ONGOING] a printed time is kept; ongoing damage with no time is save ends, as its family prints it", () => {
    const ctx = contextFor("ffd20", new Losses(), "seed");
    expect(readRider(ctx, "the target is dazed (save ends)")).toMatchObject({ duration: "saveEnds" });
    expect(readRider(ctx, "the target is slowed until the end of its next turn")).toMatchObject({
      duration: "endOfItsNextTurn",
    });
    const ongoing = readRider(ctx, "5 ongoing fire damage");
    expect(ongoing).toMatchObject({ duration: "saveEnds", ongoing: { amount: 5, type: "fire" } });
    expect(ongoing?.unstated).toBeUndefined();
    expect(ctx.losses.review).toEqual([]);
  });
});
