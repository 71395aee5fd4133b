/**
 * Powers in the engine ([SYS-POWERS]): natural-roll triggers, which outcome an effect belongs to,
 * each game's save target for save-ends effects, durations and aftereffects, usage kinds, what the
 * end of a battle and each rest bring back (recharge rolled), and each game's rests.
 */
import { describe, expect, it } from "vitest";
import {
  effectSaveTarget,
  isSpent,
  powerEffectApplies,
  powerUsages,
  refreshPower,
  rechargeSucceeds,
  restsOf,
  spendPower,
  takeRest,
  togglePower,
  usageKind,
} from "../../src/engine/powers.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { AttackOutcome, PowerEffectSpec, PowerUsageState, RulesetId } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/types.js";
import { actorBuilder } from "../support/engine-fixtures.js";

const age = getRuleset("13th-age");
const ff = getRuleset("ffd20");
const hd = getRuleset("hundred-dungeons");
const wd = getRuleset("wounds-d20");

function effect(over: Partial<PowerEffectSpec> = {}): PowerEffectSpec {
  return {
    outcome: "hit",
    trigger: { kind: "any", value: 0 },
    text: "",
    statuses: ["dazed"],
    duration: "saveEnds",
    save: "normal",
    sustain: null,
    ongoing: null,
    aftereffect: null,
    ...over,
  };
}

function outcome(natural: number, result: AttackOutcome["result"], missEffect = false): AttackOutcome {
  return {
    natural,
    dice: [natural],
    mode: "normal",
    modifiers: [],
    total: natural,
    defenseKey: "ac",
    defense: 10,
    critThreshold: 20,
    result,
    isHit: result === "hit" || result === "crit",
    isCrit: result === "crit",
    autoHit: false,
    autoMiss: result === "autoMiss",
    missEffect,
    reasons: [],
  };
}

function usage(usageKey: string, over: Partial<PowerUsageState> = {}): PowerUsageState {
  return { usage: usageKey, recharge: 0, used: false, uses: { spent: 0, max: 1 }, ...over };
}

describe("natural-roll triggers and outcomes", () => {
  it("[SYS-POWERS] [13A-ATK] a natural even hit effect applies on 14 and not on 13; natural 16+ on 16 only", () => {
    const even = effect({ trigger: { kind: "even", value: 0 } });
    expect(powerEffectApplies(age, even, outcome(14, "hit"))).toBe(true);
    expect(powerEffectApplies(age, even, outcome(13, "hit"))).toBe(false);
    const high = effect({ trigger: { kind: "atLeast", value: 16 } });
    expect(powerEffectApplies(age, high, outcome(16, "hit"))).toBe(true);
    expect(powerEffectApplies(age, high, outcome(15, "hit"))).toBe(false);
    const odd = effect({ trigger: { kind: "odd", value: 0 } });
    expect(powerEffectApplies(age, odd, outcome(13, "hit"))).toBe(true);
    expect(powerEffectApplies(age, odd, outcome(14, "hit"))).toBe(false);
  });

  it("[SYS-MONSTERS] natural-roll ranges, lists and at-most: natural 1–5, at most 5, 5/10/15/20, in every game", () => {
    for (const r of [age, ff, hd, wd]) {
      const range = effect({ trigger: { kind: "range", value: 1, max: 5 } });
      expect([1, 5, 6].map((n) => powerEffectApplies(r, range, outcome(n, "hit")))).toEqual([true, true, false]);
      const atMost = effect({ trigger: { kind: "atMost", value: 5 } });
      expect([4, 5, 6].map((n) => powerEffectApplies(r, atMost, outcome(n, "hit")))).toEqual([true, true, false]);
      const list = effect({ trigger: { kind: "list", value: 0, values: [5, 10, 15, 20] } });
      expect([5, 10, 11, 15].map((n) => powerEffectApplies(r, list, outcome(n, "hit")))).toEqual([
        true,
        true,
        false,
        true,
      ]);
      // A list or range stored without its numbers never fires (old data, a half-filled row).
      expect(powerEffectApplies(r, effect({ trigger: { kind: "list", value: 0 } }), outcome(5, "hit"))).toBe(false);
      expect(powerEffectApplies(r, effect({ trigger: { kind: "range", value: 1 } }), outcome(1, "hit"))).toBe(false);
    }
  });

  it("[SYS-POWERS] [13A-NAT1] a hit effect comes with a crit; a crit effect only with a crit; a miss effect only where the miss effect applies", () => {
    expect(powerEffectApplies(age, effect(), outcome(20, "crit"))).toBe(true);
    expect(powerEffectApplies(age, effect(), outcome(8, "miss", true))).toBe(false);
    expect(powerEffectApplies(age, effect({ outcome: "crit" }), outcome(17, "hit"))).toBe(false);
    expect(powerEffectApplies(age, effect({ outcome: "crit" }), outcome(20, "crit"))).toBe(true);
    expect(powerEffectApplies(age, effect({ outcome: "miss" }), outcome(8, "miss", true))).toBe(true);
    // The natural-1 veto: a miss whose miss effect does not apply.
    expect(powerEffectApplies(age, effect({ outcome: "miss" }), outcome(1, "miss", false))).toBe(false);
    expect(powerEffectApplies(age, effect({ outcome: "miss" }), outcome(18, "hit"))).toBe(false);
  });
});

describe("save targets and durations", () => {
  it("[13A-SAVE] 13th Age: save-ends effects save easy 6+, normal 11+, hard 16+", () => {
    expect(["easy", "normal", "hard"].map((s) => effectSaveTarget(age, s as "easy"))).toEqual([6, 11, 16]);
  });

  it("[FF-SAVE] FFd20: every save-ends effect saves on 10+", () => {
    expect(["easy", "normal", "hard"].map((s) => effectSaveTarget(ff, s as "easy"))).toEqual([10, 10, 10]);
  });

  it("[HD-COND] [WD-SAVES] Hundred Dungeons and Wounds d20 read their own save targets", () => {
    expect(effectSaveTarget(hd, "normal")).toBe(12);
    expect(effectSaveTarget(wd, "normal")).toBe(15);
  });
});

describe("usage kinds", () => {
  it("[SYS-POWERS] each game's usage kinds; a kind the game lacks reads as its nearest", () => {
    const keys = (id: RulesetId) => powerUsages(getRuleset(id)).map((u) => u.key);
    expect(keys("13th-age")).toEqual(["atWill", "encounter", "daily", "recharge", "perBattle"]);
    expect(keys("ffd20")).toEqual(["atWill", "encounter", "daily", "recharge"]);
    expect(keys("hundred-dungeons")).toEqual(["atWill", "perRest", "recharge"]);
    expect(keys("wounds-d20")).toEqual(["atWill", "perRest"]);
    expect(usageKind(ff, "perBattle").key).toBe("encounter");
    expect(usageKind(getRuleset("wounds-d20"), "recharge").key).toBe("perRest");
    expect(usageKind(hd, "daily").key).toBe("perRest");
    expect(usageKind(age, "perRest").key).toBe("daily");
  });

  it("[SYS-POWERS] a use spends a limited power (per-rest uses count down); at-will never; the toggle flips it", () => {
    expect(spendPower(age, usage("encounter")).used).toBe(true);
    expect(isSpent(age, spendPower(age, usage("atWill")))).toBe(false);
    const twice = usage("perRest", { uses: { spent: 0, max: 2 } });
    const once = spendPower(hd, twice);
    expect(isSpent(hd, once)).toBe(false);
    expect(isSpent(hd, spendPower(hd, once))).toBe(true);
    expect(togglePower(age, usage("daily", { used: true })).used).toBe(false);
    expect(togglePower(age, usage("daily")).used).toBe(true);
  });
});

describe("what the end of a battle and the rests bring back", () => {
  const end = { kind: "combatEnd" } as const;
  const rest = (r: string) => ({ kind: "rest", rest: r }) as const;

  it("[SYS-POWERS] [13A-HEALUP] 13th Age: a once-per-battle power comes back at the battle's end; a daily only at the full heal-up", () => {
    expect(refreshPower(age, usage("encounter", { used: true }), end)).toEqual({ kind: "reset" });
    expect(refreshPower(age, usage("daily", { used: true }), end)).toEqual({ kind: "keep" });
    expect(refreshPower(age, usage("daily", { used: true }), rest("fullHealUp"))).toEqual({ kind: "reset" });
    expect(refreshPower(age, usage("encounter"), end)).toEqual({ kind: "keep" });
  });

  it("[SYS-POWERS] 13th Age: a spent recharge 16+ power rolls d20 at the battle's end: 15 keeps it spent, 16 brings it back", () => {
    const r = refreshPower(age, usage("recharge", { used: true, recharge: 16 }), end);
    expect(r).toEqual({ kind: "recharge", formula: "1d20", target: 16 });
    if (r.kind !== "recharge") throw new Error("expected a recharge");
    expect(rechargeSucceeds(r, 15)).toBe(false);
    expect(rechargeSucceeds(r, 16)).toBe(true);
    expect(refreshPower(age, usage("recharge", { recharge: 16 }), end)).toEqual({ kind: "keep" });
    expect(refreshPower(age, usage("recharge", { used: true, recharge: 16 }), rest("fullHealUp"))).toEqual({
      kind: "reset",
    });
  });

  it("[SYS-POWERS] [FF-SUSTAIN] FFd20: encounter powers back at either rest, at the battle's end only where the table counts it as a short rest; dailies only at the extended rest", () => {
    expect(refreshPower(ff, usage("encounter", { used: true }), end)).toEqual({ kind: "keep" });
    const endAsRest = { kind: "combatEnd" as const, options: { battleEndRest: true } };
    expect(refreshPower(ff, usage("encounter", { used: true }), endAsRest)).toEqual({ kind: "reset" });
    expect(refreshPower(ff, usage("daily", { used: true }), endAsRest)).toEqual({ kind: "keep" });
    expect(refreshPower(ff, usage("encounter", { used: true }), rest("shortRest"))).toEqual({ kind: "reset" });
    expect(refreshPower(ff, usage("daily", { used: true }), rest("shortRest"))).toEqual({ kind: "keep" });
    expect(refreshPower(ff, usage("daily", { used: true }), end)).toEqual({ kind: "keep" });
    expect(refreshPower(ff, usage("daily", { used: true }), rest("extendedRest"))).toEqual({ kind: "reset" });
  });

  it("[SYS-POWERS] Hundred Dungeons and Wounds d20: per-rest uses come back at a rest, never at the battle's end", () => {
    const spent = usage("perRest", { used: true, uses: { spent: 1, max: 1 } });
    expect(refreshPower(hd, spent, end)).toEqual({ kind: "keep" });
    expect(refreshPower(hd, spent, rest("longRest"))).toEqual({ kind: "reset" });
    expect(refreshPower(wd, spent, end)).toEqual({ kind: "keep" });
    expect(refreshPower(wd, spent, rest("breather"))).toEqual({ kind: "reset" });
    expect(refreshPower(wd, spent, rest("longRest"))).toEqual({ kind: "reset" });
  });

  it("[SYS-POWERS] every game lists its rests, and a rest it does not have is refused", () => {
    expect(RULESET_IDS.map((id) => restsOf(getRuleset(id)).map((r) => r.key))).toEqual([
      ["fullHealUp"],
      ["shortRest", "extendedRest"],
      ["longRest"],
      ["breather", "longRest"],
    ]);
    expect(() => takeRest(ff, actorBuilder()(), "fullHealUp", {}, "a1")).toThrow(/no rest/);
  });
});

describe("each game's rests change exactly what they should", () => {
  const worn = actorBuilder({
    kind: "character",
    hp: { value: 5, max: 30, temp: 4 },
    recoveries: {
      value: 2,
      max: 8,
      formula: "1d8",
      noRecoveryUses: 1,
      ralliesThisBattle: 1,
      battlesSinceHealUp: 4,
    },
    exhaustion: 3,
  });

  it("[13A-HEALUP] 13th Age full heal-up: hit points, recoveries, no-recovery penalties and the battle count; nothing else", () => {
    const a = worn();
    const { actor, requests } = takeRest(age, a, "fullHealUp", {}, "a1");
    expect(requests).toEqual([]);
    expect(actor.hp).toEqual({ value: 30, max: 30, temp: 0 });
    expect(actor.recoveries).toMatchObject({
      value: 8,
      noRecoveryUses: 0,
      ralliesThisBattle: 0,
      battlesSinceHealUp: 0,
    });
    expect({ ...actor, hp: a.hp, recoveries: a.recoveries }).toEqual(a);
  });

  it("[SYS-POWERS] [FF-SUSTAIN] FFd20 short rest gives second wind back and changes nothing else on the actor (its powers come back too)", () => {
    const a = worn();
    a.recoveries.ralliesThisBattle = 1;
    const { actor } = takeRest(ff, a, "shortRest", {}, "a1");
    expect(actor.recoveries.ralliesThisBattle).toBe(0);
    expect({ ...actor, recoveries: a.recoveries }).toEqual(a);
  });

  it("[SYS-POWERS] FFd20 extended rest: hit points and healing surges back, nothing else", () => {
    const a = worn();
    const { actor } = takeRest(ff, a, "extendedRest", {}, "a1");
    expect(actor.hp).toEqual({ value: 30, max: 30, temp: 0 });
    expect(actor.recoveries.value).toBe(8);
    expect(actor.exhaustion).toBe(3);
    expect({ ...actor, hp: a.hp, recoveries: a.recoveries }).toEqual(a);
  });

  it("[HD-COND] [HD-HP] Hundred Dungeons long rest: one level of exhaustion off, hit dice and hit points back", () => {
    const a = worn();
    const { actor } = takeRest(hd, a, "longRest", {}, "a1");
    expect(actor.exhaustion).toBe(2);
    expect(actor.recoveries.value).toBe(8);
    expect(actor.hp).toEqual({ value: 30, max: 30, temp: 0 });
    expect({ ...actor, hp: a.hp, recoveries: a.recoveries, exhaustion: a.exhaustion }).toEqual(a);
  });

  it("[WD-RECOVERY] Wounds d20 catching one's breath asks for one recovery roll per die left and changes nothing itself", () => {
    const a = worn();
    const { actor, requests } = takeRest(wd, a, "breather", {}, "a1");
    expect(actor).toEqual(a);
    expect(requests).toHaveLength(2);
    expect(requests.every((r) => r.kind === "recovery" && r.formula === "1d8" && r.actorId === "a1")).toBe(true);
  });

  it("[WD-WOUNDPTS] [WD-RECOVERY] Wounds d20 long rest: recovery dice back and all damage gone but wound points", () => {
    const a = worn({ wounds: [{ severity: 4, location: "arm", nasty: false }] });
    const { actor } = takeRest(wd, a, "longRest", {}, "a1");
    expect(actor.hp.value).toBe(26);
    expect(actor.recoveries.value).toBe(8);
    expect(actor.wounds).toEqual(a.wounds);
  });
});
