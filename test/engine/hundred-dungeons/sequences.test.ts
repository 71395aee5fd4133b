/**
 * Hundred Dungeons long turn sequences driven only through the public Ruleset interface and the
 * turn-plan runner (src/engine/plans/turns.ts), as the combat tracker does: combat start → round
 * start → each turn's start and end plans → round end … combat end, every roll from a recorded queue.
 */
import { describe, expect, it } from "vitest";
import { hundredDungeons } from "../../../src/engine/rulesets/hundred-dungeons/index.js";
import type { ActorSource, RollRequest, RuleOptions } from "../../../src/engine/types.js";
import { combatantSource, damagePacket } from "../../support/engine-fixtures.js";
import { TurnSequence } from "../../support/turn-sequence.js";
import { hdActor } from "./fixtures.js";

const pc = (over: Partial<ActorSource> = {}) => hdActor({ kind: "character", ...over });
const npc = (over: Partial<ActorSource> = {}) => hdActor({ kind: "npc", ...over });
const order = (s: TurnSequence) => hundredDungeons.order(s.ctx).map((x) => x.combatantIds.join("+"));

/** p (seat 1), q (seat 2, caught unaware), the GM's n (seat 0); p has initiative. */
function party(options: RuleOptions = {}, p: Partial<ActorSource> = {}) {
  return new TurnSequence(
    hundredDungeons,
    [
      combatantSource("p", pc(p), { initiative: 7, seat: 1 }),
      combatantSource("q", pc(), { initiative: 3, seat: 2, aware: false }),
      combatantSource("n", npc({ hp: { value: 30, max: 30, temp: 0 } }), { initiative: 5 }),
    ],
    options,
  );
}

/** Everyone who acts this round takes a turn; `during` runs inside the named combatant's turn. */
async function fullRound(
  s: TurnSequence,
  n: number,
  during: Record<string, () => Promise<unknown>> = {},
  faces: number[] = [],
) {
  await s.roundStart(n);
  return s.rolling(faces, async () => {
    for (const slot of hundredDungeons.order(s.ctx))
      for (const id of slot.combatantIds) if (s.acts(id)) await s.turn(id, during[id]);
    await s.roundEnd();
  });
}

describe("Hundred Dungeons sequences: surprise and initiative", () => {
  it("[HD-SURPRISE] [HD-INIT] the unaware get no turn in round 1, act from round 2; the order around the table never re-rolls", async () => {
    const s = party();
    await s.combatStart();
    expect(s.a("q").conditions).toContain("surprised");
    expect(order(s)).toEqual(["p", "q", "n"]);
    await s.roundStart(1);
    expect([s.acts("p"), s.acts("q"), s.acts("n")]).toEqual([true, false, true]);
    for (const n of [2, 3, 4]) {
      const steps = hundredDungeons.onRoundStart({ ...s.ctx, round: n });
      expect(steps.some((x) => x.kind === "rerollInitiative")).toBe(false);
      await s.roundStart(n);
      expect(s.a("q").conditions).not.toContain("surprised");
      expect([s.acts("p"), s.acts("q"), s.acts("n")]).toEqual([true, true, true]);
      expect(order(s)).toEqual(["p", "q", "n"]);
    }
  });
});

describe("Hundred Dungeons sequences: dying", () => {
  it("[HD-DYING] checks at 10 + turns taken, exhaustion each turn end, healing from 0 keeps exhaustion, a fresh drop restarts the count, a failed check kills", async () => {
    const s = party();
    await s.combatStart();
    await fullRound(s, 1, { n: () => s.hit("p", 10) });
    expect(s.a("p")).toMatchObject({ state: "dying", hp: { value: 0 }, dyingTurns: 0 });
    expect(s.a("p").conditions).toContain("dying");
    // Rounds 2–4: one check per own turn end, target 11, 12, 13; the third is weak (exhaustion 3).
    const checks: RollRequest[] = [];
    for (const [round, face] of [
      [2, 11],
      [3, 14],
      [4, 13],
    ] as const) {
      checks.push(...(await fullRound(s, round, {}, [face])));
      expect(s.a("p")).toMatchObject({ state: "dying", exhaustion: round - 1, dyingTurns: round - 1 });
    }
    expect(checks.map((r) => [r.kind, r.target])).toEqual([
      ["dyingCheck", 11],
      ["dyingCheck", 12],
      ["dyingCheck", 13],
    ]);
    expect(checks.map((r) => r.formula)).toEqual(["1d20 + 1", "1d20 + 1", "2d20kl + 1"]);
    // Round 5: q heals p by 3 on q's turn (after p's turn, p rolled 15 first).
    await fullRound(s, 5, { q: () => s.heal("p", 3) }, [15]);
    expect(s.a("p")).toMatchObject({ state: "active", hp: { value: 3 }, exhaustion: 4 });
    expect(s.a("p").conditions).not.toContain("dying");
    // Round 6: up, so no check and no new exhaustion; n drops p again.
    expect(await fullRound(s, 6, { n: () => s.hit("p", 3) })).toEqual([]);
    expect(s.a("p")).toMatchObject({ state: "dying", exhaustion: 4, dyingTurns: 0 });
    // Round 7: the count starts over (target 11), weak from exhaustion; 10 fails: dead.
    const last = await fullRound(s, 7, {}, [10]);
    expect(last.map((r) => [r.target, r.formula])).toEqual([[11, "2d20kl + 1"]]);
    expect(s.a("p")).toMatchObject({ state: "dead", exhaustion: 5 });
    await s.roundStart(8);
    expect(s.acts("p")).toBe(false);
  });

  it("[HD-DYING] [HD-COND] passing every check still kills at the sixth level of exhaustion, with no roll that turn", async () => {
    const s = party();
    await s.combatStart();
    await fullRound(s, 1, { n: () => s.hit("p", 10) });
    const targets: (number | null)[] = [];
    for (let round = 2; round <= 6; round++) {
      const r = await fullRound(s, round, {}, [20]);
      targets.push(...r.map((x) => x.target));
      expect(s.a("p")).toMatchObject({ state: "dying", exhaustion: round - 1 });
    }
    expect(targets).toEqual([11, 12, 13, 14, 15]);
    expect(await fullRound(s, 7)).toEqual([]);
    expect(s.a("p")).toMatchObject({ state: "dead", exhaustion: 6 });
  });

  it("[HD-DYING] [HD-ENEMYDEATH] ongoing damage at the start of a turn: a PC starts dying and checks that same turn end; an ordinary NPC dies; an important one starts dying", async () => {
    const s = new TurnSequence(hundredDungeons, [
      combatantSource("p", pc({ hp: { value: 3, max: 10, temp: 0 } }), { initiative: 7, seat: 1 }),
      combatantSource("n", npc({ hp: { value: 3, max: 30, temp: 0 } }), { initiative: 5 }),
      combatantSource("b", npc({ hp: { value: 3, max: 30, temp: 0 }, important: true }), { initiative: 5 }),
    ]);
    await s.combatStart();
    for (const id of ["p", "n", "b"])
      await s.put(id, { name: "Acid", duration: "endOfEncounter", ongoing: { amount: 5, type: "acid" } });
    const rolls = await fullRound(s, 1, {}, [12, 13]);
    expect(rolls.map((r) => [r.actorId, r.kind, r.target])).toEqual([
      ["actor-p", "dyingCheck", 11],
      ["actor-b", "dyingCheck", 11],
    ]);
    expect(s.a("p")).toMatchObject({ state: "dying", hp: { value: 0 }, exhaustion: 1 });
    expect(s.a("b")).toMatchObject({ state: "dying", exhaustion: 1 });
    expect(s.a("n").state).toBe("dead");
    await s.roundStart(2);
    expect(s.acts("n")).toBe(false);
  });

  it("[HD-ENEMYDEATH] [HD-COND] knocked out: no dying checks while unconscious; the next melee hit starts dying", async () => {
    const s = party();
    await s.combatStart();
    await fullRound(s, 1, { n: () => s.hit("p", damagePacket(10, { knockOut: true })) });
    expect(s.a("p")).toMatchObject({ state: "unconscious", hp: { value: 0 } });
    expect(await fullRound(s, 2)).toEqual([]);
    expect(s.a("p")).toMatchObject({ state: "unconscious", exhaustion: 0 });
    await fullRound(s, 3, { n: () => s.hit("p", damagePacket(2, { melee: true })) });
    // n acts after p in the round, so p's first check comes in round 4.
    expect(s.a("p")).toMatchObject({ state: "dying", exhaustion: 0 });
    const r = await fullRound(s, 4, {}, [11]);
    expect(r.map((x) => x.target)).toEqual([11]);
    expect(s.a("p")).toMatchObject({ state: "dying", exhaustion: 1 });
  });
});

describe("Hundred Dungeons sequences: effects from several creators", () => {
  it("[HD-ACTIONS] [HD-QUICK] Help, Dodge, end-of-next-turn, sustained, save-ends and encounter effects each end on their own clock", async () => {
    const s = party();
    await s.combatStart();
    // Round 1: p helps q (until the start of p's next turn) and dodges; n (GM) holds p (sustained)
    // and curses q (save ends, normal = 12); q is surprised.
    await fullRound(s, 1, {
      p: async () => {
        await s.put("q", { name: "Help", duration: "startOfNextTurn", sourceCombatantId: "p" });
        await s.put("p", { name: "Dodge", duration: "startOfNextTurn", sourceCombatantId: "p" });
        await s.put("n", { name: "Marked", duration: "endOfNextTurn", sourceCombatantId: "p" });
      },
      n: async () => {
        await s.put("p", { name: "Held", duration: "sustain", sourceCombatantId: "n" });
        await s.put("q", { name: "Cursed", duration: "saveEnds", save: "normal", sourceCombatantId: "n" });
        await s.put("q", { name: "Blessed", duration: "endOfEncounter", sourceCombatantId: "n" });
      },
    });
    expect(s.names("p")).toEqual(["Dodge", "Held"]);
    expect(s.names("q")).toEqual(["Blessed", "Cursed", "Help"]);
    expect(s.names("n")).toEqual(["Marked"]);
    // Round 2, p's turn start: Help and Dodge end; Marked ends at the end of p's turn.
    await s.roundStart(2);
    await s.turnStart("p");
    expect(s.names("p")).toEqual(["Held"]);
    expect(s.names("q")).toEqual(["Blessed", "Cursed"]);
    expect(s.names("n")).toEqual(["Marked"]);
    await s.turnEnd();
    expect(s.names("n")).toEqual([]);
    // q saves at the end of its own turn: 11 misses the normal target 12.
    const qRolls = await s.rolling([11], () => s.turn("q"));
    expect(qRolls.map((r) => [r.kind, r.target])).toEqual([["save", 12]]);
    expect(s.names("q")).toEqual(["Blessed", "Cursed"]);
    // n sustains Held on its turn after the one it made it in.
    await s.turn("n", () => s.sustain("p", "Held"));
    expect(s.names("p")).toEqual(["Held"]);
    // Round 3: q saves (12); n lets Held lapse: it ends at the end of n's turn.
    const r3 = await fullRound(s, 3, {}, [12]);
    expect(r3.map((r) => r.kind)).toEqual(["save"]);
    expect(s.names("q")).toEqual(["Blessed"]);
    expect(s.names("p")).toEqual([]);
    await s.heal("q", 4, "temp");
    await s.put("q", { name: "Curse of ages", duration: "permanent" });
    await s.combatEnd();
    // The encounter's end clears encounter-long effects; a permanent one and temporary HP stay.
    expect(s.names("q")).toEqual(["Curse of ages"]);
    expect(s.a("q").hp.temp).toBe(4);
    expect(s.a("q").conditions).not.toContain("surprised");
  });
});
