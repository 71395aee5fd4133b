import { describe, expect, it } from "vitest";
import type { ActorSource, RollRequest } from "../../../src/engine/types.js";
import { pc, rs } from "./helpers.js";

function recov(over: Partial<ActorSource["recoveries"]> = {}): ActorSource["recoveries"] {
  return {
    value: 8,
    max: 8,
    formula: "2d8+3",
    noRecoveryUses: 0,
    ralliesThisBattle: 0,
    battlesSinceHealUp: 0,
    ...over,
  };
}

function only(reqs: RollRequest[]): RollRequest {
  expect(reqs).toHaveLength(1);
  return reqs[0] as RollRequest;
}

describe("13th Age healing and recoveries", () => {
  it("[13A-RECOV] a recovery rolls the actor's own formula and spends one recovery", () => {
    const a = pc({ hp: { value: 10, max: 30, temp: 0 }, recoveries: recov() });
    const start = rs.startRecovery(a, false, {}, "p");
    const req = only(start.requests);
    expect(req).toMatchObject({ kind: "recovery", formula: "2d8+3", target: null });
    const done = rs.resolveRoll(start.actor, req, { total: 12, natural: null }, {});
    expect(done.actor.hp.value).toBe(22);
    expect(done.actor.recoveries.value).toBe(7);
    // Healing never goes above max.
    expect(rs.resolveRoll(start.actor, req, { total: 50, natural: null }, {}).actor.hp.value).toBe(30);
  });

  it("[13A-RALLY] the first rally of a battle needs no save; the second needs a normal save", () => {
    const a = pc({ hp: { value: 10, max: 30, temp: 0 }, recoveries: recov() });
    const first = rs.startRecovery(a, true, {}, "p");
    expect(only(first.requests).kind).toBe("recovery");
    expect(first.actor.recoveries.ralliesThisBattle).toBe(1);
    const second = rs.startRecovery(first.actor, true, {}, "p");
    const save = only(second.requests);
    expect(save).toMatchObject({ kind: "rallySave", target: 11 });
    // 11 passes and asks for the recovery; 10 wastes the action and spends nothing.
    const pass = rs.resolveRoll(second.actor, save, { total: 11, natural: 11 }, {});
    expect(only(pass.requests).kind).toBe("recovery");
    const fail = rs.resolveRoll(second.actor, save, { total: 10, natural: 10 }, {});
    expect(fail.requests).toEqual([]);
    expect(fail.actor.recoveries.value).toBe(8);
    expect(fail.events.map((e) => e.key)).toContain("D20C.Age13.Event.rallyFailed");
  });

  it("[13A-NEGHEAL] healing at negative HP starts from 0", () => {
    const a = pc({ hp: { value: -7, max: 30, temp: 0 }, state: "dying", recoveries: recov() });
    const r = rs.resolveRoll(
      a,
      { kind: "recovery", actorId: "p", formula: "2d8+3", target: null, against: "total", label: "x" },
      { total: 9, natural: null },
      {},
    );
    expect(r.actor.hp.value).toBe(9);
    expect(r.actor.state).toBe("active");
    const h = rs.applyHealing(a, 4, "heal", {}, "p");
    expect(h.actor.hp.value).toBe(4);
    // Zero healing from negative lands exactly on 0: unconscious, no longer dying.
    expect(rs.applyHealing(a, 0, "heal", {}, "p").actor).toMatchObject({ hp: { value: 0 }, state: "unconscious" });
  });

  it("[13A-NORECOV] with no recoveries left a recovery heals half and adds a cumulative −1", () => {
    const a = pc({ hp: { value: 5, max: 30, temp: 0 }, recoveries: recov({ value: 0, noRecoveryUses: 1 }) });
    const start = rs.startRecovery(a, false, {}, "p");
    const req = only(start.requests);
    expect(req.data?.["half"]).toBe(true);
    const r = rs.resolveRoll(start.actor, req, { total: 13, natural: null }, {});
    expect(r.actor.hp.value).toBe(11); // 5 + floor(13 / 2)
    expect(r.actor.recoveries.value).toBe(0);
    expect(r.actor.recoveries.noRecoveryUses).toBe(2);
    expect(rs.deriveActor(r.actor, {}).defenses["md"]).toBe(8);
  });

  it("[13A-TEMPHP] temporary HP don't stack: the higher pool is kept", () => {
    const a = pc({ hp: { value: 20, max: 30, temp: 6 } });
    expect(rs.applyHealing(a, 4, "temp", {}, "p").actor.hp.temp).toBe(6);
    expect(rs.applyHealing(a, 9, "temp", {}, "p").actor.hp.temp).toBe(9);
    // Temp HP never touch real HP.
    expect(rs.applyHealing(a, 9, "temp", {}, "p").actor.hp.value).toBe(20);
  });

  it("[13A-DEATHSAVE] 16 passes and asks for a recovery from 0; 15 fails and counts", () => {
    const a = pc({ hp: { value: -6, max: 30, temp: 0 }, state: "dying", recoveries: recov() });
    const req = rs.deathSaveRequest(a, rs.deriveActor(a, {}), "p")!;
    const pass = rs.resolveRoll(a, req, { total: 16, natural: 16 }, {});
    const recovery = only(pass.requests);
    expect(recovery.kind).toBe("recovery");
    expect(pass.events.map((e) => e.key)).not.toContain("D20C.Age13.Event.deathSaveNatural20");
    const healed = rs.resolveRoll(pass.actor, recovery, { total: 7, natural: null }, {});
    expect(healed.actor).toMatchObject({ hp: { value: 7 }, state: "active" });
    const fail = rs.resolveRoll(a, req, { total: 15, natural: 15 }, {});
    expect(fail.actor.deathSaves.failures).toBe(1);
    expect(fail.requests).toEqual([]);
  });

  it("[13A-DEATHSAVE] a natural 20 also lets the PC act this turn", () => {
    const a = pc({ hp: { value: -6, max: 30, temp: 0 }, state: "dying" });
    const req = rs.deathSaveRequest(a, rs.deriveActor(a, {}), "p")!;
    const r = rs.resolveRoll(a, req, { total: 20, natural: 20 }, {});
    expect(r.events.map((e) => e.key)).toContain("D20C.Age13.Event.deathSaveNatural20");
  });

  it("[13A-DEATH] the fourth failed death save in a battle kills; the third does not", () => {
    const a = pc({ hp: { value: -6, max: 30, temp: 0 }, state: "dying", deathSaves: { successes: 0, failures: 2 } });
    const req = rs.deathSaveRequest(a, rs.deriveActor(a, {}), "p")!;
    const third = rs.resolveRoll(a, req, { total: 3, natural: 3 }, {});
    expect(third.actor.state).toBe("dying");
    const fourth = rs.resolveRoll(third.actor, req, { total: 3, natural: 3 }, {});
    expect(fourth.actor.state).toBe("dead");
    expect(fourth.actor.deathSaves.failures).toBe(4);
    expect(rs.applyHealing(fourth.actor, 10, "heal", {}, "p").actor.hp.value).toBe(-6);
  });

  it("[13A-HEALUP] a full heal-up restores HP and recoveries and clears the no-recovery penalty and battle count", () => {
    const a = pc({
      hp: { value: 3, max: 30, temp: 5 },
      recoveries: recov({ value: 0, noRecoveryUses: 3, battlesSinceHealUp: 4 }),
    });
    const h = rs.fullHealUp(a);
    expect(h.hp).toEqual({ value: 30, max: 30, temp: 0 });
    expect(h.recoveries).toMatchObject({ value: 8, noRecoveryUses: 0, battlesSinceHealUp: 0 });
    expect(rs.deriveActor(h, {}).defenses["ac"]).toBe(10);
    expect(a.hp.value).toBe(3);
  });

  it("[13A-SAVE] sheet saves: easy 6+, normal 11+, hard 16+, plain d20", () => {
    const a = pc();
    const d = rs.deriveActor(a, {});
    expect(["easy", "normal", "hard"].map((k) => rs.saveRequest(a, d, k, "normal", "p").target)).toEqual([6, 11, 16]);
    expect(rs.saveRequest(a, d, "normal", "normal", "p").formula).toBe("1d20");
    const req = rs.saveRequest(a, d, "hard", "normal", "p");
    expect(rs.resolveRoll(a, req, { total: 16, natural: 16 }, {}).events[0]?.key).toBe("D20C.Event.saveSucceeded");
    expect(rs.resolveRoll(a, req, { total: 15, natural: 15 }, {}).events[0]?.key).toBe("D20C.Event.saveFailed");
    expect(() => rs.saveRequest(a, d, "fortitude", "normal", "p")).toThrow(/save\.kind/);
  });
});
