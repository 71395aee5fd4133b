/**
 * FFd20 follow-ups: an empty creator id counts as none, saves against an effect name the effect
 * (not the bearer) in chat, a save from the sheet reads as a plain save, the sheet shows this game's
 * blocks only, and every event's lang string is filled by the data the event carries.
 */
import { describe, expect, it } from "vitest";
import { ffd20 } from "../../../src/engine/rulesets/ffd20/index.js";
import { eventStringTests, i18n, sheetBlockTests, turnChat, unfilledPlaceholders } from "../followups-support.js";
import type { SheetBlockName } from "../../sheets/sheet-fixtures.js";
import { combatant, ctx, effect, npc, pc } from "./fixtures.js";

describe("FFd20 follow-ups: effects with an empty creator", () => {
  it("[FF-DURATION] [SYS-TURNS] a 'next turn' effect whose creator id is empty follows its bearer's turns, like one with none", () => {
    const brief = effect("brief", { duration: "startOfNextTurn", sourceCombatantId: "" });
    const mark = effect("mark", { duration: "endOfNextTurn", sourceCombatantId: "", armed: true });
    const orc = combatant("orc", { actor: npc(), effects: [brief, mark] });
    expect(ffd20.onTurnStart(ctx([orc], "orc"))).toContainEqual(
      expect.objectContaining({ kind: "removeEffect", effectId: "brief" }),
    );
    expect(ffd20.onTurnEnd(ctx([orc], "orc"))).toContainEqual(
      expect.objectContaining({ kind: "removeEffect", effectId: "mark" }),
    );
    const hero = combatant("hero", { actor: pc() });
    expect(ffd20.onTurnStart(ctx([hero, orc], "hero"))).not.toContainEqual(
      expect.objectContaining({ kind: "removeEffect", effectId: "brief" }),
    );
  });

  it("[FF-SUSTAIN] [SYS-TURNS] a sustained effect with an empty creator lapses at its bearer's turn end when not sustained", () => {
    const wall = effect("wall", { duration: "sustain", sustain: "minor", sourceCombatantId: "", armed: true });
    const mage = combatant("mage", { effects: [{ ...wall, sustainedRound: 1 }] });
    expect(ffd20.onTurnEnd(ctx([mage], "mage", { round: 2 }))).toContainEqual(
      expect.objectContaining({ kind: "removeEffect", effectId: "wall" }),
    );
    const kept = combatant("mage", { effects: [{ ...wall, sustainedRound: 2 }] });
    expect(ffd20.onTurnEnd(ctx([kept], "mage", { round: 2 }))).not.toContainEqual(
      expect.objectContaining({ kind: "removeEffect", effectId: "wall" }),
    );
  });
});

describe("FFd20 follow-ups: saves in chat", () => {
  const slowed = effect("slow", { name: "Frost Bite", duration: "saveEnds" });
  const orc = combatant("orc", { name: "Orc Raider", actor: npc(), effects: [slowed] });

  it("[FF-SAVE] [SYS-TURNS] the end-of-turn save line names the effect saved against, not the bearer", async () => {
    const c = ctx([orc], "orc");
    const views = await turnChat(ffd20, c, ffd20.onTurnEnd(c), [4]);
    const save = views.find((v) => v.rolls.length > 0);
    // A roll named as its line is captioned by the headline alone.
    const rollName = save?.rolls[0]?.label || save?.headline;
    expect(rollName).toContain("Frost Bite");
    expect(rollName).not.toContain("Orc Raider");
    expect(save?.details.join(" ")).toContain("Frost Bite");
    expect(save?.details.join(" ")).not.toContain("Orc Raider");
  });

  it("[FF-SAVE] a saved effect's line names it too (10 or more ends it)", async () => {
    const c = ctx([orc], "orc");
    const views = await turnChat(ffd20, c, ffd20.onTurnEnd(c), [15]);
    const text = views.flatMap((v) => v.details).join(" ");
    expect(text).toContain("Frost Bite");
    expect(text).toMatch(/15/);
  });

  it("[FF-SAVE] a save rolled from the sheet reads as a plain save with its total (no empty effect name)", () => {
    const a = pc();
    const req = ffd20.saveRequest(a, ffd20.deriveActor(a, {}), "save", "normal", "a");
    for (const [total, word] of [
      [12, "succeeded"],
      [7, "failed"],
    ] as const) {
      const ev = ffd20.resolveRoll(a, req, { total, natural: total }, {}).events[0];
      if (!ev) throw new Error("no save event");
      expect(unfilledPlaceholders(ev)).toEqual([]);
      const text = i18n().format(ev.key, { name: "Hero", ...(ev.data ?? {}) });
      expect(text).toContain(String(total));
      expect(text).toContain(word);
      expect(text).not.toMatch(/against\s*\(/);
    }
  });
});

describe("FFd20 follow-ups: the sheet", () => {
  // Healing surges ride on recoveries and second wind on the rally; death saves are the chosen
  // [FF-DEATH] rule; insubstantial and a flat save bonus are this game's. No wounds, exhaustion,
  // renown or base combat bonus.
  const table: [SheetBlockName, boolean][] = [
    ["recoveries", true],
    ["rallies", true],
    ["deathSaves", true],
    ["baseSaveBonus", true],
    ["insubstantial", true],
    ["wounds", false],
    ["exhaustion", false],
    ["renown", false],
    ["baseCombatBonus", false],
  ];
  sheetBlockTests(ffd20, table);
});

describe("FFd20 follow-ups: event strings", () => {
  eventStringTests(ffd20, false);
});
