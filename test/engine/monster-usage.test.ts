/**
 * [SYS-MONSTERS] Monster usage rules, decided (pure): 13th Age "2/battle" counts its uses and comes
 * back whole when the battle ends; a spent recharge power that recharges at its creature's turn start
 * rolls its d6 then (never at the battle's end, where it is simply fresh again); one that recharges
 * after the battle keeps 13th Age's d20 roll then.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { isSpent, refreshAtTurnStart, refreshPower, spendPower } from "../../src/engine/powers.js";
import { turnStartRecharges } from "../../src/engine/plans/recharge.js";
import { itemSystemIssues } from "../../src/data/validation.js";
import { conforms } from "../../src/engine/fields.js";
import { POWER_FIELDS } from "../../src/engine/item-fields.js";
import type { PowerUsageState } from "../../src/engine/types.js";

const age = getRuleset("13th-age");
const ff = getRuleset("ffd20");
const hd = getRuleset("hundred-dungeons");
const state = (over: Partial<PowerUsageState>): PowerUsageState => ({
  usage: "recharge",
  recharge: 5,
  used: true,
  uses: { spent: 0, max: 1 },
  rechargeDie: "d6",
  rechargeAt: "turnStart",
  ...over,
});

describe("[SYS-MONSTERS] uses per battle", () => {
  it("[SYS-MONSTERS] 13th Age '2/battle': two uses spend it, the battle's end brings both back", () => {
    const fresh = state({ usage: "perBattle", used: false, uses: { spent: 0, max: 2 } });
    const once = spendPower(age, fresh);
    expect(isSpent(age, once)).toBe(false);
    const twice = spendPower(age, once);
    expect(isSpent(age, twice)).toBe(true);
    expect(twice.uses).toEqual({ spent: 2, max: 2 });
    expect(refreshPower(age, twice, { kind: "combatEnd" })).toEqual({ kind: "reset" });
  });
});

describe("[SYS-MONSTERS] recharge at the start of the creature's turn", () => {
  it("[SYS-MONSTERS] a spent d6 recharge power rolls 1d6 against its number (at most 6) at turn start; a fresh one, or one that recharges after the battle, does not", () => {
    expect(refreshAtTurnStart(ff, state({}))).toEqual({ kind: "recharge", formula: "1d6", target: 5 });
    expect(refreshAtTurnStart(hd, state({ recharge: 9 }))).toEqual({ kind: "recharge", formula: "1d6", target: 6 });
    expect(refreshAtTurnStart(hd, state({ used: false }))).toEqual({ kind: "keep" });
    expect(refreshAtTurnStart(age, state({ rechargeDie: "d20", rechargeAt: "battleEnd", recharge: 16 }))).toEqual({
      kind: "keep",
    });
    const powers = [
      { id: "a", name: "Breath", usage: state({}) },
      { id: "b", name: "Claw", usage: state({ usage: "atWill" }) },
    ];
    expect(turnStartRecharges(hd, powers).map((r) => r.id)).toEqual(["a"]);
  });

  it("[SYS-MONSTERS] the battle's end makes a turn-start recharge power fresh, and 13th Age's after-battle recharge still rolls its d20", () => {
    expect(refreshPower(hd, state({}), { kind: "combatEnd" })).toEqual({ kind: "reset" });
    expect(
      refreshPower(age, state({ recharge: 16, rechargeDie: "d20", rechargeAt: "battleEnd" }), { kind: "combatEnd" }),
    ).toEqual({ kind: "recharge", formula: "1d20", target: 16 });
  });

  it("[SYS-MONSTERS] FFd20: a short rest brings a recharge power back with the encounter powers", () => {
    expect(refreshPower(ff, state({}), { kind: "rest", rest: "shortRest" })).toEqual({ kind: "reset" });
  });

  it("[SYS-MONSTERS] the recharge die and moment take only their own values (the data model's choices refuse others)", () => {
    expect(conforms(POWER_FIELDS.rechargeDie, "d8")).toBe(false);
    expect(conforms(POWER_FIELDS.rechargeAt, "dawn")).toBe(false);
    expect(conforms(POWER_FIELDS.usage, "perBattle")).toBe(true);
    expect(itemSystemIssues("power", { usage: "perBattle", rechargeDie: "d6", rechargeAt: "turnStart" }, [])).toEqual(
      [],
    );
  });
});
