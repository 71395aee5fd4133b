import { describe, expect, it } from "vitest";
import { ffd20 } from "../../../src/engine/rulesets/ffd20/index.js";
import { EngineError } from "../../../src/engine/errors.js";
import { npc, packet, pc } from "./fixtures.js";

const adj = (r: { adjustments: { key: string; value: number }[] }, key: string): number | undefined =>
  r.adjustments.find((m) => m.key === key)?.value;

describe("FFd20 damage types and traits", () => {
  it("[FF-TYPES] typed and untyped damage are accepted; an unknown type is refused and nothing changes", () => {
    const a = pc();
    expect(ffd20.applyDamage(a, packet(5, { types: ["necrotic"] }), {}, "a").hpLost).toBe(5);
    expect(ffd20.applyDamage(a, packet(5), {}, "a").hpLost).toBe(5);
    let err: unknown;
    try {
      ffd20.applyDamage(a, packet(5, { types: ["banana"] }), {}, "a");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).field).toBe("damage.types[0]");
    expect(a.hp.value).toBe(30);
  });

  it("[FF-RESIST] resist N reduces damage of that type by N: exactly N leaves 0, never below 0; other types untouched", () => {
    const a = pc({ resistances: [{ type: "fire", value: 5 }] });
    expect(ffd20.applyDamage(a, packet(8, { types: ["fire"] }), {}, "a").dealt).toBe(3);
    const exact = ffd20.applyDamage(a, packet(5, { types: ["fire"] }), {}, "a");
    expect(exact.dealt).toBe(0);
    expect(adj(exact, "resist")).toBe(-5);
    expect(ffd20.applyDamage(a, packet(3, { types: ["fire"] }), {}, "a").dealt).toBe(0);
    expect(ffd20.applyDamage(a, packet(8, { types: ["cold"] }), {}, "a").dealt).toBe(8);
    expect(ffd20.applyDamage(a, packet(8), {}, "a").dealt).toBe(8);
  });

  it("[FF-RESIST] damage of several types: only the weakest resistance among them applies, none if one type is unresisted", () => {
    const a = pc({
      resistances: [
        { type: "fire", value: 10 },
        { type: "radiant", value: 5 },
      ],
    });
    expect(ffd20.applyDamage(a, packet(12, { types: ["fire", "radiant"] }), {}, "a").dealt).toBe(7);
    expect(ffd20.applyDamage(a, packet(12, { types: ["fire", "cold"] }), {}, "a").dealt).toBe(12);
    const all = pc({ resistances: [{ type: "all", value: 2 }] });
    expect(ffd20.applyDamage(all, packet(12), {}, "a").dealt).toBe(10);
  });

  it("[FF-VULN] vulnerable N adds N to damage of that type, and is applied with resistance before the 0 floor", () => {
    const a = pc({ vulnerabilities: [{ type: "cold", value: 5 }] });
    const r = ffd20.applyDamage(a, packet(4, { types: ["cold"] }), {}, "a");
    expect(r.dealt).toBe(9);
    expect(adj(r, "vulnerable")).toBe(5);
    expect(ffd20.applyDamage(a, packet(4, { types: ["fire"] }), {}, "a").dealt).toBe(4);
    const both = pc({ vulnerabilities: [{ type: "fire", value: 5 }], resistances: [{ type: "fire", value: 5 }] });
    expect(ffd20.applyDamage(both, packet(3, { types: ["fire"] }), {}, "a").dealt).toBe(3);
  });

  it("[FF-VULN] vulnerable all is one vulnerability to every type: a type's own stronger one wins, it never stacks on it, and it adds once", () => {
    const dealt = (vulnerabilities: { type: string; value: number }[], types: string[]) =>
      ffd20.applyDamage(pc({ vulnerabilities }), packet(10, { types }), {}, "a").dealt;
    const fire5all3 = [
      { type: "fire", value: 5 },
      { type: "all", value: 3 },
    ];
    expect(dealt(fire5all3, ["fire"])).toBe(15);
    expect(dealt(fire5all3, ["cold"])).toBe(13);
    expect(dealt(fire5all3, ["fire", "cold"])).toBe(18);
    expect(dealt([{ type: "all", value: 3 }], ["fire", "cold"])).toBe(13);
    expect(
      dealt(
        [
          { type: "fire", value: 2 },
          { type: "all", value: 3 },
        ],
        ["fire"],
      ),
    ).toBe(13);
    expect(dealt([{ type: "all", value: 3 }], [])).toBe(13);
  });

  it("[FF-INSUB] insubstantial halves attack damage and ongoing damage (rounded down) before resistance", () => {
    const a = pc({ insubstantial: true, resistances: [{ type: "fire", value: 2 }] });
    expect(ffd20.applyDamage(a, packet(9), {}, "a").dealt).toBe(4);
    const ongoing = ffd20.applyDamage(a, packet(7, { ongoing: true, fromAttack: false, types: ["fire"] }), {}, "a");
    expect(ongoing.dealt).toBe(1); // 7 → 3 → resist 2 → 1
    expect(adj(ongoing, "insubstantial")).toBe(-4);
    const viaCondition = pc({ conditions: ["insubstantial"] });
    expect(ffd20.applyDamage(viaCondition, packet(10), {}, "a").dealt).toBe(5);
  });

  it("temporary HP absorb damage first and the input actor is not mutated", () => {
    const a = pc({ hp: { value: 20, max: 30, temp: 6 } });
    const r = ffd20.applyDamage(a, packet(10), {}, "a");
    expect(r.absorbedByTemp).toBe(6);
    expect(r.hpLost).toBe(4);
    expect(r.actor.hp).toEqual({ value: 16, max: 30, temp: 0 });
    expect(a.hp).toEqual({ value: 20, max: 30, temp: 6 });
  });

  it("NaN or non-positive maximum HP is refused naming hp.max", () => {
    expect(() => ffd20.applyDamage(pc({ hp: { value: 1, max: Number.NaN, temp: 0 } }), packet(1), {}, "a")).toThrow(
      /hp\.max/,
    );
    expect(() => ffd20.applyDamage(pc({ hp: { value: 1, max: -4, temp: 0 } }), packet(1), {}, "a")).toThrow(/hp\.max/);
  });
});

describe("FFd20 dying rules (option dyingRules)", () => {
  // max 21: bloodied value 10; dead at −10 or lower.
  const hero = (value = 5) => pc({ hp: { value, max: 21, temp: 0 } });

  it("[FF-DEATH] 4e default: a PC at 0 or less is dying, an ordinary NPC is slain, an important NPC is dying", () => {
    const r = ffd20.applyDamage(hero(5), packet(5), {}, "a");
    expect(r.actor.hp.value).toBe(0);
    expect(r.actor.state).toBe("dying");
    expect(r.requests).toEqual([]); // the death save comes at the end of its turn
    expect(ffd20.applyDamage(npc({ hp: { value: 5, max: 21, temp: 0 } }), packet(6), {}, "m").actor.state).toBe("dead");
    expect(
      ffd20.applyDamage(npc({ important: true, hp: { value: 5, max: 21, temp: 0 } }), packet(6), {}, "m").actor.state,
    ).toBe("dying");
  });

  it("[FF-DEATH] 4e: HP at minus the bloodied value (−½ max, rounded down) is dead; one above is dying", () => {
    expect(ffd20.applyDamage(hero(5), packet(14), {}, "a").actor.state).toBe("dying"); // −9
    const dead = ffd20.applyDamage(hero(5), packet(15), {}, "a"); // −10
    expect(dead.actor.state).toBe("dead");
    expect(dead.events.map((e) => e.key)).toContain("D20C.FF.Event.DeadMassive");
    // already dying, further damage can still reach the threshold
    const dying = ffd20.applyDamage(hero(0), packet(1), {}, "a").actor;
    expect(ffd20.applyDamage(dying, packet(9), {}, "a").actor.state).toBe("dead");
  });

  it("[FF-DEATH] death save: below 10 fails (third failure kills), 10–19 nothing, 20+ asks to spend a recovery", () => {
    let a = ffd20.applyDamage(hero(1), packet(3), {}, "a").actor;
    const req = ffd20.deathSaveRequest(a, ffd20.deriveActor(a, {}), "a");
    expect(req).toMatchObject({ kind: "deathSave", target: 10, against: "total" });
    const mid = ffd20.resolveRoll(a, req!, { total: 10, natural: 10 }, {});
    expect(mid.actor.deathSaves.failures).toBe(0);
    expect(mid.actor.state).toBe("dying");
    const nat20 = ffd20.resolveRoll(a, req!, { total: 20, natural: 20 }, {});
    expect(nat20.requests[0]).toMatchObject({ kind: "recovery", formula: "5" }); // ¼ of 21
    for (let i = 1; i <= 3; i++) {
      a = ffd20.resolveRoll(a, req!, { total: 9, natural: 9 }, {}).actor;
      expect(a.deathSaves.failures).toBe(i);
      expect(a.state).toBe(i < 3 ? "dying" : "dead");
    }
    expect(ffd20.deathSaveRequest(pc(), ffd20.deriveActor(pc(), {}), "a")).toBeNull();
  });

  it("[FF-DEATH] the recovery from a 20 heals from 0 and ends dying", () => {
    const a = ffd20.applyDamage(hero(1), packet(5), {}, "a").actor; // −4
    const [req] = ffd20.resolveRoll(
      a,
      ffd20.deathSaveRequest(a, ffd20.deriveActor(a, {}), "a")!,
      { total: 21, natural: 20 },
      {},
    ).requests;
    const up = ffd20.resolveRoll(a, req!, { total: 5, natural: null }, {});
    expect(up.actor.hp.value).toBe(5);
    expect(up.actor.state).toBe("active");
    expect(up.actor.recoveries.value).toBe(a.recoveries.value - 1);
  });

  it("[FF-DEATH] option unconscious: PCs fall unconscious with no death save; option lethal: PCs die at 0", () => {
    const u = ffd20.applyDamage(hero(5), packet(30), { dyingRules: "unconscious" }, "a").actor;
    expect(u.state).toBe("unconscious");
    expect(ffd20.deathSaveRequest(u, ffd20.deriveActor(u, {}), "a")).toBeNull();
    expect(ffd20.applyDamage(hero(5), packet(5), { dyingRules: "lethal" }, "a").actor.state).toBe("dead");
    const opt = ffd20.options.find((o) => o.key === "dyingRules");
    expect(opt).toMatchObject({ rule: "FF-DEATH", type: "choice", default: "4e" });
    expect(Object.keys(opt!.choices!)).toEqual(["4e", "unconscious", "lethal"]);
  });

  it("healing below 0 counts from 0, never above maximum; temporary HP keep the higher value", () => {
    const a = pc({ hp: { value: -6, max: 30, temp: 4 }, state: "dying" });
    const h = ffd20.applyHealing(a, 7, "heal", {}, "a").actor;
    expect(h.hp.value).toBe(7);
    expect(h.state).toBe("active");
    expect(ffd20.applyHealing(pc({ hp: { value: 28, max: 30, temp: 0 } }), 9, "heal", {}, "a").actor.hp.value).toBe(30);
    expect(ffd20.applyHealing(a, 3, "temp", {}, "a").actor.hp.temp).toBe(4);
    expect(ffd20.applyHealing(a, 9, "temp", {}, "a").actor.hp.temp).toBe(9);
  });

  it("second wind (rally) spends a recovery once per battle", () => {
    const a = pc({ hp: { value: 10, max: 30, temp: 0 } });
    const start = ffd20.startRecovery(a, true, {}, "a");
    expect(start.requests[0]).toMatchObject({ kind: "recovery", formula: "7" });
    const after = ffd20.resolveRoll(a, start.requests[0]!, { total: 7, natural: null }, {}).actor;
    expect(after.hp.value).toBe(17);
    expect(after.recoveries.ralliesThisBattle).toBe(1);
    expect(ffd20.startRecovery(after, true, {}, "a").requests).toEqual([]);
    expect(ffd20.startRecovery(after, false, {}, "a").requests).toHaveLength(1);
  });
});

describe("FFd20 knock-outs and rests", () => {
  it("[FF-DEATH] nonlethal damage (knock-out) leaves a creature at 0 or less unconscious, not dying or slain", () => {
    expect(
      ffd20.applyDamage(pc({ hp: { value: 3, max: 20, temp: 0 } }), packet(8, { nonlethal: true }), {}, "a").actor
        .state,
    ).toBe("unconscious");
    expect(
      ffd20.applyDamage(npc({ hp: { value: 3, max: 20, temp: 0 } }), packet(8, { knockOut: true }), {}, "m").actor
        .state,
    ).toBe("unconscious");
  });

  it("a full heal-up restores HP and healing surges and clears death-save failures; the dead stay dead", () => {
    const worn = pc({
      hp: { value: 4, max: 30, temp: 3 },
      deathSaves: { successes: 0, failures: 2 },
      recoveries: { value: 1, max: 8, formula: "", noRecoveryUses: 0, ralliesThisBattle: 1, battlesSinceHealUp: 0 },
    });
    const rested = ffd20.fullHealUp(worn);
    expect(rested.hp).toEqual({ value: 30, max: 30, temp: 0 });
    expect(rested.recoveries.value).toBe(8);
    expect(rested.deathSaves.failures).toBe(0);
    expect(ffd20.fullHealUp(pc({ state: "dead", hp: { value: -20, max: 30, temp: 0 } })).state).toBe("dead");
  });
});

describe("FFd20 immunity", () => {
  it("[FF-RESIST] immunity zeroes damage only when it covers every type of the hit", () => {
    const a = pc({ immunities: ["poison"] });
    expect(ffd20.applyDamage(a, packet(9, { types: ["poison"] }), {}, "a").dealt).toBe(0);
    expect(ffd20.applyDamage(a, packet(9, { types: ["poison", "acid"] }), {}, "a").dealt).toBe(9);
  });
});
