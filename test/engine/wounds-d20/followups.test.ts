/**
 * Wounds d20 follow-ups: creator-less timed effects end on the bearer's turns, the sheet shows this
 * game's blocks only, and every event's lang string is filled by the data the event carries.
 */
import { describe, expect, it } from "vitest";
import { eventStringTests, sheetBlockTests } from "../followups-support.js";
import type { SheetBlockName } from "../../sheets/sheet-fixtures.js";
import { combatant, ctx, effect, wd } from "./fixtures.js";

const removes = (id: string) => expect.objectContaining({ kind: "removeEffect", effectId: id });
const arms = (id: string) => expect.objectContaining({ kind: "updateEffect", effectId: id, changes: { armed: true } });

describe("Wounds d20 follow-ups: effects with no creator", () => {
  for (const creator of [null, ""] as const) {
    const label = creator === null ? "a null" : "an empty";
    it(`[SYS-TURNS] a 'start of next turn' effect with ${label} creator ends at its bearer's next turn start`, () => {
      const dazed = effect({ id: "dazed", duration: "startOfNextTurn", sourceCombatantId: creator });
      const guard = combatant("guard", { effects: [dazed] });
      expect(wd.onTurnStart(ctx([guard], { combatantId: "guard" }))).toContainEqual(removes("dazed"));
    });

    it(`[SYS-TURNS] an 'end of next turn' effect with ${label} creator arms at the bearer's turn start and ends at its end`, () => {
      const mark = effect({ id: "mark", duration: "endOfNextTurn", sourceCombatantId: creator });
      const guard = combatant("guard", { effects: [mark] });
      expect(wd.onTurnStart(ctx([guard], { combatantId: "guard" }))).toContainEqual(arms("mark"));
      expect(wd.onTurnEnd(ctx([guard], { combatantId: "guard" }))).not.toContainEqual(removes("mark"));
      const armed = combatant("guard", { effects: [{ ...mark, armed: true }] });
      expect(wd.onTurnEnd(ctx([armed], { combatantId: "guard" }))).toContainEqual(removes("mark"));
    });

    it(`[SYS-TURNS] a sustained effect with ${label} creator lapses at the bearer's turn end unless sustained this round`, () => {
      const ward = effect({
        id: "ward",
        duration: "sustain",
        sustain: "minor",
        armed: true,
        sourceCombatantId: creator,
      });
      const kept = combatant("mage", { effects: [{ ...ward, sustainedRound: 2 }] });
      const lapsed = combatant("mage", { effects: [{ ...ward, sustainedRound: 1 }] });
      expect(wd.onTurnEnd(ctx([kept], { round: 2, combatantId: "mage" }))).not.toContainEqual(removes("ward"));
      expect(wd.onTurnEnd(ctx([lapsed], { round: 2, combatantId: "mage" }))).toContainEqual(removes("ward"));
    });
  }

  it("[SYS-TURNS] another combatant's turn leaves a creator-less effect alone; a named creator still times it", () => {
    const dazed = effect({ id: "dazed", duration: "startOfNextTurn" });
    const guard = combatant("guard", { effects: [dazed] });
    const thief = combatant("thief");
    expect(wd.onTurnStart(ctx([guard, thief], { combatantId: "thief" }))).not.toContainEqual(removes("dazed"));
    const made = combatant("guard", { effects: [{ ...dazed, sourceCombatantId: "thief" }] });
    expect(wd.onTurnStart(ctx([made, thief], { combatantId: "guard" }))).not.toContainEqual(removes("dazed"));
    expect(wd.onTurnStart(ctx([made, thief], { combatantId: "thief" }))).toContainEqual(removes("dazed"));
  });

  /** An unaware guard and an aware thief: the guard's caught-off-guard effect as combat start gives it. */
  function surpriseStart() {
    const guard = combatant("guard", { aware: false, name: "Guard" });
    const thief = combatant("thief", { aware: true });
    const add = wd.onCombatStart(ctx([guard, thief])).find((s) => s.kind === "addEffect");
    if (!add || add.kind !== "addEffect") throw new Error("no caught-off-guard effect");
    const surprised = combatant("guard", { aware: false, effects: [{ ...add.effect, id: "sur" }] });
    return { add, surprised, thief };
  }

  it("[SYS-TURNS] [WD-SURPRISE] caught off guard still ends at the unaware combatant's first turn", () => {
    const { surprised, thief } = surpriseStart();
    expect(wd.onTurnStart(ctx([surprised, thief], { round: 2, combatantId: "guard" }))).toContainEqual(removes("sur"));
    expect(wd.onTurnStart(ctx([surprised, thief], { round: 2, combatantId: "thief" }))).not.toContainEqual(
      removes("sur"),
    );
  });

  it("[WD-SURPRISE] [WD-FLAT] the unaware combatant's place in the surprise round (run, not acting) leaves it caught off guard for the first regular round", () => {
    const { add, surprised, thief } = surpriseStart();
    const surpriseTurn = ctx([surprised, thief], { round: 1, combatantId: "guard", surpriseRound: true });
    expect(wd.onTurnStart(surpriseTurn)).not.toContainEqual(removes("sur"));
    // The aware thief's turn in the surprise round is its own: what it times ends as usual.
    const marked = combatant("guard", {
      aware: false,
      effects: [{ ...add.effect, id: "m", sourceCombatantId: "thief" }],
    });
    const thiefTurn = ctx([marked, thief], { round: 1, combatantId: "thief", surpriseRound: true });
    expect(wd.onTurnStart(thiefTurn)).toContainEqual(removes("m"));
    expect(wd.onTurnStart(ctx([surprised, thief], { round: 2, combatantId: "guard" }))).toContainEqual(removes("sur"));
  });
});

describe("Wounds d20 follow-ups: the sheet", () => {
  // Wounds and Constitution damage, the base combat and save bonuses, death saves and recovery dice
  // (rolled out of combat: recoveries shown, no rally) are this game's; exhaustion, renown and
  // insubstantial are not.
  const table: [SheetBlockName, boolean][] = [
    ["wounds", true],
    ["baseCombatBonus", true],
    ["baseSaveBonus", true],
    ["deathSaves", true],
    ["recoveries", true],
    ["rallies", false],
    ["exhaustion", false],
    ["renown", false],
    ["insubstantial", false],
  ];
  sheetBlockTests(wd, table);
});

describe("Wounds d20 follow-ups: event strings", () => {
  eventStringTests(wd, false);
});
