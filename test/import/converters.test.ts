/**
 * [SYS-IMPORT] Each source's converter, on self-written fixtures in that source's shape: the
 * converted document field by field, its report line, our data models' validation, the game's
 * derivation, and an attack resolved through the engine with recorded dice.
 */
import { describe, expect, it } from "vitest";
import { convertDocument } from "../../src/import/index.js";
import { attackWith, convertFixture, derive, fixture, itemNamed, modelProblems } from "./fixtures.js";

describe("[SYS-IMPORT] dnd5e → Hundred Dungeons", () => {
  const { entry, actor } = convertFixture("dnd5e-ember-hound.json");
  const sys = actor.system as Record<string, unknown>;

  it("[SYS-IMPORT] [HD-RESIST] a 5th-edition monster's numbers land in Hundred Dungeons' fields", () => {
    expect(entry).toMatchObject({
      name: "Ember Hound",
      sourceSystem: "dnd5e",
      sourceId: "emberHound000001",
      type: "npc",
      target: "hundred-dungeons",
    });
    expect(actor.type).toBe("npc");
    expect(sys.abilities).toEqual({ str: 3, dex: 2, con: 2, int: -4, wis: 1, cha: -2 });
    expect(sys).toMatchObject({ level: 3, challenge: "3", xp: 700, renown: 2, speed: 40, size: "medium" });
    expect(sys.hp).toEqual({ value: 45, max: 45, temp: 0 });
    expect(sys.defenses).toEqual({ def: { base: 14, bonus: 0 } });
    expect(sys.resistances).toEqual([{ type: "fire", value: 0 }]);
    expect(sys.vulnerabilities).toEqual([{ type: "cold", value: 0 }]);
    expect(sys.immunities).toEqual(["poison"]);
    expect(sys).toMatchObject({ creatureType: "monstrosity", alignment: "Unaligned", senses: "darkvision 60 ft." });
    expect(modelProblems(actor)).toEqual([]);
    expect(derive("hundred-dungeons", actor).defenses.def).toBe(14);
  });

  it("[SYS-IMPORT] [HD-ATK] an attack bonus becomes ability + proficiency, and the bite resolves through the engine", () => {
    const bite = itemNamed(actor, "Bite");
    expect(bite.type).toBe("power");
    expect(bite.system).toMatchObject({
      attackAbility: "str",
      attackBonus: 2,
      defense: "def",
      range: "melee",
      damage: "2d6 + 3",
      damageTypes: ["piercing"],
      weaponId: "none",
    });
    // +3 Str +2 proficiency: a natural 9 makes 14, the Defense: a hit for 4 + 5 + 3.
    const hit = attackWith("hundred-dungeons", actor, "Bite", 9, [4, 5, 6], 14);
    expect(hit.outcome.total).toBe(14);
    expect(hit.outcome.isHit).toBe(true);
    expect(hit.damage).toBeGreaterThan(12);
    expect(attackWith("hundred-dungeons", actor, "Bite", 8, [4, 5, 6], 14).outcome.isHit).toBe(false);
    // The fire part is a damage part of its own type.
    expect(bite.system.damageParts).toEqual([{ formula: "1d6", types: ["fire"] }]);
    expect(entry.automated).toContain("Bite: extra damage 1d6 fire → damage part");
  });

  it("[SYS-IMPORT] [HD-CRIT] a 19–20 critical range and a condition the attack's effect applies land on the power", () => {
    const claw = itemNamed(actor, "Claw");
    expect(claw.system).toMatchObject({ attackAbility: "str", attackBonus: 3, critRange: 1, damage: "1d8 + 3" });
    expect((claw.system.effects as { statuses: string[]; outcome: string }[])[0]).toMatchObject({
      outcome: "hit",
      statuses: ["prone"],
    });
    const crit = attackWith("hundred-dungeons", actor, "Claw", 19, [5], 20);
    expect(crit.outcome.isCrit).toBe(true);
    expect(crit.damage).toBe(16);
    expect(crit.effects).toContain(0);
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] a save-based breath with a recharge lands as a save-based power (Dexterity against DC 12, half on a success), and the report says so", () => {
    const breath = itemNamed(actor, "Cinder Breath");
    expect(breath.type).toBe("power");
    expect(breath.system.saveAttack).toEqual({ save: "dex", dc: 12, onSuccess: "half" });
    expect(breath.system.damage).toBe("4d6");
    expect(modelProblems(actor)).toEqual([]);
    expect(entry.automated).toContain("Cinder Breath: DC 12 DEX save, half damage on a success → save-based attack");
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] multiattack becomes a routine (one bite, two claws); traits and gear: text or dropped, each named; lore never makes a monster partial", () => {
    const multi = itemNamed(actor, "Multiattack");
    expect(multi.type).toBe("power");
    expect(multi.system.routine).toEqual({
      attacks: [
        { power: "Bite", count: 1 },
        { power: "Claw", count: 2 },
      ],
      followUps: [],
    });
    expect(entry.automated).toContain("Multiattack: routine of 1× Bite, 2× Claw");
    expect(itemNamed(actor, "Keen Smell").type).toBe("feature");
    expect(actor.items.some((i) => i.name === "Iron Collar")).toBe(false);
    expect(entry.dropped).toEqual(["Iron Collar: gear (loot) left out"]);
    expect(sys.movement).toMatchObject({ climb: 20, fly: 0 });
    expect(sys.conditionImmunities).toEqual(["poisoned"]);
    expect(entry.automated).toContain("climb speed 20 ft → movement.climb");
    expect(entry.text).toContain("Smoldering Hide: trait kept as text");
    expect(entry.status).toBe("partial");
  });

  it("[SYS-IMPORT] an item in the older shape (data, actionType, damage parts with @mod) converts on its own", () => {
    const c = convertDocument(fixture("dnd5e-legacy-spear.json"));
    expect(c.entry).toMatchObject({ sourceSystem: "dnd5e", status: "full", errors: [] });
    expect(c.doc?.documentName).toBe("Item");
    expect(c.doc?.data.system).toMatchObject({
      attackAbility: "str",
      attackBonus: 2,
      damage: "1d6",
      damageTypes: ["piercing"],
    });
    expect(c.entry.review.some((l) => l.includes("standalone"))).toBe(true);
  });

  it("[SYS-IMPORT] a character: level and class key from its class, proficiency, hit dice as recoveries, armor in the Defense", () => {
    const pc = convertFixture("dnd5e-character.json");
    const s = pc.actor.system as Record<string, unknown>;
    expect(pc.actor.type).toBe("character");
    expect(s).toMatchObject({ level: 3, renown: 2, defenses: { def: { base: 16, bonus: 0 } } });
    expect(s.recoveries).toMatchObject({ value: 2, max: 3, formula: "1d10" });
    expect(itemNamed(pc.actor, "Battleaxe").system).toMatchObject({
      attackAbility: "str",
      attackBonus: 2,
      damage: "1d8 + 2",
    });
    expect((s.build as { classKey: string }).classKey).toBe("fighter");
    expect(pc.entry.automated).toContain("class Fighter → build.classKey");
    expect(modelProblems(pc.actor)).toEqual([]);
  });
});

describe("[SYS-IMPORT] an archmage character → 13th Age", () => {
  const pc = convertFixture("archmage-character.json");
  const sys = pc.actor.system as Record<string, unknown>;

  it("[SYS-IMPORT] [SYS-CHARACTER] class, level, abilities, HP, recoveries and the sheet's weapon dice land; defenses derive from the class", () => {
    expect(pc.actor.type).toBe("character");
    expect(pc.entry).toMatchObject({ status: "partial", errors: [] });
    expect(sys).toMatchObject({
      level: 3,
      hp: { value: 40, max: 48, temp: 0 },
      abilities: { str: 18, dex: 12, con: 16, int: 8, wis: 13, cha: 10 },
      recoveries: { value: 7, max: 9 },
      build: { classKey: "fighter" },
    });
    // A character's printed defenses are derived here from class, level and abilities (flagged to check).
    expect(sys.defenses).toEqual({
      ac: { base: null, bonus: 0 },
      pd: { base: null, bonus: 0 },
      md: { base: null, bonus: 0 },
    });
    expect(pc.entry.review).toContain("AC 19: a character's defense is derived here");
    expect(itemNamed(pc.actor, "Melee weapon (d8)").system).toMatchObject({
      damageDice: "1d8",
      ranged: false,
      equipped: true,
    });
    expect(itemNamed(pc.actor, "Ranged weapon (d6)").system).toMatchObject({
      damageDice: "1d6",
      ranged: true,
      equipped: true,
    });
    // Gear is lore; a talent with only a description is kept as text.
    expect(pc.entry.dropped).toEqual(["Quarry Hammer: gear left out"]);
    expect(pc.entry.text).toEqual(["Stone-Steady: power without an attack kept as text"]);
    expect(modelProblems(pc.actor)).toEqual([]);
    const derived = derive("13th-age", pc.actor);
    for (const d of ["ac", "pd", "md"]) expect(Number.isFinite(derived.defenses[d])).toBe(true);
  });

  it("[SYS-IMPORT] [13A-ATK] [13A-DMG] a character's powers: ability + level vs. a defense, weapon dice per level + ability × tier, level damage on a miss, usage", () => {
    expect(itemNamed(pc.actor, "Ringing Cut").system).toMatchObject({
      usage: "atWill",
      attackAbility: "str",
      attackBonus: 0,
      defense: "ac",
      weaponId: "",
      damage: "@level[W] + @str*@tier",
      missEffect: "formula",
      missDamage: "@level",
    });
    expect(itemNamed(pc.actor, "Shouldering Shove").system).toMatchObject({
      usage: "encounter",
      attackBonus: 1,
      defense: "pd",
    });
    expect(itemNamed(pc.actor, "Sling Stone").system).toMatchObject({ range: "ranged", attackAbility: "dex" });
    // d20 12 + Str 4 + level 3 = 19 hits AC 19; 3d8 (the melee weapon's die, once per level) 3+3+3 + Str 4 × tier 1.
    const hit = attackWith("13th-age", pc.actor, "Ringing Cut", 12, [3, 3, 3], 19);
    expect(hit.outcome.total).toBe(19);
    expect(hit.outcome.isHit).toBe(true);
    expect(hit.damage).toBe(13);
    const miss = attackWith("13th-age", pc.actor, "Ringing Cut", 2, [], 19);
    expect(miss.outcome.isHit).toBe(false);
    expect(miss.damage).toBe(3);
    // The ranged power rolls the ranged weapon's d6s.
    const sling = attackWith("13th-age", pc.actor, "Sling Stone", 15, [6, 6, 6], 10);
    expect(sling.damage).toBe(18 + 1);
  });
});

describe("[SYS-IMPORT] archmage → 13th Age", () => {
  const { entry, actor } = convertFixture("archmage-cinder-ogre.json");
  const sys = actor.system as Record<string, unknown>;

  it("[SYS-IMPORT] [13A-RESIST] a monster's printed defenses, initiative, role and resistance threshold land", () => {
    expect(entry).toMatchObject({ sourceSystem: "archmage", target: "13th-age", errors: [] });
    expect(entry.review[0]).toContain("source system read from its shape");
    expect(sys).toMatchObject({
      level: 6,
      initiativeBonus: 9,
      monsterRole: "wrecker",
      size: "large",
      creatureType: "giant",
    });
    expect(sys.hp).toEqual({ value: 180, max: 180, temp: 0 });
    expect(sys.defenses).toEqual({
      ac: { base: 21, bonus: 0 },
      pd: { base: 19, bonus: 0 },
      md: { base: 15, bonus: 0 },
    });
    expect(sys.resistances).toEqual([{ type: "fire", value: 16 }]);
    expect(sys.vulnerabilities).toEqual([{ type: "cold", value: 0 }]);
    expect(modelProblems(actor)).toEqual([]);
    expect(derive("13th-age", actor).defenses).toMatchObject({ ac: 21, pd: 19, md: 15 });
  });

  it("[SYS-IMPORT] [13A-ATK] the attack line, damage, miss damage and a natural even hit rider resolve through the engine", () => {
    const club = itemNamed(actor, "Smashing club");
    expect(club.system).toMatchObject({
      attackAbility: null,
      attackBonus: 11,
      defense: "ac",
      damage: "28",
      missEffect: "formula",
      missDamage: "9",
    });
    expect(club.system.effects).toEqual([
      expect.objectContaining({
        outcome: "hit",
        trigger: expect.objectContaining({ kind: "even", value: 0 }),
        statuses: ["dazed"],
        duration: "saveEnds",
        save: "normal",
      }),
      expect.objectContaining({
        outcome: "hit",
        trigger: expect.objectContaining({ kind: "atLeast", value: 18 }),
        damage: { formula: "10", types: ["fire"] },
      }),
    ]);
    const even = attackWith("13th-age", actor, "Smashing club", 12, [], 20);
    expect(even.outcome.total).toBe(23);
    expect(even.outcome.isHit).toBe(true);
    expect(even.damage).toBe(28);
    expect(even.effects).toEqual([0]);
    const odd = attackWith("13th-age", actor, "Smashing club", 13, [], 20);
    expect(odd.outcome.isHit).toBe(true);
    expect(odd.effects ?? []).toEqual([]);
    const miss = attackWith("13th-age", actor, "Smashing club", 2, [], 20);
    expect(miss.outcome.isHit).toBe(false);
    expect(miss.damage).toBe(9);
    // [SYS-MONSTERS] the natural 18+ extra damage is an effect row's rider: +10 fire on an 18.
    const high = attackWith("13th-age", actor, "Smashing club", 18, [], 20);
    expect(high.damage).toBe(38);
    expect(high.parts).toEqual([
      { amount: 28, types: [] },
      { amount: 10, types: ["fire"] },
    ]);
    expect(entry.automated.some((l) => l.startsWith("Smashing club:") && l.endsWith("→ effect damage"))).toBe(true);
  });

  it("[SYS-IMPORT] ranged and close prefixes, ongoing damage, natural 16+, half damage on a miss and 1/battle", () => {
    const boulder = itemNamed(actor, "Hurled boulder");
    expect(boulder.system).toMatchObject({
      range: "ranged",
      defense: "pd",
      damage: "20",
      damageTypes: ["fire"],
      missEffect: "half",
    });
    expect(boulder.system.effects).toEqual([
      expect.objectContaining({
        trigger: expect.objectContaining({ kind: "any" }),
        ongoing: { amount: 5, type: "fire" },
      }),
      expect.objectContaining({
        trigger: expect.objectContaining({ kind: "atLeast", value: 16 }),
        statuses: ["stuck"],
        duration: "endOfItsNextTurn",
      }),
    ]);
    const roar = itemNamed(actor, "Furnace roar");
    expect(roar.system).toMatchObject({ range: "close", defense: "md", usage: "encounter" });
    expect(entry.status).toBe("partial");
    expect(entry.text).toContain("Stubborn bulk: trait kept as text");
    expect(entry.text).toContain("Ash cloud: nastier special kept as text");
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] a mook keeps its role and forms a mob, and a monster whose every datum landed is full", () => {
    const mook = convertFixture("archmage-mook.json");
    expect(mook.actor.system).toMatchObject({ monsterRole: "mook", size: "small", level: 1 });
    // The tokens of one mook actor form one mob: its name.
    expect(mook.actor.system).toMatchObject({ mob: "Ash Goblin" });
    expect(mook.entry.automated).toContain('mook → mob "Ash Goblin"');
    expect(mook.entry.status).toBe("full");
    expect(mook.entry.review).toEqual([]);
    expect(modelProblems(mook.actor)).toEqual([]);
  });
});

describe("[SYS-IMPORT] a dnd4e character → FFd20", () => {
  const pc = convertFixture("dnd4e-character.json");
  const sys = pc.actor.system as Record<string, unknown>;

  it("[SYS-IMPORT] [SYS-CHARACTER] class, level, abilities, HP, healing surges, printed defenses and the wielded weapon land", () => {
    expect(pc.actor.type).toBe("character");
    expect(pc.entry).toMatchObject({ sourceSystem: "dnd4e", target: "ffd20", status: "partial", errors: [] });
    expect(sys).toMatchObject({
      level: 4,
      hp: { value: 38, max: 44, temp: 0 },
      abilities: { str: 18, con: 14, dex: 13, int: 10, wis: 12, cha: 8 },
      recoveries: { value: 9, max: 11, formula: "11" },
      speed: 5,
      // The printed HP maximum stays over the fighter's 47 (15 + Con 14 + 3 × 6).
      build: { classKey: "fighter", overrides: { hpMax: 44 } },
      // The printed Fortitude 18 holds the fighter's +2: the class gives it, the total stays 18.
      defenses: {
        ac: { base: 20, bonus: 0 },
        fort: { base: 16, bonus: 0 },
        ref: { base: 13, bonus: 0 },
        will: { base: 14, bonus: 0 },
      },
    });
    expect(pc.entry.automated).toContain("printed hpMax kept over the class's → build.overrides");
    // Printed initiative +3 = Dex 1 + half level 2: nothing of its own.
    expect(sys.initiativeBonus).toBe(0);
    expect(itemNamed(pc.actor, "Notched Longsword").system).toMatchObject({
      damageDice: "1d8",
      proficient: true,
      proficiencyBonus: 3,
      enhancement: 1,
      equipped: true,
      ranged: false,
    });
    expect(pc.entry.dropped).toEqual(["Scale Armor: gear (equipment) left out"]);
    expect(pc.entry.text).toEqual(["Steady Breath: power without an attack kept as text"]);
    expect(modelProblems(pc.actor)).toEqual([]);
    expect(derive("ffd20", pc.actor).defenses).toMatchObject({ ac: 20, fort: 18, ref: 13, will: 14 });
  });

  it("[SYS-IMPORT] [FF-ATKBONUS] [FF-WDICE] a character's weapon powers: ability + ½ level + proficiency + enhancement, N[W] + ability, a save-ends rider, half on a miss", () => {
    expect(itemNamed(pc.actor, "Sweeping Blow").system).toMatchObject({
      usage: "atWill",
      attackAbility: "str",
      attackBonus: 0,
      defense: "ac",
      weaponId: "",
      damage: "1[W] + @str",
    });
    // d20 12 + ½ level 2 + Str 4 + proficiency 3 + enhancement 1 = 22 vs AC 20; 1d8 (5) + Str 4 + enhancement 1.
    const hit = attackWith("ffd20", pc.actor, "Sweeping Blow", 12, [5], 20);
    expect(hit.outcome.total).toBe(22);
    expect(hit.outcome.isHit).toBe(true);
    expect(hit.damage).toBe(10);
    const cut = itemNamed(pc.actor, "Hamstring Cut");
    expect(cut.system).toMatchObject({
      usage: "encounter",
      attackBonus: 1,
      defense: "ref",
      damage: "2[W] + @str",
      missEffect: "half",
    });
    expect(cut.system.effects).toEqual([
      expect.objectContaining({ outcome: "hit", statuses: ["slowed"], duration: "saveEnds" }),
    ]);
    const slowed = attackWith("ffd20", pc.actor, "Hamstring Cut", 10, [4, 4], 21);
    expect(slowed.outcome.total).toBe(21);
    expect(slowed.damage).toBe(13);
    expect(slowed.effects).toEqual([0]);
    const miss = attackWith("ffd20", pc.actor, "Hamstring Cut", 2, [4, 4], 21);
    expect(miss.outcome.isHit).toBe(false);
    expect(miss.damage).toBe(6);
  });
});

describe("[SYS-IMPORT] dnd4e → FFd20", () => {
  const { entry, actor } = convertFixture("dnd4e-slag-drake.json");
  const sys = actor.system as Record<string, unknown>;

  it("[SYS-IMPORT] [FF-RESIST] four defenses, role and rank, initiative, saves and resistance amounts land", () => {
    expect(entry).toMatchObject({ sourceSystem: "dnd4e", target: "ffd20", errors: [] });
    expect(sys.defenses).toEqual({
      ac: { base: 21, bonus: 0 },
      fort: { base: 18, bonus: 0 },
      ref: { base: 17, bonus: 0 },
      will: { base: 16, bonus: 0 },
    });
    expect(sys).toMatchObject({
      level: 5,
      role: "soldier",
      rank: "elite",
      xp: 400,
      baseSaveBonus: 2,
      speed: 6,
      size: "large",
    });
    // A monster's initiative is its printed bonus.
    expect(sys.initiativeBonus).toBe(6);
    expect(derive("ffd20", actor).initiative).toBe(6);
    expect(sys.resistances).toEqual([{ type: "fire", value: 10 }]);
    expect(sys.vulnerabilities).toEqual([{ type: "cold", value: 5 }]);
    expect(sys.immunities).toEqual(["poison"]);
    expect(modelProblems(actor)).toEqual([]);
  });

  it("[SYS-IMPORT] [FF-ATK] a monster power's flat attack and damage resolve through the engine", () => {
    const claw = itemNamed(actor, "Molten Claw");
    expect(claw.system).toMatchObject({
      attackAbility: null,
      attackBonus: 12,
      defense: "ac",
      damage: "2d8 + 5",
      usage: "atWill",
    });
    const hit = attackWith("ffd20", actor, "Molten Claw", 9, [3, 4], 21);
    expect(hit.outcome.total).toBe(21);
    expect(hit.outcome.isHit).toBe(true);
    expect(hit.damage).toBe(12);
    expect(claw.system.effects).toEqual([
      expect.objectContaining({ outcome: "hit", statuses: ["immobilized"], duration: "saveEnds" }),
    ]);
  });

  it("[SYS-IMPORT] a close blast with half damage on a miss, its d6 recharge at turn start, an aura, action points and a fly speed", () => {
    const breath = itemNamed(actor, "Slag Breath");
    expect(breath.system).toMatchObject({
      range: "close",
      area: { shape: "blast", size: 3 },
      defense: "ref",
      damageTypes: ["fire"],
      missEffect: "half",
    });
    expect(breath.system).toMatchObject({ usage: "recharge", recharge: 5, rechargeDie: "d6", rechargeAt: "turnStart" });
    expect(sys.auras).toEqual([
      expect.objectContaining({
        name: "Searing Heat",
        radius: 1,
        who: "enemies",
        when: "turnStart",
        damage: { formula: "5", type: "fire" },
      }),
    ]);
    expect(sys.actionPoints).toEqual({ value: 1, max: 1 });
    expect(sys.movement).toMatchObject({ fly: 40 });
    expect(entry.status).toBe("full");
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] a minion keeps rank minion and 1 HP; @lvl in its attack resolves from its level", () => {
    const m = convertFixture("dnd4e-minion.json");
    expect(m.actor.system).toMatchObject({ rank: "minion", role: "skirmisher", hp: { value: 1, max: 1, temp: 0 } });
    expect(itemNamed(m.actor, "Cinder Spit").system).toMatchObject({
      attackBonus: 9,
      defense: "ref",
      range: "ranged",
      damage: "5",
      damageTypes: ["fire"],
    });
    expect(m.entry.status).toBe("full");
    expect(modelProblems(m.actor)).toEqual([]);
  });
});

describe("[SYS-IMPORT] a pf1 spellcaster → Wounds d20", () => {
  const witch = convertFixture("pf1-cinder-witch.json");

  it("[SYS-IMPORT] [SYS-MONSTERS] spell resistance lands, and a spell carries the spell keyword that resistance reads", () => {
    expect(witch.entry.errors).toEqual([]);
    expect(witch.actor.system).toMatchObject({ level: 5, spellResistance: 14 });
    expect(witch.entry.automated).toContain("SR 14 → spellResistance");
    const lance = itemNamed(witch.actor, "Ember Lance");
    expect(lance.system).toMatchObject({ range: "ranged", attackAbility: "dex", damage: "3d6", damageTypes: ["fire"] });
    expect(lance.system.properties).toContain("spell");
    expect(witch.entry.automated).toContain('Ember Lance: a spell → the "spell" keyword');
    expect(modelProblems(witch.actor)).toEqual([]);
  });

  it("[SYS-IMPORT] [WD-SAVES] a Will save against a fear spell is a save-based attack on the fear save (docs/import.md's table), with the spell keyword", () => {
    const dread = itemNamed(witch.actor, "Dread Whisper");
    expect(dread.type).toBe("power");
    expect(dread.system.saveAttack).toEqual({ save: "fear", dc: 13, onSuccess: "none" });
    expect(dread.system.properties).toContain("spell");
  });
});

describe("[SYS-IMPORT] pf1 → Wounds d20", () => {
  const { entry, actor } = convertFixture("pf1-gloom-stalker.json");
  const sys = actor.system as Record<string, unknown>;

  it("[SYS-IMPORT] [WD-AC] racial hit dice give the base combat bonus; AC, touch and flat-footed keep the printed sums", () => {
    expect(entry).toMatchObject({ sourceSystem: "pf1", target: "wounds-d20", errors: [] });
    expect(sys).toMatchObject({
      level: 6,
      baseCombatBonus: 6,
      baseSaveBonus: 5,
      speed: 40,
      size: "large",
      creatureType: "Magical Beast",
    });
    expect(sys.defenses).toEqual({
      ac: { base: 15, bonus: 0 },
      touch: { base: 11, bonus: 0 },
      flat: { base: 13, bonus: 0 },
    });
    expect(sys.resistances).toEqual([{ type: "fire", value: 10 }]);
    expect(sys.immunities).toEqual(["poison"]);
    expect(modelProblems(actor)).toEqual([]);
    const d = derive("wounds-d20", actor);
    expect(d.defenses).toMatchObject({ ac: 15, touch: 11, flat: 13 });
    // [WD-SAVES] Reflex = base + Dex = pf1's Reflex +7.
    expect(d.saves.reflex).toBe(7);
  });

  it("[SYS-IMPORT] [WD-ATK] a size-scaled natural attack resolves through the engine: BCB + Str + its own bonus", () => {
    const bite = itemNamed(actor, "Bite");
    expect(bite.system).toMatchObject({
      attackAbility: "str",
      attackBonus: -1,
      damage: "2d6 + 6",
      damageTypes: ["piercing"],
    });
    const hit = attackWith("wounds-d20", actor, "Bite", 6, [3, 4], 15);
    expect(hit.outcome.total).toBe(15);
    expect(hit.outcome.isHit).toBe(true);
    expect(hit.damage).toBe(13);
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] an older-shape claw with 19–20 ×3; DR 5/magic, SR, the save table and a Reflex save breath", () => {
    expect(itemNamed(actor, "Claw").system).toMatchObject({
      critRange: 1,
      damage: "1d6 + 4",
      damageTypes: ["slashing"],
    });
    expect(itemNamed(actor, "Claw").system.critMultiplier).toBe(3);
    expect(sys.damageReduction).toEqual([{ amount: 5, bypass: ["magic"], needsAll: false }]);
    expect(sys.spellResistance).toBe(15);
    expect(sys.saveTotals).toEqual({ charm: 3, reflex: 7, death: 8, fear: 3, spell: 3 });
    expect(sys.conditionImmunities).toEqual(["shaken"]);
    const breath = itemNamed(actor, "Gloom Breath");
    expect(breath.type).toBe("power");
    expect(breath.system.saveAttack).toMatchObject({ save: "reflex", dc: 16 });
    expect(breath.system).toMatchObject({ usage: "perRest", uses: { max: 3 } });
    expect(entry.text).toContain("Power Attack: feat kept as text");
    expect(entry.status).toBe("partial");
  });
});
