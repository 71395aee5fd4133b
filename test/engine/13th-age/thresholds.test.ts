/**
 * Thresholds of the 13th Age module against the rules text: the threshold, ordering and state
 * cases the text implies that the first round of tests did not pin down.
 */
import { describe, expect, it } from "vitest";
import type { ActorSource, RollRequest, TurnStep } from "../../../src/engine/types.js";
import { attack, combatant, ctx, effect, npc, packet, pc, rs } from "./helpers.js";

function recov(over: Partial<ActorSource["recoveries"]> = {}): ActorSource["recoveries"] {
  return { value: 8, max: 8, formula: "1d8", noRecoveryUses: 0, ralliesThisBattle: 0, battlesSinceHealUp: 0, ...over };
}

function only(reqs: RollRequest[]): RollRequest {
  expect(reqs).toHaveLength(1);
  return reqs[0] as RollRequest;
}

function updateFor(steps: TurnStep[], actorId: string): Partial<ActorSource> {
  const s = steps.find((x) => x.kind === "updateActor" && x.actorId === actorId);
  if (!s || s.kind !== "updateActor") throw new Error(`no updateActor for ${actorId}`);
  return s.changes;
}

describe("13th Age thresholds: attacks", () => {
  it("[13A-NAT1] a natural 1 misses even inside a vulnerability-expanded crit range and with a huge bonus", () => {
    const o = rs.resolveAttack(
      attack({
        dice: [1],
        attackBonus: 40,
        damageTypes: ["fire"],
        critRange: 30,
        hasMissEffect: true,
        target: { conditions: [], vulnerabilities: [{ type: "fire", value: 0 }], exhaustion: 0 },
      }),
    );
    expect(o.result).toBe("autoMiss");
    expect(o.isHit || o.isCrit || o.missEffect).toBe(false);
    // Crit threshold never drops to 1, so "natural 1" and "crit" never meet.
    expect(o.critThreshold).toBe(2);
  });

  it("[13A-VULN] vulnerable: natural 17 is an ordinary hit, natural 18 crits", () => {
    const target = { conditions: [], vulnerabilities: [{ type: "cold", value: 0 }], exhaustion: 0 };
    const at = (n: number) => rs.resolveAttack(attack({ dice: [n], attackBonus: 10, damageTypes: ["cold"], target }));
    expect(at(17).result).toBe("hit");
    expect(at(18).result).toBe("crit");
    // Vulnerable to another type: no expansion.
    const other = rs.resolveAttack(attack({ dice: [18], attackBonus: 10, damageTypes: ["fire"], target }));
    expect(other.result).toBe("hit");
  });

  it("[13A-MISS] the miss effect applies on a plain miss only: not on a hit, a crit or a natural 1", () => {
    const at = (n: number, bonus: number) =>
      rs.resolveAttack(attack({ dice: [n], attackBonus: bonus, hasMissEffect: true })).missEffect;
    // Defense 20: 14 + 5 = 19 misses, 15 + 5 = 20 hits.
    expect([at(14, 5), at(15, 5), at(20, 5), at(1, 5)]).toEqual([true, false, false, false]);
  });

  it("[13A-MISS] half-damage miss effect is half the rolled hit damage; a natural 1 rolls nothing", () => {
    const hit = { dice: [{ count: 1, faces: 8, sign: 1 as const }], flat: 3 };
    const base = { hit, miss: null, critExtra: null, types: [], options: {} };
    const miss = rs.damageRecipe({ ...base, outcome: "miss", missEffect: "half", missApplies: true });
    expect(miss?.multiplier).toBe(0.5);
    expect(rs.damageRecipe({ ...base, outcome: "autoMiss", missEffect: "half", missApplies: false })).toBeNull();
  });
});

describe("13th Age thresholds: damage and death", () => {
  it("[13A-RESIST] several matching resistances: the highest threshold decides", () => {
    const a = npc({
      hp: { value: 40, max: 40, temp: 0 },
      resistances: [
        { type: "fire", value: 12 },
        { type: "all", value: 16 },
      ],
    });
    // Natural 14 beats fire 12+ but not the resist-all 16+: halved.
    expect(rs.applyDamage(a, packet({ amount: 10, types: ["fire"], natural: 14 }), {}, "x").dealt).toBe(5);
    expect(rs.applyDamage(a, packet({ amount: 10, types: ["fire"], natural: 16 }), {}, "x").dealt).toBe(10);
  });

  it("[13A-RESIST] [13A-NAT20] crit damage is doubled before resistance halves it (natural below N)", () => {
    // A natural 20 always beats a threshold of 20 or less; an 18+ vulnerability crit against resist 19+ is halved.
    const a = npc({ hp: { value: 80, max: 80, temp: 0 }, resistances: [{ type: "fire", value: 19 }] });
    const r = rs.applyDamage(a, packet({ amount: 24, types: ["fire"], natural: 18, critical: true }), {}, "x");
    expect(r.dealt).toBe(12);
    expect(rs.applyDamage(a, packet({ amount: 24, types: ["fire"], natural: 20 }), {}, "x").dealt).toBe(24);
  });

  it("[13A-TEMPHP] temp HP soak first and the rest comes off HP, leaving temp at 0", () => {
    const r = rs.applyDamage(pc({ hp: { value: 30, max: 30, temp: 4 } }), packet({ amount: 10 }), {}, "p");
    expect([r.actor.hp.temp, r.actor.hp.value, r.absorbedByTemp, r.hpLost]).toEqual([0, 24, 4, 6]);
  });

  it("[13A-DEATH] [13A-DOWN] one big hit from positive HP: at −½ max dead, one HP above it dying", () => {
    const hero = pc({ hp: { value: 10, max: 30, temp: 0 } });
    expect(rs.applyDamage(hero, packet({ amount: 25 }), {}, "p").actor.state).toBe("dead"); // −15
    expect(rs.applyDamage(hero, packet({ amount: 24 }), {}, "p").actor.state).toBe("dying"); // −14
    expect(rs.applyDamage(hero, packet({ amount: 10 }), {}, "p").actor.state).toBe("unconscious"); // 0
  });

  it("[13A-DEATHSAVE] a PC at exactly 0 HP is down but makes no death saves; below 0 it does", () => {
    const at0 = rs.applyDamage(pc({ hp: { value: 5, max: 30, temp: 0 } }), packet({ amount: 5 }), {}, "p").actor;
    expect(rs.deathSaveRequest(at0, rs.deriveActor(at0, {}), "p")).toBeNull();
    const below = rs.applyDamage(at0, packet({ amount: 1 }), {}, "p").actor;
    expect(below.state).toBe("dying");
    expect(rs.deathSaveRequest(below, rs.deriveActor(below, {}), "p")).toMatchObject({ target: 16 });
  });

  it("[13A-DEATHSAVE] [13A-NEGHEAL] [13A-NORECOV] a passed death save with no recoveries left heals half from 0", () => {
    const hero = pc({ hp: { value: -6, max: 30, temp: 0 }, state: "dying", recoveries: recov({ value: 0 }) });
    const req = rs.deathSaveRequest(hero, rs.deriveActor(hero, {}), "p")!;
    const passed = rs.resolveRoll(hero, req, { total: 16, natural: 16 }, {});
    const rec = only(passed.requests);
    const healed = rs.resolveRoll(passed.actor, rec, { total: 9, natural: null }, {});
    expect(healed.actor.hp.value).toBe(4); // 0 + floor(9 / 2)
    expect(healed.actor.state).toBe("active");
    expect(healed.actor.recoveries.noRecoveryUses).toBe(1);
  });

  it("[13A-NEGHEAL] healing at −5 by 3 gives 3 HP (not −2), and the PC is up again", () => {
    const r = rs.applyHealing(pc({ hp: { value: -5, max: 30, temp: 0 }, state: "dying" }), 3, "heal", {}, "p");
    expect(r.actor.hp.value).toBe(3);
    expect(r.actor.state).toBe("active");
  });

  it("[13A-RALLY] a failed later rally spends no recovery and heals nothing; the third rally still needs the save", () => {
    const a = pc({ hp: { value: 10, max: 30, temp: 0 }, recoveries: recov({ ralliesThisBattle: 1 }) });
    const second = rs.startRecovery(a, true, {}, "p");
    const save = only(second.requests);
    expect(save).toMatchObject({ kind: "rallySave", target: 11 });
    const failed = rs.resolveRoll(second.actor, save, { total: 10, natural: 10 }, {});
    expect(failed.requests).toEqual([]);
    expect(failed.actor.recoveries.value).toBe(8);
    expect(failed.actor.hp.value).toBe(10);
    expect(only(rs.startRecovery(failed.actor, true, {}, "p").requests).kind).toBe("rallySave");
    // A pass at exactly 11 goes on to the recovery roll.
    expect(only(rs.resolveRoll(second.actor, save, { total: 11, natural: 11 }, {}).requests).kind).toBe("recovery");
  });

  it("[13A-SAVE] thresholds: easy 5 fails / 6 passes, normal 10/11, hard 15/16", () => {
    const a = pc();
    const d = rs.deriveActor(a, {});
    const ok = (kind: string, total: number) => {
      const req = rs.saveRequest(a, d, kind, "normal", "p");
      const ev = rs.resolveRoll(a, req, { total, natural: total }, {}).events[0]?.key;
      return ev === "D20C.Event.saveSucceeded";
    };
    expect([ok("easy", 5), ok("easy", 6), ok("normal", 10), ok("normal", 11), ok("hard", 15), ok("hard", 16)]).toEqual([
      false,
      true,
      false,
      true,
      false,
      true,
    ]);
  });
});

describe("13th Age thresholds: turn cycle", () => {
  it("[13A-LASTTURN] ongoing damage to exactly 0 on a PC: last turn, then unconscious (not dying) at its end", () => {
    const burn = effect({ id: "burn", ongoing: { amount: 5, type: "fire" } });
    const hero = combatant("hero", pc({ hp: { value: 5, max: 30, temp: 0 } }), { effects: [burn] });
    const dmg = rs.onTurnEnd(ctx([hero], "hero")).find((s) => s.kind === "damage");
    if (!dmg || dmg.kind !== "damage") throw new Error("no ongoing damage step");
    const after = rs.applyDamage(hero.actor, dmg.packet, {}, hero.actorId).actor;
    expect([after.hp.value, after.state, after.lastTurn]).toEqual([0, "active", true]);
    // The next turn is its last; at its end it drops by its HP.
    const next = rs.onTurnEnd(ctx([{ ...hero, actor: after, effects: [] }], "hero"));
    expect(updateFor(next, hero.actorId)).toMatchObject({ lastTurn: false, state: "unconscious" });
  });

  it("[13A-LASTTURN] a battle that ends during a last turn drops the creature (no turn is left)", () => {
    const orc = combatant("orc", npc({ hp: { value: 0, max: 20, temp: 0 }, lastTurn: true }));
    const hero = combatant("hero", pc({ hp: { value: -3, max: 30, temp: 0 }, lastTurn: true }));
    const up = combatant("up", pc({ hp: { value: 12, max: 30, temp: 0 } }));
    const steps = rs.onCombatEnd(ctx([orc, hero, up], null), false);
    expect(updateFor(steps, orc.actorId)).toMatchObject({ lastTurn: false, state: "dead" });
    expect(updateFor(steps, hero.actorId)).toMatchObject({ lastTurn: false, state: "dying" });
    expect(updateFor(steps, up.actorId).state).toBeUndefined();
  });

  it("[SYS-TURNS] a 'next turn' effect naming no creator is timed by its bearer's own turns (it must end)", () => {
    const brief = effect({ id: "brief", duration: "startOfNextTurn" });
    const mark = effect({ id: "mark", duration: "endOfNextTurn" });
    const orc = combatant("orc", npc(), { effects: [brief, mark] });
    const start = rs.onTurnStart(ctx([orc], "orc"));
    expect(start).toContainEqual(expect.objectContaining({ kind: "removeEffect", effectId: "brief" }));
    expect(start).toContainEqual(expect.objectContaining({ kind: "updateEffect", effectId: "mark" }));
    const armed = { ...orc, effects: [{ ...mark, armed: true }] };
    expect(rs.onTurnEnd(ctx([armed], "orc"))).toContainEqual(
      expect.objectContaining({ kind: "removeEffect", effectId: "mark" }),
    );
    // Someone else's turn does not touch it.
    const other = combatant("hero", pc());
    expect(rs.onTurnStart(ctx([other, orc], "hero"))).toEqual([]);
  });

  it("[13A-ONGOING] [13A-RESIST] ongoing damage of a resisted type is halved (no attack roll to beat N)", () => {
    const burn = effect({ id: "burn", ongoing: { amount: 7, type: "fire" } });
    const a = npc({ hp: { value: 20, max: 20, temp: 0 }, resistances: [{ type: "fire", value: 2 }] });
    const orc = combatant("orc", a, { effects: [burn] });
    const dmg = rs.onTurnEnd(ctx([orc], "orc")).find((s) => s.kind === "damage");
    if (!dmg || dmg.kind !== "damage") throw new Error("no ongoing damage step");
    expect(rs.applyDamage(a, dmg.packet, {}, orc.actorId).dealt).toBe(3);
  });

  it("[13A-HEALUP] two tough battles make four: the heal-up is due", () => {
    const hero = combatant("hero", pc({ recoveries: recov({ battlesSinceHealUp: 2 }) }));
    const steps = rs.onCombatEnd(ctx([hero], null), true);
    expect(updateFor(steps, hero.actorId).recoveries?.battlesSinceHealUp).toBe(4);
    expect(steps).toContainEqual(expect.objectContaining({ kind: "notice" }));
    const three = rs.onCombatEnd(
      ctx([combatant("h2", pc({ recoveries: recov({ battlesSinceHealUp: 2 }) }))], null),
      false,
    );
    expect(three.some((s) => s.kind === "notice")).toBe(false);
  });
});

describe("13th Age thresholds: the dead", () => {
  it("[13A-TEMPHP] [13A-DEATH] the dead gain neither healing nor temporary HP", () => {
    const dead = pc({ hp: { value: -20, max: 30, temp: 0 }, state: "dead" });
    expect(rs.applyHealing(dead, 8, "temp", {}, "p").actor.hp.temp).toBe(0);
    expect(rs.applyHealing(dead, 8, "heal", {}, "p").actor.hp.value).toBe(-20);
    // The living do gain them.
    expect(rs.applyHealing(pc(), 8, "temp", {}, "p").actor.hp.temp).toBe(8);
  });
});
