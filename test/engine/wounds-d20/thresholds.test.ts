/**
 * Thresholds of the Wounds d20 module against the rules text: threshold cases the first
 * round of tests did not pin down.
 */
import { describe, expect, it } from "vitest";
import { strenuousActionRequest } from "../../../src/engine/rulesets/wounds-d20/damage.js";
import { deathSaveDC } from "../../../src/engine/rulesets/wounds-d20/data.js";
import type { ActorSource, RollRequest } from "../../../src/engine/types.js";
import { attackInput, combatant, ctx, hurt, packet, wd } from "./fixtures.js";

const resolve = (a: ActorSource, req: RollRequest, total: number, natural: number) =>
  wd.resolveRoll(a, req, { total, natural }, {}).actor;
const hitFor = (a: ActorSource, amount: number, extra = {}) => {
  const r = wd.applyDamage(a, packet(amount, extra), {}, "A");
  return { r, req: r.requests[0] };
};

describe("Wounds d20 thresholds: the death save", () => {
  it("[WD-DEATHDC] 1 point over max still saves at DC 10, 2 points over at 11, 3 at 11", () => {
    expect(deathSaveDC(21, 20)).toBe(10);
    expect(deathSaveDC(22, 20)).toBe(11);
    expect(deathSaveDC(23, 20)).toBe(11);
    expect(hitFor(hurt(20, 19), 2).req?.target).toBe(10);
  });

  it("[WD-DAMAGE] damage one short of max HP asks for no death save; reaching it does", () => {
    expect(hitFor(hurt(20, 0), 19).req).toBeUndefined();
    expect(hitFor(hurt(20, 0), 20).req?.kind).toBe("deathSave");
  });

  it("[WD-DEATHDC] [WD-SAVES] a natural 1 fails by less than 10 (dying), a natural 20 succeeds even 10 short (staggered)", () => {
    const { r, req } = hitFor(hurt(20, 0), 26); // DC 13
    expect(resolve(r.actor, req!, 25, 1).state).toBe("dying");
    expect(resolve(r.actor, req!, 3, 20).state).toBe("staggered");
  });

  it("[WD-STAGGER] failing the save for a strenuous action means dying, even when it fails by 10 or more", () => {
    const staggered = hurt(20, 22, { state: "staggered" }); // DC 11
    const req = strenuousActionRequest(staggered, "A")!;
    expect(resolve(staggered, req, 1, 2).state).toBe("dying");
  });

  it("[WD-STAGGER] only lethal damage forces a staggered creature to save again; nonlethal just adds up", () => {
    const staggered = hurt(20, 22, { state: "staggered" });
    const soft = wd.applyDamage(staggered, packet(3, { nonlethal: true }), {}, "A");
    expect(soft.requests).toEqual([]);
    expect(soft.actor.state).toBe("staggered");
    expect(wd.deriveActor(soft.actor, {}).damageTaken).toBe(25);
    const hard = wd.applyDamage(staggered, packet(1), {}, "A");
    expect(hard.requests[0]?.data?.reason).toBe("hit");
  });

  it("[WD-NONLETHAL] failure by exactly 10 is dying, by 9 unconscious", () => {
    const { r, req } = hitFor(hurt(20, 0), 26, { nonlethal: true }); // DC 13
    expect(resolve(r.actor, req!, 3, 3).state).toBe("dying");
    expect(resolve(r.actor, req!, 4, 4).state).toBe("unconscious");
  });

  it("[WD-DYING] the immediate save after new damage costs no Constitution and leaves the tally; a natural 1 kills", () => {
    const a = hurt(20, 22, { state: "dying", deathSaves: { successes: 1, failures: 2 } });
    const { r, req } = hitFor(a, 2); // 24 → DC 12
    const kept = resolve(r.actor, req!, 5, 5); // fails by 7
    expect(kept.state).toBe("dying");
    expect(kept.deathSaves).toEqual({ successes: 1, failures: 2 });
    expect(kept.constitutionDamage).toBe(0);
    expect(resolve(r.actor, req!, 30, 1).state).toBe("dead");
  });

  it("[WD-DYING] the round-end save for the third failure kills; one success short of 4 stays dying", () => {
    const twoFails = hurt(20, 20, { state: "dying", deathSaves: { successes: 3, failures: 2 } });
    const c = combatant("x", { actor: twoFails });
    const step = wd.onRoundEnd(ctx([c]))[0]!;
    expect(step.kind).toBe("roll");
    const req = (step as { request: RollRequest }).request;
    expect(req.target).toBe(10);
    expect(resolve(twoFails, req, 9, 9).state).toBe("dead");
    const fourth = resolve(twoFails, req, 10, 10);
    expect(fourth.state).toBe("stable");
    expect(fourth.constitutionDamage).toBe(1);
  });

  it("[WD-STABLE] meeting the DC exactly stays stable, a natural 20 below it stays stable, a natural 1 above it is dying", () => {
    const a = hurt(20, 24, { state: "stable" }); // DC 12
    const req = wd.deathSaveRequest(a, wd.deriveActor(a, {}), "A")!;
    expect(req.kind).toBe("stableCheck");
    expect(resolve(a, req, 12, 12).state).toBe("stable");
    expect(resolve(a, req, 5, 20).state).toBe("stable");
    expect(resolve(a, req, 25, 1).state).toBe("dying");
  });
});

describe("Wounds d20 thresholds: wounds, penalties, surprise", () => {
  it("[WD-WOUNDPTS] a single blow from unhurt to past the threshold counts only the points past it (max 20: 18 → 3)", () => {
    const r = wd.applyDamage(hurt(20, 0), packet(18), {}, "A");
    expect(r.actor.wounds.map((w) => w.severity)).toEqual([3]);
    // Temporary HP soak first, so only what reaches HP can wound.
    const soaked = wd.applyDamage(hurt(20, 0, { hp: { value: 20, max: 20, temp: 5 } }), packet(18), {}, "A");
    expect(soaked.actor.wounds).toEqual([]);
  });

  it("[WD-BLOODIED] [WD-WOUNDED] healing back under a threshold removes its penalty", () => {
    const wounded = hurt(20, 16);
    expect(wd.deriveActor(wounded, {}).attackPenalties.map((p) => p.value)).toEqual([-1, -1]);
    const healed = wd.applyHealing(wounded, 2, "heal", {}, "A").actor; // 14 damage
    expect(wd.deriveActor(healed, {}).attackPenalties.map((p) => p.key)).toEqual(["bloodied"]);
    const more = wd.applyHealing(healed, 5, "heal", {}, "A").actor; // 9 damage
    expect(wd.deriveActor(more, {}).attackPenalties).toEqual([]);
  });

  it("[WD-SURPRISE] no surprise round when everyone, or no one, is aware", () => {
    expect(wd.onCombatStart(ctx([combatant("a"), combatant("b")]))).toEqual([]);
    expect(wd.onCombatStart(ctx([combatant("a", { aware: false }), combatant("b", { aware: false })]))).toEqual([]);
    expect(wd.onCombatStart(ctx([combatant("a"), combatant("b", { aware: false })])).length).toBeGreaterThan(0);
  });

  it("[WD-NAT] a widened crit range crits only on a hit; a natural 20 crits even on a miss", () => {
    expect(wd.resolveAttack(attackInput([19], 0, 20, { critRange: 1 })).result).toBe("miss");
    expect(wd.resolveAttack(attackInput([19], 1, 20, { critRange: 1 })).result).toBe("crit");
    expect(wd.resolveAttack(attackInput([20], -10, 30)).result).toBe("crit");
  });
});

describe("Wounds d20 thresholds: the dead", () => {
  it("[WD-DAMAGE] the dead get neither healing nor temporary HP", () => {
    const dead = hurt(20, 40, { state: "dead" });
    expect(wd.applyHealing(dead, 5, "temp", {}, "A").actor.hp.temp).toBe(0);
    expect(wd.applyHealing(dead, 5, "heal", {}, "A").actor.hp.value).toBe(-20);
  });
});
