/**
 * FFd20 turn-cycle rules mutation testing found loose: the dead take no ongoing damage and roll no
 * saves, saves at exactly 10, the turn order's tie-breaks, which copy of an effect outlasts the
 * other, and the rolls the turn cycle resolves. Every fixture is built inside its test.
 */
import { describe, expect, it } from "vitest";
import { ffd20 } from "../../../src/engine/rulesets/ffd20/index.js";
import type { EffectTiming, TurnStep } from "../../../src/engine/types.js";
import { combatant, ctx, effect, npc, pc } from "./fixtures.js";

const kinds = (steps: TurnStep[]) => steps.map((s) => s.kind);
const removed = (steps: TurnStep[]) =>
  steps.filter((s) => s.kind === "removeEffect").map((s) => (s as { effectId: string }).effectId);
const ids = (list: { id: string }[]) => list.map((e) => e.id);

describe("FFd20 turns: the dead and the saves", () => {
  it("[FF-ONGOING] [FF-DEATH] a dead bearer takes no ongoing damage and rolls no save, but effects it times still end", () => {
    const burn = effect("burn", { ongoing: { amount: 5, type: "fire" }, duration: "saveEnds" });
    const mark = effect("mark", { duration: "startOfNextTurn", sourceCombatantId: "a" });
    const dead = combatant("a", {
      actor: pc({ state: "dead", hp: { value: -20, max: 30, temp: 0 } }),
      effects: [burn],
    });
    const foe = combatant("b", { effects: [mark] });
    const start = ffd20.onTurnStart(ctx([dead, foe], "a"));
    expect(kinds(start)).toEqual(["removeEffect"]);
    expect(removed(start)).toEqual(["mark"]);
    expect(kinds(ffd20.onTurnEnd(ctx([dead, foe], "a")))).toEqual([]);
  });

  it("[FF-ONGOING] zero ongoing damage deals nothing and asks no save unless the effect is save-ends", () => {
    const zero = effect("z", { ongoing: { amount: 0, type: "fire" }, duration: "permanent" });
    const c = combatant("a", { effects: [zero] });
    expect(ffd20.onTurnStart(ctx([c], "a"))).toEqual([]);
    expect(ffd20.onTurnEnd(ctx([c], "a"))).toEqual([]);
    const lasting = effect("l", { ongoing: { amount: 2, type: "fire" }, duration: "endOfEncounter" });
    const timed = effect("t", { ongoing: { amount: 2, type: "cold" }, duration: "endOfNextTurn" });
    const steps = ffd20.onTurnEnd(ctx([combatant("a", { effects: [lasting, timed] })], "a"));
    expect(
      steps.filter((s) => s.kind === "roll").map((s) => (s as { request: { effectId?: string } }).request.effectId),
    ).toEqual(["l"]);
  });

  it("[FF-SAVE] a save of exactly 10 ends the effect (and adds its aftereffect); 9 fails and says so", () => {
    const {
      id: _id,
      aftereffect: _none,
      armed: _armed,
      sustainedRound: _round,
      ...after
    } = effect("after", {
      statuses: ["slowed"],
    });
    const dazed = effect("dz", { duration: "saveEnds", statuses: ["dazed"], aftereffect: after });
    const c = combatant("a", { actor: pc({ baseSaveBonus: 1 }), effects: [dazed] });
    const req = ffd20.effectSave!(c.actor, c.actorId, dazed);
    expect(req.formula).toBe("1d20 + 1");
    const ok = ffd20.resolveTurnRoll(ctx([c], "a"), req, { total: 10, natural: 9 });
    expect(ok.followUps).toEqual([expect.objectContaining({ kind: "removeEffect", effectId: "dz" })]);
    expect(ok.events[0]).toMatchObject({ key: "D20C.FF.Event.SaveSucceeded", data: { effect: "dz", total: 10 } });
    expect(ok.deferred).toEqual([
      expect.objectContaining({
        kind: "addEffect",
        effect: expect.objectContaining({
          statuses: ["slowed"],
          armed: false,
          sustainedRound: null,
          aftereffect: null,
        }),
      }),
    ]);
    const fail = ffd20.resolveTurnRoll(ctx([c], "a"), req, { total: 9, natural: 8 });
    expect(fail.followUps).toEqual([]);
    expect(fail.deferred).toEqual([]);
    expect(fail.events[0]).toMatchObject({ key: "D20C.FF.Event.SaveFailed", data: { effect: "dz", total: 9 } });
    const plain = effect("p", { duration: "saveEnds", statuses: ["slowed"] });
    const noAfter = ffd20.resolveTurnRoll(
      ctx([combatant("a", { effects: [plain] })], "a"),
      { ...req, effectId: "p" },
      {
        total: 12,
        natural: 12,
      },
    );
    expect(noAfter.deferred).toEqual([]);
  });

  it("[FF-SAVE] a save against an effect already gone changes nothing; an unknown roll or bearer is refused", () => {
    const c = combatant("a");
    const req = ffd20.effectSave!(c.actor, c.actorId, effect("gone", { duration: "saveEnds" }));
    const r = ffd20.resolveTurnRoll(ctx([c], "a"), req, { total: 15, natural: 15 });
    expect(r.events.map((e) => e.key)).toEqual(["D20C.FF.Event.EffectGone"]);
    expect(r.followUps).toEqual([]);
    expect(() => ffd20.resolveTurnRoll(ctx([c], "a"), { ...req, actorId: "nobody" }, { total: 1, natural: 1 })).toThrow(
      /request\.actorId/,
    );
    expect(() => ffd20.resolveTurnRoll(ctx([c], "a"), { ...req, kind: "disengage" }, { total: 1, natural: 1 })).toThrow(
      /request\.kind/,
    );
  });

  it("[FF-SUSTAIN] a sustain effect ends at its creator's turn end unless sustained this round", () => {
    const zone = effect("zone", { duration: "sustain", sourceCombatantId: "a", armed: true, sustainedRound: 2 });
    const c = combatant("a", { effects: [zone] });
    expect(removed(ffd20.onTurnEnd(ctx([c], "a", { round: 2 })))).toEqual([]);
    expect(removed(ffd20.onTurnEnd(ctx([c], "a", { round: 3 })))).toEqual(["zone"]);
    const unarmed = { ...zone, armed: false };
    expect(removed(ffd20.onTurnEnd(ctx([combatant("a", { effects: [unarmed] })], "a", { round: 3 })))).toEqual([]);
  });
});

describe("FFd20 turns: order and overlapping effects", () => {
  it("[SYS-TURNS] initiative ties: higher modifier, then the players' side, then name, then id; a monster's modifier is its printed one", () => {
    const hero = combatant("h", { name: "Zed", initiative: 12, actor: pc() });
    const monster = combatant("m", { name: "Abe", initiative: 12, side: "gm", actor: npc() });
    const quickMonster = combatant("q", {
      name: "Zzz",
      initiative: 12,
      side: "gm",
      actor: npc({ initiativeBonus: 3 }),
    });
    const twinA = combatant("t2", { name: "Twin", initiative: 12, side: "gm", actor: npc() });
    const twinB = combatant("t1", { name: "Twin", initiative: 12, side: "gm", actor: npc() });
    const order = ffd20.order(ctx([twinA, monster, hero, twinB, quickMonster], null)).map((s) => s.combatantIds[0]);
    expect(order).toEqual(["q", "h", "m", "t1", "t2"]);
    expect(ffd20.order(ctx([combatant("n", { initiative: Number.NaN }), hero], null))[1]).toEqual({
      combatantIds: ["n"],
      initiative: null,
    });
  });

  it("[FF-DURATION] the same condition twice out of combat: a longer kind replaces, a shorter one does not", () => {
    const short = effect("s", { statuses: ["slowed"], duration: "startOfNextTurn" });
    const long = effect("l", { statuses: ["slowed"], duration: "saveEnds" });
    expect(ids(ffd20.addEffect([short], long))).toEqual(["l"]);
    expect(ids(ffd20.addEffect([long], short))).toEqual(["l"]);
    const same = effect("s2", { statuses: ["slowed"], duration: "startOfNextTurn" });
    expect(ids(ffd20.addEffect([short], same))).toEqual(["s2"]);
    const other = effect("o", { statuses: ["dazed"], duration: "startOfNextTurn" });
    expect(ids(ffd20.addEffect([short], other))).toEqual(["s", "o"]);
    // Named effects with no conditions match by name, case and spaces aside; unnamed ones never do.
    const named = effect("n1", { name: "Mark ", duration: "saveEnds" });
    expect(ids(ffd20.addEffect([named], effect("n2", { name: "mark", duration: "saveEnds" })))).toEqual(["n2"]);
    expect(ids(ffd20.addEffect([effect("u1", { name: " " })], effect("u2", { name: "" })))).toEqual(["u1", "u2"]);
  });

  it("[FF-DURATION] in combat the turn order decides which copy ends later, an armed one counting its turn under way", () => {
    const timing: EffectTiming = { order: ["x", "me", "y"], current: "me", bearerId: "y" };
    const byX = effect("byX", { statuses: ["slowed"], duration: "endOfNextTurn", sourceCombatantId: "x" });
    const byY = effect("byY", { statuses: ["slowed"], duration: "startOfNextTurn", sourceCombatantId: "y" });
    // x's next turn (next round) ends after y's next turn starts (this round).
    expect(ids(ffd20.addEffect([byX], byY, timing))).toEqual(["byX"]);
    expect(ids(ffd20.addEffect([byY], byX, timing))).toEqual(["byX"]);
    // An armed end-of-next-turn by y ends at the end of y's turn this round: before x's next start.
    const armedY = effect("armedY", {
      statuses: ["slowed"],
      duration: "endOfNextTurn",
      sourceCombatantId: "y",
      armed: true,
    });
    const startX = effect("startX", { statuses: ["slowed"], duration: "startOfNextTurn", sourceCombatantId: "x" });
    expect(ids(ffd20.addEffect([armedY], startX, timing))).toEqual(["startX"]);
    const unarmedY = { ...armedY, id: "unarmedY", armed: false };
    expect(ids(ffd20.addEffect([startX], unarmedY, timing))).toEqual(["startX"]);
    // Timers outside the order rank by kind: end of next turn outlasts start of next turn.
    const away = { ...timing, bearerId: "q" };
    const startZ = effect("startZ", { statuses: ["slowed"], duration: "startOfNextTurn", sourceCombatantId: "z" });
    const endZ = effect("endZ", { statuses: ["slowed"], duration: "endOfNextTurn", sourceCombatantId: "z" });
    expect(ids(ffd20.addEffect([startZ], endZ, away))).toEqual(["endZ"]);
    expect(ids(ffd20.addEffect([endZ], startZ, away))).toEqual(["endZ"]);
  });

  it("[FF-ONGOING] a lower ongoing damage that outlasts a higher one of its type stays beside it; equal ones keep the newer", () => {
    const timing: EffectTiming = { order: ["x", "me"], current: "me", bearerId: "me" };
    const high = effect("high", {
      ongoing: { amount: 10, type: "fire" },
      duration: "startOfNextTurn",
      sourceCombatantId: "x",
    });
    const low = effect("low", { ongoing: { amount: 5, type: "fire" }, duration: "saveEnds" });
    expect(ids(ffd20.addEffect([high], low, timing))).toEqual(["high", "low"]);
    const twin = effect("twin", { ongoing: { amount: 5, type: "fire" }, duration: "saveEnds" });
    expect(ids(ffd20.addEffect([low], twin, timing))).toEqual(["twin"]);
    const untyped = effect("u", { ongoing: { amount: 3, type: "" }, duration: "saveEnds" });
    expect(ids(ffd20.addEffect([low], untyped, timing))).toEqual(["low", "u"]);
  });

  it("[FF-DURATION] the battle's end removes every effect but permanent ones", () => {
    const c = combatant("a", {
      effects: [
        effect("p", { duration: "permanent" }),
        effect("e", { duration: "endOfEncounter" }),
        effect("s", { duration: "saveEnds" }),
      ],
    });
    expect(removed(ffd20.onCombatEnd(ctx([c], null), false))).toEqual(["e", "s"]);
  });
});
