import { describe, expect, it } from "vitest";
import fc from "../../support/seeded-fc.js";
import { hundredDungeons as hd } from "../../../src/engine/rulesets/hundred-dungeons/index.js";
import { EngineError } from "../../../src/engine/errors.js";
import { hdActor, packet } from "./fixtures.js";

describe("Hundred Dungeons resistance, immunity, vulnerability", () => {
  it("[HD-RESIST] resistance halves rounded down; immunity zeroes; vulnerability doubles", () => {
    const res = hd.applyDamage(
      hdActor({ hp: { value: 20, max: 20, temp: 0 }, resistances: [{ type: "fire", value: 0 }] }),
      packet({ amount: 7, types: ["fire"] }),
      {},
      "a",
    );
    expect(res.dealt).toBe(3);
    expect(res.adjustments).toEqual([{ key: "resist", label: "D20C.HD.Damage.resist", value: -4 }]);
    const imm = hd.applyDamage(hdActor({ immunities: ["poison"] }), packet({ amount: 7, types: ["poison"] }), {}, "a");
    expect(imm.dealt).toBe(0);
    expect(imm.actor.hp.value).toBe(10);
    const vul = hd.applyDamage(
      hdActor({ hp: { value: 20, max: 20, temp: 0 }, vulnerabilities: [{ type: "cold", value: 0 }] }),
      packet({ amount: 7, types: ["cold"] }),
      {},
      "a",
    );
    expect(vul.dealt).toBe(14);
  });

  it("[HD-RESIST] option resistanceRule = halfUp rounds the halved damage up", () => {
    const a = hdActor({ hp: { value: 20, max: 20, temp: 0 }, resistances: [{ type: "fire", value: 0 }] });
    expect(hd.applyDamage(a, packet({ amount: 7, types: ["fire"] }), { resistanceRule: "halfUp" }, "a").dealt).toBe(4);
    expect(hd.options.find((o) => o.key === "resistanceRule")?.rule).toBe("HD-RESIST");
  });

  it("[HD-RESIST] a resistance must cover every type of mixed damage; a matching vulnerability applies to any", () => {
    const a = hdActor({ hp: { value: 30, max: 30, temp: 0 }, resistances: [{ type: "fire", value: 0 }] });
    expect(hd.applyDamage(a, packet({ amount: 8, types: ["fire", "slashing"] }), {}, "a").dealt).toBe(8);
    const v = hdActor({ hp: { value: 30, max: 30, temp: 0 }, vulnerabilities: [{ type: "fire", value: 0 }] });
    expect(hd.applyDamage(v, packet({ amount: 8, types: ["fire", "slashing"] }), {}, "a").dealt).toBe(16);
  });

  it("[HD-COND] petrified: resistance to all damage and immunity to poison", () => {
    const a = hdActor({ hp: { value: 30, max: 30, temp: 0 }, conditions: ["petrified"] });
    expect(hd.applyDamage(a, packet({ amount: 9, types: ["slashing"] }), {}, "a").dealt).toBe(4);
    expect(hd.applyDamage(a, packet({ amount: 9, types: [] }), {}, "a").dealt).toBe(4);
    expect(hd.applyDamage(a, packet({ amount: 9, types: ["poison"] }), {}, "a").dealt).toBe(0);
  });

  it("[HD-WATER] creatures immersed in water resist fire", () => {
    const a = hdActor({ hp: { value: 30, max: 30, temp: 0 }, conditions: ["underwater"] });
    expect(hd.applyDamage(a, packet({ amount: 9, types: ["fire"] }), {}, "a").dealt).toBe(4);
    expect(hd.applyDamage(a, packet({ amount: 9, types: ["cold"] }), {}, "a").dealt).toBe(9);
  });
});

describe("Hundred Dungeons HP, temp HP, healing", () => {
  it("[HD-HP] temporary HP absorb damage first, and HP never drop below 0", () => {
    const r = hd.applyDamage(hdActor({ hp: { value: 10, max: 10, temp: 4 } }), packet({ amount: 6 }), {}, "a");
    expect(r.absorbedByTemp).toBe(4);
    expect(r.hpLost).toBe(2);
    expect(r.actor.hp).toEqual({ value: 8, max: 10, temp: 0 });
    const big = hd.applyDamage(hdActor(), packet({ amount: 50 }), {}, "a");
    expect(big.actor.hp.value).toBe(0);
    expect(big.hpLost).toBe(10);
  });

  it("[HD-HP] healing can't raise HP above maximum; the excess is lost", () => {
    const r = hd.applyHealing(hdActor({ hp: { value: 7, max: 10, temp: 0 } }), 8, "heal", {}, "a");
    expect(r.actor.hp.value).toBe(10);
    expect(r.events.some((e) => e.key === "D20C.HD.Event.excessHealingLost" && e.data?.amount === 5)).toBe(true);
  });

  it("[HD-HP] temporary HP don't stack: the higher amount is kept", () => {
    expect(hd.applyHealing(hdActor({ hp: { value: 5, max: 10, temp: 3 } }), 2, "temp", {}, "a").actor.hp.temp).toBe(3);
    expect(hd.applyHealing(hdActor({ hp: { value: 5, max: 10, temp: 3 } }), 6, "temp", {}, "a").actor.hp.temp).toBe(6);
  });

  it("[HD-HP] property: HP never NaN, temp absorbed before HP, value within [0, max]", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 200 }),
        fc.constantFrom("character", "npc"),
        (max, v, temp, amount, kind) => {
          const value = Math.min(v, max);
          const a = hdActor({ kind: kind as "character" | "npc", hp: { value, max, temp } });
          const r = hd.applyDamage(a, packet({ amount }), {}, "a");
          expect(Number.isNaN(r.actor.hp.value)).toBe(false);
          expect(r.absorbedByTemp).toBe(Math.min(temp, amount));
          if (amount <= temp) expect(r.actor.hp.value).toBe(value);
          expect(r.actor.hp.value).toBeGreaterThanOrEqual(0);
          expect(r.actor.hp.value).toBeLessThanOrEqual(max);
          expect(a.hp.value).toBe(value); // input untouched
        },
      ),
    );
  });
});

describe("Hundred Dungeons dropping to 0", () => {
  it("[HD-DYING] a PC at 0 HP is dying, which also makes it slowed", () => {
    const r = hd.applyDamage(hdActor(), packet({ amount: 10 }), {}, "a");
    expect(r.actor.state).toBe("dying");
    expect(r.actor.conditions).toContain("dying");
    expect(r.actor.dyingTurns).toBe(0);
    expect(hd.deriveActor(r.actor, {}).statusLabels).toContain("D20C.HD.Condition.slowed");
    expect(r.requests).toEqual([]); // the check comes at the end of its turn, not now
  });

  it("[HD-DYING] healing while dying starts from 0, ends dying and keeps exhaustion", () => {
    const dying = hdActor({
      hp: { value: 0, max: 10, temp: 0 },
      state: "dying",
      conditions: ["dying"],
      exhaustion: 2,
      dyingTurns: 2,
    });
    const r = hd.applyHealing(dying, 4, "heal", {}, "a");
    expect(r.actor.hp.value).toBe(4);
    expect(r.actor.state).toBe("active");
    expect(r.actor.conditions).not.toContain("dying");
    expect(r.actor.exhaustion).toBe(2);
    expect(r.actor.dyingTurns).toBe(0);
  });

  it("[HD-ENEMYDEATH] an ordinary NPC at 0 HP dies outright; an important one is dying instead", () => {
    expect(hd.applyDamage(hdActor({ kind: "npc" }), packet({ amount: 12 }), {}, "n").actor.state).toBe("dead");
    expect(hd.applyDamage(hdActor({ kind: "npc", important: true }), packet({ amount: 12 }), {}, "n").actor.state).toBe(
      "dying",
    );
  });

  it("[HD-ENEMYDEATH] the attacker may knock a creature out instead: unconscious and alive", () => {
    const npc = hd.applyDamage(hdActor({ kind: "npc" }), packet({ amount: 12, knockOut: true }), {}, "n");
    expect(npc.actor.state).toBe("unconscious");
    expect(npc.actor.conditions).toContain("unconscious");
    const pc = hd.applyDamage(hdActor(), packet({ amount: 12, knockOut: true }), {}, "p");
    expect(pc.actor.state).toBe("unconscious");
  });

  it("[HD-COND] unconscious: damage from a melee attack starts dying; ranged damage doesn't", () => {
    const ko = hdActor({ hp: { value: 0, max: 10, temp: 0 }, state: "unconscious", conditions: ["unconscious"] });
    expect(hd.applyDamage(ko, packet({ amount: 2, melee: false }), {}, "a").actor.state).toBe("unconscious");
    const hit = hd.applyDamage(ko, packet({ amount: 2, melee: true }), {}, "a");
    expect(hit.actor.state).toBe("dying");
    expect(hit.actor.conditions).toEqual(expect.arrayContaining(["unconscious", "dying"]));
    // An ordinary enemy would go dying, so it dies outright.
    const npcKo = { ...ko, kind: "npc" as const };
    expect(hd.applyDamage(npcKo, packet({ amount: 2, melee: true }), {}, "n").actor.state).toBe("dead");
  });

  it("[HD-DYING] damage to a creature already dying keeps it dying at 0 HP", () => {
    const dying = hdActor({ hp: { value: 0, max: 10, temp: 0 }, state: "dying", conditions: ["dying"] });
    const r = hd.applyDamage(dying, packet({ amount: 5 }), {}, "a");
    expect(r.actor.state).toBe("dying");
    expect(r.actor.hp.value).toBe(0);
  });
});

describe("Hundred Dungeons input validation", () => {
  it("[HD-HP] bad input throws an EngineError naming the field and changes nothing", () => {
    const a = hdActor({ hp: { value: 5, max: Number.NaN, temp: 0 } });
    expect(() => hd.applyDamage(a, packet(), {}, "a")).toThrow(/hp\.max/);
    const neg = hdActor({ hp: { value: 5, max: -3, temp: 0 } });
    expect(() => hd.applyDamage(neg, packet(), {}, "a")).toThrow(EngineError);
    expect(() => hd.applyDamage(hdActor(), packet({ types: ["plasma"] }), {}, "a")).toThrow(/damage\.types\[0\]/);
    expect(() => hd.applyHealing(hdActor(), -1, "heal", {}, "a")).toThrow(/healing\.amount/);
  });
});
