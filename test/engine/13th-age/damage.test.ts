import { describe, expect, it } from "vitest";
import { npc, packet, pc, rs } from "./helpers.js";

const resistFire16 = { resistances: [{ type: "fire", value: 16 }] };

describe("13th Age damage", () => {
  it("[13A-RESIST] natural roll exactly N gets full damage through", () => {
    const r = rs.applyDamage(npc(resistFire16), packet({ amount: 11, types: ["fire"], natural: 16 }), {}, "a");
    expect(r.dealt).toBe(11);
    expect(r.adjustments).toEqual([]);
    expect(r.actor.hp.value).toBe(9);
  });

  it("[13A-RESIST] natural roll N−1 halves, rounding down, itemised", () => {
    const r = rs.applyDamage(npc(resistFire16), packet({ amount: 11, types: ["fire"], natural: 15 }), {}, "a");
    expect(r.dealt).toBe(5);
    expect(r.adjustments).toEqual([{ key: "resist", label: "D20C.Age13.Adjust.resist", value: -6 }]);
    expect(r.actor.hp.value).toBe(15);
  });

  it("[13A-RESIST] rounding up is a world option", () => {
    const r = rs.applyDamage(
      npc(resistFire16),
      packet({ amount: 11, types: ["fire"], natural: 15 }),
      { resistRounding: "up" },
      "a",
    );
    expect(r.dealt).toBe(6);
  });

  it("[13A-RESIST] without a natural roll (ongoing damage) resisted damage is always halved; other types untouched", () => {
    expect(
      rs.applyDamage(npc(resistFire16), packet({ amount: 10, types: ["fire"], natural: null, ongoing: true }), {}, "a")
        .dealt,
    ).toBe(5);
    expect(rs.applyDamage(npc(resistFire16), packet({ amount: 10, types: ["cold"], natural: 2 }), {}, "a").dealt).toBe(
      10,
    );
    // A mixed fire+cold attack is resisted by the fire resistance.
    expect(
      rs.applyDamage(npc(resistFire16), packet({ amount: 10, types: ["cold", "fire"], natural: 2 }), {}, "a").dealt,
    ).toBe(5);
  });

  it("[13A-TEMPHP] temporary HP absorb damage before HP", () => {
    const r = rs.applyDamage(pc({ hp: { value: 30, max: 30, temp: 4 } }), packet({ amount: 10 }), {}, "a");
    expect(r.absorbedByTemp).toBe(4);
    expect(r.hpLost).toBe(6);
    expect(r.actor.hp).toEqual({ value: 24, max: 30, temp: 0 });
  });

  it("[13A-DOWN] a monster at 0 HP is slain; a PC at exactly 0 is unconscious", () => {
    const m = rs.applyDamage(npc({ hp: { value: 8, max: 20, temp: 0 } }), packet({ amount: 12 }), {}, "m");
    expect(m.actor.state).toBe("dead");
    expect(m.actor.hp.value).toBe(0);
    expect(m.events.map((e) => e.key)).toContain("D20C.Age13.Event.dead");
    const p = rs.applyDamage(pc({ hp: { value: 8, max: 30, temp: 0 } }), packet({ amount: 8 }), {}, "p");
    expect(p.actor.state).toBe("unconscious");
    expect(p.actor.hp.value).toBe(0);
  });

  it("[13A-DOWN] an NPC marked important goes dying like a PC instead of dying outright", () => {
    const r = rs.applyDamage(
      npc({ important: true, hp: { value: 5, max: 20, temp: 0 } }),
      packet({ amount: 8 }),
      {},
      "m",
    );
    expect(r.actor.state).toBe("dying");
    expect(r.actor.hp.value).toBe(-3);
  });

  it("[13A-DEATHSAVE] a PC below 0 HP is dying and makes death saves (16+)", () => {
    const r = rs.applyDamage(pc({ hp: { value: 5, max: 30, temp: 0 } }), packet({ amount: 8 }), {}, "p");
    expect(r.actor.state).toBe("dying");
    expect(r.actor.hp.value).toBe(-3);
    const req = rs.deathSaveRequest(r.actor, rs.deriveActor(r.actor, {}), "p");
    expect(req).toMatchObject({ kind: "deathSave", target: 16, formula: "1d20" });
    expect(rs.deathSaveRequest(pc(), rs.deriveActor(pc(), {}), "p")).toBeNull();
  });

  it("[13A-DEATH] HP at minus half maximum kills; one above does not (odd maximum compared exactly)", () => {
    // max 25: half is 12.5, so −12 lives and −13 dies.
    const at12 = rs.applyDamage(pc({ hp: { value: 5, max: 25, temp: 0 } }), packet({ amount: 17 }), {}, "p");
    expect(at12.actor.hp.value).toBe(-12);
    expect(at12.actor.state).toBe("dying");
    const at13 = rs.applyDamage(pc({ hp: { value: 5, max: 25, temp: 0 } }), packet({ amount: 18 }), {}, "p");
    expect(at13.actor.state).toBe("dead");
    // max 30: exactly −15 is dead.
    expect(
      rs.applyDamage(pc({ hp: { value: 5, max: 30, temp: 0 } }), packet({ amount: 20 }), {}, "p").actor.state,
    ).toBe("dead");
  });

  it("[13A-LASTTURN] ongoing damage to 0 or below leaves the creature acting with lastTurn set", () => {
    const m = rs.applyDamage(
      npc({ hp: { value: 3, max: 20, temp: 0 } }),
      packet({ amount: 5, natural: null, ongoing: true, fromAttack: false }),
      {},
      "m",
    );
    expect(m.actor.state).toBe("active");
    expect(m.actor.lastTurn).toBe(true);
    expect(m.actor.hp.value).toBe(0);
    expect(m.events.map((e) => e.key)).toContain("D20C.Age13.Event.lastTurn");
    const p = rs.applyDamage(
      pc({ hp: { value: 3, max: 30, temp: 0 } }),
      packet({ amount: 5, natural: null, ongoing: true, fromAttack: false }),
      {},
      "p",
    );
    expect(p.actor).toMatchObject({ state: "active", lastTurn: true, hp: { value: -2 } });
    // The same damage from an attack drops it at once.
    const hit = rs.applyDamage(npc({ hp: { value: 3, max: 20, temp: 0 } }), packet({ amount: 5 }), {}, "m");
    expect(hit.actor).toMatchObject({ state: "dead", lastTurn: false });
  });

  it("[13A-LASTTURN] a hit on a creature already on its last turn drops it now", () => {
    const onLast = npc({ hp: { value: 0, max: 20, temp: 0 }, lastTurn: true });
    const r = rs.applyDamage(onLast, packet({ amount: 4 }), {}, "m");
    expect(r.actor).toMatchObject({ state: "dead", lastTurn: false });
  });

  it("validates input: unknown damage type and bad max HP throw naming the field, input untouched", () => {
    const a = pc();
    const before = structuredClone(a);
    expect(() => rs.applyDamage(a, packet({ types: ["radiant"] }), {}, "a")).toThrow(/damage\.types\[0\]/);
    expect(() => rs.applyDamage(pc({ hp: { value: 5, max: Number.NaN, temp: 0 } }), packet(), {}, "a")).toThrow(
      /actor\.hp\.max/,
    );
    expect(() => rs.applyDamage(pc({ hp: { value: 5, max: -3, temp: 0 } }), packet(), {}, "a")).toThrow(
      /actor\.hp\.max/,
    );
    rs.applyDamage(a, packet({ amount: 50 }), {}, "a");
    expect(a).toEqual(before);
  });
});
