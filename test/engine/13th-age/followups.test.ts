/**
 * 13th Age follow-ups: the round-start escalation notice shows the combat's own die (GM offset and
 * pause), an empty creator id counts as none, the sheet shows this game's blocks only, and every
 * event's lang string is filled by the data the event carries.
 */
import { describe, expect, it } from "vitest";
import type { TurnStep } from "../../../src/engine/types.js";
import { eventStringTests, sheetBlockTests } from "../followups-support.js";
import type { SheetBlockName } from "../../sheets/sheet-fixtures.js";
import { combatant, ctx, effect, npc, pc, rs } from "./helpers.js";

const shownValue = (steps: TurnStep[]): unknown => {
  const notice = steps.find((s) => s.kind === "notice");
  return notice && notice.kind === "notice" ? notice.event.data?.value : undefined;
};

describe("13th Age follow-ups: the escalation notice", () => {
  const hero = combatant("hero", pc());

  it("[13A-ESC] the round-start notice shows the die the combat gives (GM set it to 4 in round 2)", () => {
    expect(shownValue(rs.onRoundStart({ ...ctx([hero], null, {}, 2), escalation: 4 }))).toBe(4);
  });

  it("[13A-ESC] a paused die keeps its value in the notice although the round moved on", () => {
    // Paused at 2 in round 3: round 5 would be 4 without the pause.
    expect(shownValue(rs.onRoundStart({ ...ctx([hero], null, {}, 5), escalation: 2 }))).toBe(2);
  });

  it("[13A-ESC] a die the GM turned off (0) shows 0", () => {
    expect(shownValue(rs.onRoundStart({ ...ctx([hero], null, {}, 4), escalation: 0 }))).toBe(0);
  });

  it("[13A-ESC] without a value from the combat the notice counts from the round (0 in round 1, +1 a round, 6 at most)", () => {
    expect(shownValue(rs.onRoundStart(ctx([hero], null, {}, 1)))).toBe(0);
    expect(shownValue(rs.onRoundStart(ctx([hero], null, {}, 3)))).toBe(2);
    expect(shownValue(rs.onRoundStart(ctx([hero], null, {}, 12)))).toBe(6);
  });

  it("[13A-ESC] a value outside 0–6 from the combat is held to the die's faces", () => {
    expect(shownValue(rs.onRoundStart({ ...ctx([hero], null, {}, 2), escalation: 9 }))).toBe(6);
    expect(shownValue(rs.onRoundStart({ ...ctx([hero], null, {}, 2), escalation: -1 }))).toBe(0);
    expect(shownValue(rs.onRoundStart({ ...ctx([hero], null, {}, 3), escalation: Number.NaN }))).toBe(2);
  });
});

describe("13th Age follow-ups: effects with an empty creator", () => {
  it("[SYS-TURNS] a 'next turn' effect whose creator id is empty follows its bearer's turns, like one with none", () => {
    const brief = effect({ id: "brief", duration: "startOfNextTurn", sourceCombatantId: "" });
    const mark = effect({ id: "mark", duration: "endOfNextTurn", sourceCombatantId: "", armed: true });
    const orc = combatant("orc", npc(), { effects: [brief, mark] });
    expect(rs.onTurnStart(ctx([orc], "orc"))).toContainEqual(
      expect.objectContaining({ kind: "removeEffect", effectId: "brief" }),
    );
    expect(rs.onTurnEnd(ctx([orc], "orc"))).toContainEqual(
      expect.objectContaining({ kind: "removeEffect", effectId: "mark" }),
    );
    const hero = combatant("hero", pc());
    expect(rs.onTurnStart(ctx([hero, orc], "hero"))).not.toContainEqual(
      expect.objectContaining({ kind: "removeEffect", effectId: "brief" }),
    );
  });
});

describe("13th Age follow-ups: the sheet", () => {
  // Recoveries, rallies and death saves are this game's; wounds, exhaustion, renown, the base combat
  // bonus and insubstantial belong to other games. Saves take a flat bonus here; NPCs may use the die.
  const table: [SheetBlockName, boolean][] = [
    ["recoveries", true],
    ["rallies", true],
    ["deathSaves", true],
    ["baseSaveBonus", true],
    ["wounds", false],
    ["exhaustion", false],
    ["renown", false],
    ["baseCombatBonus", false],
    ["insubstantial", false],
  ];
  sheetBlockTests(rs, table);
});

describe("13th Age follow-ups: event strings", () => {
  eventStringTests(rs, false);

  it("[13A-TEMPHP] the temporary-HP events carry the numbers their strings name", () => {
    const a = pc({ hp: { value: 30, max: 30, temp: 6 } });
    const lower = rs.applyHealing(a, 4, "temp", {}, "a").events.find((e) => e.key === "D20C.Age13.Event.tempKept");
    expect(lower?.data).toMatchObject({ kept: 6 });
    const higher = rs.applyHealing(a, 9, "temp", {}, "a").events.find((e) => e.key === "D20C.Age13.Event.tempGained");
    expect(higher?.data).toMatchObject({ amount: 9 });
  });
});
