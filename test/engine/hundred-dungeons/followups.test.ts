/**
 * Hundred Dungeons follow-ups: creator-less timed effects end on the bearer's turns, the sheet
 * shows this game's blocks only, new creatures start at 60 ft, and every event's lang string is
 * filled by the data the event carries.
 */
import { describe, expect, it } from "vitest";
import { speedOnCreate } from "../../../src/data/stamp.js";
import { allRulesets } from "../../../src/engine/registry.js";
import { hundredDungeons as hd } from "../../../src/engine/rulesets/hundred-dungeons/index.js";
import { eventStringTests, sheetBlockTests } from "../followups-support.js";
import type { SheetBlockName } from "../../sheets/sheet-fixtures.js";
import { damagePacket } from "../../support/engine-fixtures.js";
import { combatant, ctx, effect, hdActor } from "./fixtures.js";

const removes = (id: string) => expect.objectContaining({ kind: "removeEffect", effectId: id });
const arms = (id: string) => expect.objectContaining({ kind: "updateEffect", effectId: id, changes: { armed: true } });

describe("Hundred Dungeons follow-ups: effects with no creator", () => {
  for (const creator of [null, ""] as const) {
    const label = creator === null ? "a null" : "an empty";
    it(`[SYS-TURNS] [HD-QUICK] Dodge with ${label} creator ends at the start of its bearer's next turn`, () => {
      const dodge = effect({ id: "dodge", name: "Dodge", duration: "startOfNextTurn", sourceCombatantId: creator });
      const rogue = combatant("rogue", { effects: [dodge] });
      expect(hd.onTurnStart(ctx([rogue], { combatantId: "rogue" }))).toContainEqual(removes("dodge"));
    });

    it(`[SYS-TURNS] an 'end of next turn' effect with ${label} creator arms at the bearer's turn start and ends at its end`, () => {
      const mark = effect({ id: "mark", duration: "endOfNextTurn", sourceCombatantId: creator });
      const rogue = combatant("rogue", { effects: [mark] });
      expect(hd.onTurnStart(ctx([rogue], { combatantId: "rogue" }))).toContainEqual(arms("mark"));
      // Not yet armed: the turn it was made in does not end it.
      expect(hd.onTurnEnd(ctx([rogue], { combatantId: "rogue" }))).not.toContainEqual(removes("mark"));
      const armed = combatant("rogue", { effects: [{ ...mark, armed: true }] });
      expect(hd.onTurnEnd(ctx([armed], { combatantId: "rogue" }))).toContainEqual(removes("mark"));
    });

    it(`[SYS-TURNS] a sustained effect with ${label} creator ends at the bearer's turn end unless sustained this round`, () => {
      const wall = effect({
        id: "wall",
        duration: "sustain",
        sustain: "minor",
        armed: true,
        sourceCombatantId: creator,
      });
      const kept = combatant("mage", { effects: [{ ...wall, sustainedRound: 3 }] });
      const lapsed = combatant("mage", { effects: [{ ...wall, sustainedRound: 2 }] });
      expect(hd.onTurnEnd(ctx([kept], { round: 3, combatantId: "mage" }))).not.toContainEqual(removes("wall"));
      expect(hd.onTurnEnd(ctx([lapsed], { round: 3, combatantId: "mage" }))).toContainEqual(removes("wall"));
    });
  }

  it("[SYS-TURNS] [HD-ACTIONS] another creature's turn leaves a creator-less effect alone; a named creator still times it", () => {
    const help = effect({ id: "help", name: "Help", duration: "startOfNextTurn" });
    const rogue = combatant("rogue", { effects: [help] });
    const ogre = combatant("ogre", { side: "gm" });
    expect(hd.onTurnStart(ctx([rogue, ogre], { combatantId: "ogre" }))).not.toContainEqual(removes("help"));
    // Help given by the cleric: the cleric's next turn ends it, the bearer's does not.
    const given = combatant("rogue", { effects: [{ ...help, sourceCombatantId: "cleric" }] });
    const cleric = combatant("cleric");
    expect(hd.onTurnStart(ctx([given, cleric], { combatantId: "rogue" }))).not.toContainEqual(removes("help"));
    expect(hd.onTurnStart(ctx([given, cleric], { combatantId: "cleric" }))).toContainEqual(removes("help"));
  });
});

describe("Hundred Dungeons follow-ups: the sheet", () => {
  // What the text gives this game (exhaustion, renown and weapon skills; hit dice, which poison
  // forbids spending; the dying check) and what it lacks (rallies, wounds, BCB, a base save bonus,
  // insubstantial).
  const table: [SheetBlockName, boolean][] = [
    ["exhaustion", true],
    ["renown", true],
    ["recoveries", true],
    ["deathSaves", true],
    ["rallies", false],
    ["wounds", false],
    ["baseCombatBonus", false],
    ["baseSaveBonus", false],
    ["insubstantial", false],
  ];
  sheetBlockTests(hd, table);

  it("[SYS-RULESET] [HD-DYING] the sheet's death-save button (kept) is this game's dying check", () => {
    const dying = hdActor({ hp: { value: 0, max: 10, temp: 0 }, state: "dying", conditions: ["dying"] });
    expect(hd.deathSaveRequest(dying, hd.deriveActor(dying, {}), "a")?.kind).toBe("dyingCheck");
  });
});

describe("Hundred Dungeons follow-ups: default speed", () => {
  it("[HD-TURN] the game's default speed is 60 ft; 13th Age and FFd20 count 6 squares, Wounds d20 keeps the model's 30 ft", () => {
    expect(hd.defaultSpeed).toBe(60);
    const speeds = Object.fromEntries(allRulesets().map((rs) => [rs.id, rs.defaultSpeed]));
    expect(speeds).toEqual({ "13th-age": 6, ffd20: 6, "hundred-dungeons": 60, "wounds-d20": undefined });
  });

  it("[HD-TURN] a new creature with no speed in its creation data starts at the game's default", () => {
    expect(speedOnCreate({ name: "Rogue", type: "character" }, hd.defaultSpeed)).toBe(60);
    expect(speedOnCreate({ name: "Rogue", system: { level: 2 } }, hd.defaultSpeed)).toBe(60);
    expect(speedOnCreate(undefined, hd.defaultSpeed)).toBe(60);
  });

  it("[HD-TURN] a speed given on creation (compendium creature, typed in) is kept, 0 included", () => {
    expect(speedOnCreate({ system: { speed: 40 } }, hd.defaultSpeed)).toBeNull();
    expect(speedOnCreate({ system: { speed: 0 } }, hd.defaultSpeed)).toBeNull();
    expect(speedOnCreate({ "system.speed": 25 }, hd.defaultSpeed)).toBeNull();
  });

  it("[HD-TURN] a game without a default leaves the data model's speed alone", () => {
    expect(speedOnCreate({ name: "Orc" }, undefined)).toBeNull();
    expect(speedOnCreate({ name: "Orc" }, Number.NaN)).toBeNull();
  });
});

describe("Hundred Dungeons follow-ups: event strings", () => {
  eventStringTests(hd, true);

  it("[SYS-TARGETS] the damage, healing and temporary-HP events report the amounts in their strings", () => {
    const hurt = hdActor({ hp: { value: 10, max: 10, temp: 2 } });
    const dmg = hd.applyDamage(hurt, damagePacket(5), {}, "a");
    const dealt = dmg.events.find((e) => e.key === "D20C.HD.Event.damaged");
    expect(dealt?.data).toMatchObject({ dealt: 5, absorbed: 2, hpLost: 3 });
    const healed = hd.applyHealing(dmg.actor, 2, "heal", {}, "a").events.find((e) => e.key === "D20C.HD.Event.healed");
    expect(healed?.data).toMatchObject({ amount: 2 });
    const temp = hd.applyHealing(dmg.actor, 4, "temp", {}, "a").events.find((e) => e.key === "D20C.HD.Event.tempHp");
    expect(temp?.data).toMatchObject({ amount: 4 });
  });
});
