import { describe, expect, it } from "vitest";
import { escalationDie } from "../../../src/engine/common.js";
import { parseDamage } from "../../../src/engine/dice.js";
import type { PowerSource, WeaponSource } from "../../../src/engine/types.js";
import { powerSource, recipeInput, weaponSource } from "../../support/engine-fixtures.js";
import { attack, npc, pc, rs } from "./helpers.js";

const power: PowerSource = powerSource({ damage: "1[W]+3", missEffect: "formula", missDamage: "2" });
const sword: WeaponSource = weaponSource({ name: "sword" });

describe("13th Age attacks", () => {
  it("[13A-ATK] total = d20 + bonus; equal to the defense hits, one less misses", () => {
    expect(rs.resolveAttack(attack({ dice: [15], attackBonus: 5, defense: { key: "pd", value: 20 } })).result).toBe(
      "hit",
    );
    const miss = rs.resolveAttack(attack({ dice: [14], attackBonus: 5, defense: { key: "pd", value: 20 } }));
    expect(miss.result).toBe("miss");
    expect(miss.total).toBe(19);
    expect(miss.defenseKey).toBe("pd");
  });

  it("[13A-ATK] defenses are AC, PD and MD; PC attack bonus = ability mod + level + bonuses", () => {
    expect(rs.defenses.map((d) => d.key)).toEqual(["ac", "pd", "md"]);
    const a = pc({ level: 3, abilities: { str: 16, dex: 10, con: 10, int: 10, wis: 10, cha: 10 }, attackBonus: 1 });
    const mods = rs.attackBonus(a, rs.deriveActor(a, {}), { ...power, attackBonus: 2 }, sword);
    expect(Object.fromEntries(mods.map((m) => [m.key, m.value]))).toEqual({ ability: 3, level: 3, power: 2, misc: 1 });
    // NPCs use their stat block's flat bonus, no level.
    const m = npc({ level: 5 });
    const nm = rs.attackBonus(m, rs.deriveActor(m, {}), { ...power, attackAbility: null, attackBonus: 9 }, null);
    expect(nm.reduce((s, x) => s + x.value, 0)).toBe(9);
  });

  it("[13A-ATK] defenses: base (10 when unset) + bonus", () => {
    const a = pc({ defenses: { ac: { base: 17, bonus: 1 }, pd: { base: null, bonus: 2 } } });
    expect(rs.deriveActor(a, {}).defenses).toEqual({ ac: 18, pd: 12, md: 10 });
  });

  it("[13A-ESC] PCs add the escalation die as an itemised modifier; NPCs only when flagged", () => {
    const withDie = rs.resolveAttack(attack({ dice: [12], attackBonus: 5, escalation: 3 }));
    expect(withDie.modifiers.find((m) => m.key === "escalation")?.value).toBe(3);
    expect(withDie.total).toBe(20);
    expect(withDie.result).toBe("hit");
    const monster = rs.resolveAttack(
      attack({
        dice: [12],
        escalation: 3,
        attacker: { kind: "npc", usesEscalation: false, penalties: [], conditions: [], exhaustion: 0 },
      }),
    );
    expect(monster.modifiers.some((m) => m.key === "escalation")).toBe(false);
    expect(monster.result).toBe("miss");
    const flagged = rs.resolveAttack(
      attack({
        dice: [12],
        escalation: 3,
        attacker: { kind: "npc", usesEscalation: true, penalties: [], conditions: [], exhaustion: 0 },
      }),
    );
    expect(flagged.total).toBe(20);
  });

  it("[13A-ESC] the die is 0 in round 1, +1 each later round, capped at 6; on by default", () => {
    expect(rs.escalationByDefault).toBe(true);
    expect([1, 2, 3, 7, 8, 20].map((r) => escalationDie(r))).toEqual([0, 1, 2, 6, 6, 6]);
    expect(escalationDie(5, 0, 2)).toBe(2); // paused by the GM
  });

  it("[13A-NAT20] a natural 20 crits and, by default, hits whatever the total", () => {
    const o = rs.resolveAttack(attack({ dice: [20], attackBonus: 0, defense: { key: "ac", value: 40 } }));
    expect(o.result).toBe("crit");
    expect(o.autoHit).toBe(true);
    expect(o.isHit && o.isCrit).toBe(true);
  });

  it("[13A-NAT20] with nat20AlwaysHits off, a natural 20 that misses is a plain miss (with its miss effect)", () => {
    const o = rs.resolveAttack(
      attack({
        dice: [20],
        attackBonus: 0,
        defense: { key: "ac", value: 40 },
        hasMissEffect: true,
        options: { nat20AlwaysHits: false },
      }),
    );
    expect(o.result).toBe("miss");
    expect(o.missEffect).toBe(true);
    expect(
      rs.resolveAttack(
        attack({ dice: [20], attackBonus: 0, defense: { key: "ac", value: 15 }, options: { nat20AlwaysHits: false } }),
      ).result,
    ).toBe("crit");
  });

  it("[13A-NAT20] crit damage doubles the whole total by default; doubleDice doubles only the dice", () => {
    const hit = parseDamage("2d6+4");
    const dt = rs.damageRecipe(recipeInput("crit", hit, { types: ["fire"] }));
    expect(dt?.multiplier).toBe(2);
    expect(dt?.roll).toEqual({ dice: [{ count: 2, faces: 6, sign: 1 }], flat: 4 });
    expect(dt?.types).toEqual(["fire"]);
    const dd = rs.damageRecipe(recipeInput("crit", hit, { options: { critDamage: "doubleDice" } }));
    expect(dd?.multiplier).toBe(1);
    expect(dd?.roll).toEqual({ dice: [{ count: 4, faces: 6, sign: 1 }], flat: 4 });
    const opt = rs.options.find((o) => o.key === "critDamage");
    expect(opt?.rule).toBe("13A-NAT20");
    expect(opt?.default).toBe("doubleTotal");
  });

  it("[13A-NAT1] a natural 1 misses even a trivial defense, and the miss effect does not apply", () => {
    const o = rs.resolveAttack(
      attack({ dice: [1], attackBonus: 30, defense: { key: "ac", value: 5 }, hasMissEffect: true, critRange: 19 }),
    );
    expect(o.result).toBe("autoMiss");
    expect(o.isHit).toBe(false);
    expect(o.isCrit).toBe(false);
    // "misses completely": the die forced a miss, never a hit.
    expect(o.autoMiss).toBe(true);
    expect(o.autoHit).toBe(false);
    expect(o.missEffect).toBe(false);
    const recipe = rs.damageRecipe(
      recipeInput("autoMiss", parseDamage("1d8"), {
        miss: parseDamage("3"),
        missEffect: "formula",
        missApplies: o.missEffect,
      }),
    );
    expect(recipe).toBeNull();
  });

  it("[13A-MISS] a plain miss applies the power's miss damage", () => {
    const o = rs.resolveAttack(attack({ dice: [2], attackBonus: 5, hasMissEffect: true }));
    expect(o.result).toBe("miss");
    expect(o.missEffect).toBe(true);
    const r = rs.damageRecipe(
      recipeInput("miss", parseDamage("1d8"), {
        miss: parseDamage("3"),
        missEffect: "formula",
        missApplies: o.missEffect,
      }),
    );
    expect(r?.roll).toEqual({ dice: [], flat: 3 });
    expect(r?.multiplier).toBe(1);
    const half = rs.damageRecipe(recipeInput("miss", parseDamage("2d6"), { missEffect: "half", missApplies: true }));
    expect(half?.multiplier).toBe(0.5);
    // Without a miss effect a miss deals nothing.
    expect(rs.resolveAttack(attack({ dice: [2] })).missEffect).toBe(false);
    expect(rs.damageRecipe(recipeInput("miss", parseDamage("1d8")))).toBeNull();
  });

  it("[13A-DMG] PC damage rolls weapon dice ([W] expanded); NPC flat damage works", () => {
    const a = pc({ level: 2 });
    const expr = rs.damageExpression(a, rs.deriveActor(a, {}), { ...power, damage: "2[W]+3" }, sword);
    expect(expr).toEqual({ dice: [{ count: 2, faces: 8, sign: 1 }], flat: 3 });
    const m = npc();
    const flat = rs.damageExpression(m, rs.deriveActor(m, {}), { ...power, attackAbility: null, damage: "12" }, null);
    expect(flat).toEqual({ dice: [], flat: 12 });
    const hit = rs.damageRecipe(recipeInput("hit", flat));
    expect(hit).toMatchObject({ roll: { dice: [], flat: 12 }, multiplier: 1 });
    expect(() =>
      rs.damageExpression(a, rs.deriveActor(a, {}), { ...power, damage: "1[W]" }, { ...sword, damageDice: "1q8" }),
    ).toThrow(/weapon\.damageDice/);
  });

  it("[13A-VULN] vulnerability to any of the attack's types crits on 18+", () => {
    const vuln = { conditions: [], vulnerabilities: [{ type: "fire", value: 0 }], exhaustion: 0 };
    const o18 = rs.resolveAttack(
      attack({
        dice: [18],
        attackBonus: 5,
        defense: { key: "pd", value: 15 },
        damageTypes: ["cold", "fire"],
        target: vuln,
      }),
    );
    expect(o18.critThreshold).toBe(18);
    expect(o18.result).toBe("crit");
    const o17 = rs.resolveAttack(
      attack({ dice: [17], attackBonus: 5, defense: { key: "pd", value: 15 }, damageTypes: ["fire"], target: vuln }),
    );
    expect(o17.result).toBe("hit");
    // Not vulnerable to cold: 18 is just a hit.
    const cold = rs.resolveAttack(
      attack({ dice: [18], attackBonus: 5, defense: { key: "pd", value: 15 }, damageTypes: ["cold"], target: vuln }),
    );
    expect(cold.result).toBe("hit");
  });

  it("[13A-VULN] stacks with the attack's own crit range", () => {
    const vuln = { conditions: [], vulnerabilities: [{ type: "fire", value: 0 }], exhaustion: 0 };
    const o = rs.resolveAttack(
      attack({
        dice: [17],
        attackBonus: 5,
        defense: { key: "pd", value: 15 },
        damageTypes: ["fire"],
        target: vuln,
        critRange: 1,
      }),
    );
    expect(o.critThreshold).toBe(17);
    expect(o.result).toBe("crit");
  });

  it("[13A-VULN] expanded-range crit that misses on the total: hits by default, misses with expandedCritHits off", () => {
    const vuln = { conditions: [], vulnerabilities: [{ type: "fire", value: 0 }], exhaustion: 0 };
    const input = attack({
      dice: [18],
      attackBonus: 0,
      defense: { key: "pd", value: 25 },
      damageTypes: ["fire"],
      target: vuln,
      hasMissEffect: true,
    });
    const dflt = rs.resolveAttack(input);
    expect(dflt.result).toBe("crit");
    expect(dflt.autoHit).toBe(true);
    const off = rs.resolveAttack({ ...input, options: { expandedCritHits: false } });
    expect(off.result).toBe("miss");
    expect(off.isCrit).toBe(false);
    expect(off.missEffect).toBe(true);
    expect(rs.options.find((o) => o.key === "expandedCritHits")?.rule).toBe("13A-VULN");
  });

  it("[13A-NORECOV] each recovery used without any left gives −1 to attacks and every defense", () => {
    const a = pc({
      recoveries: { value: 0, max: 8, formula: "1d8", noRecoveryUses: 2, ralliesThisBattle: 0, battlesSinceHealUp: 0 },
      defenses: { ac: { base: 16, bonus: 0 } },
    });
    const d = rs.deriveActor(a, {});
    expect(d.defenses).toEqual({ ac: 14, pd: 8, md: 8 });
    expect(d.attackPenalties).toEqual([{ key: "noRecovery", label: "D20C.Age13.Modifier.noRecovery", value: -2 }]);
    const o = rs.resolveAttack(
      attack({
        dice: [15],
        attackBonus: 5,
        attacker: {
          kind: "character",
          usesEscalation: false,
          penalties: d.attackPenalties,
          conditions: [],
          exhaustion: 0,
        },
      }),
    );
    expect(o.total).toBe(18);
    expect(o.result).toBe("miss");
  });

  it("refuses a d20 face that isn't one, naming the field", () => {
    expect(() => rs.resolveAttack(attack({ dice: [21] }))).toThrow(/attack\.dice\[0\]/);
    expect(() => rs.resolveAttack(attack({ dice: [10], attackBonus: Number.NaN }))).toThrow(/attack\.attackBonus/);
  });
});
