/**
 * Wounds d20 rules that mutation testing (npm run mutate) found unpinned: the dead stay dead, the
 * resistance / vulnerability / immunity arithmetic, the death-save variants and the damage = HP
 * boundary. Every fixture is built inside its test.
 */
import { describe, expect, it } from "vitest";
import { deathSave, healCheckRequest, strenuousActionRequest } from "../../../src/engine/rulesets/wounds-d20/damage.js";
import type { ActorSource, DamagePacket, LifeState, RollRequest } from "../../../src/engine/types.js";
import { hurt, packet, wd } from "./fixtures.js";

/** A creature of `max` HP that has taken `damage` and is in `state`. */
function inState(state: LifeState, max = 20, damage = 0, over: Partial<ActorSource> = {}): ActorSource {
  return { ...hurt(max, damage, over), state };
}
const roll = (total: number, natural: number) => ({ total, natural });
function damage(a: ActorSource, amount: number, over: Partial<DamagePacket> = {}) {
  return wd.applyDamage(a, packet(amount, over), {}, "A");
}
/** The death save a blow asks for (it must ask for one). */
function saveAfter(a: ActorSource, amount: number, over: Partial<DamagePacket> = {}) {
  const r = damage(a, amount, over);
  expect(r.requests).toHaveLength(1);
  return { after: r.actor, req: r.requests[0]! };
}
/** The death save the sheet offers. */
const sheetDeathSave = (a: ActorSource) => wd.deathSaveRequest(a, wd.deriveActor(a, {}), "A");
const resolve = (a: ActorSource, req: RollRequest, total: number, natural: number) =>
  wd.resolveRoll(a, req, roll(total, natural), {});

describe("Wounds d20: the dead stay dead", () => {
  it("[WD-DYING] a natural 20 on a death save made for a creature that is dead by now leaves it dead", () => {
    const dying = inState("dying", 20, 25);
    const req = deathSave(dying, "A", "dyingHit");
    const dead = inState("dead", 20, 25);
    for (const reason of ["dyingHit", "dying", "damage", "hit", "stable"] as const) {
      const r = resolve(dead, deathSave(dying, "A", reason), 30, 20);
      expect(r.actor.state).toBe("dead");
      expect(r.actor.deathSaves).toEqual(dead.deathSaves);
      expect(r.actor.constitutionDamage).toBe(dead.constitutionDamage);
    }
    expect(resolve(dying, req, 30, 20).actor.state).toBe("stable");
  });

  it("[WD-HEALCHECK] a successful Heal check does not bring the dead back as stable; none is offered", () => {
    const dead = inState("dead", 20, 40);
    const dyingReq = healCheckRequest(inState("dying", 20, 25), "A", 5, {})!;
    const r = resolve(dead, dyingReq, 30, 20);
    expect(r.actor.state).toBe("dead");
    expect(healCheckRequest(dead, "A", 5, {})).toBeNull();
    expect(healCheckRequest(inState("active", 20, 5), "A", 5, {})).toBeNull();
    expect(healCheckRequest(inState("staggered", 20, 21), "A", 5, {})).toBeNull();
  });

  it("[WD-DAMAGE] more damage on the dead asks for no death save and changes no state", () => {
    const r = damage(inState("dead", 20, 30), 8);
    expect(r.requests).toEqual([]);
    expect(r.actor.state).toBe("dead");
    expect(r.hpLost).toBe(8);
  });

  it("[WD-RECOVERY] healing and recovery dice do nothing for the dead", () => {
    const dead = inState("dead", 20, 30);
    const healed = wd.applyHealing(dead, 50, "heal", {}, "A");
    expect(healed.actor.hp.value).toBe(dead.hp.value);
    expect(healed.actor.state).toBe("dead");
    const temp = wd.applyHealing(dead, 5, "temp", {}, "A");
    expect(temp.actor.hp.temp).toBe(0);
    const recovery = { kind: "recovery", actorId: "A", formula: "1d8", target: null, against: "total" } as RollRequest;
    expect(resolve(dead, recovery, 8, 8).actor.hp.value).toBe(dead.hp.value);
    expect(wd.startRecovery(dead, false, {}, "A").requests).toEqual([]);
  });
});

describe("Wounds d20: resistance, vulnerability and immunity at damage application", () => {
  it("[SYS-ROLLHOOK] [WD-DAMAGE] resistance N takes N off the matching type's damage, never below 0", () => {
    const a = hurt(40, 0, { resistances: [{ type: "fire", value: 5 }] });
    const r = damage(a, 12, { types: ["fire"] });
    expect(r.hpLost).toBe(7);
    expect(r.adjustments).toEqual([expect.objectContaining({ key: "resist", value: -5 })]);
    const all = damage(a, 4, { types: ["fire"] });
    expect(all.hpLost).toBe(0);
    expect(all.adjustments).toEqual([expect.objectContaining({ key: "resist", value: -4 })]);
    expect(damage(a, 12, { types: ["cold"] }).hpLost).toBe(12);
    expect(damage(a, 12).hpLost).toBe(12);
  });

  it("[SYS-ROLLHOOK] [WD-DAMAGE] the highest matching resistance counts; `all` matches every type", () => {
    const a = hurt(40, 0, {
      resistances: [
        { type: "fire", value: 3 },
        { type: "all", value: 2 },
        { type: "fire", value: 6 },
      ],
    });
    expect(damage(a, 10, { types: ["fire"] }).hpLost).toBe(4);
    expect(damage(a, 10, { types: ["cold"] }).hpLost).toBe(8);
  });

  it("[SYS-ROLLHOOK] [WD-DAMAGE] vulnerability N adds N to damage of its type; after resistance", () => {
    const a = hurt(40, 0, { vulnerabilities: [{ type: "cold", value: 4 }] });
    const r = damage(a, 6, { types: ["cold"] });
    expect(r.hpLost).toBe(10);
    expect(r.adjustments).toEqual([expect.objectContaining({ key: "vulnerable", value: 4 })]);
    expect(damage(a, 6, { types: ["fire"] }).hpLost).toBe(6);
    expect(damage(a, 0, { types: ["cold"] }).hpLost).toBe(0);
    const both = hurt(40, 0, {
      resistances: [{ type: "cold", value: 2 }],
      vulnerabilities: [
        { type: "cold", value: 1 },
        { type: "cold", value: 3 },
      ],
    });
    expect(damage(both, 6, { types: ["cold"] }).hpLost).toBe(7);
  });

  it("[SYS-ROLLHOOK] [WD-DAMAGE] immunity to every type of the blow takes all of it; to only one type, none", () => {
    const a = hurt(40, 0, { immunities: ["fire"], resistances: [{ type: "cold", value: 2 }] });
    const r = damage(a, 9, { types: ["fire"] });
    expect(r.hpLost).toBe(0);
    expect(r.dealt).toBe(0);
    expect(r.adjustments).toEqual([expect.objectContaining({ key: "immune", value: -9 })]);
    expect(r.actor.hp.value).toBe(40);
    expect(damage(a, 9, { types: ["fire", "cold"] }).hpLost).toBe(7);
    expect(damage(a, 9).hpLost).toBe(9);
    expect(damage(hurt(40, 0, { immunities: ["all"] }), 9, { types: ["acid"] }).hpLost).toBe(0);
    expect(damage(a, 0, { types: ["fire"] }).adjustments).toEqual([]);
  });
});

describe("Wounds d20: the damage = HP boundary", () => {
  it("[WD-DAMAGE] one point short of max HP asks for nothing; reaching it asks for a death save", () => {
    expect(damage(hurt(20, 10), 9).requests).toEqual([]);
    const { req } = saveAfter(hurt(20, 10), 10);
    expect(req.target).toBe(10);
    expect(req.data).toEqual({ reason: "damage", nonlethal: false });
  });

  it("[WD-DAMAGE] damage soaked whole by temporary HP asks for no save even past max HP", () => {
    const a = { ...hurt(20, 25, { hp: { value: -5, max: 20, temp: 6 } }), state: "staggered" as const };
    const r = damage(a, 6);
    expect(r.requests).toEqual([]);
    expect(r.hpLost).toBe(0);
  });

  it("[WD-DEATHDC] the death save's DC counts the points beyond HP after the blow", () => {
    const { req } = saveAfter(hurt(20, 0, { baseSaveBonus: 3 }), 27);
    expect(req.target).toBe(13);
    expect(req.formula).toBe("1d20 + 3");
    expect(req.kind).toBe("deathSave");
  });

  it("[WD-DEATHDC] the sheet's death save for an up creature past max HP is the damage save; below max none", () => {
    expect(sheetDeathSave(inState("active", 20, 20))?.data).toEqual({
      reason: "damage",
      nonlethal: false,
    });
    expect(sheetDeathSave(inState("active", 20, 19))).toBeNull();
    expect(sheetDeathSave(inState("unconscious", 20, 21))?.kind).toBe("deathSave");
    expect(sheetDeathSave(inState("dead", 20, 21))).toBeNull();
    expect(sheetDeathSave(inState("stable", 20, 21))?.kind).toBe("stableCheck");
    expect(sheetDeathSave(inState("dying", 20, 21))?.data?.reason).toBe("dying");
    expect(sheetDeathSave(inState("staggered", 20, 21))?.data?.reason).toBe("strenuous");
  });
});

describe("Wounds d20: death-save variants", () => {
  it("[WD-NONLETHAL] a nonlethal blow's save: success staggers; failure by 1–9 knocks out; by 10+ leaves dying", () => {
    const a = hurt(20, 15, { deathSaves: { successes: 2, failures: 1 } });
    const { req } = saveAfter(a, 5, { nonlethal: true });
    expect(req.data).toEqual({ reason: "damage", nonlethal: true });
    expect(resolve(a, req, 10, 9).actor.state).toBe("staggered");
    const out = resolve(a, req, 1, 2);
    expect(out.actor.state).toBe("unconscious");
    expect(out.actor.deathSaves).toEqual({ successes: 2, failures: 1 });
    const dying = resolve(a, req, 0, 2);
    expect(dying.actor.state).toBe("dying");
    expect(dying.actor.deathSaves).toEqual({ successes: 0, failures: 0 });
  });

  it("[WD-DEATHDC] a lethal blow's save: failure by exactly 10 kills, by 9 leaves dying with fresh tallies", () => {
    const a = hurt(20, 15, { deathSaves: { successes: 2, failures: 1 } });
    const { req } = saveAfter(a, 5);
    expect(resolve(a, req, 0, 2).actor.state).toBe("dead");
    const dying = resolve(a, req, 1, 2);
    expect(dying.actor.state).toBe("dying");
    expect(dying.actor.deathSaves).toEqual({ successes: 0, failures: 0 });
    expect(resolve(a, req, 30, 1).actor.state).toBe("dying");
    expect(resolve(a, req, -5, 20).actor.state).toBe("staggered");
  });

  it("[WD-NONLETHAL] a knocked-out creature that saves stays unconscious", () => {
    const a = inState("unconscious", 20, 20);
    const { req } = saveAfter(a, 2, { nonlethal: true });
    expect(resolve(a, req, 15, 15).actor.state).toBe("unconscious");
  });

  it("[WD-STAGGER] lethal damage while staggered or stable forces a save; nonlethal adds up quietly", () => {
    for (const state of ["staggered", "stable"] as const) {
      const a = inState(state, 20, 22, { deathSaves: { successes: 3, failures: 2 } });
      expect(damage(a, 3, { nonlethal: true }).requests).toEqual([]);
      const { req } = saveAfter(a, 3);
      expect(req.data).toEqual({ reason: "hit", nonlethal: false });
      expect(req.target).toBe(12);
      const passed = resolve(a, req, 25, 19);
      expect(passed.actor.state).toBe("dying");
      expect(passed.actor.deathSaves).toEqual({ successes: 0, failures: 0 });
      expect(resolve(a, req, 3, 3).actor.state).toBe("dying");
      expect(resolve(a, req, 2, 2).actor.state).toBe("dead");
    }
  });

  it("[WD-STAGGER] a strenuous action's save: failure means dying, success keeps staggered", () => {
    const a = inState("staggered", 20, 21, { deathSaves: { successes: 1, failures: 2 } });
    const req = strenuousActionRequest(a, "A")!;
    expect(req.label).toContain("StrenuousSave");
    expect(resolve(a, req, 10, 10).actor.state).toBe("staggered");
    const failed = resolve(a, req, 9, 9);
    expect(failed.actor.state).toBe("dying");
    expect(failed.actor.deathSaves).toEqual({ successes: 0, failures: 0 });
    expect(strenuousActionRequest(inState("active"), "A")).toBeNull();
  });

  it("[WD-DYING] hit while dying: natural 20 stabilises, natural 1 kills, failure by 10 kills, else the count goes on", () => {
    const a = inState("dying", 20, 22, { deathSaves: { successes: 2, failures: 1 } });
    const { req } = saveAfter(a, 4);
    expect(req.data).toEqual({ reason: "dyingHit", nonlethal: false });
    expect(req.target).toBe(13);
    const stable = resolve(a, req, 5, 20);
    expect(stable.actor.state).toBe("stable");
    expect(stable.actor.deathSaves).toEqual({ successes: 0, failures: 0 });
    expect(resolve(a, req, 25, 1).actor.state).toBe("dead");
    expect(resolve(a, req, 3, 3).actor.state).toBe("dead");
    const goesOn = resolve(a, req, 4, 4);
    expect(goesOn.actor.state).toBe("dying");
    expect(goesOn.actor.deathSaves).toEqual({ successes: 2, failures: 1 });
    expect(resolve(a, req, 15, 15).actor.state).toBe("dying");
  });

  it("[WD-NONLETHAL] [WD-DYING] nonlethal damage while dying never kills, even on a natural 1", () => {
    const a = inState("dying", 20, 22);
    const { req } = saveAfter(a, 4, { nonlethal: true });
    expect(resolve(a, req, 1, 1).actor.state).toBe("dying");
    expect(resolve(a, req, 0, 2).actor.state).toBe("dying");
    expect(resolve(a, req, 5, 20).actor.state).toBe("stable");
  });

  it("[WD-DYING] end-of-round saves: natural 20 stable at once, natural 1 dead at once, both cost 1 Con", () => {
    const a = inState("dying", 20, 22, { deathSaves: { successes: 1, failures: 0 }, constitutionDamage: 2 });
    const req = sheetDeathSave(a)!;
    const stable = resolve(a, req, 3, 20);
    expect(stable.actor.state).toBe("stable");
    expect(stable.actor.deathSaves).toEqual({ successes: 0, failures: 0 });
    expect(stable.actor.constitutionDamage).toBe(3);
    const dead = resolve(a, req, 30, 1);
    expect(dead.actor.state).toBe("dead");
    expect(dead.actor.constitutionDamage).toBe(3);
    const third = resolve({ ...a, deathSaves: { successes: 3, failures: 1 } }, req, 11, 11);
    expect(third.actor.deathSaves).toEqual({ successes: 0, failures: 0 });
    expect(third.actor.state).toBe("stable");
    const notYet = resolve({ ...a, deathSaves: { successes: 2, failures: 1 } }, req, 11, 11);
    expect(notYet.actor.state).toBe("dying");
    expect(notYet.actor.deathSaves).toEqual({ successes: 3, failures: 1 });
    const second = resolve({ ...a, deathSaves: { successes: 0, failures: 1 } }, req, 10, 10);
    expect(second.actor.deathSaves).toEqual({ successes: 0, failures: 2 });
    expect(second.actor.state).toBe("dying");
  });

  it("[WD-STABLE] the hourly save at the boundary: by exactly 5 wakes staggered, by 4 stays stable", () => {
    const a = inState("stable", 20, 20, { constitutionDamage: 0 });
    const req = sheetDeathSave(a)!;
    expect(req.target).toBe(10);
    const up = resolve(a, req, 15, 15);
    expect(up.actor.state).toBe("staggered");
    expect(up.actor.constitutionDamage).toBe(1);
    const still = resolve(a, req, 14, 14);
    expect(still.actor.state).toBe("stable");
    expect(still.actor.constitutionDamage).toBe(1);
    expect(resolve(a, req, 9, 9).actor.state).toBe("dying");
  });

  it("[WD-HEALCHECK] a failed Heal check leaves a stable creature stable and a dying one dying", () => {
    for (const state of ["stable", "dying"] as const) {
      const a = inState(state, 20, 22, { deathSaves: { successes: 2, failures: 1 } });
      const req = healCheckRequest(a, "A", 2, { healCheckDC: 15 })!;
      expect(req.target).toBe(15);
      expect(req.formula).toBe("1d20 + 2");
      const failed = resolve(a, req, 14, 12);
      expect(failed.actor.state).toBe(state);
      expect(failed.actor.deathSaves).toEqual({ successes: 2, failures: 1 });
      expect(failed.events.map((e) => e.key)).toEqual(["D20C.WD.Event.HealCheckFailure"]);
    }
    const stable = inState("stable", 20, 22);
    const ok = resolve(stable, healCheckRequest(stable, "A", 2, {})!, 15, 13);
    expect(ok.actor.state).toBe("staggered");
  });

  it("[WD-RECOVERY] healing below max damage brings the down back up with fresh tallies; not below, it does not", () => {
    const a = inState("dying", 20, 22, { deathSaves: { successes: 2, failures: 2 } });
    const short = wd.applyHealing(a, 2, "heal", {}, "A");
    expect(short.actor.state).toBe("dying");
    expect(short.actor.hp.value).toBe(0);
    const up = wd.applyHealing(a, 3, "heal", {}, "A");
    expect(up.actor.state).toBe("active");
    expect(up.actor.deathSaves).toEqual({ successes: 0, failures: 0 });
  });
});
