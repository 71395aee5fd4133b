/**
 * FFd20 turn automation through the plan runner and the real ruleset, over several rounds, with
 * recorded dice: ongoing damage at the start of the turn (highest per type), one save per effect at
 * the end, aftereffects after the saves, durations and sustain, death saves.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { escalationInPlay } from "../../src/engine/plans/combat-cycle.js";
import { StandInCombat, StandInDice, type RecordedDie } from "../stand-ins/combat-loop.js";
import { combatant, effect } from "./combat-fixtures.js";

const ff = getRuleset("ffd20");

function battle(dice: RecordedDie[] | StandInDice, ...cs: ReturnType<typeof combatant>[]) {
  return new StandInCombat(ff, cs, { dice: dice instanceof StandInDice ? dice : new StandInDice(dice) });
}
const cleric = (over: Parameters<typeof combatant>[1] = {}) => combatant("cleric", { initiative: 18, ...over });
const brute = (over: Parameters<typeof combatant>[1] = {}) =>
  combatant("brute", {
    side: "gm",
    initiative: 9,
    ...over,
    actor: { kind: "npc", hp: { value: 40, max: 40, temp: 0 }, ...(over.actor ?? {}) },
  });

describe("FFd20 combat workflow", () => {
  it("[FF-ONGOING] [FF-SAVE] ongoing damage at the START of the bearer's turn, only the highest of a type; then one 10+ save per effect at its end", async () => {
    const fire5 = effect("fire5", { ongoing: { amount: 5, type: "fire" } });
    const fire10 = effect("fire10", { ongoing: { amount: 10, type: "fire" } });
    const poison3 = effect("poison3", { ongoing: { amount: 3, type: "poison" } });
    // brute's end-of-turn saves in effect order: fire5 9 (fails), fire10 10 (passes), poison3 12 (passes)
    const dice = new StandInDice([9, 10, 12]);
    const c = battle(dice, cleric(), brute({ effects: [fire5, fire10, poison3] }));
    await c.start(); // cleric's turn: nothing happens to the brute
    expect(c.byId("brute").actor.hp.value).toBe(40);
    await c.nextTurn(); // brute's turn starts: 10 fire (not 5 + 10) + 3 poison
    expect(c.byId("brute").actor.hp.value).toBe(27);
    expect(dice.used).toEqual([]); // no save yet: saves come at the end of the turn
    await c.nextTurn(); // end of the brute's turn: three saves, one per effect
    expect(dice.used.map((u) => u.request.effectId)).toEqual(["fire5", "fire10", "poison3"]);
    expect(c.byId("brute").effects.map((e) => e.id)).toEqual(["fire5"]);
    await c.nextTurn(); // round 2, brute's turn starts: only the 5 fire is left
    expect(c.byId("brute").actor.hp.value).toBe(22);
    expect(c.errors).toEqual([]);
  });

  it("[FF-ONGOING] ongoing damage that kills a monster at the start of its turn: no saves after that", async () => {
    const acid = effect("acid", { ongoing: { amount: 10, type: "acid" } });
    const c = battle(
      [],
      cleric(),
      brute({ effects: [acid], actor: { kind: "npc", hp: { value: 8, max: 40, temp: 0 } } }),
    );
    await c.start();
    await c.nextTurn(); // its turn starts: 10 acid at 8 HP kills it, and the dead pass the turn on
    expect(c.byId("brute").actor.state).toBe("dead");
    expect(c.current?.id).toBe("cleric");
    expect(c.round).toBe(2);
    await c.nextTurn(); // round 2: its turn is passed on again; the dead make no save (no die needed)
    expect(c.current?.id).toBe("cleric");
    expect(c.round).toBe(3);
    expect(c.errors).toEqual([]);
  });

  it("[FF-AFTER] an aftereffect starts only after all of the turn's saves, so it gets no save that turn", async () => {
    const dazed = effect("dazed", {
      aftereffect: {
        name: "slowed",
        sourceCombatantId: null,
        duration: "saveEnds",
        save: "normal",
        saveBonus: 0,
        sustain: null,
        ongoing: null,
        statuses: ["slowed"],
      },
    });
    const weakened = effect("weakened");
    // end of brute's turn: dazed 15 passes, weakened 4 fails — and nothing for "slowed" this turn
    const dice = new StandInDice([15, 4]);
    const c = battle(dice, cleric(), brute({ effects: [dazed, weakened] }));
    await c.start();
    await c.toRound(2);
    expect(dice.used.map((u) => u.request.effectId)).toEqual(["dazed", "weakened"]);
    const names = c.byId("brute").effects.map((e) => e.name);
    expect(names).toEqual(["weakened", "slowed"]);
    const slowedId = c.byId("brute").effects[1]?.id;
    // next end of turn: slowed is saved against now (18 passes), weakened too (2 fails)
    dice.push(2, 18);
    await c.toRound(3);
    expect(dice.used.slice(2).map((u) => u.request.effectId)).toEqual(["weakened", slowedId]);
    expect(c.byId("brute").effects.map((e) => e.name)).toEqual(["weakened"]);
    expect(c.errors).toEqual([]);
  });

  it("[FF-DURATION] 'start of your next turn' ends when the creator's next turn starts; 'end of your next turn' when it ends", async () => {
    const mark = effect("marked", { sourceCombatantId: "cleric", duration: "startOfNextTurn" });
    const blind = effect("blinded", { sourceCombatantId: "cleric", duration: "endOfNextTurn" });
    const c = battle([], cleric(), brute());
    await c.start();
    c.byId("brute").effects.push(mark, blind); // the cleric's power, during its round-1 turn
    await c.nextTurn(); // both still there once that turn ends
    expect(c.byId("brute").effects.map((e) => e.id)).toEqual(["marked", "blinded"]);
    await c.nextTurn(); // round 2, cleric's turn starts
    expect(c.byId("brute").effects.map((e) => e.id)).toEqual(["blinded"]);
    await c.nextTurn(); // the cleric's round-2 turn ends
    expect(c.byId("brute").effects).toEqual([]);
    expect(c.errors).toEqual([]);
  });

  it("[FF-SUSTAIN] a sustained effect lasts while its creator sustains it each turn, and ends at the end of a turn it was not", async () => {
    const zone = effect("zone", { sourceCombatantId: "cleric", duration: "sustain", sustain: "minor" });
    const c = battle([], cleric(), brute());
    await c.start();
    c.byId("brute").effects.push(zone); // created during the cleric's round-1 turn
    await c.toRound(2); // round 2, the cleric's turn: the cleric sustains it (minor action)
    const fx = c.byId("brute").effects.find((e) => e.id === "zone");
    expect(fx?.armed).toBe(true);
    if (fx) fx.sustainedRound = 2;
    await c.toRound(3);
    expect(c.byId("brute").effects.map((e) => e.id)).toEqual(["zone"]);
    await c.nextTurn(); // round 3: not sustained; it ends when the cleric's turn ends
    expect(c.byId("brute").effects).toEqual([]);
    expect(c.lines.some((l) => l.key === "D20C.FF.Turn.NotSustained")).toBe(true);
  });

  it("[FF-DEATH] [FF-SAVE] death saves at the end of a dying PC's turn: a natural 20 spends a recovery and it is up again", async () => {
    const dice = new StandInDice([7, 20, { total: 7, natural: null }]);
    const c = battle(dice, cleric({ actor: { hp: { value: -3, max: 28, temp: 0 }, state: "dying" } }), brute());
    await c.start();
    await c.nextTurn(); // 7: one failure
    expect(c.byId("cleric").actor.deathSaves.failures).toBe(1);
    await c.toRound(2);
    await c.nextTurn(); // 20: a recovery (7 = a quarter of 28) from 0
    const a = c.byId("cleric").actor;
    expect(a.hp.value).toBe(7);
    expect(a.state).toBe("active");
    expect(a.recoveries.value).toBe(7);
    expect(c.errors).toEqual([]);
  });

  it("[FF-DEATH] three failed death saves: dead", async () => {
    const c = battle([2, 9, 5], cleric({ actor: { hp: { value: -3, max: 28, temp: 0 }, state: "dying" } }), brute());
    await c.start();
    await c.toRound(3);
    expect(c.byId("cleric").actor.state).toBe("dying");
    await c.nextTurn();
    expect(c.byId("cleric").actor.state).toBe("dead");
    expect(c.errors).toEqual([]);
  });

  it("[SYS-TURNS] FFd20 rolls initiative once per battle: nobody rerolls at a round start and the order holds", async () => {
    const c = battle([], cleric(), brute());
    await c.start();
    expect(c.turns).toEqual(["cleric", "brute"]);
    await c.toRound(4);
    expect(c.initiativeRolls).toEqual([]);
    expect(c.turns).toEqual(["cleric", "brute"]);
    expect(c.byId("cleric").initiative).toBe(18);
    expect(c.byId("brute").initiative).toBe(9);
  });

  it("[SYS-ESC] FFd20 has no escalation die unless the GM's world setting turns it on", () => {
    expect(escalationInPlay(ff, false)).toBe(false);
    expect(escalationInPlay(ff, true)).toBe(true);
  });
});
