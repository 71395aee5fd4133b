/**
 * The pack monsters and example powers/weapons behave as their descriptions promise when the real
 * rulesets use them: each test takes a document straight from packs/ and runs it through the engine
 * (or the attack pipeline) of its own game. The numbers asserted are worked out from the rule text
 * and the stat block, not copied from the implementation's output.
 */
import { describe, expect, it } from "vitest";
import { actorRollData } from "../../src/data/prepare.js";
import { resolveFormulaRefs } from "../../src/data/formula.js";
import { abilityModifier, defaultActorSource } from "../../src/engine/common.js";
import { parseDamage, parseWeaponDice, type DamageExpression } from "../../src/engine/dice.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type { ActorSource, AttackInput, DamagePacket, RulesetId } from "../../src/engine/types.js";
import { planAttack, plainSituation } from "../../src/engine/plans/attack.js";
import { basicWeaponAttack } from "../../src/engine/plans/item-sources.js";
import {
  defaultOptions,
  engineActor,
  loadPacks,
  packAttackRequest,
  powerOf,
  weaponOf,
  type PackActor,
  type PackItem,
} from "./pack-sources.js";

const packs = loadPacks();

function monster(rulesetId: RulesetId, name: string): PackActor {
  const pack = packs.find((p) => p.entry.name === `monsters-${rulesetId}`);
  const doc = pack?.docs.find((d) => d.doc.name === name)?.doc;
  if (!doc) throw new Error(`no monster "${name}" in monsters-${rulesetId}`);
  return doc as unknown as PackActor;
}

function packItem(rulesetId: RulesetId, name: string): PackItem {
  const pack = packs.find((p) => p.entry.name === `powers-${rulesetId}`);
  const doc = pack?.docs.find((d) => d.doc.name === name)?.doc;
  if (!doc) throw new Error(`no item "${name}" in powers-${rulesetId}`);
  return doc as unknown as PackItem;
}

function ownItem(actor: PackActor, name: string): PackItem {
  const item = actor.items.find((i) => i.name === name);
  if (!item) throw new Error(`${actor.name} has no item "${name}"`);
  return item;
}

function packet(overrides: Partial<DamagePacket>): DamagePacket {
  return {
    amount: 10,
    types: [],
    natural: null,
    critical: false,
    ongoing: false,
    fromAttack: true,
    melee: true,
    nonlethal: false,
    knockOut: false,
    ...overrides,
  };
}

/** The hit damage expression a monster's own item deals, through the real attack pipeline. */
function monsterHit(ruleset: Ruleset, actor: PackActor, itemName: string): DamageExpression | null {
  return planAttack(packAttackRequest(ruleset, actor, ownItem(actor, itemName))).hit;
}

function attackInput(ruleset: Ruleset, overrides: Partial<AttackInput>): AttackInput {
  return {
    dice: [10],
    attackBonus: 0,
    defense: { key: ruleset.defenses[0]!.key, value: 15 },
    range: "melee",
    situation: plainSituation(),
    escalation: 0,
    attacker: { kind: "npc", usesEscalation: false, penalties: [], conditions: [], exhaustion: 0 },
    target: { conditions: [], vulnerabilities: [], exhaustion: 0 },
    damageTypes: [],
    critRange: 0,
    hasMissEffect: false,
    options: defaultOptions(ruleset),
    ...overrides,
  };
}

const diceText = (e: DamageExpression | null) =>
  e ? [...e.dice.map((d) => `${d.sign < 0 ? "-" : ""}${d.count}d${d.faces}`), String(e.flat)].join(" ") : "none";

// ------------------------------------------------------------------------------------------------
describe("13th Age content", () => {
  const r = getRuleset("13th-age");
  const opts = defaultOptions(r);

  it("[13A-DMG] monsters deal flat damage (one stat block rolls dice, to show both are supported)", () => {
    const actors = packs
      .find((p) => p.entry.name === "monsters-13th-age")!
      .docs.map((d) => d.doc as unknown as PackActor);
    const dicey: string[] = [];
    for (const a of actors) {
      // A routine ([SYS-MONSTERS]) makes the creature's other powers: it deals no damage of its own.
      for (const item of a.items.filter((i) => i.type === "power" && !i.system.routine)) {
        const hit = monsterHit(r, a, item.name);
        expect(hit, `${a.name} ${item.name}`).not.toBeNull();
        if (hit!.dice.length > 0) dicey.push(a.name);
        else expect(hit!.flat, `${a.name} ${item.name}`).toBeGreaterThan(0);
      }
    }
    expect([...new Set(dicey)]).toEqual(["Hill Warlord"]);
    // The Cinder Imp's claws: 6 fire, no dice.
    expect(monsterHit(r, monster("13th-age", "Cinder Imp"), "Smoldering Claws")).toEqual({ dice: [], flat: 6 });
  });

  it("[13A-RESIST] the Cinder Imp (resist fire 16+) takes half of a fire hit below a natural 16 and all of it from 16 up", () => {
    const imp = engineActor(monster("13th-age", "Cinder Imp"));
    const low = r.applyDamage(imp, packet({ amount: 11, types: ["fire"], natural: 15 }), opts, "imp");
    expect(low.hpLost).toBe(5); // 11 halved, rounded down
    const high = r.applyDamage(imp, packet({ amount: 11, types: ["fire"], natural: 16 }), opts, "imp");
    expect(high.hpLost).toBe(11);
    const cold = r.applyDamage(imp, packet({ amount: 11, types: ["cold"], natural: 2 }), opts, "imp");
    expect(cold.hpLost).toBe(11);
  });

  it("[13A-VULN] fire crits the Grave Moth Swarm on a natural 18 that a non-fire attack only hits with", () => {
    const moths = engineActor(monster("13th-age", "Grave Moth Swarm"));
    const base = {
      dice: [18],
      attackBonus: 5,
      defense: { key: "ac", value: 16 },
      target: { conditions: [], vulnerabilities: moths.vulnerabilities, exhaustion: 0 },
    };
    expect(r.resolveAttack(attackInput(r, { ...base, damageTypes: ["fire"] })).result).toBe("crit");
    expect(r.resolveAttack(attackInput(r, { ...base, damageTypes: ["cold"] })).result).toBe("hit");
  });

  it("[13A-ESC] the Rime Wyrmling adds the escalation die to its attacks; the Cinder Imp does not", () => {
    const wyrm = engineActor(monster("13th-age", "Rime Wyrmling"));
    const imp = engineActor(monster("13th-age", "Cinder Imp"));
    const attackerOf = (a: ActorSource) => ({
      kind: a.kind,
      usesEscalation: a.usesEscalation,
      penalties: [],
      conditions: [],
      exhaustion: 0,
    });
    const w = r.resolveAttack(
      attackInput(r, { dice: [10], attackBonus: 9, escalation: 3, attacker: attackerOf(wyrm) }),
    );
    const i = r.resolveAttack(attackInput(r, { dice: [10], attackBonus: 9, escalation: 3, attacker: attackerOf(imp) }));
    expect(w.total).toBe(10 + 9 + 3);
    expect(i.total).toBe(10 + 9);
  });

  it("[13A-MISS] the Gutter Brute's cleaver and the Cleaving Blow power deal miss damage (the power's equals the level)", () => {
    const brute = monster("13th-age", "Gutter Brute");
    expect(ownItem(brute, "Rusted Cleaver").system).toMatchObject({ missEffect: "formula", missDamage: "3" });
    const blow = packItem("13th-age", "Cleaving Blow");
    expect(blow.system.missEffect).toBe("formula");
    const pc = defaultActorSource({ kind: "character", level: 4 });
    const rollData = actorRollData(pc, r.deriveActor(pc, opts), 0);
    expect(parseDamage(resolveFormulaRefs(String(blow.system.missDamage), rollData))).toEqual({ dice: [], flat: 4 });
  });

  it("[13A-DOWN] a plain monster is slain at 0 HP; the Hill Warlord, marked important, keeps fighting at negative HP rules", () => {
    const imp = engineActor(monster("13th-age", "Cinder Imp"));
    const warlord = engineActor(monster("13th-age", "Hill Warlord"));
    expect(warlord.important).toBe(true);
    const slain = r.applyDamage(imp, packet({ amount: imp.hp.max + 5 }), opts, "imp");
    expect(slain.actor.state).toBe("dead");
    const down = r.applyDamage(warlord, packet({ amount: warlord.hp.max + 5 }), opts, "warlord");
    expect(down.actor.state).not.toBe("dead");
    expect(down.actor.hp.value).toBe(-5);
  });
});

// ------------------------------------------------------------------------------------------------
describe("FFd20 content", () => {
  const r = getRuleset("ffd20");
  const opts = defaultOptions(r);

  it("[FF-INSUB] the Wailing Shade takes half damage from an attack, and from ongoing damage too", () => {
    const shade = engineActor(monster("ffd20", "Wailing Shade"));
    expect(r.applyDamage(shade, packet({ amount: 15 }), opts, "shade").hpLost).toBe(7);
    expect(r.applyDamage(shade, packet({ amount: 10, ongoing: true, fromAttack: false }), opts, "shade").hpLost).toBe(
      5,
    );
  });

  it("[FF-RESIST] the Kiln Salamander (resist 10 fire) takes 2 from a 12-point fire hit and none from 8", () => {
    const sal = engineActor(monster("ffd20", "Kiln Salamander"));
    expect(r.applyDamage(sal, packet({ amount: 12, types: ["fire"] }), opts, "sal").hpLost).toBe(2);
    expect(r.applyDamage(sal, packet({ amount: 8, types: ["fire"] }), opts, "sal").hpLost).toBe(0);
  });

  it("[FF-VULN] the Kiln Salamander (vulnerable 5 cold) takes 5 more from cold", () => {
    const sal = engineActor(monster("ffd20", "Kiln Salamander"));
    expect(r.applyDamage(sal, packet({ amount: 6, types: ["cold"] }), opts, "sal").hpLost).toBe(11);
  });

  it("[FF-ONGOING] the salamander's tail, the shade's touch and the lurker's stinger each inflict ongoing damage of their own type, save ends", () => {
    const cases: [string, string, string][] = [
      ["Kiln Salamander", "Burning Tail", "fire"],
      ["Wailing Shade", "Grave-Cold Touch", "necrotic"],
      ["Marsh Lurker", "Venom Stinger", "poison"],
    ];
    for (const [m, p, type] of cases) {
      const a = monster("ffd20", m);
      const power = powerOf(engineActor(a), r, ownItem(a, p));
      expect(power.ongoing, `${m} ${p}`).toEqual({ amount: 5, type, save: "normal" });
      expect(power.damageTypes, `${m} ${p}`).toEqual([type]);
    }
  });

  it("[FF-WDICE] the Gloomhold Sentry's 2[W] thrust with its 1d10 halberd rolls 2d10 + 5; the 1[W] sweep 1d10 + 5", () => {
    const sentry = monster("ffd20", "Gloomhold Sentry");
    expect(diceText(monsterHit(r, sentry, "Pinning Thrust"))).toBe("2d10 5");
    expect(diceText(monsterHit(r, sentry, "Halberd Sweep"))).toBe("1d10 5");
  });

  it("[FF-WDICE] Hammering Blow (2[W] + Str) rolls 4d6 + Str with the heavy flail and 2d4 + Str with the dagger", () => {
    const blow = packItem("ffd20", "Hammering Blow");
    const pc = defaultActorSource({
      kind: "character",
      level: 2,
      abilities: { str: 18, dex: 12, con: 12, int: 10, wis: 10, cha: 10 },
    });
    const derived = r.deriveActor(pc, opts);
    const power = powerOf(pc, r, blow);
    const flail = weaponOf(packItem("ffd20", "Heavy Flail"));
    const dagger = weaponOf(packItem("ffd20", "Dagger"));
    expect(diceText(r.damageExpression(pc, derived, power, flail))).toBe(`4d6 ${abilityModifier(18)}`);
    expect(diceText(r.damageExpression(pc, derived, power, dagger))).toBe(`2d4 ${abilityModifier(18)}`);
  });

  it("[FF-CRITDMG] the Emberbrand Blade adds its extra 1d6 to a critical hit, and its +1 to every hit", () => {
    const pc = defaultActorSource({
      kind: "character",
      level: 1,
      abilities: { str: 16, dex: 10, con: 10, int: 10, wis: 10, cha: 10 },
    });
    const blade = weaponOf(packItem("ffd20", "Emberbrand Blade +1"));
    const plan = planAttack({
      ruleset: r,
      options: opts,
      attacker: { uuid: "pc", name: "pc", actor: pc },
      item: { name: "Steady Strike", img: "" },
      power: powerOf(pc, r, packItem("ffd20", "Steady Strike")),
      weapon: blade,
      situation: plainSituation(),
      escalation: 0,
      targets: [],
    });
    expect(diceText(plan.critExtra)).toBe("1d6 0");
    expect(diceText(plan.hit)).toBe(`1d8 ${abilityModifier(16) + 1}`);
  });

  it("[FF-PRECISION] Needle Point crits on a natural 19 whose total hits, and not when the total misses", () => {
    const needle = packItem("ffd20", "Needle Point");
    const critRange = Number(needle.system.critRange);
    const hits = r.resolveAttack(
      attackInput(r, { dice: [19], attackBonus: 5, defense: { key: "ac", value: 20 }, critRange }),
    );
    const misses = r.resolveAttack(
      attackInput(r, { dice: [19], attackBonus: 0, defense: { key: "ac", value: 25 }, critRange }),
    );
    expect(hits.result).toBe("crit");
    expect(misses.result).toBe("miss");
  });
});

// ------------------------------------------------------------------------------------------------
describe("Hundred Dungeons content", () => {
  const r = getRuleset("hundred-dungeons");
  const opts = defaultOptions(r);

  it("[HD-DMG] weapons without their own dice deal their class die: simple 1d6, martial 1d8, heavy 1d10", () => {
    const expected: Record<string, string> = { simple: "1d6 0", martial: "1d8 0", heavy: "1d10 0" };
    const pack = packs.find((p) => p.entry.name === "powers-hundred-dungeons")!;
    const weapons = pack.docs.map((d) => d.doc as unknown as PackItem).filter((i) => i.type === "weapon");
    expect(new Set(weapons.map((w) => w.system.weaponClass))).toEqual(new Set(["simple", "martial", "heavy"]));
    const pc = defaultActorSource({ kind: "character", abilities: { str: 3, dex: 2, con: 1, int: 0, wis: 0, cha: 0 } });
    const derived = r.deriveActor(pc, opts);
    for (const w of weapons) {
      const weapon = weaponOf(w);
      const hit = r.damageExpression(pc, derived, basicWeaponAttack(weapon, "def"), weapon);
      expect(diceText(hit), w.name).toBe(expected[weapon.weaponClass]);
    }
    expect(diceText(monsterHit(r, monster("hundred-dungeons", "Cave Bear"), "Raking Claws"))).toBe("1d8 0");
    expect(diceText(monsterHit(r, monster("hundred-dungeons", "Stone Sentinel"), "Granite Fist"))).toBe("1d10 0");
  });

  it("[HD-ATK] the Tunnel Goblin's sling rolls Dexterity and its knife Strength, plus renown from its simple-weapon skill", () => {
    const gob = monster("hundred-dungeons", "Tunnel Goblin");
    const actor = engineActor(gob);
    const derived = r.deriveActor(actor, opts);
    const bonus = (name: string) => {
      const w = weaponOf(ownItem(gob, name));
      return r.attackBonus(actor, derived, basicWeaponAttack(w, "def"), w).reduce((s, m) => s + m.value, 0);
    };
    expect(bonus("Sling")).toBe(actor.abilities.dex + actor.renown);
    expect(bonus("Jagged Knife")).toBe(actor.abilities.str + actor.renown);
  });

  it("[HD-ENEMYDEATH] the Tunnel Goblin dies outright at 0 HP; Bog Witch Morwen, an important NPC, starts dying", () => {
    const gob = engineActor(monster("hundred-dungeons", "Tunnel Goblin"));
    const witch = engineActor(monster("hundred-dungeons", "Bog Witch Morwen"));
    expect(r.applyDamage(gob, packet({ amount: 50 }), opts, "gob").actor.state).toBe("dead");
    expect(r.applyDamage(witch, packet({ amount: 50 }), opts, "witch").actor.state).toBe("dying");
  });

  it("[HD-RESIST] the Stone Sentinel halves slashing damage and ignores poison; the Ember Hound ignores fire and takes double cold", () => {
    const stone = engineActor(monster("hundred-dungeons", "Stone Sentinel"));
    const hound = engineActor(monster("hundred-dungeons", "Ember Hound"));
    expect(r.applyDamage(stone, packet({ amount: 9, types: ["slashing"] }), opts, "s").hpLost).toBe(4);
    expect(r.applyDamage(stone, packet({ amount: 9, types: ["poison"] }), opts, "s").hpLost).toBe(0);
    expect(r.applyDamage(hound, packet({ amount: 9, types: ["fire"] }), opts, "h").hpLost).toBe(0);
    expect(r.applyDamage(hound, packet({ amount: 6, types: ["cold"] }), opts, "h").hpLost).toBe(12);
  });
});

// ------------------------------------------------------------------------------------------------
describe("Wounds d20 content", () => {
  const r = getRuleset("wounds-d20");
  const opts = defaultOptions(r);

  it("[WD-AC] the Border Sergeant's AC comes from her embedded brigandine (+4, Dex cap 3) and kite shield (+2)", () => {
    const sgt = engineActor(monster("wounds-d20", "Border Sergeant"));
    expect(sgt.armor).toMatchObject({ armorBonus: 4, shieldBonus: 2, maxDex: 3 });
    const dex = Math.min(abilityModifier(sgt.abilities.dex), 3);
    const d = r.deriveActor(sgt, opts).defenses;
    expect(d.ac).toBe(10 + 4 + 2 + dex);
    // [WD-TOUCH] touch ignores the armor bonus (the shield still counts); [WD-FLAT] off guard loses Dex.
    expect(d.touch).toBe(10 + 2 + dex);
    expect(d.flat).toBe(10 + 4 + 2);
  });

  it("[WD-AC] the Mercenary Halberdier's half-plate lets no Dexterity through to AC", () => {
    const merc = engineActor(monster("wounds-d20", "Mercenary Halberdier"));
    expect(abilityModifier(merc.abilities.dex)).toBeGreaterThan(0);
    expect(r.deriveActor(merc, opts).defenses.ac).toBe(10 + 7);
  });

  it("[WD-DMG] two-handed weapons add 1½ Str, off-hand ½ Str, ammunition none, each plus the base combat bonus", () => {
    const boar = monster("wounds-d20", "Tusked Boar");
    const str = abilityModifier(Number((boar.system.abilities as Record<string, number>).str));
    const bcb = Number(boar.system.baseCombatBonus);
    expect(diceText(monsterHit(r, boar, "Goring Tusks"))).toBe(`1d8 ${bcb + Math.floor((str * 3) / 2)}`);

    const pc = defaultActorSource({
      kind: "character",
      baseCombatBonus: 2,
      abilities: { str: 16, dex: 14, con: 10, int: 10, wis: 10, cha: 10 },
    });
    const derived = r.deriveActor(pc, opts);
    const hit = (name: string) => {
      const w = weaponOf(packItem("wounds-d20", name));
      return diceText(r.damageExpression(pc, derived, basicWeaponAttack(w, "ac"), w));
    };
    expect(hit("Greatsword")).toBe(`2d6 ${2 + 4}`); // Str +3 → 1½ = 4
    expect(hit("Short Sword (off hand)")).toBe(`1d6 ${2 + 1}`); // ½ of +3 = 1
    expect(hit("Shortbow")).toBe(`1d6 ${2}`);
    expect(hit("Longsword")).toBe(`1d8 ${2 + 3}`);
  });

  it("[WD-ATK] light and finesse weapons attack with Dexterity when it is higher; the Cutpurse's stiletto does", () => {
    const cut = monster("wounds-d20", "Alley Cutpurse");
    const actor = engineActor(cut);
    const derived = r.deriveActor(actor, opts);
    const w = weaponOf(ownItem(cut, "Stiletto"));
    const parts = r.attackBonus(actor, derived, basicWeaponAttack(w, "ac"), w);
    expect(parts.reduce((s, m) => s + m.value, 0)).toBe(actor.baseCombatBonus + abilityModifier(actor.abilities.dex));
    const rapier = weaponOf(packItem("wounds-d20", "Rapier"));
    expect(rapier.finesse).toBe(true);
  });

  it("[WD-TOUCH] the Hedge Wizard's spark bolt is a touch attack, met by the target's touch AC", () => {
    const wiz = monster("wounds-d20", "Hedge Wizard");
    const sgt = engineActor(monster("wounds-d20", "Border Sergeant"));
    const power = powerOf(engineActor(wiz), r, ownItem(wiz, "Spark Bolt"));
    expect(power.touch).toBe(true);
    const plan = planAttack({
      ruleset: r,
      options: opts,
      attacker: { uuid: "wiz", name: wiz.name, actor: engineActor(wiz) },
      item: { name: "Spark Bolt", img: "" },
      power,
      weapon: null,
      situation: plainSituation(),
      escalation: 0,
      targets: [{ uuid: "sgt", actorUuid: "sgt", name: "sgt", img: "", actor: sgt }],
    });
    expect(diceText(plan.hit)).toBe("2d6 0");
    expect(r.deriveActor(sgt, opts).defenses.touch).toBeLessThan(r.deriveActor(sgt, opts).defenses.ac!);
  });

  it("[WD-NONLETHAL] the Hedge Wizard's sleeping palm deals nonlethal damage", () => {
    const wiz = monster("wounds-d20", "Hedge Wizard");
    expect(powerOf(engineActor(wiz), r, ownItem(wiz, "Sleeping Palm")).nonlethal).toBe(true);
  });

  it("[WD-DMG] every pack weapon of the game parses its own dice (no class-die fallback in this game)", () => {
    const pack = packs.find((p) => p.entry.name === "powers-wounds-d20")!;
    const weapons = pack.docs.filter((d) => d.doc.type === "weapon");
    // An empty pack would pass the loop below without checking anything.
    expect(weapons.length).toBeGreaterThan(0);
    for (const { doc } of weapons) {
      expect(
        () => parseWeaponDice(String((doc.system as Record<string, unknown>).damageDice)),
        String(doc.name),
      ).not.toThrow();
    }
  });
});
