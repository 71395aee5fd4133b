import fc from "../../support/seeded-fc.js";
import { describe, expect, it } from "vitest";
import {
  healCheckRequest,
  strenuousActionRequest,
  woundFromSave,
} from "../../../src/engine/rulesets/wounds-d20/damage.js";
import { deathSaveDC, woundTotal } from "../../../src/engine/rulesets/wounds-d20/data.js";
import type { ActorSource, RollRequest } from "../../../src/engine/types.js";
import { actor, hurt, packet, wd } from "./fixtures.js";

const roll = (total: number, natural: number | null = null) => ({
  total,
  natural: natural ?? Math.min(19, Math.max(2, total)),
});
const resolve = (a: ActorSource, req: RollRequest, total: number, natural?: number) =>
  wd.resolveRoll(a, req, roll(total, natural ?? null), {});
/** Take damage and return the death save it asked for. */
function hitFor(a: ActorSource, amount: number, extra = {}) {
  const r = wd.applyDamage(a, packet(amount, extra), {}, "A");
  return { r, req: r.requests[0]! };
}

describe("Wounds d20 damage", () => {
  it("[WD-DAMAGE] damage counts against HP; below max HP no death save is asked", () => {
    const { r } = hitFor(hurt(20, 0), 19);
    expect(r.actor.hp.value).toBe(1);
    expect(r.hpLost).toBe(19);
    expect(r.requests).toEqual([]);
  });

  it("[WD-DAMAGE] damage reaching max HP exactly asks for a death save at DC 10; HP go below 0", () => {
    const { r, req } = hitFor(actor({ baseSaveBonus: 2, hp: { value: 20, max: 20, temp: 0 } }), 20);
    expect(req.kind).toBe("deathSave");
    expect(req.target).toBe(10);
    expect(req.formula).toBe("1d20 + 2"); // Death save = base save bonus only
    expect(hitFor(hurt(20, 0), 26).r.actor.hp.value).toBe(-6);
    expect(r.actor.state).toBe("active"); // the save decides
  });

  it("[WD-DAMAGE] temporary HP soak damage first, so only real damage counts", () => {
    const r = wd.applyDamage(actor({ hp: { value: 10, max: 10, temp: 5 } }), packet(12), {}, "A");
    expect(r.absorbedByTemp).toBe(5);
    expect(r.hpLost).toBe(7);
    expect(r.actor.hp).toEqual({ value: 3, max: 10, temp: 0 });
    expect(r.requests).toEqual([]);
  });

  it("[WD-DAMAGE] the input actor is never changed and bad input throws naming the field", () => {
    const a = hurt(20, 0);
    const copy = structuredClone(a);
    wd.applyDamage(a, packet(30), {}, "A");
    expect(a).toEqual(copy);
    expect(() => wd.applyDamage(actor({ hp: { value: 5, max: Number.NaN, temp: 0 } }), packet(3), {}, "A")).toThrow(
      /hp\.max/,
    );
    expect(() => wd.applyDamage(actor({ hp: { value: 5, max: -3, temp: 0 } }), packet(3), {}, "A")).toThrow(/hp\.max/);
    expect(() => wd.applyDamage(a, packet(3, { types: ["radiant"] }), {}, "A")).toThrow(/damage\.types\[0\]/);
    expect(() => wd.applyDamage(a, packet(-1), {}, "A")).toThrow(/damage\.amount/);
  });

  it("[WD-DAMAGE] HP never become NaN and temp HP are always spent before HP (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: -100, max: 200 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 300 }),
        (max, value, temp, amount) => {
          const a = actor({ hp: { value: Math.min(value, max), max, temp } });
          const r = wd.applyDamage(a, packet(amount), {}, "A");
          expect(Number.isNaN(r.actor.hp.value)).toBe(false);
          expect(r.absorbedByTemp).toBe(Math.min(temp, amount));
          if (r.hpLost > 0) expect(r.actor.hp.temp).toBe(0);
          expect(r.actor.hp.value).toBe(a.hp.value - r.hpLost);
        },
      ),
    );
  });
});

describe("Wounds d20 wounds", () => {
  it("[WD-WOUNDPTS] each blow past the wounded threshold records the points it dealt beyond it", () => {
    // max 20 → wounded threshold 15
    const first = wd.applyDamage(hurt(20, 10), packet(7), {}, "A");
    expect(first.actor.wounds).toEqual([{ severity: 2, location: "", nasty: false }]);
    const second = wd.applyDamage(first.actor, packet(3), {}, "A");
    expect(second.actor.wounds.map((w) => w.severity)).toEqual([2, 3]);
    expect(woundTotal(second.actor)).toBe(5);
  });

  it("[WD-WOUNDPTS] a blow that stops at or below the threshold makes no wound", () => {
    expect(wd.applyDamage(hurt(20, 10), packet(5), {}, "A").actor.wounds).toEqual([]);
  });

  it("[WD-WOUNDPTS] the threshold of an odd maximum is three quarters rounded up", () => {
    // max 10 → wounded at 8 damage; 9 damage is one wound point
    expect(wd.applyDamage(hurt(10, 0), packet(8), {}, "A").actor.wounds).toEqual([]);
    expect(wd.applyDamage(hurt(10, 0), packet(9), {}, "A").actor.wounds[0]!.severity).toBe(1);
  });

  it("[WD-WOUNDPTS] [WD-WOUNDED] 30 HP (three quarters = 22.5): wounded from 23 damage with no wound point yet; wound points are the whole points past 22.5", () => {
    const at22 = wd.applyDamage(hurt(30, 0), packet(22), {}, "A");
    expect(wd.deriveActor(at22.actor, {}).attackPenalties.map((p) => p.key)).not.toContain("wounded");
    const at23 = wd.applyDamage(at22.actor, packet(1), {}, "A");
    expect(wd.deriveActor(at23.actor, {}).attackPenalties.map((p) => p.key)).toContain("wounded");
    expect(at23.actor.wounds).toEqual([]);
    // One blow from unhurt to 25: 2.5 points past 22.5, of which two whole points.
    expect(wd.applyDamage(hurt(30, 0), packet(25), {}, "A").actor.wounds).toEqual([
      { severity: 2, location: "", nasty: false },
    ]);
    // The next point is the first wound point, as at a whole threshold (40 HP: 31 damage).
    expect(wd.applyDamage(at23.actor, packet(1), {}, "A").actor.wounds.map((w) => w.severity)).toEqual([1]);
  });

  it("[WD-WOUNDPTS] healing removes damage but never the wound points", () => {
    const hurtBad = wd.applyDamage(hurt(20, 10), packet(8), {}, "A").actor; // 18 damage, wound 3
    const healed = wd.applyHealing(hurtBad, 100, "heal", {}, "A");
    expect(healed.actor.hp.value).toBe(17);
    expect(healed.events.map((e) => e.key)).toContain("D20C.WD.Event.WoundsLimitHealing");
  });

  it("[WD-NASTY] a critical hit's wound is nasty", () => {
    const r = wd.applyDamage(hurt(20, 14), packet(4, { critical: true }), {}, "A");
    expect(r.actor.wounds).toEqual([{ severity: 3, location: "", nasty: true }]);
    expect(r.events.map((e) => e.key)).toContain("D20C.WD.Event.NastyWound");
  });

  it("[WD-NASTY] a wound from a critically failed save (natural 1) is nasty, an ordinary failure is not", () => {
    expect(woundFromSave(4, 1).nasty).toBe(true);
    expect(woundFromSave(4, 7).nasty).toBe(false);
  });
});

describe("Wounds d20 death saves", () => {
  it("[WD-DEATHDC] DC is 10 + 1 per full 2 points beyond max HP: odd excess rounds down", () => {
    expect(deathSaveDC(27, 20)).toBe(13); // excess 7
    expect(deathSaveDC(28, 20)).toBe(14); // excess 8
    expect(hitFor(hurt(20, 0), 27).req.target).toBe(13);
  });

  it("[WD-DEATHDC] success staggers; failure by 9 means dying; failure by 10 means dead", () => {
    const { r, req } = hitFor(hurt(20, 0), 27); // DC 13
    expect(resolve(r.actor, req, 13).actor.state).toBe("staggered");
    expect(resolve(r.actor, req, 4).actor.state).toBe("dying");
    expect(resolve(r.actor, req, 3).actor.state).toBe("dead");
  });

  it("[WD-DEATHDC] a natural 20 survives and a natural 1 fails the death save", () => {
    const { r, req } = hitFor(hurt(20, 0), 40); // DC 20
    expect(resolve(r.actor, req, 22, 20).actor.state).toBe("staggered");
    expect(resolve(r.actor, req, 12, 20).actor.state).toBe("staggered");
    const { r: r2, req: q2 } = hitFor(actor({ baseSaveBonus: 15, hp: { value: 20, max: 20, temp: 0 } }), 20); // DC 10
    expect(resolve(r2.actor, q2, 16, 1).actor.state).toBe("dying");
  });

  it("[WD-STAGGER] lethal damage to a staggered creature forces a new save; anything but dead is dying", () => {
    const staggered = hurt(20, 22, { state: "staggered" });
    const { r, req } = hitFor(staggered, 4); // 26 damage → DC 13
    expect(req.data?.reason).toBe("hit");
    expect(req.target).toBe(13);
    expect(resolve(r.actor, req, 18).actor.state).toBe("dying");
    expect(resolve(r.actor, req, 3).actor.state).toBe("dead");
  });

  it("[WD-STAGGER] a major or strenuous action needs a death save to stay staggered", () => {
    const staggered = hurt(20, 22, { state: "staggered" });
    const req = strenuousActionRequest(staggered, "A")!;
    expect(req.target).toBe(11);
    expect(resolve(staggered, req, 11).actor.state).toBe("staggered");
    expect(resolve(staggered, req, 10).actor.state).toBe("dying");
    expect(strenuousActionRequest(hurt(20, 5), "A")).toBeNull();
  });

  it("[WD-STAGGER] staggered is a one-action condition", () => {
    const spec = wd.conditions.find((c) => c.id === "staggered")!;
    expect(spec.oneAction).toBe(true);
  });

  it("[WD-DYING] each end-of-round save costs 1 Con; 3 failures kill", () => {
    let a = hurt(20, 24, { state: "dying" });
    const req = wd.deathSaveRequest(a, wd.deriveActor(a, {}), "A")!;
    expect(req.target).toBe(12);
    for (let i = 1; i <= 2; i++) {
      a = resolve(a, req, 5).actor;
      expect(a.deathSaves.failures).toBe(i);
      expect(a.state).toBe("dying");
    }
    a = resolve(a, req, 5).actor;
    expect(a.state).toBe("dead");
    expect(a.constitutionDamage).toBe(3);
  });

  it("[WD-DYING] 4 successes make the dying stable; a failure by 10 during the count does not kill", () => {
    let a = hurt(20, 20, { state: "dying" });
    const req = wd.deathSaveRequest(a, wd.deriveActor(a, {}), "A")!;
    a = resolve(a, req, 0 + 2, 2).actor; // fails by 8
    a = resolve(a, { ...req, target: 30 }, 5).actor; // fails by 25: only a tally
    expect(a.state).toBe("dying");
    for (let i = 0; i < 3; i++) a = resolve(a, req, 15).actor;
    expect(a.state).toBe("dying");
    a = resolve(a, req, 15).actor;
    expect(a.state).toBe("stable");
    expect(a.deathSaves).toEqual({ successes: 0, failures: 0 });
    expect(a.constitutionDamage).toBe(6);
  });

  it("[WD-DYING] natural 20 stabilises at once, natural 1 kills at once", () => {
    const a = hurt(20, 30, { state: "dying" });
    const req = wd.deathSaveRequest(a, wd.deriveActor(a, {}), "A")!;
    expect(resolve(a, req, 20, 20).actor.state).toBe("stable");
    expect(resolve(a, req, 25, 1).actor.state).toBe("dead");
  });

  it("[WD-DYING] new damage while dying: immediate save against the new total; surviving keeps the count", () => {
    const a = hurt(20, 22, { state: "dying", deathSaves: { successes: 2, failures: 1 } });
    const { r, req } = hitFor(a, 6); // 28 → DC 14
    expect(req.data?.reason).toBe("dyingHit");
    expect(req.target).toBe(14);
    const survived = resolve(r.actor, req, 6).actor; // fails by 8
    expect(survived.state).toBe("dying");
    expect(survived.deathSaves).toEqual({ successes: 2, failures: 1 });
    expect(resolve(r.actor, req, 4).actor.state).toBe("dead"); // fails by 10
  });

  it("[WD-STABLE] hourly save: by 5+ conscious and staggered, by less still stable, failure dying; 1 Con each", () => {
    const a = hurt(20, 24, { state: "stable" });
    // The sheet's Death save button of a stable creature rolls its hourly check.
    const req = wd.deathSaveRequest(a, wd.deriveActor(a, {}), "A")!;
    expect(req.kind).toBe("stableCheck");
    expect(req.target).toBe(12);
    const up = resolve(a, req, 17).actor;
    expect(up.state).toBe("staggered");
    expect(up.constitutionDamage).toBe(1);
    expect(resolve(a, req, 16).actor.state).toBe("stable");
    const down = resolve(a, req, 11).actor;
    expect(down.state).toBe("dying");
    expect(down.constitutionDamage).toBe(1);
    const dying = hurt(20, 24, { state: "dying" });
    expect(wd.deathSaveRequest(dying, wd.deriveActor(dying, {}), "A")?.kind).toBe("deathSave");
  });

  it("[WD-HEALCHECK] a Heal check at the option's DC stabilises the dying and rouses the stable", () => {
    const dying = hurt(20, 24, { state: "dying" });
    const req = healCheckRequest(dying, "A", 4, {})!;
    expect(req.formula).toBe("1d20 + 4");
    expect(req.target).toBe(15);
    expect(resolve(dying, req, 15).actor.state).toBe("stable");
    expect(resolve(dying, req, 14).actor.state).toBe("dying");
    expect(healCheckRequest(dying, "A", 0, { healCheckDC: 12 })!.target).toBe(12);
    expect(resolve(hurt(20, 24, { state: "stable" }), req, 15).actor.state).toBe("staggered");
    expect(healCheckRequest(hurt(20, 3), "A", 4, {})).toBeNull();
  });

  it("[WD-NONLETHAL] nonlethal damage makes no wounds", () => {
    expect(wd.applyDamage(hurt(20, 10), packet(9, { nonlethal: true }), {}, "A").actor.wounds).toEqual([]);
  });

  it("[WD-NONLETHAL] a failed save means unconscious instead of dying, and dying instead of dead", () => {
    const { r, req } = hitFor(hurt(20, 0), 27, { nonlethal: true }); // DC 13
    expect(req.data?.nonlethal).toBe(true);
    expect(resolve(r.actor, req, 13).actor.state).toBe("staggered");
    expect(resolve(r.actor, req, 5).actor.state).toBe("unconscious");
    expect(resolve(r.actor, req, 3).actor.state).toBe("dying");
  });

  it("[WD-RECOVERY] recovery dice remove damage but not wound points, one die per roll, not in combat", () => {
    const a = wd.applyDamage(
      hurt(20, 10, {
        recoveries: {
          value: 2,
          max: 2,
          formula: "1d8",
          noRecoveryUses: 0,
          ralliesThisBattle: 0,
          battlesSinceHealUp: 0,
        },
      }),
      packet(8),
      {},
      "A",
    ).actor;
    const start = wd.startRecovery(a, false, {}, "A");
    expect(start.requests[0]).toMatchObject({ kind: "recovery", formula: "1d8" });
    const after = wd.resolveRoll(a, start.requests[0]!, { total: 8, natural: null }, {}).actor;
    expect(after.hp.value).toBe(2 + 8);
    expect(after.recoveries.value).toBe(1);
    const more = wd.resolveRoll(after, start.requests[0]!, { total: 8, natural: null }, {}).actor;
    expect(more.hp.value).toBe(20 - 3); // wound points stay
    expect(wd.startRecovery(a, true, {}, "A").requests).toEqual([]);
  });

  it("[WD-RECOVERY] healing never raises HP above max and brings the down back up below max damage", () => {
    expect(wd.applyHealing(hurt(20, 3), 10, "heal", {}, "A").actor.hp.value).toBe(20);
    const up = wd.applyHealing(hurt(20, 22, { state: "stable" }), 5, "heal", {}, "A").actor;
    expect(up.state).toBe("active");
    expect(wd.applyHealing(hurt(20, 30, { state: "dead" }), 50, "heal", {}, "A").actor.hp.value).toBe(-10);
  });
});

describe("[WD-NASTY] [WD-SAVES] a save against a wound, by its natural roll", () => {
  /** The Actions panel's save against a wound (DC 15, severity 3) by a hero, decided with this roll. */
  const saved = (natural: number, total: number) => {
    if (!wd.planProcedure || !wd.resolveProcedure) throw new Error("Wounds d20 plans procedures");
    const input = {
      actor: actor(),
      actorId: "hero",
      targets: [],
      others: [],
      effects: [],
      choice: "death",
      round: 1,
      ownTurn: true,
      memory: { bands: {}, marks: {} },
      numbers: { dc: 15, severity: 3 },
      options: {},
    };
    const [request] = wd.planProcedure("woundingSave", input).requests;
    return wd.resolveProcedure("woundingSave", input, [{ request: request!, result: { natural, total } }]);
  };

  it("a natural 1 fails even when the total reaches the DC, and its wound is nasty; a natural 20 passes below it", () => {
    expect(saved(1, 16).actor?.wounds.at(-1)).toEqual({ severity: 3, location: "", nasty: true });
    expect(saved(20, 12).actor).toBeNull();
    // Otherwise the total decides: 15 passes, 14 fails with a plain wound.
    expect(saved(12, 15).actor).toBeNull();
    expect(saved(11, 14).actor?.wounds.at(-1)).toEqual({ severity: 3, location: "", nasty: false });
  });
});
