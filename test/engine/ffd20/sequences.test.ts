/**
 * FFd20 long turn sequences driven only through the public Ruleset interface and the turn-plan
 * runner (src/engine/plans/turns.ts), as the combat tracker does: combat start → round start → each
 * turn's start and end plans → round end … combat end, every roll from a recorded queue.
 */
import { describe, expect, it } from "vitest";
import { ffd20 } from "../../../src/engine/rulesets/ffd20/index.js";
import type { ActorSource, RollRequest, RuleOptions } from "../../../src/engine/types.js";
import { combatantSource, effectSource } from "../../support/engine-fixtures.js";
import { TurnSequence } from "../../support/turn-sequence.js";
import { npc, pc } from "./fixtures.js";

const kinds = (reqs: RollRequest[]) => reqs.map((r) => `${r.kind}:${String(r.data?.effect ?? r.formula)}`);

describe("FFd20 sequences: durations from several creators over three rounds", () => {
  it("[FF-DURATION] [FF-SUSTAIN] [FF-SAVE] [FF-ONGOING] each effect ends exactly when its creator's turn or its bearer's save says", async () => {
    const s = new TurnSequence(ffd20, [
      combatantSource("a", pc(), { initiative: 20 }),
      combatantSource("m", npc(), { initiative: 15 }),
      combatantSource("b", pc(), { initiative: 10 }),
    ]);
    expect(ffd20.order(s.ctx).map((x) => x.combatantIds[0])).toEqual(["a", "m", "b"]);
    await s.combatStart();
    await s.roundStart(1);
    // A's turn: three effects of A's on two creatures.
    await s.turn("a", async () => {
      await s.put("m", { name: "Dazed", duration: "startOfNextTurn", sourceCombatantId: "a" });
      await s.put("b", { name: "Shielded", duration: "endOfNextTurn", sourceCombatantId: "a" });
      await s.put("m", { name: "Held", duration: "sustain", sustain: "minor", sourceCombatantId: "a" });
    });
    // Nothing of A's ends at the end of the turn it was made in (its NEXT turn times them).
    expect(s.names("m")).toEqual(["Dazed", "Held"]);
    expect(s.names("b")).toEqual(["Shielded"]);
    // M's turn: a save-ends effect on A, ongoing fire (save ends) on B, an encounter-long mark on A.
    const mRolls = await s.rolling([], () =>
      s.turn("m", async () => {
        await s.put("a", { name: "Weakened", duration: "saveEnds", sourceCombatantId: "m" });
        await s.put("b", {
          name: "Burning",
          duration: "saveEnds",
          ongoing: { amount: 5, type: "fire" },
          sourceCombatantId: "m",
        });
        await s.put("a", { name: "Marked", duration: "endOfEncounter", sourceCombatantId: "m" });
      }),
    );
    // M bears only A's effects, none save-ends: no save; M's own turns time nothing of A's.
    expect(mRolls).toEqual([]);
    expect(s.names("m")).toEqual(["Dazed", "Held"]);
    // B: fire at the START of its turn, the save at the END (9 fails).
    await s.turnStart("b");
    expect(s.a("b").hp.value).toBe(25);
    expect(kinds(await s.rolling([9], () => s.turnEnd()))).toEqual(["save:Burning"]);
    expect(s.names("b")).toEqual(["Burning", "Shielded"]);
    await s.roundEnd();

    await s.roundStart(2);
    await s.turnStart("a");
    // Start of A's next turn: Dazed is gone; Shielded and Held are still there.
    expect(s.names("m")).toEqual(["Held"]);
    expect(s.names("b")).toEqual(["Burning", "Shielded"]);
    await s.sustain("m", "Held");
    // A saves against Weakened (10 = success), not against the encounter-long mark.
    expect(kinds(await s.rolling([10], () => s.turnEnd()))).toEqual(["save:Weakened"]);
    expect(s.names("a")).toEqual(["Marked"]);
    // End of A's next turn: Shielded ends; Held was sustained this turn so it stays.
    expect(s.names("b")).toEqual(["Burning"]);
    expect(s.names("m")).toEqual(["Held"]);
    await s.turn("m");
    await s.turnStart("b");
    expect(s.a("b").hp.value).toBe(20);
    expect(kinds(await s.rolling([12], () => s.turnEnd()))).toEqual(["save:Burning"]);
    expect(s.names("b")).toEqual([]);

    await s.roundStart(3);
    // A does not sustain this time: Held ends at the end of A's turn, not before.
    await s.turnStart("a");
    expect(s.names("m")).toEqual(["Held"]);
    await s.turnEnd();
    expect(s.names("m")).toEqual([]);
    await s.turn("m");
    await s.turn("b");
    expect(s.a("b").hp.value).toBe(20);
    expect(s.names("a")).toEqual(["Marked"]);
    await s.combatEnd();
    // Until the end of the encounter: gone once the battle is over.
    expect(s.names("a")).toEqual([]);
  });

  it("[FF-AFTER] an aftereffect begins only after every save of the turn, so it gets no save that turn", async () => {
    const s = new TurnSequence(ffd20, [combatantSource("a", pc(), { initiative: 5 })]);
    await s.combatStart();
    await s.roundStart(1);
    const slowed = effectSource({ name: "Slowed", duration: "saveEnds" });
    await s.put("a", { name: "Stunned", duration: "saveEnds", aftereffect: slowed });
    await s.put("a", { name: "Poisoned", duration: "saveEnds" });
    await s.turnStart("a");
    // Stunned saved (15), Poisoned failed (3); no third roll for the new aftereffect.
    expect(kinds(await s.rolling([15, 3], () => s.turnEnd()))).toEqual(["save:Stunned", "save:Poisoned"]);
    expect(s.names("a")).toEqual(["Poisoned", "Slowed"]);
    await s.roundStart(2);
    await s.turnStart("a");
    const next = kinds(await s.rolling([10, 10], () => s.turnEnd()));
    expect(next.sort()).toEqual(["save:Poisoned", "save:Slowed"]);
    expect(s.names("a")).toEqual([]);
  });
});

describe("FFd20 sequences: ongoing damage that drops a creature", () => {
  it("[FF-ONGOING] [FF-DEATH] a PC burned below 0 starts dying, still saves and makes its death save that turn, and dies at minus its bloodied value", async () => {
    // 10 of 20 HP, bloodied value 10: dead at -10.
    const s = new TurnSequence(ffd20, [
      combatantSource("a", pc({ hp: { value: 10, max: 20, temp: 0 } }), { initiative: 5 }),
    ]);
    await s.combatStart();
    await s.roundStart(1);
    await s.put("a", { name: "Fire", duration: "saveEnds", ongoing: { amount: 12, type: "fire" } });
    await s.turnStart("a");
    expect(s.a("a").hp.value).toBe(-2);
    expect(s.a("a").state).toBe("dying");
    const r1 = await s.rolling([5, 8], () => s.turnEnd());
    expect(r1.map((r) => r.kind)).toEqual(["save", "deathSave"]);
    expect(s.a("a").deathSaves.failures).toBe(1);
    expect(s.a("a").state).toBe("dying");
    await s.roundStart(2);
    expect(s.acts("a")).toBe(true);
    await s.turnStart("a");
    expect(s.a("a").hp.value).toBe(-14);
    expect(s.a("a").state).toBe("dead");
    // Dead: no more saves of any kind, and no more turns.
    expect(await s.rolling([], () => s.turnEnd())).toEqual([]);
    await s.roundStart(3);
    expect(s.acts("a")).toBe(false);
  });

  it("[FF-ONGOING] [FF-DEATH] an ordinary NPC dropped by ongoing damage dies at once and makes no save", async () => {
    const s = new TurnSequence(ffd20, [
      combatantSource("m", npc({ hp: { value: 4, max: 30, temp: 0 } }), { initiative: 5 }),
    ]);
    await s.roundStart(1);
    await s.put("m", { name: "Acid", duration: "saveEnds", ongoing: { amount: 5, type: "acid" } });
    await s.turnStart("m");
    expect(s.a("m").state).toBe("dead");
    expect(await s.rolling([], () => s.turnEnd())).toEqual([]);
  });

  it("[FF-ONGOING] temporary HP soak ongoing damage first and stay after the battle ends", async () => {
    const s = new TurnSequence(ffd20, [combatantSource("a", pc(), { initiative: 5 })]);
    await s.combatStart();
    await s.roundStart(1);
    await s.heal("a", 8, "temp");
    await s.put("a", { name: "Fire", duration: "saveEnds", ongoing: { amount: 5, type: "fire" } });
    await s.turnStart("a");
    expect(s.a("a").hp).toEqual({ value: 30, max: 30, temp: 3 });
    await s.rolling([2], () => s.turnEnd());
    await s.roundStart(2);
    await s.turnStart("a");
    expect(s.a("a").hp).toEqual({ value: 28, max: 30, temp: 0 });
    await s.rolling([10], () => s.turnEnd());
    await s.heal("a", 6, "temp");
    await s.combatEnd();
    expect(s.names("a")).toEqual([]);
    expect(s.a("a").hp.temp).toBe(6);
  });
});

describe("FFd20 sequences: death saves over many rounds", () => {
  const dyingPc = (over: Partial<ActorSource> = {}) =>
    pc({ hp: { value: 6, max: 20, temp: 0 }, recoveries: { ...pc().recoveries, value: 2 }, ...over });

  async function downed(over: Partial<ActorSource> = {}, options: RuleOptions = {}) {
    const s = new TurnSequence(
      ffd20,
      [combatantSource("a", dyingPc(over), { initiative: 10 }), combatantSource("m", npc(), { initiative: 5 })],
      options,
    );
    await s.combatStart();
    await s.roundStart(1);
    await s.turn("a");
    await s.turn("m", () => s.hit("a", 9));
    return s;
  }

  it("[FF-DEATH] failures accumulate across rounds (10–19 changes nothing) and the third failure kills", async () => {
    const s = await downed();
    expect(s.a("a")).toMatchObject({ state: "dying", hp: { value: -3 } });
    const faces = [9, 15, 1, 19, 4];
    const expected: [string, number][] = [
      ["dying", 1],
      ["dying", 1],
      ["dying", 2],
      ["dying", 2],
      ["dead", 3],
    ];
    for (let i = 0; i < faces.length; i++) {
      await s.roundStart(2 + i);
      expect(s.acts("a")).toBe(true);
      await s.turnStart("a");
      const rolls = await s.rolling([faces[i] as number], () => s.turnEnd());
      expect(rolls.map((r) => [r.kind, r.target])).toEqual([["deathSave", 10]]);
      expect([s.a("a").state, s.a("a").deathSaves.failures]).toEqual(expected[i]);
      await s.turn("m");
    }
    expect(s.acts("a")).toBe(false);
    expect(s.a("a").hp.value).toBe(-3);
  });

  it("[FF-DEATH] a 20 spends a recovery: HP count up from 0 by a quarter of maximum and the PC is back up", async () => {
    const s = await downed();
    await s.roundStart(2);
    await s.turnStart("a");
    const rolls = await s.rolling([20], () => s.turnEnd());
    expect(rolls.map((r) => r.kind)).toEqual(["deathSave", "recovery"]);
    expect(s.a("a")).toMatchObject({ state: "active", hp: { value: 5 }, recoveries: { value: 1 } });
    // Up again: the next turn end asks no death save.
    await s.roundStart(3);
    await s.turnStart("a");
    expect(await s.rolling([], () => s.turnEnd())).toEqual([]);
  });

  it("[FF-DEATH] a 20 with no recovery left heals nothing and the PC goes on dying", async () => {
    const s = await downed({ recoveries: { ...pc().recoveries, value: 0 } });
    await s.roundStart(2);
    await s.turnStart("a");
    const rolls = await s.rolling([20], () => s.turnEnd());
    expect(rolls.map((r) => r.kind)).toEqual(["deathSave"]);
    expect(s.a("a")).toMatchObject({ state: "dying", hp: { value: -3 }, deathSaves: { failures: 0 } });
  });

  it("[FF-DEATH] healed by an ally mid-sequence: counts up from 0, stops dying, and makes no more death saves", async () => {
    const s = await downed();
    await s.roundStart(2);
    await s.turnStart("a");
    await s.rolling([3], () => s.turnEnd());
    expect(s.a("a").deathSaves.failures).toBe(1);
    await s.turn("m", () => s.heal("a", 4));
    expect(s.a("a")).toMatchObject({ state: "active", hp: { value: 4 } });
    await s.roundStart(3);
    await s.turnStart("a");
    expect(await s.rolling([], () => s.turnEnd())).toEqual([]);
    // Dropped again at exactly minus the bloodied value (10): dead outright.
    await s.turn("m", () => s.hit("a", 14));
    expect(s.a("a").state).toBe("dead");
  });

  it("[FF-DEATH] Open option dyingRules: 'unconscious' never asks a death save; 'lethal' kills at 0", async () => {
    const u = await downed({}, { dyingRules: "unconscious" });
    expect(u.a("a").state).toBe("unconscious");
    for (const n of [2, 3, 4, 5]) {
      await u.roundStart(n);
      await u.turnStart("a");
      expect(await u.rolling([], () => u.turnEnd())).toEqual([]);
    }
    expect(u.a("a").state).toBe("unconscious");
    const l = await downed({}, { dyingRules: "lethal" });
    expect(l.a("a").state).toBe("dead");
    await l.roundStart(2);
    expect(l.acts("a")).toBe(false);
  });
});
