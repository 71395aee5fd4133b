/**
 * The shared action economy (src/engine/actions.ts) on each game's declared economy: a fresh turn,
 * substitutes, composites, the out-of-turn interrupt's wait, a state's action cap, over-spends
 * that warn but are recorded, and stored data read defensively.
 */
import { describe, expect, it } from "vitest";
import {
  costOf,
  endTurnActions,
  readActionsLeft,
  spendAction,
  startTurnActions,
  type ActionEconomy,
} from "../../src/engine/actions.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";

const economy = (id: Parameters<typeof getRuleset>[0]): ActionEconomy => getRuleset(id).economy!;
/** A full set of actions: what a combatant with nothing stored has. */
const full = (e: ActionEconomy) => readActionsLeft(e, null);
const A13 = economy("13th-age");
const FF = economy("ffd20");
const WD = economy("wounds-d20");

describe("action economy", () => {
  it("[13A-ACTIONS] a turn holds one standard, one move and one quick action", () => {
    expect(full(A13).left).toEqual({ standard: 1, move: 1, quick: 1, interrupt: 1 });
  });

  it("[13A-ACTIONS] a move may be paid with the standard, a quick with the move, then the standard", () => {
    let s = full(A13);
    let out = spendAction(A13, s, "move", true);
    expect(out.paidWith).toEqual(["move"]);
    out = spendAction(A13, out.state, "move", true);
    expect(out.paidWith).toEqual(["standard"]);
    expect(out.warning).toBeNull();
    s = full(A13);
    out = spendAction(A13, spendAction(A13, s, "quick", true).state, "quick", true);
    expect(out.paidWith).toEqual(["move"]);
    expect(out.state.left).toMatchObject({ standard: 1, move: 0, quick: 0 });
    // A standard can never be paid with a move or quick action.
    const noStandard = spendAction(A13, spendAction(A13, full(A13), "standard", true).state, "standard", true);
    expect(noStandard.warning).toBe("D20C.Actions.Warn.NoneLeft");
    expect(noStandard.state.left.standard).toBe(0);
  });

  it("[SYS-ACTIONS] an over-spend is advisory: it warns and is recorded, never below zero", () => {
    let s = full(FF);
    for (const k of ["standard", "move", "minor"]) s = spendAction(FF, s, k, true).state;
    const out = spendAction(FF, s, "minor", true);
    expect(out.warning).toBe("D20C.Actions.Warn.NoneLeft");
    expect(Object.values(out.state.left).every((n) => n >= 0)).toBe(true);
    expect(out.state.taken).toBe(4);
    expect(spendAction(FF, full(FF), "minor", false).warning).toBe("D20C.Actions.Warn.NotYourTurn");
    expect(spendAction(FF, full(FF), "free", true)).toMatchObject({ warning: null, paidWith: [] });
  });

  it("[13A-ACTIONS] one interrupt out of turn, then none until the end of your next turn", () => {
    let s = full(A13);
    const used = spendAction(A13, s, "interrupt", false);
    expect(used.warning).toBeNull();
    s = used.state;
    expect(spendAction(A13, s, "interrupt", false).warning).toBe("D20C.Actions.Warn.NoneLeft");
    // Its own next turn starts: turn actions back, still no interrupt during the turn.
    s = startTurnActions(A13, s, null);
    expect(s.left).toMatchObject({ standard: 1, move: 1, quick: 1, interrupt: 0 });
    // That turn ends: the interrupt is back.
    s = endTurnActions(A13, s);
    expect(s.left.interrupt).toBe(1);
    // A turn end with nothing waiting changes nothing.
    expect(endTurnActions(A13, full(A13))).toEqual(full(A13));
    // Opportunity attacks are out-of-turn free actions.
    expect(spendAction(A13, full(A13), "opportunity", false)).toMatchObject({ warning: null, paidWith: [] });
  });

  it("[FF-ACTIONS] a turn holds standard, move and minor; a standard or move may be taken instead of a minor", () => {
    expect(full(FF).left).toEqual({ standard: 1, move: 1, minor: 1 });
    let s = spendAction(FF, full(FF), "minor", true).state;
    const second = spendAction(FF, s, "minor", true);
    expect(second.paidWith).toEqual(["move"]);
    s = spendAction(FF, second.state, "minor", true).state;
    expect(s.left).toEqual({ standard: 0, move: 0, minor: 0 });
    expect(costOf(FF, "quick")).toBe("minor");
    expect(costOf(FF, "")).toBe("standard");
  });

  it("[WD-STAGGER] a staggered creature's turn allows one major or minor action; a second warns", () => {
    const staggered = defaultActorSource({ state: "staggered" });
    const cap = getRuleset("wounds-d20").actionCap!(staggered);
    expect(cap).toBe(1);
    expect(getRuleset("wounds-d20").actionCap!(defaultActorSource())).toBeNull();
    let s = startTurnActions(WD, full(WD), cap);
    const first = spendAction(WD, s, "minor", true);
    expect(first.warning).toBeNull();
    s = first.state;
    expect(spendAction(WD, s, "major", true).warning).toBe("D20C.Actions.Warn.OverCap");
    // Unstaggered: a major and a minor.
    const fresh = startTurnActions(WD, full(WD), null);
    expect(spendAction(WD, spendAction(WD, fresh, "major", true).state, "minor", true).warning).toBeNull();
  });

  it("[WD-HEALCHECK] a full-round action takes the major and the minor action together", () => {
    const out = spendAction(WD, full(WD), "fullRound", true);
    expect(out.paidWith).toEqual(["major", "minor"]);
    expect(out.state.left).toEqual({ major: 0, minor: 0 });
    expect(costOf(WD, "standard")).toBe("major");
  });

  it("[SYS-ACTIONS] stored actions are read defensively: unknown kinds dropped, bad counts reset", () => {
    const read = readActionsLeft(A13, {
      left: { standard: 0, move: "1", quick: -1, interrupt: 9, hacked: 5 },
      taken: Number.NaN,
      cap: 1,
      waiting: { interrupt: "bogus" },
    });
    expect(read.left).toEqual({ standard: 0, move: 1, quick: 1, interrupt: 1 });
    expect(read.taken).toBe(0);
    expect(read.cap).toBe(1);
    expect(read.waiting).toEqual({ interrupt: "none" });
    expect(readActionsLeft(A13, "garbage")).toEqual(full(A13));
  });
});
