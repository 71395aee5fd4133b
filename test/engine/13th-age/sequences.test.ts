/**
 * 13th Age: long turn-cycle sequences driven only through the Ruleset interface, in the order the
 * turn runner uses, with the state checked after every phase against the rules text.
 */
import { describe, expect, it } from "vitest";
import type { CombatantSource, RollRequest, RuleOptions, TurnContext, TurnStep } from "../../../src/engine/types.js";
import { damagePacket } from "../../support/engine-fixtures.js";
import { TurnSequence } from "../../support/turn-sequence.js";
import { combatant, npc, pc, rs } from "./helpers.js";

/** A battle driven phase by phase through the real turn runner; each phase consumes exactly the dice it is given. */
const battle = (combatants: CombatantSource[], options: RuleOptions = {}, over: Partial<TurnContext> = {}) =>
  new TurnSequence(rs, combatants, options, { round: 1, ...over });

const fire = (amount: number) => ({ amount, type: "fire" });
const kinds = (rolled: RollRequest[]) => rolled.map((r) => r.kind);

describe("13th Age sequences", () => {
  it("[13A-SAVE] [13A-ONGOING] [13A-TEMPHP] [13A-INIT] [13A-ESC] effects of several creators and durations over three rounds", async () => {
    const b = battle([
      combatant("hero", pc(), { initiative: 18 }),
      combatant("orc", npc(), { initiative: 15 }),
      combatant("wiz", pc(), { initiative: 12 }),
      combatant("gob", npc(), { initiative: 12 }),
    ]);
    // Ties go to the player side; the order is rolled once and holds.
    expect(rs.order(b.ctx).map((s) => s.combatantIds[0])).toEqual(["hero", "orc", "wiz", "gob"]);
    await b.combatStart();
    const escalation = (steps: TurnStep[]) => {
      expect(steps.some((s) => s.kind === "rerollInitiative")).toBe(false);
      const n = steps.find((s) => s.kind === "notice");
      return n && n.kind === "notice" ? n.event.data?.["value"] : undefined;
    };
    expect(escalation(await b.roundStart())).toBe(0);

    // Round 1. Hero: marks the orc until the end of hero's next turn, dazes it (save ends) and
    // sets it on fire (5 ongoing, save ends); gains 8 temporary HP.
    expect(await b.turnStart("hero")).toEqual([]);
    await b.put("orc", { sourceCombatantId: "hero", name: "mark", duration: "endOfNextTurn" });
    await b.put("orc", { sourceCombatantId: "hero", name: "daze", duration: "saveEnds", statuses: ["dazed"] });
    await b.put("orc", { sourceCombatantId: "hero", name: "burn", duration: "saveEnds", ongoing: fire(5) });
    await b.heal("hero", 8, "temp");
    expect(await b.turnEnd("hero")).toEqual([]);
    expect(b.effects("orc")).toEqual(["mark", "daze", "burn"]); // mark not over: hero's *next* turn

    // Orc: sticks the hero until the start of the orc's next turn; hits the hero for 5 (temp first).
    await b.turnStart("orc");
    await b.put("hero", { sourceCombatantId: "orc", name: "stuck", duration: "startOfNextTurn", statuses: ["stuck"] });
    await b.hit("hero", damagePacket(5, { natural: 14 }));
    expect(b.a("hero").hp).toEqual({ value: 30, max: 30, temp: 3 });
    // A smaller temp grant does not stack: 3 kept.
    await b.heal("hero", 2, "temp");
    expect(b.a("hero").hp.temp).toBe(3);
    // End of the orc's turn: 5 fire first, then one normal save per effect (daze 10 fails, burn 11 passes).
    const r1 = await b.turnEnd("orc", [10, 11]);
    expect(r1.map((r) => [r.kind, r.target])).toEqual([
      ["save", 11],
      ["save", 11],
    ]);
    expect(b.a("orc").hp.value).toBe(15);
    expect(b.effects("orc")).toEqual(["mark", "daze"]);

    // Wizard: a sustained shield on itself and a ward on the hero until the end of the battle.
    await b.turnStart("wiz");
    await b.put("wiz", { sourceCombatantId: "wiz", name: "shield", duration: "sustain" });
    await b.put("hero", { sourceCombatantId: "wiz", name: "ward", duration: "endOfEncounter" });
    expect(await b.turnEnd("wiz")).toEqual([]);
    await b.turnStart("gob");
    await b.turnEnd("gob");
    await b.roundEnd();

    // Round 2: escalation die 1.
    expect(escalation(await b.roundStart())).toBe(1);
    await b.turnStart("hero");
    expect(b.c("orc").effects.find((e) => e.name === "mark")?.armed).toBe(true);
    // Stuck belongs to the orc's turns: it is still on the hero during the hero's turn.
    expect(b.effects("hero")).toEqual(["stuck", "ward"]);
    await b.turnEnd("hero");
    expect(b.effects("orc")).toEqual(["daze"]); // mark ended with the hero's next turn
    await b.turnStart("orc");
    expect(b.effects("hero")).toEqual(["ward"]); // stuck ended as the orc's next turn began
    expect(kinds(await b.turnEnd("orc", [12]))).toEqual(["save"]);
    expect(b.effects("orc")).toEqual([]);
    expect(b.a("orc").hp.value).toBe(15); // no more fire after the passed save
    await b.turnStart("wiz");
    const shield = b.c("wiz").effects.find((e) => e.name === "shield")!;
    expect(shield.armed).toBe(true);
    await b.plan([{ kind: "updateEffect", actorId: "actor-wiz", effectId: shield.id, changes: { sustainedRound: 2 } }]);
    await b.turnEnd("wiz");
    expect(b.effects("wiz")).toEqual(["shield"]); // sustained this round
    await b.turnStart("gob");
    await b.turnEnd("gob");
    await b.roundEnd();

    // Round 3: the wizard does not sustain; the shield ends with the wizard's turn.
    expect(escalation(await b.roundStart())).toBe(2);
    for (const id of ["hero", "orc"]) {
      await b.turnStart(id);
      await b.turnEnd(id);
    }
    await b.turnStart("wiz");
    await b.turnEnd("wiz");
    expect(b.effects("wiz")).toEqual([]);
    expect(b.effects("hero")).toEqual(["ward"]);

    // The battle ends: the temporary HP go away, the encounter-long ward ends, the battle counts.
    await b.combatEnd();
    expect(b.a("hero").hp).toEqual({ value: 30, max: 30, temp: 0 });
    expect(b.effects("hero")).toEqual([]);
    expect(b.a("hero").recoveries.battlesSinceHealUp).toBe(1);
  });

  it("[13A-LASTTURN] an NPC that ongoing damage drops acts once more, then dies without more damage or saves", async () => {
    const b = battle([
      combatant("hero", pc(), { initiative: 18 }),
      combatant("orc", npc({ hp: { value: 4, max: 20, temp: 0 } }), { initiative: 15 }),
    ]);
    await b.combatStart();
    await b.roundStart();
    await b.turnStart("hero");
    await b.put("orc", { sourceCombatantId: "hero", name: "burn", ongoing: fire(5) });
    await b.turnEnd("hero");
    await b.turnStart("orc");
    await b.put("hero", { sourceCombatantId: "orc", name: "grab", duration: "endOfNextTurn" });
    expect(kinds(await b.turnEnd("orc", [5]))).toEqual(["save"]); // burn: 5 fails
    expect(b.a("orc")).toMatchObject({ state: "active", lastTurn: true, hp: { value: 0 } });
    await b.roundEnd();
    await b.roundStart();
    await b.turnStart("hero");
    await b.turnEnd("hero");
    expect(b.acts("orc")).toBe(true); // its one last turn
    await b.turnStart("orc");
    expect(await b.turnEnd("orc")).toEqual([]); // no second dose, no save: it drops
    expect(b.a("orc")).toMatchObject({ state: "dead", lastTurn: false, hp: { value: 0 } });
    expect(b.effects("hero")).toEqual([]); // what it created still times out on its turn
    await b.roundEnd();
    expect(b.acts("orc")).toBe(false);
  });

  it("[13A-LASTTURN] [13A-NEGHEAL] a PC on its last turn healed by an ally stays up; the ongoing damage goes on", async () => {
    const b = battle([
      combatant("hero", pc({ hp: { value: 3, max: 30, temp: 0 } }), { initiative: 18 }),
      combatant("wiz", pc(), { initiative: 12 }),
    ]);
    await b.combatStart();
    await b.roundStart();
    await b.turnStart("hero");
    await b.put("hero", { sourceCombatantId: "orc", name: "venom", ongoing: { amount: 5, type: "poison" } });
    await b.turnEnd("hero", [3]);
    expect(b.a("hero")).toMatchObject({ state: "active", lastTurn: true, hp: { value: -2 } });
    await b.turnStart("wiz");
    await b.heal("hero", 10, "heal");
    expect(b.a("hero")).toMatchObject({ state: "active", lastTurn: false, hp: { value: 10 } }); // from 0, not -2
    await b.turnEnd("wiz");
    await b.roundEnd();
    await b.roundStart();
    expect(kinds(await b.turnStart("hero"))).toEqual([]); // not dying: no death save
    await b.turnEnd("hero", [11]);
    expect(b.a("hero")).toMatchObject({ state: "active", lastTurn: false, hp: { value: 5 } });
    expect(b.effects("hero")).toEqual([]);
  });

  it("[13A-LASTTURN] [13A-DEATHSAVE] a PC not helped drops at the end of its last turn, then saves its way back", async () => {
    const b = battle([
      combatant(
        "hero",
        pc({ hp: { value: 3, max: 30, temp: 0 }, recoveries: { ...pc().recoveries, value: 2, formula: "2d8" } }),
      ),
    ]);
    await b.combatStart();
    await b.roundStart();
    await b.turnStart("hero");
    await b.put("hero", { sourceCombatantId: "orc", name: "burn", ongoing: fire(5) });
    await b.turnEnd("hero", [10]);
    expect(b.a("hero")).toMatchObject({ state: "active", lastTurn: true, hp: { value: -2 } });
    await b.roundEnd();
    await b.roundStart();
    expect(await b.turnStart("hero")).toEqual([]); // still up on its last turn: no death save yet
    await b.turnEnd("hero", [10]); // drops, then this turn's fire (-7), save fails
    expect(b.a("hero")).toMatchObject({ state: "dying", lastTurn: false, hp: { value: -7 } });
    await b.roundEnd();
    await b.roundStart();
    expect(b.acts("hero")).toBe(true);
    // Death save at the start of the turn: 16 passes, a recovery heals from 0.
    expect(kinds(await b.turnStart("hero", [16, 9]))).toEqual(["deathSave", "recovery"]);
    expect(b.a("hero")).toMatchObject({ state: "active", hp: { value: 9 }, recoveries: { value: 1 } });
    expect(b.a("hero").deathSaves).toEqual({ successes: 1, failures: 0 });
    await b.turnEnd("hero", [11]);
    expect(b.a("hero").hp.value).toBe(4);
    expect(b.effects("hero")).toEqual([]);
  });

  it("[13A-DEATH] [13A-DEATHSAVE] failed death saves add up over the whole battle, across a recovery, to death", async () => {
    const b = battle([
      combatant("hero", pc({ hp: { value: -5, max: 30, temp: 0 }, state: "dying" }), { initiative: 10 }),
    ]);
    await b.combatStart();
    for (const [round, die] of [
      [1, 15],
      [2, 2],
      [3, 10],
    ] as const) {
      await b.roundStart();
      expect(b.acts("hero")).toBe(true);
      expect(kinds(await b.turnStart("hero", [die]))).toEqual(["deathSave"]);
      expect(b.a("hero")).toMatchObject({ state: "dying", deathSaves: { failures: round } });
      await b.turnEnd("hero");
      await b.roundEnd();
    }
    // A natural 20: passes, heals (from 0) and may act this turn.
    await b.roundStart();
    const ctx = { ...b.ctx, combatantId: "hero" };
    const steps = rs.onTurnStart(ctx);
    const req = steps[0]!.kind === "roll" ? steps[0]!.request : null;
    const nat20 = rs.resolveTurnRoll(ctx, req!, { total: 20, natural: 20 });
    expect(nat20.events.map((e) => e.key)).toContain("D20C.Age13.Event.deathSaveNatural20");
    await b.turnStart("hero", [20, 7]);
    expect(b.a("hero")).toMatchObject({ state: "active", hp: { value: 7 }, deathSaves: { successes: 1, failures: 3 } });
    // Struck down again in the same battle: one more failure is the fourth.
    await b.hit("hero", damagePacket(10, { natural: 12 }));
    expect(b.a("hero")).toMatchObject({ state: "dying", hp: { value: -3 } });
    await b.turnEnd("hero");
    await b.roundEnd();
    await b.roundStart();
    await b.turnStart("hero", [11]);
    expect(b.a("hero").state).toBe("dead");
    expect(b.acts("hero")).toBe(false);
  });

  it("[13A-DEATH] [13A-DOWN] tallies start fresh each battle; at 0 HP no death saves; at -half max dead at once", async () => {
    const b = battle([
      combatant(
        "hero",
        pc({ deathSaves: { successes: 1, failures: 3 }, hp: { value: 0, max: 30, temp: 0 }, state: "unconscious" }),
      ),
    ]);
    await b.combatStart();
    expect(b.a("hero").deathSaves).toEqual({ successes: 0, failures: 0 });
    for (let i = 0; i < 3; i++) {
      await b.roundStart();
      expect(await b.turnStart("hero")).toEqual([]); // at exactly 0: unconscious, not dying
      await b.turnEnd("hero");
      await b.roundEnd();
    }
    expect(b.a("hero").state).toBe("unconscious");
    // Ongoing 15 on a creature already at 0 (not an up creature): no last turn; -15 is -half of 30.
    await b.put("hero", { sourceCombatantId: "orc", name: "burn", ongoing: fire(15) });
    await b.roundStart();
    await b.turnStart("hero");
    await b.turnEnd("hero", [5]);
    expect(b.a("hero")).toMatchObject({ state: "dead", hp: { value: -15 }, lastTurn: false });
  });

  it("[13A-DEATHSAVE] with death saves timed at the end of the turn, they come after the turn's saves", async () => {
    const b = battle([combatant("hero", pc({ hp: { value: -4, max: 30, temp: 0 }, state: "dying" }))], {
      deathSaveTiming: "end",
    });
    await b.combatStart();
    await b.roundStart();
    expect(await b.turnStart("hero")).toEqual([]);
    await b.put("hero", { sourceCombatantId: "orc", name: "daze", statuses: ["dazed"] });
    expect(kinds(await b.turnEnd("hero", [11, 5]))).toEqual(["save", "deathSave"]);
    expect(b.a("hero").deathSaves.failures).toBe(1);
    expect(b.effects("hero")).toEqual([]);
  });
});
