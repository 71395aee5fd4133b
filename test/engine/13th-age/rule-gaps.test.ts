/**
 * 13th Age rules that mutation testing (npm run mutate) found unpinned: the dead stay dead,
 * damage immunity, and saves judged on the total with a non-zero bonus. Every fixture is built
 * inside its test.
 */
import { describe, expect, it } from "vitest";
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
