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

const keys = (r: { events: { key: string }[] }) => r.events.map((e) => e.key.replace("D20C.WD.Event.", ""));

describe("Wounds d20: what damage and healing report", () => {
  it("[WD-DAMAGE] the damage line gives the HP lost, damage taken and max; temp HP soaked get their own line", () => {
    const r = damage(hurt(20, 4, { hp: { value: 16, max: 20, temp: 3 } }), 5);
    expect(r.events).toEqual([
      { key: "D20C.WD.Event.TempAbsorbed", data: { amount: 3 }, actorId: "A" },
      { key: "D20C.WD.Event.Damage", data: { amount: 2, total: 6, max: 20 }, actorId: "A" },
    ]);
    expect(keys(damage(hurt(20, 4), 0))).toEqual([]);
  });

  it("[WD-BLOODIED] [WD-WOUNDED] the bloodied and wounded lines come once, on the blow that crosses each line", () => {
    expect(keys(damage(hurt(20, 9), 1))).toEqual(["Damage", "Bloodied"]);
    expect(keys(damage(hurt(20, 10), 1))).toEqual(["Damage"]);
    expect(keys(damage(hurt(20, 14), 1))).toEqual(["Damage", "Wounded"]);
    expect(keys(damage(hurt(20, 15), 1))).toEqual(["Damage", "Wound"]);
    expect(keys(damage(hurt(20, 9), 6))).toEqual(["Damage", "Bloodied", "Wounded"]);
    expect(keys(damage(hurt(20, 9), 7))).toEqual(["Damage", "Wound", "Bloodied", "Wounded"]);
  });

  it("[WD-DEATHDC] the 'death save needed' line carries the save's DC", () => {
    const r = damage(hurt(20, 18, { baseSaveBonus: 1 }), 6);
    expect(r.events.at(-1)).toEqual({ key: "D20C.WD.Event.DeathSaveNeeded", data: { dc: 12 }, actorId: "A" });
  });

  it("[SYS-ROLLHOOK] [WD-DAMAGE] no resistance, or no damage, adds no resistance line", () => {
    expect(damage(hurt(20, 0), 5, { types: ["fire"] }).adjustments).toEqual([]);
    const resistant = hurt(20, 0, { resistances: [{ type: "fire", value: 5 }] });
    expect(damage(resistant, 0, { types: ["fire"] }).adjustments).toEqual([]);
  });

  it("[WD-RECOVERY] temporary HP don't stack and don't heal; healing reports what it gained", () => {
    const a = hurt(20, 6, { hp: { value: 14, max: 20, temp: 3 } });
    const more = wd.applyHealing(a, 5, "temp", {}, "A");
    expect(more.actor.hp).toEqual({ value: 14, max: 20, temp: 5 });
    expect(more.events).toEqual([{ key: "D20C.WD.Event.TempHP", data: { amount: 5 }, actorId: "A" }]);
    expect(wd.applyHealing(a, 2, "temp", {}, "A").actor.hp.temp).toBe(3);
    const healed = wd.applyHealing(a, 4, "heal", {}, "A");
    expect(healed.events).toEqual([{ key: "D20C.WD.Event.Healed", data: { amount: 4 }, actorId: "A" }]);
  });

  it("[WD-WOUNDPTS] healing stopped by wound points says so; healing that fits, or fills to max, does not", () => {
    const wounded = { ...hurt(20, 10), wounds: [{ severity: 3, location: "", nasty: false }] };
    const capped = wd.applyHealing(wounded, 9, "heal", {}, "A");
    expect(capped.actor.hp.value).toBe(17);
    expect(keys(capped)).toEqual(["Healed", "WoundsLimitHealing"]);
    expect(capped.events[1]!.data).toEqual({ wounds: 3 });
    expect(keys(wd.applyHealing(wounded, 7, "heal", {}, "A"))).toEqual(["Healed"]);
    expect(keys(wd.applyHealing(hurt(20, 5), 9, "heal", {}, "A"))).toEqual(["Healed"]);
  });

  it("[WD-RECOVERY] healing an up creature sends no state line and keeps its tallies", () => {
    const a = hurt(20, 5, { deathSaves: { successes: 1, failures: 1 } });
    const r = wd.applyHealing(a, 3, "heal", {}, "A");
    expect(keys(r)).toEqual(["Healed"]);
    expect(r.actor.deathSaves).toEqual({ successes: 1, failures: 1 });
  });

  it("[WD-RECOVERY] a recovery die needs a recovery left: none left refuses, one left rolls", () => {
    const none = hurt(20, 5, { recoveries: { ...hurt(20, 5).recoveries, value: 0, formula: "1d8" } });
    expect(keys(wd.startRecovery(none, false, {}, "A"))).toEqual(["NoRecoveries"]);
    const one = hurt(20, 5, { recoveries: { ...hurt(20, 5).recoveries, value: 1, formula: "1d8" } });
    expect(wd.startRecovery(one, false, {}, "A").requests).toHaveLength(1);
  });
});

describe("Wounds d20: saves and rolls", () => {
  it("[WD-SAVES] a save uses the derived save total, is labelled by its kind, and refuses unknown kinds and modes", () => {
    const a = hurt(20, 0, { baseSaveBonus: 2 });
    const derived = { ...wd.deriveActor(a, {}), saves: { reflex: 5 } };
    const req = wd.saveRequest(a, derived, "reflex", "normal", "A");
    expect(req.formula).toBe("1d20 + 5");
    expect(req.label).toBe("D20C.WD.Save.Reflex");
    expect(wd.saveRequest(a, derived, "fear", "normal", "A").formula).toBe("1d20 + 2");
    expect(() => wd.saveRequest(a, derived, "will", "normal", "A")).toThrow(/save\.kind/);
    expect(() => wd.saveRequest(a, derived, "reflex", "mighty", "A")).toThrow(/save\.mode/);
  });

  it("[WD-SAVES] a save with no DC is shown, not judged; with one, the total decides (natural 1 and 20 aside)", () => {
    const a = hurt(20, 0);
    const shown = wd.saveRequest(a, wd.deriveActor(a, {}), "spell", "normal", "A");
    expect(wd.resolveRoll(a, shown, roll(14, 12), {}).events).toEqual([
      { key: "D20C.WD.Event.SaveRolled", data: { total: 14 }, actorId: "A" },
    ]);
    const judged = { ...shown, target: 15 };
    expect(keys(wd.resolveRoll(a, judged, roll(15, 13), {}))).toEqual(["SaveSuccess"]);
    expect(keys(wd.resolveRoll(a, judged, roll(14, 12), {}))).toEqual(["SaveFailure"]);
    // The dead still resolve saves (an effect on the body may call for one).
    expect(keys(wd.resolveRoll(inState("dead", 20, 30), judged, roll(15, 13), {}))).toEqual(["SaveSuccess"]);
    expect(() => wd.resolveRoll(a, { ...judged, kind: "disengage" }, roll(15, 13), {})).toThrow(/request\.kind/);
  });

  it("[WD-STABLE] [WD-STAGGER] each death save is labelled for its reason", () => {
    const a = inState("staggered", 20, 21);
    expect(deathSave(a, "A", "stable").label).toBe("D20C.WD.Roll.StableCheck");
    expect(deathSave(a, "A", "strenuous").label).toBe("D20C.WD.Roll.StrenuousSave");
    expect(deathSave(a, "A", "hit").label).toBe("D20C.WD.Roll.DeathSave");
    expect(deathSave(a, "A", "stable").kind).toBe("stableCheck");
    expect(deathSave(a, "A", "dying").kind).toBe("deathSave");
  });

  it("[WD-DEATHDC] a saved death save keeps the tallies; a kill keeps them too (only a new dying spell resets them)", () => {
    const tallies = { successes: 2, failures: 2 };
    const up = hurt(20, 15, { deathSaves: tallies });
    const { req } = saveAfter(up, 5);
    const saved = resolve(up, req, 12, 12);
    expect(saved.actor.deathSaves).toEqual(tallies);
    expect(keys(saved)).toEqual(["DeathSaveSuccess", "State.staggered"]);
    expect(resolve(up, req, 0, 2).actor.deathSaves).toEqual(tallies);
    const out = inState("unconscious", 20, 20, { deathSaves: tallies });
    const stillOut = resolve(out, saveAfter(out, 1, { nonlethal: true }).req, 15, 15);
    expect(keys(stillOut)).toEqual(["DeathSaveSuccess"]);
    const staggered = inState("staggered", 20, 21, { deathSaves: tallies });
    expect(resolve(staggered, saveAfter(staggered, 9).req, 2, 2).actor.deathSaves).toEqual(tallies);
  });

  it("[WD-DYING] death by the third failure, a natural 1 or a lethal hit keeps the tallies that led there", () => {
    const a = inState("dying", 20, 22, { deathSaves: { successes: 1, failures: 2 } });
    const req = sheetDeathSave(a)!;
    expect(resolve(a, req, 5, 5).actor.deathSaves).toEqual({ successes: 1, failures: 3 });
    expect(resolve(a, req, 30, 1).actor.deathSaves).toEqual({ successes: 1, failures: 2 });
    const hit = saveAfter(a, 4).req;
    expect(resolve(a, hit, 25, 1).actor.deathSaves).toEqual({ successes: 1, failures: 2 });
  });

  it("[WD-STABLE] [WD-HEALCHECK] waking or falling back from stable starts fresh tallies", () => {
    const a = inState("stable", 20, 20, { deathSaves: { successes: 2, failures: 1 } });
    const req = sheetDeathSave(a)!;
    expect(resolve(a, req, 15, 15).actor.deathSaves).toEqual({ successes: 0, failures: 0 });
    expect(resolve(a, req, 9, 9).actor.deathSaves).toEqual({ successes: 0, failures: 0 });
    expect(resolve(a, req, 12, 12).actor.deathSaves).toEqual({ successes: 2, failures: 1 });
    const heal = healCheckRequest(a, "A", 0, {})!;
    expect(resolve(a, heal, 15, 15).actor.deathSaves).toEqual({ successes: 0, failures: 0 });
    const dying = inState("dying", 20, 22, { deathSaves: { successes: 2, failures: 1 } });
    const stabilised = resolve(dying, healCheckRequest(dying, "A", 0, {})!, 15, 15);
    expect(stabilised.actor.state).toBe("stable");
    expect(stabilised.actor.deathSaves).toEqual({ successes: 0, failures: 0 });
  });

  it("[WD-HEALCHECK] a Heal check that lands on a creature no longer dying or stable changes nothing", () => {
    const dying = inState("dying", 20, 22);
    const req = healCheckRequest(dying, "A", 0, {})!;
    for (const state of ["unconscious", "staggered", "active"] as const) {
      const r = resolve(inState(state, 20, 20), req, 18, 18);
      expect(r.actor.state, state).toBe(state);
      expect(keys(r)).toEqual(["HealCheckSuccess"]);
    }
  });
});
