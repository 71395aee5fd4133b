/**
 * 13th Age rules that mutation testing (npm run mutate) found unpinned: the dead stay dead,
 * damage immunity, and saves judged on the total with a non-zero bonus. Every fixture is built
 * inside its test.
 */
import { describe, expect, it } from "vitest";
import { disengageRequest } from "../../../src/engine/rulesets/13th-age/damage.js";
import type { ActorSource, RollRequest } from "../../../src/engine/types.js";
import { combatant, ctx, effect, npc, packet, pc, rs } from "./helpers.js";

function deadPc(over: Partial<ActorSource> = {}): ActorSource {
  return pc({
    hp: { value: -16, max: 30, temp: 0 },
    state: "dead",
    deathSaves: { successes: 1, failures: 4 },
    ...over,
  });
}
const roll = (total: number, natural: number) => ({ total, natural });

describe("13th Age: the dead stay dead", () => {
  it("[13A-HEALUP] a full heal-up does not restore a dead creature", () => {
    const dead = deadPc({ recoveries: { ...pc().recoveries, value: 0 } });
    const after = rs.fullHealUp(dead);
    expect(after.state).toBe("dead");
    expect(after.hp.value).toBe(-16);
    expect(after.recoveries.value).toBe(0);
    expect(after.deathSaves).toEqual({ successes: 1, failures: 4 });
    const deadNpc = npc({ hp: { value: 0, max: 20, temp: 0 }, state: "dead" });
    expect(rs.fullHealUp(deadNpc).state).toBe("dead");
    const living = rs.fullHealUp(pc({ hp: { value: -3, max: 30, temp: 4 }, state: "dying", lastTurn: true }));
    expect(living.state).toBe("active");
    expect(living.hp).toEqual({ value: 30, max: 30, temp: 0 });
    expect(living.lastTurn).toBe(false);
  });

  it("[13A-DEATH] more damage never turns a dead PC back into a dying or unconscious one", () => {
    const dead = deadPc({ hp: { value: -16, max: 30, temp: 0 } });
    for (const extra of [{}, { ongoing: true }] as const) {
      const r = rs.applyDamage(dead, packet({ amount: 5, ...extra }), {}, "A");
      expect(r.actor.state).toBe("dead");
      expect(r.actor.lastTurn).toBe(false);
      expect(r.actor.hp.value).toBe(-21);
    }
    const lastTurnDead = deadPc({ lastTurn: true });
    const r = rs.applyDamage(lastTurnDead, packet({ amount: 3, ongoing: true }), {}, "A");
    expect(r.actor.state).toBe("dead");
    expect(r.actor.lastTurn).toBe(false);
    // A dead PC at -5 (killed by failed death saves, above the death line) also stays dead.
    const savesDead = deadPc({ hp: { value: -5, max: 30, temp: 0 } });
    expect(rs.applyDamage(savesDead, packet({ amount: 1 }), {}, "A").actor.state).toBe("dead");
  });

  it("[13A-DEATHSAVE] a death save (even a natural 20) does nothing for the dead; no death save is offered", () => {
    const dead = deadPc();
    const req: RollRequest = {
      kind: "deathSave",
      actorId: "A",
      formula: "1d20",
      target: 16,
      against: "total",
      label: "x",
    };
    const r = rs.resolveRoll(dead, req, roll(20, 20), {});
    expect(r.actor).toEqual(dead);
    expect(r.requests).toEqual([]);
    expect(rs.deathSaveRequest(dead, rs.deriveActor(dead, {}), "A")).toBeNull();
  });

  it("[13A-NEGHEAL] [13A-RECOV] healing, temporary HP and recoveries do nothing for the dead", () => {
    const dead = deadPc();
    expect(rs.applyHealing(dead, 40, "heal", {}, "A").actor).toEqual(dead);
    expect(rs.applyHealing(dead, 8, "temp", {}, "A").actor.hp.temp).toBe(0);
    expect(rs.startRecovery(dead, false, {}, "A").requests).toEqual([]);
    expect(rs.startRecovery(dead, true, {}, "A").requests).toEqual([]);
    const rec: RollRequest = {
      kind: "recovery",
      actorId: "A",
      formula: "1d8",
      target: null,
      against: "total",
      label: "x",
    };
    const r = rs.resolveRoll(dead, rec, roll(12, 0), {});
    expect(r.actor.hp.value).toBe(-16);
    expect(r.actor.state).toBe("dead");
  });
});

describe("13th Age: damage immunity", () => {
  it("[13A-RESIST] immunity to every type of the blow takes all of it, before temporary HP", () => {
    const a = pc({ immunities: ["fire"], hp: { value: 30, max: 30, temp: 5 } });
    const r = rs.applyDamage(a, packet({ amount: 12, types: ["fire"] }), {}, "A");
    expect(r.dealt).toBe(0);
    expect(r.hpLost).toBe(0);
    expect(r.absorbedByTemp).toBe(0);
    expect(r.actor.hp).toEqual({ value: 30, max: 30, temp: 5 });
    expect(r.adjustments).toEqual([expect.objectContaining({ key: "immune", value: -12 })]);
  });

  it("[13A-RESIST] immunity to only one of the blow's types takes none of it; `all` covers every type", () => {
    const a = pc({ immunities: ["fire"] });
    expect(rs.applyDamage(a, packet({ amount: 12, types: ["fire", "cold"] }), {}, "A").hpLost).toBe(12);
    expect(rs.applyDamage(a, packet({ amount: 12, types: ["cold"] }), {}, "A").hpLost).toBe(12);
    const all = pc({ immunities: ["all"] });
    expect(rs.applyDamage(all, packet({ amount: 12, types: ["acid", "cold"] }), {}, "A").hpLost).toBe(0);
    expect(rs.applyDamage(a, packet({ amount: 0, types: ["fire"] }), {}, "A").adjustments).toEqual([]);
  });

  it("[13A-RESIST] resistance halves the matching type below the threshold and not at it; the highest threshold counts", () => {
    const a = pc({
      resistances: [
        { type: "fire", value: 12 },
        { type: "fire", value: 16 },
      ],
    });
    expect(rs.applyDamage(a, packet({ amount: 11, types: ["fire"], natural: 15 }), {}, "A").hpLost).toBe(5);
    expect(rs.applyDamage(a, packet({ amount: 11, types: ["fire"], natural: 16 }), {}, "A").hpLost).toBe(11);
    expect(
      rs.applyDamage(a, packet({ amount: 11, types: ["fire"], natural: 15 }), { resistRounding: "up" }, "A").hpLost,
    ).toBe(6);
    expect(rs.applyDamage(a, packet({ amount: 11, types: ["fire"], natural: null }), {}, "A").hpLost).toBe(5);
    expect(rs.applyDamage(a, packet({ amount: 11, types: ["cold"], natural: 2 }), {}, "A").hpLost).toBe(11);
  });
});

describe("13th Age: saves with a bonus are judged on the total", () => {
  it("[13A-SAVE] a sheet save adds the save bonus and compares the total with 6 / 11 / 16", () => {
    const a = pc({ baseSaveBonus: 3 });
    const derived = rs.deriveActor(a, {});
    const req = rs.saveRequest(a, derived, "normal", "normal", "A");
    expect(req.formula).toBe("1d20 + 3");
    expect(req.target).toBe(11);
    const keys = (total: number, natural: number) =>
      rs.resolveRoll(a, req, roll(total, natural), {}).events.map((e) => e.key);
    expect(keys(11, 8)).toEqual(["D20C.Event.saveSucceeded"]);
    expect(keys(10, 7)).toEqual(["D20C.Event.saveFailed"]);
    const weak = pc({ baseSaveBonus: -2 });
    const hard = rs.saveRequest(weak, rs.deriveActor(weak, {}), "hard", "normal", "A");
    expect(hard.formula).toBe("1d20 - 2");
    expect(rs.resolveRoll(weak, hard, roll(15, 17), {}).events.map((e) => e.key)).toEqual(["D20C.Event.saveFailed"]);
  });

  it("[13A-SAVE] an effect's end-of-turn save adds the bearer's and the effect's bonuses; the total decides", () => {
    const a = pc({ baseSaveBonus: 2 });
    const e = effect({ id: "slow", duration: "saveEnds", save: "normal", saveBonus: 1 });
    const req = rs.effectSave!(a, "actor-A", e);
    expect(req.formula).toBe("1d20 + 3");
    expect(req.target).toBe(11);
    const c = combatant("A", a, { effects: [e] });
    const passed = rs.resolveTurnRoll(ctx([c], "A"), req, roll(11, 8));
    expect(passed.followUps).toEqual([expect.objectContaining({ kind: "removeEffect", effectId: "slow" })]);
    const failed = rs.resolveTurnRoll(ctx([c], "A"), req, roll(10, 10));
    expect(failed.followUps).toEqual([]);
  });

  it("[13A-DEATHSAVE] a death save adds the save bonus: total 16 passes on a natural 14, total 15 fails on a natural 16", () => {
    const dying = pc({ baseSaveBonus: 2, hp: { value: -3, max: 30, temp: 0 }, state: "dying" });
    const req = rs.deathSaveRequest(dying, rs.deriveActor(dying, {}), "A")!;
    expect(req.formula).toBe("1d20 + 2");
    const pass = rs.resolveRoll(dying, req, roll(16, 14), {});
    expect(pass.actor.deathSaves.successes).toBe(1);
    expect(pass.requests).toHaveLength(1);
    const fail = rs.resolveRoll(dying, { ...req, formula: "1d20 - 1" }, roll(15, 16), {});
    expect(fail.actor.deathSaves.failures).toBe(1);
    expect(fail.requests).toEqual([]);
  });

  it("[13A-RALLY] a later rally's save adds the save bonus and needs a total of 11", () => {
    const a = pc({ baseSaveBonus: 4, recoveries: { ...pc().recoveries, ralliesThisBattle: 1 } });
    const r = rs.startRecovery(a, true, {}, "A");
    const save = r.requests[0]!;
    expect(save.kind).toBe("rallySave");
    expect(save.formula).toBe("1d20 + 4");
    expect(rs.resolveRoll(a, save, roll(11, 7), {}).requests).toHaveLength(1);
    expect(rs.resolveRoll(a, save, roll(10, 6), {}).requests).toEqual([]);
  });
});

describe("13th Age: life states at their boundaries", () => {
  it("[13A-NEGHEAL] healing lifts the state: a dying PC healed to exactly 0 is unconscious, above 0 active", () => {
    const dying = pc({
      hp: { value: -4, max: 30, temp: 0 },
      state: "dying",
      deathSaves: { successes: 1, failures: 2 },
    });
    const zero = rs.applyHealing(dying, 0, "heal", {}, "A");
    expect(zero.actor.hp.value).toBe(0);
    expect(zero.actor.state).toBe("unconscious");
    expect(zero.events.map((e) => e.key)).toContain("D20C.Age13.Event.healFromZero");
    const up = rs.applyHealing(dying, 1, "heal", {}, "A");
    expect(up.actor.hp.value).toBe(1);
    expect(up.actor.state).toBe("active");
    // Healing an active PC never sets it down, and one with HP above 0 gets no "from zero" note.
    const hurt = rs.applyHealing(pc({ hp: { value: 5, max: 30, temp: 0 } }), 3, "heal", {}, "A");
    expect(hurt.actor.hp.value).toBe(8);
    expect(hurt.events.map((e) => e.key)).not.toContain("D20C.Age13.Event.healFromZero");
  });

  it("[13A-LASTTURN] healing above 0 ends a last turn; healing that leaves 0 or less keeps it", () => {
    const last = pc({ hp: { value: -2, max: 30, temp: 0 }, state: "active", lastTurn: true });
    const healed = rs.applyHealing(last, 5, "heal", {}, "A");
    expect(healed.actor.lastTurn).toBe(false);
    expect(healed.actor.state).toBe("active");
    const none = rs.applyHealing(last, 0, "heal", {}, "A");
    expect(none.actor.lastTurn).toBe(true);
    expect(none.actor.state).toBe("active");
  });

  it("[13A-TEMPHP] an equal temporary-HP grant keeps the pool; only a higher one replaces it", () => {
    const a = pc({ hp: { value: 30, max: 30, temp: 6 } });
    const same = rs.applyHealing(a, 6, "temp", {}, "A");
    expect(same.actor.hp.temp).toBe(6);
    expect(same.events.map((e) => e.key)).toEqual(["D20C.Age13.Event.tempKept"]);
    const more = rs.applyHealing(a, 7, "temp", {}, "A");
    expect(more.actor.hp.temp).toBe(7);
    expect(more.events.map((e) => e.key)).toEqual(["D20C.Age13.Event.tempGained"]);
  });

  it("[13A-DOWN] damage to an ordinary monster stops at 0 and never raises HP; temp HP soak first", () => {
    const m = npc({ hp: { value: 6, max: 20, temp: 3 } });
    const r = rs.applyDamage(m, packet({ amount: 15 }), {}, "A");
    expect(r.absorbedByTemp).toBe(3);
    expect(r.actor.hp).toEqual({ value: 0, max: 20, temp: 0 });
    expect(r.hpLost).toBe(6);
    expect(r.dealt).toBe(15);
    expect(r.actor.state).toBe("dead");
    expect(r.events[0]).toEqual({
      key: "D20C.Event.damageTaken",
      data: { amount: 15, hpLost: 6, temp: 3 },
      actorId: "A",
    });
    const soaked = rs.applyDamage(pc({ hp: { value: 2, max: 30, temp: 5 } }), packet({ amount: 5 }), {}, "A");
    expect(soaked.actor.state).toBe("active");
    expect(soaked.actor.hp.value).toBe(2);
  });

  it("[13A-DEATH] the death line at -half max: PC of 30 HP dies at -15, is dying at -14", () => {
    expect(rs.applyDamage(pc(), packet({ amount: 45 }), {}, "A").actor.state).toBe("dead");
    const dying = rs.applyDamage(pc(), packet({ amount: 44 }), {}, "A");
    expect(dying.actor.state).toBe("dying");
    expect(dying.events.map((e) => e.key)).toContain("D20C.Age13.Event.dying");
    const out = rs.applyDamage(pc(), packet({ amount: 30 }), {}, "A");
    expect(out.actor.state).toBe("unconscious");
    expect(out.events.map((e) => e.key)).toContain("D20C.Age13.Event.unconscious");
    expect(rs.hpRange!(pc())).toEqual({ min: Number.NEGATIVE_INFINITY, max: 30 });
    expect(rs.hpRange!(npc())).toEqual({ min: 0, max: 20 });
    expect(rs.hpRange!(npc({ important: true })).min).toBe(Number.NEGATIVE_INFINITY);
  });

  it("[13A-LASTTURN] ongoing damage drops an active creature above 0 to its last turn; one already at 0 goes down", () => {
    const fresh = rs.applyDamage(
      pc({ hp: { value: 3, max: 30, temp: 0 } }),
      packet({ amount: 5, ongoing: true }),
      {},
      "A",
    );
    expect(fresh.actor.lastTurn).toBe(true);
    expect(fresh.events.map((e) => e.key)).toContain("D20C.Age13.Event.lastTurn");
    const again = rs.applyDamage(fresh.actor, packet({ amount: 2, ongoing: true }), {}, "A");
    expect(again.actor.lastTurn).toBe(true);
    expect(again.events.map((e) => e.key)).not.toContain("D20C.Age13.Event.lastTurn");
    const atZero = pc({ hp: { value: 0, max: 30, temp: 0 }, state: "unconscious" });
    const down = rs.applyDamage(atZero, packet({ amount: 2, ongoing: true }), {}, "A");
    expect(down.actor.lastTurn).toBe(false);
    expect(down.actor.state).toBe("dying");
  });
});

describe("13th Age: recoveries and rallies", () => {
  it("[13A-NORECOV] the recovery roll is marked half exactly when none are left", () => {
    const none = pc({ recoveries: { ...pc().recoveries, value: 0, formula: "1d8" } });
    expect(rs.startRecovery(none, false, {}, "A").requests[0]!.data).toMatchObject({ half: true });
    const one = pc({ recoveries: { ...pc().recoveries, value: 1, formula: "1d8" } });
    expect(rs.startRecovery(one, false, {}, "A").requests[0]!.data).toMatchObject({ half: false });
    const empty = pc({ recoveries: { ...pc().recoveries, formula: " " } });
    expect(() => rs.startRecovery(empty, false, {}, "A")).toThrow(/recoveries\.formula/);
  });

  it("[13A-RALLY] the unconscious, the dying and a stunned creature cannot rally; another's healing still spends a recovery", () => {
    for (const over of [
      { state: "unconscious" as const, hp: { value: 0, max: 30, temp: 0 } },
      { state: "dying" as const, hp: { value: -3, max: 30, temp: 0 } },
      { conditions: ["stunned"] },
    ]) {
      const a = pc(over);
      const r = rs.startRecovery(a, true, {}, "A");
      expect(r.requests, JSON.stringify(over)).toEqual([]);
      expect(r.events.map((e) => e.key)).toEqual(["D20C.Age13.Event.cannotRally"]);
      expect(r.actor.recoveries.ralliesThisBattle).toBe(0);
      expect(rs.startRecovery(a, false, {}, "A").requests).toHaveLength(1);
    }
    const dazed = rs.startRecovery(pc({ conditions: ["dazed"] }), true, {}, "A");
    expect(dazed.requests).toHaveLength(1);
  });

  it("[13A-DEATHSAVE] a passed death save asks for a recovery marked as the death save's; a natural 19 is no natural 20", () => {
    const dying = pc({ hp: { value: -3, max: 30, temp: 0 }, state: "dying" });
    const req = rs.deathSaveRequest(dying, rs.deriveActor(dying, {}), "A")!;
    const r = rs.resolveRoll(dying, req, roll(19, 19), {});
    expect(r.requests[0]!.data).toMatchObject({ deathSave: true });
    expect(r.events.map((e) => e.key)).toEqual(["D20C.Age13.Event.deathSavePassed"]);
    const third = rs.resolveRoll({ ...dying, deathSaves: { successes: 0, failures: 2 } }, req, roll(3, 3), {});
    expect(third.actor.state).toBe("dying");
    expect(third.actor.deathSaves.failures).toBe(3);
  });
});

describe("13th Age: what damage, healing and rolls report", () => {
  it("[13A-DMG] the damage line gives the amount, the HP lost and the temp HP soaked", () => {
    const r = rs.applyDamage(pc({ hp: { value: 30, max: 30, temp: 2 } }), packet({ amount: 7 }), {}, "A");
    expect(r.events[0]).toEqual({
      key: "D20C.Event.damageTaken",
      data: { amount: 7, hpLost: 5, temp: 2 },
      actorId: "A",
    });
    const healed = rs.applyHealing(pc({ hp: { value: 10, max: 30, temp: 0 } }), 4, "heal", {}, "A");
    expect(healed.events).toEqual([{ key: "D20C.Event.healed", data: { amount: 4 }, actorId: "A" }]);
    expect(() => rs.applyHealing(pc(), 4, "drain" as never, {}, "A")).toThrow(/healing\.kind/);
  });

  it("[13A-NEGHEAL] a PC healed at exactly 0 HP gets no 'healing starts from 0' line", () => {
    const atZero = pc({ hp: { value: 0, max: 30, temp: 0 }, state: "unconscious" });
    expect(rs.applyHealing(atZero, 3, "heal", {}, "A").events.map((e) => e.key)).toEqual(["D20C.Event.healed"]);
  });

  it("[13A-RESIST] `all` resists every type; with no matching resistance nothing is halved, ongoing damage included", () => {
    const all = pc({ resistances: [{ type: "all", value: 18 }] });
    expect(rs.applyDamage(all, packet({ amount: 10, types: ["cold"], natural: 12 }), {}, "A").hpLost).toBe(5);
    const fireOnly = pc({ resistances: [{ type: "fire", value: 18 }] });
    const cold = rs.applyDamage(
      fireOnly,
      packet({ amount: 10, types: ["cold"], natural: null, ongoing: true }),
      {},
      "A",
    );
    expect(cold.hpLost).toBe(10);
    expect(cold.adjustments).toEqual([]);
    expect(rs.applyDamage(fireOnly, packet({ amount: 0, types: ["fire"], natural: 2 }), {}, "A").adjustments).toEqual(
      [],
    );
  });

  it("[13A-DOWN] a dying PC hit again gets no new 'dying' line; one killed gets 'dead'", () => {
    const dying = pc({ hp: { value: -3, max: 30, temp: 0 }, state: "dying" });
    const again = rs.applyDamage(dying, packet({ amount: 2 }), {}, "A");
    expect(again.actor.state).toBe("dying");
    expect(again.events.map((e) => e.key)).toEqual(["D20C.Event.damageTaken"]);
    const killed = rs.applyDamage(dying, packet({ amount: 12 }), {}, "A");
    expect(killed.events.map((e) => e.key)).toEqual(["D20C.Event.damageTaken", "D20C.Age13.Event.dead"]);
  });

  it("[13A-LASTTURN] a blow that temp HP soak whole leaves a last turn as it was; ongoing damage on an active PC at 0 is no last turn", () => {
    const last = pc({ hp: { value: -2, max: 30, temp: 5 }, state: "active", lastTurn: true });
    const soaked = rs.applyDamage(last, packet({ amount: 3 }), {}, "A");
    expect(soaked.actor.lastTurn).toBe(true);
    expect(soaked.actor.state).toBe("active");
    const atZero = pc({ hp: { value: 0, max: 30, temp: 0 }, state: "active", lastTurn: false });
    const burned = rs.applyDamage(atZero, packet({ amount: 2, ongoing: true }), {}, "A");
    expect(burned.actor.lastTurn).toBe(false);
    expect(burned.actor.state).toBe("dying");
  });

  it("[13A-RALLY] the first rally's recovery and a saved rally's recovery are marked as rallies", () => {
    const a = pc();
    expect(rs.startRecovery(a, true, {}, "A").requests[0]!.data).toMatchObject({ rally: true });
    const second = rs.startRecovery({ ...a, recoveries: { ...a.recoveries, ralliesThisBattle: 1 } }, true, {}, "A");
    const saved = rs.resolveRoll(a, second.requests[0]!, roll(12, 12), {});
    expect(saved.requests[0]!.data).toMatchObject({ rally: true });
    expect(saved.events.map((e) => e.key)).toEqual(["D20C.Age13.Event.rallySaved"]);
  });

  it("[13A-SAVE] a sheet save uses the derived save bonus; a roll with a non-number natural is refused", () => {
    const a = pc({ baseSaveBonus: 1 });
    const derived = { ...rs.deriveActor(a, {}), saves: { normal: 4 } };
    expect(rs.saveRequest(a, derived, "normal", "normal", "A").formula).toBe("1d20 + 4");
    expect(() => rs.saveRequest(a, derived, "heroic", "normal", "A")).toThrow(/save\.kind/);
    const req = rs.saveRequest(a, derived, "normal", "normal", "A");
    expect(() => rs.resolveRoll(a, req, { total: 12, natural: Number.NaN }, {})).toThrow(/roll\.natural/);
    expect(() => rs.resolveRoll(a, { ...req, kind: "stableCheck" }, roll(12, 12), {})).toThrow(/request\.kind/);
  });

  it("[13A-ENGAGE] a disengage is a normal save (11+ on the total) that says which action it spent", () => {
    const a = pc({ baseSaveBonus: 2 });
    const move = disengageRequest(a, "A");
    expect(move).toMatchObject({ kind: "disengage", formula: "1d20 + 2", target: 11, data: { action: "move" } });
    expect(disengageRequest(a, "A", true).data).toEqual({ action: "standard" });
    expect(rs.resolveRoll(a, move, roll(11, 9), {}).events).toEqual([
      { key: "D20C.Age13.Event.disengaged", actorId: "A", data: { action: "move" } },
    ]);
    const noData = { ...move, data: undefined } as unknown as RollRequest;
    expect(rs.resolveRoll(a, noData, roll(10, 8), {}).events).toEqual([
      { key: "D20C.Age13.Event.disengageFailed", actorId: "A", data: { action: "move" } },
    ]);
  });
});
