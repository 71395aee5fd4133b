/**
 * 13th Age table procedures through the Ruleset interface ([13A-ENGAGE], [13A-RANGE]): the
 * disengage save, moving away with or without it, and each foe's range band.
 */
import { describe, expect, it } from "vitest";
import type { ProcedureInput } from "../../../src/engine/actions.js";
import { pc, rs } from "./helpers.js";

const input = (over: Partial<ProcedureInput> = {}): ProcedureInput => ({
  actor: pc(),
  actorId: "Actor.p",
  targets: [],
  others: [],
  effects: [],
  choice: null,
  numbers: {},
  round: 2,
  ownTurn: true,
  memory: { bands: {}, marks: {} },
  options: {},
  ...over,
});
const orc = { id: "Actor.orc", name: "Orc", actor: pc() };
const engaged = { bands: { "Actor.orc": "engaged" }, marks: {} };

describe("13th Age procedures", () => {
  it("[13A-ENGAGE] disengage is a normal save (11+) costing the move; a pass marks this round, a failure loses the move", () => {
    expect(rs.planProcedure!("disengage", input()).refusal).toBe("D20C.Age13.Procedure.disengage.NotEngaged");
    const plan = rs.planProcedure!("disengage", input({ memory: engaged }));
    expect(plan.requests[0]).toMatchObject({ kind: "disengage", target: 11 });
    const pass = rs.resolveProcedure!("disengage", input({ memory: engaged }), [
      { request: plan.requests[0]!, result: { total: 11, natural: 11 } },
    ]);
    expect(pass.memory?.marks.disengaged).toBe(2);
    expect(pass.spend).toBe("move");
    const fail = rs.resolveProcedure!("disengage", input({ memory: engaged }), [
      { request: plan.requests[0]!, result: { total: 10, natural: 10 } },
    ]);
    expect(fail.memory?.marks.disengaged).toBeUndefined();
    expect(fail.spend).toBe("move");
    expect(fail.events[0]).toMatchObject({ key: "D20C.Age13.Event.disengageFailed", data: { action: "move" } });
  });

  it("[13A-ENGAGE] moving away without disengaging prompts each engaged foe; after a passed disengage nobody", () => {
    const away = rs.resolveProcedure!("moveAway", input({ memory: engaged, others: [orc] }), []);
    expect(away.prompts).toEqual([{ creatureId: "Actor.orc", key: "D20C.Age13.Prompt.OpportunityAttack" }]);
    expect(away.memory?.bands["Actor.orc"]).toBe("nearby");
    const free = rs.resolveProcedure!(
      "moveAway",
      input({ memory: { bands: engaged.bands, marks: { disengaged: 2 } } }),
      [],
    );
    expect(free.prompts).toEqual([]);
    // A disengage from an earlier round does not count.
    const stale = rs.resolveProcedure!(
      "moveAway",
      input({ memory: { bands: engaged.bands, marks: { disengaged: 1 } } }),
      [],
    );
    expect(stale.prompts).toHaveLength(1);
  });

  it("[13A-RANGE] each targeted foe's band is engaged, nearby or far away, remembered per foe", () => {
    const spec = rs.procedures!.find((p) => p.id === "setBand")!;
    expect(spec.choices!.map((c) => c.key)).toEqual(["engaged", "nearby", "farAway"]);
    expect(spec.cost).toBe("free");
    const out = rs.resolveProcedure!("setBand", input({ targets: [orc], choice: "farAway" }), []);
    expect(out.memory?.bands).toEqual({ "Actor.orc": "farAway" });
    expect(() => rs.resolveProcedure!("setBand", input({ targets: [orc], choice: "orbit" }), [])).toThrow(
      /procedure\.choice/,
    );
  });
});
