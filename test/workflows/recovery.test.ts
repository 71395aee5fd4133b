/**
 * Rally and recoveries from the sheet with recorded dice, through the real 13th Age ruleset.
 */
import { describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import { decideRecovery } from "../../src/engine/plans/sheet-rolls.js";
import { defaultOptions } from "./attack-fixtures.js";
import { recordedRoller } from "../support/recorded-dice.js";

const R = getRuleset("13th-age");
const OPTS = defaultOptions(R);
const hurt = (overrides: Partial<ReturnType<typeof defaultActorSource>["recoveries"]> = {}) =>
  defaultActorSource({
    kind: "character",
    hp: { value: 10, max: 40, temp: 0 },
    recoveries: {
      value: 3,
      max: 8,
      formula: "3d8",
      noRecoveryUses: 0,
      ralliesThisBattle: 0,
      battlesSinceHealUp: 0,
      ...overrides,
    },
  });

describe("rally and recoveries", () => {
  it("[13A-RECOV] spending a recovery heals the recovery roll and uses one recovery", async () => {
    const out = await decideRecovery(R, hurt(), "a1", false, recordedRoller([{ total: 14, natural: null }]), OPTS);
    expect(out.rolls.map((r) => r.request.kind)).toEqual(["recovery"]);
    expect(out.next.hp.value).toBe(24);
    expect(out.next.recoveries.value).toBe(2);
  });

  it("[13A-RALLY] the first rally of a battle needs no save", async () => {
    const out = await decideRecovery(R, hurt(), "a1", true, recordedRoller([{ total: 12, natural: null }]), OPTS);
    expect(out.rolls.map((r) => r.request.kind)).toEqual(["recovery"]);
    expect(out.next.hp.value).toBe(22);
    expect(out.next.recoveries.ralliesThisBattle).toBe(1);
  });

  it("[13A-RALLY] a later rally needs a normal save: failing it wastes the action, passing it heals", async () => {
    const failed = await decideRecovery(
      R,
      hurt({ ralliesThisBattle: 1 }),
      "a1",
      true,
      recordedRoller([{ total: 10, natural: 10 }]),
      OPTS,
    );
    expect(failed.rolls.map((r) => r.request.kind)).toEqual(["rallySave"]);
    expect(failed.next.hp.value).toBe(10);
    expect(failed.next.recoveries.value).toBe(3);
    const passed = await decideRecovery(
      R,
      hurt({ ralliesThisBattle: 1 }),
      "a1",
      true,
      recordedRoller([
        { total: 11, natural: 11 },
        { total: 12, natural: null },
      ]),
      OPTS,
    );
    expect(passed.rolls.map((r) => r.request.kind)).toEqual(["rallySave", "recovery"]);
    expect(passed.next.hp.value).toBe(22);
  });

  it("[13A-NORECOV] with no recoveries left a recovery heals half and adds a −1 penalty", async () => {
    const out = await decideRecovery(
      R,
      hurt({ value: 0 }),
      "a1",
      false,
      recordedRoller([{ total: 15, natural: null }]),
      OPTS,
    );
    expect(out.next.hp.value).toBe(10 + 7);
    expect(out.next.recoveries.noRecoveryUses).toBe(1);
  });
});
