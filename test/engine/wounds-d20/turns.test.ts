import { describe, expect, it } from "vitest";
import type { TurnStep } from "../../../src/engine/types.js";
import { actor, combatant, ctx, effect, hurt, wd } from "./fixtures.js";

const kinds = (steps: TurnStep[]) => steps.map((s) => s.kind);

describe("Wounds d20 surprise round", () => {
  const party = [combatant("a", { aware: true }), combatant("b", { aware: false }), combatant("c", { aware: true })];

  it("[WD-SURPRISE] a surprise round happens only when some but not all are aware", () => {
    const announced = (cs: typeof party) =>
      wd.onCombatStart(ctx(cs)).some((s) => s.kind === "notice" && s.event.key === "D20C.WD.Event.SurpriseRound");
    expect(announced(party)).toBe(true);
    expect(announced(party.map((c) => ({ ...c, aware: true })))).toBe(false);
    expect(announced(party.map((c) => ({ ...c, aware: false })))).toBe(false);
    expect(wd.onCombatStart(ctx(party.map((c) => ({ ...c, aware: true }))))).toEqual([]);
    expect(wd.onCombatStart(ctx(party.map((c) => ({ ...c, aware: false }))))).toEqual([]);
  });

  it("[WD-SURPRISE] only the aware roll initiative and act in the surprise round, one major or minor action", () => {
    const c = ctx(party, { surpriseRound: true });
    expect(wd.onRoundStart(c)).toEqual([{ kind: "rerollInitiative", combatantIds: ["a", "c"] }]);
    expect(party.map((p) => wd.actsThisRound(c, p))).toEqual([true, false, true]);
    expect(wd.actsThisRound(ctx(party), party[1]!)).toBe(true);
  });

  it("[WD-SURPRISE] [WD-FLAT] the unaware start flat-footed until their own first turn begins", () => {
    const steps = wd.onCombatStart(ctx(party));
    const adds = steps.filter((s) => s.kind === "addEffect");
    expect(adds.map((s) => s.actorId)).toEqual(["actor-b"]);
    const add = adds[0]!;
    if (add.kind !== "addEffect") throw new Error("unreachable");
    expect(add.effect.statuses).toEqual(["flatFooted"]);
    expect(wd.conditions.find((x) => x.id === "flatFooted")!.offGuard).toBe(true);
    // When b's turn starts, the surprise effect it carries (timed by b) ends.
    const b = combatant("b", { aware: false, effects: [{ ...add.effect, id: "sur" }] });
    const start = wd.onTurnStart(ctx([party[0]!, b], { combatantId: "b" }));
    expect(start).toContainEqual({
      kind: "removeEffect",
      actorId: "actor-b",
      effectId: "sur",
      label: "D20C.WD.Step.Expired",
    });
    expect(wd.onTurnStart(ctx([party[0]!, b], { combatantId: "a" }))).toEqual([]);
  });
});

describe("Wounds d20 initiative", () => {
  it("[WD-INIT] every regular round everyone rolls initiative again", () => {
    const cs = [combatant("a"), combatant("b", { aware: false }), combatant("x", { defeated: true })];
    for (const round of [1, 2, 3]) {
      expect(wd.onRoundStart(ctx(cs, { round }))).toEqual([{ kind: "rerollInitiative", combatantIds: ["a", "b"] }]);
    }
    expect(wd.initiative.mode).toBe("everyRound");
  });

  it("[WD-INIT] initiative is d20 + BCB + Dex, with the bloodied and wounded penalties", () => {
    const a = actor({ baseCombatBonus: 2, abilities: { str: 10, dex: 16, con: 10, int: 10, wis: 10, cha: 10 } });
    expect(wd.initiativeFormula(a, wd.deriveActor(a, {}))).toBe("1d20 + 5");
    const w = { ...a, hp: { value: 2, max: 20, temp: 0 } };
    expect(wd.initiativeFormula(w, wd.deriveActor(w, {}))).toBe("1d20 + 3");
  });

  it("[WD-TIES] equal initiative shares one slot, highest first", () => {
    const cs = [
      combatant("a", { initiative: 12 }),
      combatant("b", { initiative: 17 }),
      combatant("c", { initiative: 12 }),
      combatant("d", { initiative: null }),
    ];
    expect(wd.order(ctx(cs))).toEqual([
      { combatantIds: ["b"], initiative: 17 },
      { combatantIds: ["a", "c"], initiative: 12 },
      { combatantIds: ["d"], initiative: null },
    ]);
    expect(wd.initiative.simultaneousTies).toBe(true);
  });
});

describe("Wounds d20 end of round", () => {
  it("[WD-DYING] at the end of every round each dying combatant, and only they, make a death save", () => {
    const cs = [
      combatant("a", { actor: hurt(20, 25, { state: "dying" }) }),
      combatant("b", { actor: hurt(20, 25, { state: "stable" }) }),
      combatant("c", { actor: hurt(20, 22, { state: "staggered" }) }),
      combatant("d", { actor: hurt(20, 30, { state: "dying" }) }),
    ];
    const steps = wd.onRoundEnd(ctx(cs));
    expect(steps.map((s) => (s.kind === "roll" ? [s.request.actorId, s.request.target] : null))).toEqual([
      ["actor-a", 12],
      ["actor-d", 15],
    ]);
    expect(wd.onTurnEnd(ctx(cs, { combatantId: "a" }))).toEqual([]);
  });

  it("[WD-DYING] the round-end roll resolved through the turn cycle tallies and costs Constitution", () => {
    const cs = [combatant("a", { actor: hurt(20, 25, { state: "dying", deathSaves: { successes: 0, failures: 2 } }) })];
    const c = ctx(cs);
    const step = wd.onRoundEnd(c)[0]!;
    if (step.kind !== "roll") throw new Error("expected a roll");
    const res = wd.resolveTurnRoll(c, step.request, { total: 4, natural: 4 });
    expect(res.actor.state).toBe("dead");
    expect(res.actor.constitutionDamage).toBe(1);
  });

  it("[WD-STAGGER] [WD-DYING] the down do not act; the staggered do", () => {
    const c = ctx([]);
    expect(wd.actsThisRound(c, combatant("a", { actor: hurt(20, 25, { state: "dying" }) }))).toBe(false);
    expect(wd.actsThisRound(c, combatant("a", { actor: hurt(20, 25, { state: "stable" }) }))).toBe(false);
    expect(wd.actsThisRound(c, combatant("a", { actor: hurt(20, 22, { state: "staggered" }) }))).toBe(true);
  });
});

describe("Wounds d20 effects in the turn cycle", () => {
  it("saves against save-ends effects at the bearer's turn end; success removes it and defers the aftereffect", () => {
    const after = { ...effect(), duration: "saveEnds" as const, name: "Dazed after" };
    const { id: _i, aftereffect: _a, armed: _r, sustainedRound: _s, ...afterData } = after;
    const e = effect({ id: "slow", save: "hard", saveBonus: 1, aftereffect: afterData });
    const cs = [combatant("a", { actor: actor({ baseSaveBonus: 2 }), effects: [e] })];
    const c = ctx(cs, { combatantId: "a" });
    const steps = wd.onTurnEnd(c);
    expect(kinds(steps)).toEqual(["roll"]);
    const req = (steps[0] as Extract<TurnStep, { kind: "roll" }>).request;
    expect(req).toMatchObject({ effectId: "slow", formula: "1d20 + 3", target: 20 });
    const ok = wd.resolveTurnRoll(c, req, { total: 20, natural: 17 });
    expect(kinds(ok.followUps)).toEqual(["removeEffect"]);
    expect(kinds(ok.deferred)).toEqual(["addEffect"]);
    const fail = wd.resolveTurnRoll(c, req, { total: 25, natural: 1 }); // [WD-SAVES] natural 1 fails
    expect(fail.followUps).toEqual([]);
  });

  it("arms end-of-next-turn effects at the creator's turn start and ends them at its turn end", () => {
    const e = effect({ id: "mark", duration: "endOfNextTurn", sourceCombatantId: "a" });
    const cs = [combatant("a"), combatant("b", { effects: [e] })];
    expect(wd.onTurnStart(ctx(cs, { combatantId: "a" }))).toEqual([
      { kind: "updateEffect", actorId: "actor-b", effectId: "mark", changes: { armed: true } },
    ]);
    expect(wd.onTurnEnd(ctx(cs, { combatantId: "a" }))).toEqual([]);
    const armed = [combatant("a"), combatant("b", { effects: [{ ...e, armed: true }] })];
    expect(kinds(wd.onTurnEnd(ctx(armed, { combatantId: "a" })))).toEqual(["removeEffect"]);
  });

  it("deals ongoing damage at the bearer's turn start as an ongoing damage step", () => {
    const cs = [combatant("a", { effects: [effect({ id: "burn", ongoing: { amount: 5, type: "fire" } })] })];
    const steps = wd.onTurnStart(ctx(cs, { combatantId: "a" }));
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({
      kind: "damage",
      effectId: "burn",
      packet: { amount: 5, types: ["fire"], ongoing: true },
    });
  });

  it("ends encounter effects when combat ends and refuses an unknown current combatant", () => {
    const cs = [
      combatant("a", {
        effects: [effect({ id: "x", duration: "endOfEncounter" }), effect({ id: "y", duration: "permanent" })],
      }),
    ];
    expect(wd.onCombatEnd(ctx(cs), false)).toEqual([
      { kind: "removeEffect", actorId: "actor-a", effectId: "x", label: "D20C.WD.Step.Expired" },
    ]);
    expect(() => wd.onTurnStart(ctx(cs, { combatantId: "zz" }))).toThrow(/ctx\.combatantId/);
  });

  it("replaces an effect with the same id and keeps the list untouched", () => {
    const list = [effect({ id: "a" }), effect({ id: "b" })];
    const out = wd.addEffect(list, effect({ id: "a", name: "new" }));
    expect(out.map((e) => [e.id, e.name])).toEqual([
      ["b", "Effect"],
      ["a", "new"],
    ]);
    expect(list[0]!.name).toBe("Effect");
  });

  it("[WD-WOUNDPTS] a full rest leaves wound points as damage and refills recovery dice", () => {
    const a = hurt(20, 18, {
      wounds: [{ severity: 3, location: "", nasty: false }],
      recoveries: { value: 0, max: 3, formula: "1d8", noRecoveryUses: 0, ralliesThisBattle: 0, battlesSinceHealUp: 0 },
    });
    const rested = wd.fullHealUp(a);
    expect(rested.hp.value).toBe(17);
    expect(rested.recoveries.value).toBe(3);
  });
});
