import { beforeEach, describe, expect, it } from "vitest";
import { ffd20 } from "../../../src/engine/rulesets/ffd20/index.js";
import { EngineError } from "../../../src/engine/errors.js";
import { parseDamage } from "../../../src/engine/dice.js";
import type { ActorSource, DamageRecipeInput, DerivedActor } from "../../../src/engine/types.js";
import { recipeInput } from "../../support/engine-fixtures.js";
import { attack, pc, power, situation, weapon } from "./fixtures.js";

const sum = (mods: { value: number }[]): number => mods.reduce((s, m) => s + m.value, 0);
const mod = (mods: { key: string; value: number }[], key: string): number | undefined =>
  mods.find((m) => m.key === key)?.value;

describe("FFd20 defenses", () => {
  // level 7 (½ = 3); Str 16 (+3) Con 12 (+1) Dex 14 (+2) Int 18 (+4) Wis 8 (−1) Cha 13 (+1)
  const abilities = { str: 16, dex: 14, con: 12, int: 18, wis: 8, cha: 13 };

  it("[FF-DEF] base 10 + ½ level; AC adds armor, shield and the better of Dex/Int in light armor; Fort/Ref/Will their pairs", () => {
    const a = pc({ level: 7, abilities, armor: { armorBonus: 2, shieldBonus: 1, maxDex: null, heavy: false } });
    const d = ffd20.deriveActor(a, {}).defenses;
    expect(d["ac"]).toBe(10 + 3 + 2 + 1 + 4); // Int beats Dex
    expect(d["fort"]).toBe(10 + 3 + 3); // Str beats Con
    expect(d["ref"]).toBe(10 + 3 + 4 + 1); // Int + shield
    expect(d["will"]).toBe(10 + 3 + 1); // Cha beats Wis
  });

  it("[FF-DEF] heavy armor: no Dex/Int to AC (Reflex keeps it); bonus adds; a stat-block base is used as given", () => {
    const a = pc({
      level: 7,
      abilities,
      armor: { armorBonus: 8, shieldBonus: 0, maxDex: null, heavy: true },
      defenses: { ac: { base: null, bonus: 1 }, will: { base: 25, bonus: 2 } },
    });
    const d = ffd20.deriveActor(a, {}).defenses;
    expect(d["ac"]).toBe(10 + 3 + 8 + 1);
    expect(d["ref"]).toBe(10 + 3 + 4);
    expect(d["will"]).toBe(27);
  });
});

describe("FFd20 attack bonus", () => {
  it("[FF-ATKBONUS] ½ level (down) + ability + proficiency + enhancement + power + misc, itemised", () => {
    const a = pc({ level: 5, abilities: { str: 18, dex: 10, con: 10, int: 10, wis: 10, cha: 10 }, attackBonus: 1 });
    const parts = ffd20.attackBonus(
      a,
      ffd20.deriveActor(a, {}),
      power({ attackBonus: 2 }),
      weapon({ proficiencyBonus: 3, enhancement: 1 }),
    );
    expect(mod(parts, "halfLevel")).toBe(2);
    expect(mod(parts, "ability")).toBe(4);
    expect(mod(parts, "proficiency")).toBe(3);
    expect(mod(parts, "enhancement")).toBe(1);
    expect(mod(parts, "power")).toBe(2);
    expect(mod(parts, "misc")).toBe(1);
    expect(sum(parts)).toBe(13);
    expect(parts.every((p) => p.label.startsWith("D20C."))).toBe(true);
  });

  it("[FF-ATKBONUS] no proficiency bonus with a weapon the wielder is not proficient with", () => {
    const a = pc({ level: 2 });
    const parts = ffd20.attackBonus(
      a,
      ffd20.deriveActor(a, {}),
      power(),
      weapon({ proficient: false, proficiencyBonus: 3 }),
    );
    expect(mod(parts, "proficiency")).toBeUndefined();
    expect(sum(parts)).toBe(1);
  });

  it("[FF-ATKBONUS] a stat-block attack (no ability) is its flat bonus only", () => {
    const a = pc({ level: 10 });
    const parts = ffd20.attackBonus(a, ffd20.deriveActor(a, {}), power({ attackAbility: null, attackBonus: 14 }), null);
    expect(sum(parts)).toBe(14);
  });
});

describe("FFd20 attack resolution", () => {
  it("[FF-ATK] d20 + bonus against the chosen defense: equal hits, one less misses", () => {
    expect(ffd20.resolveAttack(attack({ dice: [13] })).result).toBe("hit"); // 13 + 5 = 18 vs 18
    const miss = ffd20.resolveAttack(attack({ dice: [12] }));
    expect(miss.result).toBe("miss");
    expect(miss.total).toBe(17);
    expect(miss.defenseKey).toBe("ac");
  });

  it("[FF-NAT20] a natural 20 whose total misses is an automatic hit but not a critical hit", () => {
    const o = ffd20.resolveAttack(attack({ dice: [20], attackBonus: 2, defense: { key: "will", value: 30 } }));
    expect(o.total).toBe(22);
    expect(o.isHit).toBe(true);
    expect(o.isCrit).toBe(false);
    expect(o.result).toBe("hit");
    expect(o.autoHit).toBe(true);
  });

  it("[FF-NAT20] a natural 20 whose total hits is a critical hit", () => {
    const o = ffd20.resolveAttack(attack({ dice: [20], attackBonus: 2, defense: { key: "ac", value: 22 } }));
    expect(o.result).toBe("crit");
    expect(o.autoHit).toBe(false);
  });

  it("[FF-PRECISION] an expanded crit range crits only when the total hits, and never auto-hits", () => {
    const hits = ffd20.resolveAttack(
      attack({ dice: [19], critRange: 1, attackBonus: 5, defense: { key: "ac", value: 24 } }),
    );
    expect(hits.critThreshold).toBe(19);
    expect(hits.result).toBe("crit");
    const misses = ffd20.resolveAttack(
      attack({ dice: [19], critRange: 1, attackBonus: 5, defense: { key: "ac", value: 25 } }),
    );
    expect(misses.result).toBe("miss");
    expect(misses.isCrit).toBe(false);
    const outside = ffd20.resolveAttack(
      attack({ dice: [18], critRange: 1, attackBonus: 10, defense: { key: "ac", value: 10 } }),
    );
    expect(outside.result).toBe("hit");
  });

  it("[FF-NAT1] a natural 1 misses even when the total beats the defense", () => {
    const o = ffd20.resolveAttack(attack({ dice: [1], attackBonus: 30, defense: { key: "ac", value: 10 } }));
    expect(o.result).toBe("autoMiss");
    expect(o.isHit).toBe(false);
    expect(o.reasons).toContain("D20C.FF.Reason.Natural1");
  });

  it("[FF-MISS] a power's miss effect still applies on a natural 1 (it is a miss like any other)", () => {
    const o = ffd20.resolveAttack(attack({ dice: [1], hasMissEffect: true }));
    expect(o.missEffect).toBe(true);
    expect(ffd20.resolveAttack(attack({ dice: [2], hasMissEffect: false })).missEffect).toBe(false);
    expect(ffd20.resolveAttack(attack({ dice: [19], hasMissEffect: true })).missEffect).toBe(false);
  });

  it("[FF-CA] combat advantage adds +2, from the dialog or from a target that cannot give full attention", () => {
    const base = ffd20.resolveAttack(attack({ dice: [11] }));
    const ca = ffd20.resolveAttack(attack({ dice: [11], situation: situation({ combatAdvantage: true }) }));
    expect(ca.total - base.total).toBe(2);
    expect(base.result).toBe("miss");
    expect(ca.result).toBe("hit");
    const stunned = ffd20.resolveAttack(
      attack({ dice: [11], target: { conditions: ["stunned"], vulnerabilities: [], exhaustion: 0 } }),
    );
    expect(mod(stunned.modifiers, "combatAdvantage")).toBe(2);
    const dying = ffd20.resolveAttack(
      attack({ dice: [11], target: { conditions: ["dying"], vulnerabilities: [], exhaustion: 0 } }),
    );
    expect(mod(dying.modifiers, "combatAdvantage")).toBe(2); // dying implies unconscious
  });

  it("[FF-CA] no combat advantage against a target the attacker cannot see", () => {
    const o = ffd20.resolveAttack(
      attack({
        dice: [11],
        situation: situation({ combatAdvantage: true }),
        attacker: { kind: "character", usesEscalation: false, penalties: [], conditions: ["blinded"], exhaustion: 0 },
      }),
    );
    expect(mod(o.modifiers, "combatAdvantage")).toBeUndefined();
    expect(o.reasons).toContain("D20C.FF.Reason.NoCombatAdvantageUnseen");
  });

  it("[FF-COVER] cover −2, superior cover −5, for every kind of attack as the adapter judges it", () => {
    for (const range of ["melee", "ranged", "close", "area"] as const) {
      const none = ffd20.resolveAttack(attack({ dice: [10], range }));
      expect(ffd20.resolveAttack(attack({ dice: [10], range, situation: situation({ cover: "partial" }) })).total).toBe(
        none.total - 2,
      );
      expect(
        ffd20.resolveAttack(attack({ dice: [10], range, situation: situation({ cover: "superior" }) })).total,
      ).toBe(none.total - 5);
    }
  });

  it("[FF-CONCEAL] concealment −2 / total −5 against melee and ranged attacks; no penalty for close or area", () => {
    const melee = ffd20.resolveAttack(
      attack({ dice: [10], range: "melee", situation: situation({ concealment: "partial" }) }),
    );
    const ranged = ffd20.resolveAttack(
      attack({ dice: [10], range: "ranged", situation: situation({ concealment: "total" }) }),
    );
    const area = ffd20.resolveAttack(
      attack({ dice: [10], range: "area", situation: situation({ concealment: "total" }) }),
    );
    const close = ffd20.resolveAttack(
      attack({ dice: [10], range: "close", situation: situation({ concealment: "partial" }) }),
    );
    expect(melee.total).toBe(15 - 2);
    expect(ranged.total).toBe(15 - 5);
    expect(area.total).toBe(15);
    expect(close.total).toBe(15);
    expect(area.reasons).toContain("D20C.FF.Reason.ConcealmentIgnored");
  });

  it("[FF-INVIS] attacking the wrong square is an automatic miss, even on a natural 20, with no reason shown", () => {
    const o = ffd20.resolveAttack(
      attack({ dice: [20], hasMissEffect: true, situation: situation({ wrongSquare: true, concealment: "total" }) }),
    );
    expect(o.result).toBe("autoMiss");
    expect(o.isHit).toBe(false);
    expect(o.reasons).toEqual([]);
    expect(o.missEffect).toBe(false);
  });

  it("[FF-INVIS] an invisible attacker has combat advantage against a target that can see normally", () => {
    const o = ffd20.resolveAttack(
      attack({
        dice: [11],
        attacker: { kind: "character", usesEscalation: false, penalties: [], conditions: ["invisible"], exhaustion: 0 },
      }),
    );
    expect(mod(o.modifiers, "combatAdvantage")).toBe(2);
    expect(o.reasons).toContain("D20C.FF.Reason.InvisibleAttacker");
  });

  it("[FF-ATK] bad dice are refused with an error naming the field", () => {
    expect(() => ffd20.resolveAttack(attack({ dice: [21] }))).toThrow(EngineError);
    expect(() => ffd20.resolveAttack(attack({ dice: [] }))).toThrow(/attack\.dice/);
    expect(() => ffd20.resolveAttack(attack({ dice: [10], defense: { key: "ac", value: Number.NaN } }))).toThrow(
      /defense/,
    );
  });
});

describe("FFd20 damage expressions and recipes", () => {
  // Built before each test, not while the file is collected (docs/testing.md, "Fixtures are built inside tests").
  let a: ActorSource;
  let d: DerivedActor;
  beforeEach(() => {
    a = pc();
    d = ffd20.deriveActor(a, {});
  });

  it("[FF-WDICE] N[W] is N times the weapon's dice: 2[W] with a 1d4 dagger = 2d4, with a 2d6 flail = 4d6", () => {
    expect(ffd20.damageExpression(a, d, power({ damage: "2[W]+3" }), weapon({ damageDice: "1d4" }))).toEqual({
      dice: [{ count: 2, faces: 4, sign: 1 }],
      flat: 3,
    });
    expect(
      ffd20.damageExpression(a, d, power({ damage: "2[W]+3" }), weapon({ damageDice: "2d6", enhancement: 2 })),
    ).toEqual({ dice: [{ count: 4, faces: 6, sign: 1 }], flat: 5 });
  });

  it("[FF-WDICE] malformed weapon dice or a [W] without a weapon are refused, naming the field", () => {
    expect(() => ffd20.damageExpression(a, d, power({ damage: "1[W]" }), weapon({ damageDice: "1d8+2" }))).toThrow(
      /weapon\.damageDice/,
    );
    expect(() => ffd20.damageExpression(a, d, power({ damage: "1[W]" }), null)).toThrow(/power\.damage/);
    expect(ffd20.damageExpression(a, d, power({ damage: "" }), weapon())).toBeNull();
  });

  const recipe = (over: Partial<DamageRecipeInput>): DamageRecipeInput =>
    recipeInput("hit", parseDamage("2d6+4"), { types: ["fire"], ...over });

  it("[FF-CRITDMG] a crit is the hit expression's maximum (2d6+4 → 16), extra crit dice rolled, not maximised", () => {
    const r = ffd20.damageRecipe(recipe({ outcome: "crit", critExtra: parseDamage("1d6") }));
    expect(r?.flatBonus).toBe(16);
    expect(r?.roll).toEqual({ dice: [{ count: 1, faces: 6, sign: 1 }], flat: 0 });
    expect(r?.multiplier).toBe(1);
    const plain = ffd20.damageRecipe(recipe({ outcome: "crit" }));
    expect(plain?.flatBonus).toBe(16);
    expect(plain?.roll.dice).toEqual([]);
  });

  it("[FF-CRITDMG] an attack that deals no damage deals none on a crit either", () => {
    expect(ffd20.damageRecipe(recipe({ outcome: "crit", hit: null, critExtra: parseDamage("1d6") }))).toBeNull();
  });

  it("[FF-MISS] a miss does nothing unless the power names a miss effect: half damage or its own formula", () => {
    expect(ffd20.damageRecipe(recipe({ outcome: "miss" }))).toBeNull();
    const half = ffd20.damageRecipe(recipe({ outcome: "autoMiss", missEffect: "half", missApplies: true }));
    expect(half?.multiplier).toBe(0.5);
    expect(half?.roll).toEqual(parseDamage("2d6+4"));
    const f = ffd20.damageRecipe(
      recipe({ outcome: "miss", missEffect: "formula", missApplies: true, miss: parseDamage("3") }),
    );
    expect(f?.roll.flat).toBe(3);
    expect(ffd20.damageRecipe(recipe({ outcome: "miss", missEffect: "half", missApplies: false }))).toBeNull();
  });
});
