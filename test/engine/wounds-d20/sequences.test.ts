/**
 * Wounds d20: long turn-cycle sequences driven only through the Ruleset interface, in the order
 * the turn runner uses, with the state checked after every phase against the rules text.
 */
import { describe, expect, it } from "vitest";
import type { CombatantSource, RollRequest, RuleOptions, TurnContext } from "../../../src/engine/types.js";
import { TurnSequence } from "../../support/turn-sequence.js";
import { combatant, hurt, packet, wd as rs } from "./fixtures.js";

/** A battle driven phase by phase through the real turn runner; each phase consumes exactly the dice it is given. */
const battle = (combatants: CombatantSource[], options: RuleOptions = {}, over: Partial<TurnContext> = {}) =>
  new TurnSequence(rs, combatants, options, { round: 1, ...over });

const kinds = (rolled: RollRequest[]) => rolled.map((r) => r.kind);
const reasons = (rolled: RollRequest[]) => rolled.map((r) => `${r.kind}:${String(r.data?.["reason"])}:${r.target}`);
const hit = (b: TurnSequence, id: string, amount: number, dice: number[], over: Parameters<typeof packet>[1] = {}) =>
  b.hit(id, packet(amount, over), dice);

describe("Wounds d20 sequences", () => {
  it("[WD-SURPRISE] [WD-INIT] [WD-TIES] [WD-FLAT] only the aware roll and act in the surprise round; the surprised stay off guard until their turn", async () => {
    const b = battle(
      [
        combatant("hero", { aware: false }),
        combatant("orc", { aware: true, side: "gm" }),
        combatant("elf", { aware: true }),
      ],
      {},
      { surpriseRound: true },
    );
    await b.combatStart();
    expect(b.effects("hero")).toEqual(["D20C.WD.Effect.Surprised"]);
    expect(b.c("hero").effects[0]!.statuses).toContain("flatFooted");
    expect(b.effects("orc")).toEqual([]);
    const s = await b.roundStart();
    expect(s).toEqual([{ kind: "rerollInitiative", combatantIds: ["orc", "elf"] }]);
    expect([b.acts("hero"), b.acts("orc"), b.acts("elf")]).toEqual([false, true, true]);
    await b.turnStart("orc");
    await b.turnEnd("orc");
    await b.turnStart("elf");
    await b.turnEnd("elf");
    expect(b.effects("hero")).toEqual(["D20C.WD.Effect.Surprised"]); // still caught off guard
    await b.roundEnd();
    // First regular round: everyone rolls again, everyone acts; a tie shares one slot.
    b.ctx = { ...b.ctx, surpriseRound: false };
    expect(await b.roundStart()).toEqual([{ kind: "rerollInitiative", combatantIds: ["hero", "orc", "elf"] }]);
    for (const [id, init] of [
      ["hero", 14],
      ["orc", 14],
      ["elf", 9],
    ] as const)
      b.c(id).initiative = init;
    expect(rs.order(b.ctx).map((x) => x.combatantIds)).toEqual([["hero", "orc"], ["elf"]]);
    expect([b.acts("hero"), b.acts("orc"), b.acts("elf")]).toEqual([true, true, true]);
    await b.turnStart("hero");
    expect(b.effects("hero")).toEqual([]); // its own turn: no longer surprised
    await b.turnEnd("hero");
    await b.roundEnd();
    // Every later round rolls again too.
    expect(await b.roundStart()).toEqual([{ kind: "rerollInitiative", combatantIds: ["hero", "orc", "elf"] }]);
  });

  it("[WD-DEATHDC] [WD-DYING] dying over rounds: Con per end-of-round save, new damage saves at once and the count goes on, 3 failures kill", async () => {
    const b = battle([combatant("hero", { actor: hurt(20, 0) }), combatant("orc", { side: "gm" })]);
    await b.combatStart();
    await b.roundStart();
    // 24 damage on 20 HP: 4 beyond, DC 12; 8 fails by 4 → dying.
    expect(reasons(await hit(b, "hero", 24, [8]))).toEqual(["deathSave:damage:12"]);
    expect(b.a("hero")).toMatchObject({ state: "dying", deathSaves: { successes: 0, failures: 0 } });
    expect(b.acts("hero")).toBe(false);
    expect(reasons(await b.roundEnd([15]))).toEqual(["deathSave:dying:12"]);
    expect(b.a("hero")).toMatchObject({
      state: "dying",
      constitutionDamage: 1,
      deathSaves: { successes: 1, failures: 0 },
    });
    await b.roundStart();
    await b.roundEnd([3]);
    expect(b.a("hero")).toMatchObject({
      state: "dying",
      constitutionDamage: 2,
      deathSaves: { successes: 1, failures: 1 },
    });
    await b.roundStart();
    // Hit again for 2 (26 taken, DC 13): 5 fails by 8, survives; the tallies carry on, no Con for it.
    expect(reasons(await hit(b, "hero", 2, [5]))).toEqual(["deathSave:dyingHit:13"]);
    expect(b.a("hero")).toMatchObject({
      state: "dying",
      constitutionDamage: 2,
      deathSaves: { successes: 1, failures: 1 },
    });
    expect(reasons(await b.roundEnd([12]))).toEqual(["deathSave:dying:13"]);
    expect(b.a("hero")).toMatchObject({ state: "dying", deathSaves: { failures: 2 } });
    await b.roundStart();
    await b.roundEnd([9]);
    expect(b.a("hero")).toMatchObject({ state: "dead", constitutionDamage: 4 });
    await b.roundStart();
    expect(await b.roundEnd()).toEqual([]); // the dead roll no more
  });

  it("[WD-DYING] [WD-STABLE] [WD-STAGGER] four successes stabilise; hourly checks; back to dying; natural 20; up staggered; hit again", async () => {
    const b = battle([combatant("hero", { actor: hurt(20, 22, { state: "dying" }) })]);
    await b.combatStart();
    for (let i = 1; i <= 4; i++) {
      await b.roundStart();
      await b.roundEnd([11]); // DC 11
      expect(b.a("hero").state).toBe(i < 4 ? "dying" : "stable");
    }
    expect(b.a("hero")).toMatchObject({ constitutionDamage: 4, deathSaves: { successes: 0, failures: 0 } });
    await b.roundStart();
    expect(await b.roundEnd()).toEqual([]); // stable: no end-of-round save
    // The hourly check: success by less than 5 → still stable; failure → dying again, fresh count.
    const stable = (die: number) => {
      const req = rs.deathSaveRequest(b.a("hero"), rs.deriveActor(b.a("hero"), {}), "actor-hero")!;
      expect(req.kind).toBe("stableCheck");
      b.setActor("hero", rs.resolveRoll(b.a("hero"), req, { total: die, natural: die }, {}).actor);
    };
    stable(15);
    expect(b.a("hero")).toMatchObject({ state: "stable", constitutionDamage: 5 });
    stable(10);
    expect(b.a("hero")).toMatchObject({
      state: "dying",
      constitutionDamage: 6,
      deathSaves: { successes: 0, failures: 0 },
    });
    await b.roundStart();
    await b.roundEnd([20]); // natural 20: stable at once
    expect(b.a("hero")).toMatchObject({ state: "stable", constitutionDamage: 7 });
    stable(16); // by 5: conscious and staggered
    expect(b.a("hero").state).toBe("staggered");
    expect(b.acts("hero")).toBe(true);
    // Staggered and hit by lethal damage: a new save, and even a success means dying.
    expect(reasons(await hit(b, "hero", 1, [19]))).toEqual(["deathSave:hit:11"]);
    expect(b.a("hero").state).toBe("dying");
  });

  it("[WD-DYING] a natural 1 on the end-of-round save kills at once; healing lifts a dying creature before that", async () => {
    const b = battle([
      combatant("a", { actor: hurt(20, 21, { state: "dying" }) }),
      combatant("b", { actor: hurt(20, 21, { state: "dying" }) }),
    ]);
    await b.combatStart();
    await b.roundStart();
    await b.heal("b", 5, "heal");
    expect(b.a("b")).toMatchObject({ state: "active", hp: { value: 4 } });
    expect(kinds(await b.roundEnd([1]))).toEqual(["deathSave"]); // only the one still dying
    expect(b.a("a").state).toBe("dead");
  });

  it("[WD-DAMAGE] [WD-DEATHDC] ongoing damage at the start of the turn forces a death save; the effect's creator times its other effects", async () => {
    const b = battle([combatant("hero", { actor: hurt(10, 7) }), combatant("orc", { side: "gm" })]);
    await b.combatStart();
    await b.roundStart();
    await b.turnStart("orc");
    await b.put("hero", { sourceCombatantId: "orc", name: "burn", ongoing: { amount: 5, type: "untyped" } });
    await b.put("hero", { sourceCombatantId: "orc", name: "slow", duration: "endOfNextTurn" });
    await b.turnEnd("orc");
    // Hero's turn: 5 more (12 of 10, DC 11); 14 passes → staggered. Then its save vs burn (15 ends it).
    expect(reasons(await b.turnStart("hero", [14]))).toEqual(["deathSave:damage:11"]);
    expect(b.a("hero")).toMatchObject({ state: "staggered", hp: { value: -2 } });
    expect(b.effects("hero")).toEqual(["burn", "slow"]);
    await b.turnEnd("hero", [15]);
    expect(b.effects("hero")).toEqual(["slow"]); // slow waits on the orc's next turn
    await b.roundEnd();
    await b.roundStart();
    await b.turnStart("orc");
    await b.turnEnd("orc");
    expect(b.effects("hero")).toEqual([]);
  });
});
