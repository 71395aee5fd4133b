import { describe, expect, it } from "vitest";
import { age13 } from "../../../src/engine/rulesets/13th-age.js";
import { pc, rs } from "./helpers.js";

const {
  canSpend,
  spendAction,
  TURN_ACTIONS,
  useInterrupt,
  canInterrupt,
  interruptOnTurnStart,
  interruptOnTurnEnd,
  INTERRUPT_READY,
} = age13;

describe("13th Age table procedure", () => {
  it("[13A-ACTIONS] a turn holds one standard, one move, one quick action plus free actions; all labelled", () => {
    expect(TURN_ACTIONS).toEqual({ standard: 1, move: 1, quick: 1 });
    expect(rs.actions.map((a) => a.key)).toEqual(["standard", "move", "quick", "free", "interrupt", "opportunity"]);
    expect(canSpend({ standard: 0, move: 0, quick: 0 }, "free")).toBe("free");
    expect(age13.OPPORTUNITY_ATTACK_ACTION).toBe("free");
  });

  it("[13A-ACTIONS] substitute downward only: standard → move or quick, move → quick", () => {
    expect(canSpend({ standard: 1, move: 0, quick: 0 }, "move")).toBe("standard");
    expect(canSpend({ standard: 1, move: 0, quick: 0 }, "quick")).toBe("standard");
    expect(canSpend({ standard: 0, move: 1, quick: 0 }, "quick")).toBe("move");
    expect(canSpend({ standard: 1, move: 1, quick: 1 }, "quick")).toBe("quick");
    expect(canSpend({ standard: 0, move: 1, quick: 1 }, "standard")).toBeNull();
    expect(canSpend({ standard: 0, move: 0, quick: 1 }, "move")).toBeNull();
    // Two moves in a turn: the second one uses the standard action.
    const afterMove = spendAction(TURN_ACTIONS, "move")!;
    const afterTwo = spendAction(afterMove, "move")!;
    expect(afterTwo).toEqual({ standard: 0, move: 0, quick: 1 });
    expect(spendAction(afterTwo, "move")).toBeNull();
  });

  it("[13A-ACTIONS] one interrupt off-turn, then none until the end of your next turn", () => {
    expect(canInterrupt(INTERRUPT_READY, true)).toBe(false);
    const used = useInterrupt(INTERRUPT_READY, false)!;
    expect(used).not.toBeNull();
    expect(useInterrupt(used, false)).toBeNull();
    // Ending a turn that began before the use doesn't reset it.
    expect(canInterrupt(interruptOnTurnEnd(used), false)).toBe(false);
    const started = interruptOnTurnStart(used);
    expect(canInterrupt(started, false)).toBe(false);
    expect(canInterrupt(interruptOnTurnEnd(started), false)).toBe(true);
  });

  it("[13A-RANGE] foes are nearby (one move: move and attack) or far away (two moves: no attack)", () => {
    expect(age13.RANGE_BANDS.map((b) => [b.key, b.moves])).toEqual([
      ["engaged", 0],
      ["nearby", 1],
      ["farAway", 2],
    ]);
    expect(age13.reachFoe("nearby")).toEqual({ moves: 1, standardSpentMoving: false, canAttack: true });
    expect(age13.reachFoe("farAway")).toEqual({ moves: 2, standardSpentMoving: true, canAttack: false });
    expect(() => age13.reachFoe("orbit" as never)).toThrow(/range\.band/);
  });

  it("[13A-ENGAGE] disengaging is a normal save (11+); a failure loses the move", () => {
    const a = pc();
    const req = age13.disengageRequest(a, "p");
    expect(req).toMatchObject({ kind: "disengage", target: 11, formula: "1d20", data: { action: "move" } });
    expect(rs.resolveRoll(a, req, { total: 11, natural: 11 }, {}).events[0]?.key).toBe("D20C.Age13.Event.disengaged");
    const fail = rs.resolveRoll(a, req, { total: 10, natural: 10 }, {});
    expect(fail.events[0]).toMatchObject({ key: "D20C.Age13.Event.disengageFailed", data: { action: "move" } });
    expect(age13.disengageOutcome(false, "move")).toEqual({ moved: false, actionLost: "move" });
    expect(age13.disengageOutcome(true, "move")).toEqual({ moved: true, actionLost: null });
    // Retry with the standard action.
    expect(age13.disengageRequest(a, "p", true).data).toEqual({ action: "standard" });
  });

  it("[13A-ENGAGE] leaving an engaged foe without disengaging provokes its opportunity attack", () => {
    expect(age13.provokesOpportunityAttack({ engaged: true, disengaged: false, leaving: true })).toBe(true);
    expect(age13.provokesOpportunityAttack({ engaged: true, disengaged: true, leaving: true })).toBe(false);
    expect(age13.provokesOpportunityAttack({ engaged: false, disengaged: false, leaving: true })).toBe(false);
    expect(age13.provokesOpportunityAttack({ engaged: true, disengaged: false, leaving: false })).toBe(false);
  });
});
