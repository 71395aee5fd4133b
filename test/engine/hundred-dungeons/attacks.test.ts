import { describe, expect, it } from "vitest";
import fc from "../../support/seeded-fc.js";
import { hundredDungeons as hd } from "../../../src/engine/rulesets/hundred-dungeons/index.js";
import { EngineError } from "../../../src/engine/errors.js";
import { formatDamage } from "../../../src/engine/dice.js";
import { recipeInput } from "../../support/engine-fixtures.js";
import { attack, hdActor, power, situation, weapon } from "./fixtures.js";

const derived = (a = hdActor()) => hd.deriveActor(a, {});

describe("Hundred Dungeons attack bonus and defense", () => {
  it("[HD-ATK] melee weapon attacks roll Strength; ammunition weapons roll Dexterity; thrown weapons Strength", () => {
    const a = hdActor({ abilities: { str: 3, dex: 5, con: 0, int: 0, wis: 0, cha: 0 } });
    const melee = hd.attackBonus(a, derived(a), power(), weapon());
    expect(melee.find((m) => m.key === "ability")?.value).toBe(3);
    // Even if the power names Strength, a bow is an ammunition weapon.
    const bow = hd.attackBonus(
      a,
      derived(a),
      power({ attackAbility: "str", range: "ranged" }),
      weapon({ ranged: true, name: "Shortbow" }),
    );
    expect(bow.find((m) => m.key === "ability")?.value).toBe(5);
    const javelin = hd.attackBonus(
      a,
      derived(a),
      power({ range: "ranged" }),
      weapon({ ranged: true, thrown: true, name: "Javelin" }),
    );
    expect(javelin.find((m) => m.key === "ability")?.value).toBe(3);
  });

  it("[HD-ATK] spells roll the power's spellcasting ability", () => {
    const a = hdActor({ abilities: { str: 0, dex: 0, con: 0, int: 4, wis: 2, cha: 0 } });
    const mods = hd.attackBonus(a, derived(a), power({ attackAbility: "int", range: "ranged" }), null);
    expect(mods.reduce((s, m) => s + m.value, 0)).toBe(4);
  });

  it("[HD-ATK] renown is added only when a weapon skill covers the weapon (by class or by name)", () => {
    const a = hdActor({ renown: 2, weaponSkills: ["Martial"] });
    const covered = hd.attackBonus(a, derived(a), power(), weapon({ weaponClass: "martial" }));
    expect(covered.find((m) => m.key === "renown")?.value).toBe(2);
    const notCovered = hd.attackBonus(a, derived(a), power(), weapon({ weaponClass: "heavy", name: "Maul" }));
    expect(notCovered.some((m) => m.key === "renown")).toBe(false);
    const byName = hdActor({ renown: 1, weaponSkills: ["maul"] });
    expect(
      hd
        .attackBonus(byName, derived(byName), power(), weapon({ weaponClass: "heavy", name: "Maul" }))
        .find((m) => m.key === "renown")?.value,
    ).toBe(1);
  });

  it("[HD-ATK] a roll that meets the defense hits; one below misses", () => {
    expect(hd.resolveAttack(attack({ dice: [10], attackBonus: 3, defense: { key: "def", value: 13 } })).result).toBe(
      "hit",
    );
    expect(hd.resolveAttack(attack({ dice: [9], attackBonus: 3, defense: { key: "def", value: 13 } })).result).toBe(
      "miss",
    );
  });

  it("[HD-ATK] a PC's defense is derived as 10 + armor + shield + bonus; a stat-block value wins", () => {
    const pc = hdActor({
      armor: { armorBonus: 3, shieldBonus: 1, maxDex: null, heavy: false },
      defenses: { def: { base: null, bonus: 1 } },
    });
    expect(derived(pc).defenses.def).toBe(15);
    const npc = hdActor({
      kind: "npc",
      armor: { armorBonus: 3, shieldBonus: 1, maxDex: null, heavy: false },
      defenses: { def: { base: 12, bonus: 0 } },
    });
    expect(derived(npc).defenses.def).toBe(12);
  });
});

describe("Hundred Dungeons natural 1 and 20", () => {
  it("[HD-CRIT] a natural 20 hits and crits even when the total is below the defense", () => {
    const o = hd.resolveAttack(attack({ dice: [20], attackBonus: -5, defense: { key: "def", value: 30 } }));
    expect(o.result).toBe("crit");
    expect(o.isHit && o.isCrit && o.autoHit).toBe(true);
  });

  it("[HD-CRIT] a natural 1 misses even when the total beats the defense, and vetoes a miss effect", () => {
    const o = hd.resolveAttack(
      attack({ dice: [1], attackBonus: 30, defense: { key: "def", value: 5 }, hasMissEffect: true }),
    );
    expect(o.result).toBe("autoMiss");
    expect(o.isHit).toBe(false);
    expect(o.missEffect).toBe(false);
    const plainMiss = hd.resolveAttack(
      attack({ dice: [2], attackBonus: 0, defense: { key: "def", value: 15 }, hasMissEffect: true }),
    );
    expect(plainMiss.missEffect).toBe(true);
  });

  it("[HD-CRIT] a natural 19 that hits is an ordinary hit (only 20 crits)", () => {
    const o = hd.resolveAttack(attack({ dice: [19], attackBonus: 0, defense: { key: "def", value: 10 } }));
    expect(o.result).toBe("hit");
    expect(o.critThreshold).toBe(20);
  });

  it("[HD-CRIT] [HD-DMG] critical damage doubles the whole total", () => {
    const hit = { dice: [{ count: 1, faces: 8, sign: 1 as const }], flat: 0 };
    const r = hd.damageRecipe(recipeInput("crit", hit, { types: ["slashing"] }));
    expect(r?.multiplier).toBe(2);
    expect(formatDamage(r!.roll)).toBe("1d8");
    const normal = hd.damageRecipe(recipeInput("hit", hit, { types: ["slashing"] }));
    expect(normal?.multiplier).toBe(1);
    expect(hd.damageRecipe(recipeInput("autoMiss", hit, { missEffect: "half" }))).toBeNull();
  });

  it("[HD-CRIT] property: one natural roll never both misses and crits", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -10, max: 20 }),
        fc.integer({ min: 1, max: 30 }),
        (d, bonus, def) => {
          const o = hd.resolveAttack(attack({ dice: [d], attackBonus: bonus, defense: { key: "def", value: def } }));
          expect(o.isCrit && !o.isHit).toBe(false);
          expect(o.autoMiss && o.isCrit).toBe(false);
          if (d === 20) expect(o.isCrit).toBe(true);
          if (d === 1) expect(o.isHit).toBe(false);
        },
      ),
    );
  });
});

describe("Hundred Dungeons weapon damage", () => {
  it("[HD-DMG] a weapon with no dice of its own deals its class die: simple 1d6, martial 1d8, heavy 1d10", () => {
    const a = hdActor({ abilities: { str: 4, dex: 0, con: 0, int: 0, wis: 0, cha: 0 } });
    const classDie = (weaponClass: "simple" | "martial" | "heavy") =>
      formatDamage(hd.damageExpression(a, derived(a), power(), weapon({ weaponClass }))!);
    expect(classDie("simple")).toBe("1d6");
    expect(classDie("martial")).toBe("1d8");
    expect(classDie("heavy")).toBe("1d10");
    // No ability is added to damage.
    expect(formatDamage(hd.damageExpression(a, derived(a), power(), weapon({ weaponClass: "heavy" }))!)).toBe("1d10");
    expect(
      formatDamage(hd.damageExpression(a, derived(a), power({ damage: "2[W]" }), weapon({ weaponClass: "simple" }))!),
    ).toBe("2d6");
    expect(formatDamage(hd.damageExpression(a, derived(a), power({ damage: "3d6" }), null)!)).toBe("3d6");
  });

  it("[HD-DMG] malformed weapon dice throw an EngineError naming the field", () => {
    const a = hdActor();
    const dice = (damageDice: string) => () => hd.damageExpression(a, derived(a), power(), weapon({ damageDice }));
    expect(dice("1d8+x")).toThrow(EngineError);
    expect(dice("1d8+3")).toThrow(expect.objectContaining({ field: "weapon.damageDice" }));
  });
});

describe("Hundred Dungeons mighty and weak", () => {
  it("[HD-MIGHTY] mighty keeps the higher of two d20s, weak the lower", () => {
    const mighty = hd.resolveAttack(attack({ dice: [4, 17], situation: situation({ mighty: 1 }) }));
    expect(mighty.mode).toBe("mighty");
    expect(mighty.natural).toBe(17);
    const weak = hd.resolveAttack(attack({ dice: [4, 17], situation: situation({ weak: 1 }) }));
    expect(weak.natural).toBe(4);
    expect(() => hd.resolveAttack(attack({ dice: [4], situation: situation({ weak: 1 }) }))).toThrow(EngineError);
  });

  it("[HD-MIGHTY] one mighty and one weak cancel; by default any weak cancels any number of mighty", () => {
    expect(hd.attackMode(attack({ situation: situation({ mighty: 1, weak: 1 }) }))).toBe("normal");
    expect(hd.attackMode(attack({ situation: situation({ mighty: 2, weak: 1 }) }))).toBe("normal");
  });

  it("[HD-MIGHTY] with mightyCancel = pairs, sources cancel one for one", () => {
    const options = { mightyCancel: "pairs" };
    expect(hd.attackMode(attack({ options, situation: situation({ mighty: 2, weak: 1 }) }))).toBe("mighty");
    expect(hd.attackMode(attack({ options, situation: situation({ mighty: 1, weak: 1 }) }))).toBe("normal");
    expect(hd.options.find((o) => o.key === "mightyCancel")?.rule).toBe("HD-MIGHTY");
  });

  it("[HD-MIGHTY] [HD-COND] conditions of the attacker and the target set the mode", () => {
    expect(hd.attackMode(attack({ attacker: { ...attack().attacker, conditions: ["poisoned"] } }))).toBe("weak");
    expect(hd.attackMode(attack({ attacker: { ...attack().attacker, conditions: ["invisible"] } }))).toBe("mighty");
    expect(hd.attackMode(attack({ target: { ...attack().target, conditions: ["restrained"] } }))).toBe("mighty");
    expect(hd.attackMode(attack({ target: { ...attack().target, conditions: ["invisible"] } }))).toBe("weak");
    // Prone: melee against it mighty, ranged against it weak.
    expect(hd.attackMode(attack({ range: "melee", target: { ...attack().target, conditions: ["prone"] } }))).toBe(
      "mighty",
    );
    expect(hd.attackMode(attack({ range: "ranged", target: { ...attack().target, conditions: ["prone"] } }))).toBe(
      "weak",
    );
    // Blinded attacker sees everyone as invisible: weak; attacks against a blinded creature are mighty.
    expect(hd.attackMode(attack({ attacker: { ...attack().attacker, conditions: ["blinded"] } }))).toBe("weak");
    expect(hd.attackMode(attack({ target: { ...attack().target, conditions: ["blinded"] } }))).toBe("mighty");
  });

  it("[HD-MIGHTY] [HD-COND] exhaustion level 3 makes the attacker's rolls weak; level 2 does not", () => {
    expect(hd.attackMode(attack({ attacker: { ...attack().attacker, exhaustion: 2 } }))).toBe("normal");
    expect(hd.attackMode(attack({ attacker: { ...attack().attacker, exhaustion: 3 } }))).toBe("weak");
    // Level 5 stuns: attacks against the creature are mighty.
    expect(hd.attackMode(attack({ target: { ...attack().target, exhaustion: 5 } }))).toBe("mighty");
  });

  it("[HD-QUICK] Dodge makes attacks against the dodger weak, unless it is incapacitated", () => {
    expect(hd.attackMode(attack({ target: { ...attack().target, conditions: ["dodging"] } }))).toBe("weak");
    expect(hd.attackMode(attack({ target: { ...attack().target, conditions: ["dodging", "stunned"] } }))).toBe(
      "mighty",
    );
  });

  it("[HD-ACTIONS] Help makes the helped creature's attack mighty", () => {
    expect(hd.attackMode(attack({ attacker: { ...attack().attacker, conditions: ["helped"] } }))).toBe("mighty");
  });
});

describe("Hundred Dungeons ranged, cover, hiding, underwater", () => {
  it("[HD-RANGED] a ranged attack within an enemy's melee reach is weak; a melee attack is not", () => {
    expect(hd.attackMode(attack({ range: "ranged", situation: situation({ withinMeleeReach: true }) }))).toBe("weak");
    expect(hd.attackMode(attack({ range: "ranged", situation: situation({ withinMeleeReach: false }) }))).toBe(
      "normal",
    );
    expect(hd.attackMode(attack({ range: "melee", situation: situation({ withinMeleeReach: true }) }))).toBe("normal");
  });

  it("[HD-COVER] partial cover adds 5 to the defense for that attack", () => {
    const o = hd.resolveAttack(
      attack({
        dice: [12],
        attackBonus: 3,
        defense: { key: "def", value: 13 },
        situation: situation({ cover: "partial" }),
      }),
    );
    expect(o.defense).toBe(18);
    expect(o.result).toBe("miss");
    const o2 = hd.resolveAttack(
      attack({
        dice: [15],
        attackBonus: 3,
        defense: { key: "def", value: 13 },
        situation: situation({ cover: "partial" }),
      }),
    );
    expect(o2.result).toBe("hit");
  });

  it("[HD-COVER] total cover is an automatic miss, even on a natural 20", () => {
    const o = hd.resolveAttack(attack({ dice: [20], situation: situation({ cover: "total" }) }));
    expect(o.result).toBe("autoMiss");
    expect(o.isCrit).toBe(false);
  });

  it("[HD-HIDE] attacking a creature you are hidden from is mighty; attacking a hidden creature's space is weak", () => {
    expect(hd.attackMode(attack({ attacker: { ...attack().attacker, conditions: ["hidden"] } }))).toBe("mighty");
    expect(hd.attackMode(attack({ target: { ...attack().target, conditions: ["hidden"] } }))).toBe("weak");
  });

  it("[HD-HIDE] attacking the wrong space simply misses, even on a natural 20", () => {
    const o = hd.resolveAttack(attack({ dice: [20], situation: situation({ wrongSquare: true }) }));
    expect(o.result).toBe("autoMiss");
  });

  it("[HD-WATER] underwater without a swim speed attacks are weak, except with dagger, net, spear or trident", () => {
    const under = { ...attack().attacker, conditions: ["underwater"] };
    expect(hd.attackMode(attack({ attacker: under, weaponName: "Longsword" }))).toBe("weak");
    expect(hd.attackMode(attack({ attacker: under, weaponName: "Trident" }))).toBe("normal");
    expect(hd.attackMode(attack({ attacker: under, weaponName: "Dagger" }))).toBe("normal");
    expect(hd.attackMode(attack({ attacker: { ...under, swimSpeed: true }, weaponName: "Longsword" }))).toBe("normal");
    expect(hd.attackMode(attack({ weaponName: "Longsword" }))).toBe("normal");
  });

  it("[HD-COND] melee attacks against a paralyzed creature hit automatically; ranged ones don't; a natural 1 still misses", () => {
    const t = { ...attack().target, conditions: ["paralyzed"] };
    const melee = hd.resolveAttack(
      attack({ dice: [3, 2], attackBonus: 0, defense: { key: "def", value: 25 }, target: t }),
    );
    expect(melee.mode).toBe("mighty");
    expect(melee.result).toBe("hit");
    expect(melee.autoHit).toBe(true);
    const ranged = hd.resolveAttack(
      attack({ range: "ranged", dice: [3, 2], attackBonus: 0, defense: { key: "def", value: 25 }, target: t }),
    );
    expect(ranged.result).toBe("miss");
    const nat1 = hd.resolveAttack(attack({ dice: [1, 1], defense: { key: "def", value: 5 }, target: t }));
    expect(nat1.result).toBe("autoMiss");
  });
});
