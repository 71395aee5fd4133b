import { describe, expect, it } from "vitest";
import { actor, hurt, wd } from "./fixtures.js";

const armored = (dex: number, maxDex: number | null) =>
  actor({
    abilities: { str: 10, dex, con: 10, int: 10, wis: 10, cha: 10 },
    armor: { armorBonus: 5, shieldBonus: 2, maxDex, heavy: false },
  });

describe("Wounds d20 armor classes", () => {
  it("[WD-AC] AC is 10 + armor + shield + Dex modifier + bonuses", () => {
    const a = armored(14, null); // Dex +2
    a.defenses = { ac: { base: null, bonus: 1 } };
    expect(wd.deriveActor(a, {}).defenses.ac).toBe(10 + 5 + 2 + 2 + 1);
  });

  it("[WD-AC] armor caps the Dex bonus it lets through, but not a Dex penalty", () => {
    expect(wd.deriveActor(armored(18, 1), {}).defenses.ac).toBe(10 + 5 + 2 + 1); // +4 capped to +1
    expect(wd.deriveActor(armored(6, 1), {}).defenses.ac).toBe(10 + 5 + 2 - 2); // −2 kept
  });

  it("[WD-TOUCH] touch AC drops the armor bonus and keeps shield, Dex and bonuses", () => {
    const a = armored(14, null);
    a.defenses = { ac: { base: null, bonus: 1 } };
    const d = wd.deriveActor(a, {}).defenses;
    expect(d.touch).toBe(d.ac! - 5);
    expect(d.touch).toBe(10 + 2 + 2 + 1);
  });

  it("[WD-FLAT] flat-footed AC loses a Dex bonus", () => {
    const d = wd.deriveActor(armored(16, null), {}).defenses; // Dex +3
    expect(d.flat).toBe(d.ac! - 3);
  });

  it("[WD-FLAT] a Dex penalty still applies when caught off guard", () => {
    const d = wd.deriveActor(armored(7, null), {}).defenses; // Dex −2
    expect(d.flat).toBe(d.ac);
    expect(d.flat).toBe(10 + 5 + 2 - 2);
  });

  it("[WD-FLAT] a stat-block AC is worked back to touch and flat-footed", () => {
    const a = armored(14, null);
    a.defenses = { ac: { base: 18, bonus: 0 } };
    const d = wd.deriveActor(a, {}).defenses;
    expect(d).toEqual({ ac: 18, touch: 13, flat: 16, touchFlat: 11 });
  });

  it("[WD-TOUCH] [WD-FLAT] a touch attack on a creature caught off guard ignores both the armor and the Dex bonus", () => {
    const d = wd.deriveActor(armored(16, null), {}).defenses; // Dex +3, armor 5, shield 2
    expect(d.touchFlat).toBe(10 + 2);
    expect(d.touchFlat).toBeLessThan(Math.min(d.touch!, d.flat!));
    const clumsy = wd.deriveActor(armored(7, null), {}).defenses; // Dex −2 still counts
    expect(clumsy.touchFlat).toBe(10 + 2 - 2);
  });
});

describe("Wounds d20 bloodied and wounded", () => {
  it("[WD-BLOODIED] damage of exactly half max HP bloodies and costs −1 on attacks and initiative", () => {
    const below = wd.deriveActor(hurt(20, 9), {});
    const at = wd.deriveActor(hurt(20, 10), {});
    expect(below.bloodied).toBe(false);
    expect(below.attackPenalties).toEqual([]);
    expect(at.bloodied).toBe(true);
    expect(at.attackPenalties.map((m) => [m.key, m.value])).toEqual([["bloodied", -1]]);
    expect(at.initiative).toBe(below.initiative - 1);
  });

  it("[WD-BLOODIED] with an odd maximum, half is not rounded down", () => {
    expect(wd.deriveActor(hurt(9, 4), {}).bloodied).toBe(false); // 4 < 4.5
    expect(wd.deriveActor(hurt(9, 5), {}).bloodied).toBe(true);
  });

  it("[WD-WOUNDED] damage of three quarters adds a further −1 that stacks with bloodied", () => {
    const d = wd.deriveActor(hurt(20, 15), {});
    expect(d.wounded).toBe(true);
    expect(d.attackPenalties.reduce((s, m) => s + m.value, 0)).toBe(-2);
    expect(wd.deriveActor(hurt(20, 14), {}).wounded).toBe(false);
    expect(d.initiative).toBe(wd.deriveActor(hurt(20, 0), {}).initiative - 2);
  });

  it("[WD-DAMAGE] damage taken is counted up from max − current HP, past max when HP go negative", () => {
    expect(wd.deriveActor(hurt(20, 7), {}).damageTaken).toBe(7);
    expect(wd.deriveActor(hurt(20, 26), {}).damageTaken).toBe(26);
  });
});

describe("Wounds d20 saves", () => {
  const a = actor({ baseSaveBonus: 3, abilities: { str: 10, dex: 16, con: 10, int: 10, wis: 14, cha: 8 } });

  it("[WD-SAVES] charm takes the higher of Cha or Wis, reflex takes Dex, death/fear/spell base only", () => {
    const s = wd.deriveActor(a, {}).saves;
    expect(s).toEqual({ charm: 3 + 2, reflex: 3 + 3, death: 3, fear: 3, spell: 3 });
    const chaHigh = wd.deriveActor(
      actor({ baseSaveBonus: 0, abilities: { ...a.abilities, cha: 18, wis: 6 } }),
      {},
    ).saves;
    expect(chaHigh.charm).toBe(4);
  });

  it("[WD-SAVES] a sheet save rolls d20 + that save's bonus", () => {
    const req = wd.saveRequest(a, wd.deriveActor(a, {}), "reflex", "normal", "A");
    expect(req.formula).toBe("1d20 + 6");
    expect(() => wd.saveRequest(a, wd.deriveActor(a, {}), "fortitude", "normal", "A")).toThrow(/save\.kind/);
  });

  it("[WD-SAVES] natural 1 fails and natural 20 succeeds whatever the total", () => {
    const req = { ...wd.saveRequest(a, wd.deriveActor(a, {}), "spell", "normal", "A"), target: 15 };
    expect(wd.resolveRoll(a, req, { total: 30, natural: 1 }, {}).events[0]!.key).toBe("D20C.WD.Event.SaveFailure");
    expect(wd.resolveRoll(a, req, { total: 12, natural: 20 }, {}).events[0]!.key).toBe("D20C.WD.Event.SaveSuccess");
    expect(wd.resolveRoll(a, req, { total: 15, natural: 12 }, {}).events[0]!.key).toBe("D20C.WD.Event.SaveSuccess");
    expect(wd.resolveRoll(a, req, { total: 14, natural: 11 }, {}).events[0]!.key).toBe("D20C.WD.Event.SaveFailure");
  });

  it("[WD-DYING] Constitution damage from death saves lowers the Con modifier", () => {
    const d = wd.deriveActor(
      actor({ abilities: { str: 10, dex: 10, con: 14, int: 10, wis: 10, cha: 10 }, constitutionDamage: 3 }),
      {},
    );
    expect(d.abilityMods.con).toBe(0); // 14 − 3 = 11
  });
});
