/**
 * [SYS-IMPORT] pf1 → Wounds d20, the older `data` shape a stat-block import writes: a full attack
 * (iterative attacks, "2 claws") as a routine of the attack at each iteration's bonus, a spell's
 * save DC worked out as pf1 does (10 + spell level + casting ability + the spell's offset), a
 * "harmless" save that is no attack, prepared spells as daily uses, and condition immunities as
 * conditions and keywords the engine reads.
 */
import { describe, expect, it } from "vitest";
import { refuseImmuneConditions } from "../../src/engine/creatures.js";
import { getRuleset } from "../../src/engine/registry.js";
import { routineSteps, type RoutineSpec } from "../../src/engine/routines.js";
import { engineActor } from "../packs/pack-sources.js";
import { packSource } from "../../src/import/cli.js";
import { convertDocument } from "../../src/import/index.js";
import { attackWith, convertFixture, derive, fixture, itemNamed, modelProblems } from "./fixtures.js";

describe("[SYS-IMPORT] pf1 (older shape) → Wounds d20", () => {
  const { entry, actor } = convertFixture("pf1-marsh-reaver.json");
  const powers = actor.items
    .filter((i) => i.type === "power")
    .map((i) => ({ id: i._id, name: i.name, isRoutine: Boolean((i.system as { routine?: unknown }).routine) }));

  it("[SYS-IMPORT] [SYS-MONSTERS] [WD-ATK] iterative attacks are a routine of the attack at +15/+10/+5, each iteration resolving through the engine", () => {
    expect(entry.errors).toEqual([]);
    expect(modelProblems(actor)).toEqual([]);
    expect(actor.system).toMatchObject({ level: 11, baseCombatBonus: 11 });
    const full = itemNamed(actor, "Glaive (full attack)");
    const routine = full.system.routine as RoutineSpec;
    expect(routine).toEqual({
      attacks: [
        { power: "Glaive", count: 1 },
        { power: "Glaive (-5)", count: 1 },
        { power: "Glaive (-10)", count: 1 },
      ],
      followUps: [],
    });
    expect(entry.automated).toContain("Glaive: routine of 1× Glaive, 1× Glaive (-5), 1× Glaive (-10)");
    expect(entry.text.some((l) => /iterative/i.test(l))).toBe(false);
    // The engine reads the routine off the imported powers: three attacks, in order.
    const steps = routineSteps(full._id, routine, powers);
    expect(steps.map((s) => s.name)).toEqual(["Glaive", "Glaive (-5)", "Glaive (-10)"]);
    // BCB 11 + Str 4: a natural 10 makes 25, 20 and 15 against AC 20 — hit, hit, miss.
    const totals = steps.map((s) => attackWith("wounds-d20", actor, s.name, 10, [6], 20).outcome);
    expect(totals.map((o) => o.total)).toEqual([25, 20, 15]);
    expect(totals.map((o) => o.isHit)).toEqual([true, true, false]);
    // Every iteration keeps the weapon's damage and its ×3 critical.
    expect(itemNamed(actor, "Glaive (-10)").system).toMatchObject({ damage: "1d10 + 4", critMultiplier: 3 });
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] two claws at the same bonus are one routine row of two; the claw's note is read once", () => {
    const routine = itemNamed(actor, "Claws (full attack)").system.routine as RoutineSpec;
    expect(routine.attacks).toEqual([{ power: "Claws", count: 2 }]);
    expect(actor.items.some((i) => i.name === "Claws (0)")).toBe(false);
    const claws = itemNamed(actor, "Claws");
    expect((claws.system.effects as { statuses: string[] }[]).map((e) => e.statuses)).toEqual([["shaken"]]);
    expect(routineSteps("x", routine, powers).map((s) => s.nth)).toEqual([1, 2]);
  });

  it("[SYS-IMPORT] [WD-SAVES] a spell's save DC is pf1's: 10 + spell level + its spellbook's casting ability + the spell's offset", () => {
    // Spell-like abilities cast with Cha (+2): 10 + 3 + 2 + 1 = 16, Reflex half.
    const bolt = itemNamed(actor, "Mire Bolt");
    expect(bolt.system.saveAttack).toEqual({ save: "reflex", dc: 16, onSuccess: "half" });
    expect(entry.automated).toContain("Mire Bolt: spell DC 10 + level 3 + cha 2 +1 = 16");
    // The primary spellbook casts with Wis here (+3): 10 + 2 + 3 + 0 = 15, on the spell save.
    const hex = itemNamed(actor, "Drowsing Hex");
    expect(hex.system.saveAttack).toEqual({ save: "spell", dc: 15, onSuccess: "none" });
    expect(hex.system.properties).toEqual(expect.arrayContaining(["spell", "mindAffecting", "sleep", "compulsion"]));
    // A spell-like ability with no uses is at will; a prepared spell is cast once a day per preparation.
    expect(bolt.system.usage).toBe("atWill");
    expect(hex.system).toMatchObject({ usage: "perRest", uses: { max: 1 } });
    expect(entry.text.some((l) => /a slot/.test(l))).toBe(false);
    // No level stored is pf1's default level 1 (flagged): 10 + 1 + 2 = 13; "3/day" stored as uses left.
    const whisper = itemNamed(actor, "Bog Whisper");
    expect(whisper.system.saveAttack).toEqual({ save: "spell", dc: 13, onSuccess: "none" });
    expect(whisper.system).toMatchObject({ usage: "perRest", uses: { max: 3 } });
    expect(entry.review).toContain("Bog Whisper: no spell level stored; pf1's default (1) gives the DC");
  });

  it("[SYS-IMPORT] a save marked harmless is a help, not an attack: the spell stays text", () => {
    const ward = itemNamed(actor, "Reed Ward");
    expect(ward.type).toBe("feature");
    expect(ward.system.saveAttack).toBeUndefined();
    expect(entry.text).toContain("Reed Ward: spell kept as text");
    expect(entry.status).toBe("partial");
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] condition immunities land as conditions and keywords, and the engine refuses a fear spell's shaken", () => {
    expect(actor.system.conditionImmunities).toEqual(["paralyzed", "shaken", "frightened", "panicked", "cowering"]);
    expect(actor.system.keywordImmunities).toEqual(["poison", "mindAffecting", "paralysis", "fear", "sleep"]);
    expect(entry.text.some((l) => /condition immunities/.test(l))).toBe(false);
    expect(derive("wounds-d20", actor).defenses).toMatchObject({ ac: 16 });
    // The Cinder Witch's Dread Whisper (fear, mind-affecting; shaken on a failed save) takes no hold.
    const witch = convertFixture("pf1-cinder-witch.json").actor;
    const dread = itemNamed(witch, "Dread Whisper");
    const row = (dread.system.effects as Parameters<typeof refuseImmuneConditions>[3][])[0]!;
    expect(row.statuses).toEqual(["shaken"]);
    const ruleset = getRuleset("wounds-d20");
    const refused = refuseImmuneConditions(
      ruleset,
      engineActor(actor),
      "reaver",
      row,
      dread.system.properties as string[],
    );
    expect(refused.effect).toBeNull();
    expect(refused.events.map((e) => e.key)).toEqual(["D20C.Creature.Event.keywordImmune"]);
    // A creature without those immunities keeps the condition.
    const plain = refuseImmuneConditions(
      ruleset,
      engineActor(witch),
      "witch",
      row,
      dread.system.properties as string[],
    );
    expect(plain.effect?.statuses).toEqual(["shaken"]);
  });
});

describe("[SYS-IMPORT] pf1 stat-block placeholders", () => {
  it('[SYS-IMPORT] a "Special Attack: …" placeholder is left out when a feature of that name holds its rule, else kept by name (no placeholder text)', () => {
    const { entry, actor } = convertFixture("pf1-marsh-reaver.json");
    expect(actor.items.some((i) => i.name.startsWith("Special Attack: Rend"))).toBe(false);
    expect(itemNamed(actor, "Rend").type).toBe("feature");
    expect(entry.dropped).toContain('Special Attack: Rend (2 claws, 1d6+6): the feature "rend" holds its text');
    expect(entry.text).toContain("Rend: classFeat kept as text");
    const lurch = itemNamed(actor, "Special Attack: Mire Lurch");
    expect(lurch.type).toBe("feature");
    expect(String(lurch.system.description)).not.toMatch(/placeholder/i);
    expect(entry.text).toContain("Special Attack: Mire Lurch: special attack kept as text (its name only)");
    expect(modelProblems(actor)).toEqual([]);
  });
});

describe("[SYS-IMPORT] pf1 creature-type traits named as a whole", () => {
  const withTraits = (custom: string) => {
    const doc = fixture("pf1-marsh-reaver.json") as { data: { traits: { ci: unknown } } };
    doc.data.traits.ci = { value: [], custom };
    const c = convertDocument(doc, {});
    return { entry: c.entry, system: (packSource(c)!.source as { system: Record<string, unknown> }).system };
  };

  it('[SYS-IMPORT] [SYS-MONSTERS] "Plant Traits" is pf1\'s plant immunities, each landing: nothing left as text', () => {
    const { entry, system } = withTraits("Plant Traits;");
    expect(system.conditionImmunities).toEqual(["paralyzed", "stunned"]);
    expect(system.keywordImmunities).toEqual(["mindAffecting", "paralysis", "poison", "polymorph", "sleep"]);
    expect(entry.text.filter((l) => /traits|immunit/i.test(l))).toEqual([]);
    expect(entry.review).toContain("plant traits: read as pf1's plant traits; check the creature's own exceptions");
  });

  it('[SYS-IMPORT] [SYS-MONSTERS] "Undead Traits" lands what has a field and keeps the rest (nonlethal, ability drain) as text', () => {
    const { entry, system } = withTraits("Undead Traits;Curse;");
    expect(system.conditionImmunities).toEqual(["paralyzed", "stunned", "fatigued", "exhausted"]);
    expect(system.keywordImmunities).toEqual(
      expect.arrayContaining(["mindAffecting", "death", "disease", "poison", "sleep", "energyDrain", "curse"]),
    );
    expect(entry.text).toContain(
      "undead traits: no nonlethal damage, ability drain or physical ability damage; effects that need a Fortitude save kept as text",
    );
    expect(entry.status).toBe("partial");
  });
});

describe("[SYS-IMPORT] pf1 (the actions shape) → Wounds d20", () => {
  it("[SYS-IMPORT] [SYS-MONSTERS] [WD-ATK] an action's standard iterative attacks count from the base attack bonus: +6 gives one more at -5", () => {
    const { entry, actor } = convertFixture("pf1-gloom-stalker.json");
    expect(actor.system).toMatchObject({ baseCombatBonus: 6 });
    const routine = itemNamed(actor, "Tail Lash (full attack)").system.routine as RoutineSpec;
    expect(routine.attacks).toEqual([
      { power: "Tail Lash", count: 1 },
      { power: "Tail Lash (-5)", count: 1 },
    ]);
    expect(entry.automated).toContain("Tail Lash: routine of 1× Tail Lash, 1× Tail Lash (-5)");
    // BCB 6 + Str 4 - 1 (large): a natural 5 makes 14, then 9.
    expect(attackWith("wounds-d20", actor, "Tail Lash", 5, [3], 10).outcome.total).toBe(14);
    expect(attackWith("wounds-d20", actor, "Tail Lash (-5)", 5, [3], 10).outcome.total).toBe(9);
    expect(modelProblems(actor)).toEqual([]);
  });
});
