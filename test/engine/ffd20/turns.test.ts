import { defaultActorSource } from "../../../src/engine/common.js";
import { describe, expect, it } from "vitest";
import { ffd20 } from "../../../src/engine/rulesets/ffd20/index.js";
import type { EffectSource, TurnStep } from "../../../src/engine/types.js";
import { combatant, ctx, effect, npc, pc } from "./fixtures.js";

const damageSteps = (steps: TurnStep[]) =>
  steps.filter((s): s is Extract<TurnStep, { kind: "damage" }> => s.kind === "damage");
const rollSteps = (steps: TurnStep[]) =>
  steps.filter((s): s is Extract<TurnStep, { kind: "roll" }> => s.kind === "roll");
const removed = (steps: TurnStep[]) =>
  steps.filter((s) => s.kind === "removeEffect").map((s) => (s as { effectId: string }).effectId);

describe("FFd20 ongoing damage", () => {
  it("[FF-ONGOING] taken at the START of the bearer's turn, not at its end, and not on another's turn", () => {
    const burning = combatant("a", { effects: [effect("burn", { ongoing: { amount: 5, type: "fire" } })] });
    const other = combatant("b");
    const start = damageSteps(ffd20.onTurnStart(ctx([burning, other], "a")));
    expect(start).toHaveLength(1);
    expect(start[0]?.packet).toMatchObject({ amount: 5, types: ["fire"], ongoing: true, natural: null });
    expect(start[0]?.effectId).toBe("burn");
    expect(damageSteps(ffd20.onTurnEnd(ctx([burning, other], "a")))).toHaveLength(0);
    expect(damageSteps(ffd20.onTurnStart(ctx([burning, other], "b")))).toHaveLength(0);
  });

  it("[FF-ONGOING] same type (or untyped with untyped): only the highest applies; different types each apply", () => {
    const c = combatant("a", {
      effects: [
        effect("u5", { ongoing: { amount: 5, type: "" } }),
        effect("u10", { ongoing: { amount: 10, type: "untyped" } }),
        effect("f3", { ongoing: { amount: 3, type: "fire" } }),
        effect("f4", { ongoing: { amount: 4, type: "fire" } }),
        effect("p2", { ongoing: { amount: 2, type: "poison" } }),
      ],
    });
    const steps = damageSteps(ffd20.onTurnStart(ctx([c], "a")));
    const byType = Object.fromEntries(steps.map((s) => [s.packet.types[0] ?? "untyped", s.packet.amount]));
    expect(byType).toEqual({ untyped: 10, fire: 4, poison: 2 });
  });

  it("[FF-ONGOING] stacking on arrival: a lower same-type ongoing is dropped, a higher one replaces, another type sits beside", () => {
    const list = [effect("f5", { ongoing: { amount: 5, type: "fire" } })];
    expect(ffd20.addEffect(list, effect("f3", { ongoing: { amount: 3, type: "fire" } })).map((e) => e.id)).toEqual([
      "f5",
    ]);
    expect(ffd20.addEffect(list, effect("f10", { ongoing: { amount: 10, type: "fire" } })).map((e) => e.id)).toEqual([
      "f10",
    ]);
    expect(ffd20.addEffect(list, effect("c5", { ongoing: { amount: 5, type: "cold" } })).map((e) => e.id)).toEqual([
      "f5",
      "c5",
    ]);
    expect(list.map((e) => e.id)).toEqual(["f5"]); // input untouched
  });

  it("[FF-ONGOING] different types are saved against separately at the end of the turn", () => {
    const c = combatant("a", {
      effects: [
        effect("f", { ongoing: { amount: 5, type: "fire" } }),
        effect("p", { ongoing: { amount: 5, type: "poison" } }),
      ],
    });
    const rolls = rollSteps(ffd20.onTurnEnd(ctx([c], "a")));
    expect(rolls.map((r) => r.request.effectId)).toEqual(["f", "p"]);
  });
});

describe("FFd20 saving throws and aftereffects", () => {
  it("[FF-SAVE] at the end of the bearer's turn: one save per save-ends effect, d20 10+, a bundled effect is one save", () => {
    const c = combatant("a", {
      effects: [
        effect("venom", { ongoing: { amount: 5, type: "poison" }, statuses: ["slowed"] }),
        effect("daze", { statuses: ["stunned"] }),
        effect("ward", { duration: "endOfEncounter" }),
      ],
    });
    expect(rollSteps(ffd20.onTurnStart(ctx([c], "a")))).toHaveLength(0);
    const rolls = rollSteps(ffd20.onTurnEnd(ctx([c], "a")));
    expect(rolls.map((r) => r.request.effectId)).toEqual(["venom", "daze"]);
    expect(rolls[0]?.request).toMatchObject({
      kind: "save",
      formula: "1d20",
      target: 10,
      against: "total",
      actorId: "actor-a",
    });
    const fail = ffd20.resolveTurnRoll(ctx([c], "a"), rolls[0]!.request, { total: 9, natural: 9 });
    expect(fail.followUps).toEqual([]);
    const ok = ffd20.resolveTurnRoll(ctx([c], "a"), rolls[0]!.request, { total: 10, natural: 10 });
    expect(removed(ok.followUps)).toEqual(["venom"]); // the whole bundle ends with one save
  });

  it("[FF-SAVE] save modifiers from feats or the effect are added to the d20", () => {
    const c = combatant("a", { actor: pc({ baseSaveBonus: 2 }), effects: [effect("x", { saveBonus: -1 })] });
    expect(rollSteps(ffd20.onTurnEnd(ctx([c], "a")))[0]?.request.formula).toBe("1d20 + 1");
  });

  it("[FF-AFTER] an aftereffect is added after all of the turn's saves (deferred), so it is not saved against this turn", () => {
    const after = { ...effect("x", { statuses: ["slowed"] }) } as Partial<EffectSource>;
    delete after.id;
    const c = combatant("a", {
      effects: [
        effect("sleep", {
          statuses: ["unconscious"],
          aftereffect: {
            ...(after as Omit<EffectSource, "id" | "aftereffect" | "armed" | "sustainedRound">),
            name: "groggy",
          },
        }),
      ],
    });
    const [roll] = rollSteps(ffd20.onTurnEnd(ctx([c], "a")));
    const r = ffd20.resolveTurnRoll(ctx([c], "a"), roll!.request, { total: 15, natural: 15 });
    expect(removed(r.followUps)).toEqual(["sleep"]);
    expect(r.followUps.some((s) => s.kind === "addEffect")).toBe(false);
    expect(r.deferred).toHaveLength(1);
    expect(r.deferred[0]).toMatchObject({
      kind: "addEffect",
      actorId: "actor-a",
      effect: { name: "groggy", statuses: ["slowed"], duration: "saveEnds", armed: false },
    });
  });
});

describe("FFd20 durations and sustain", () => {
  const creator = "caster";
  const setup = (e: EffectSource) => [combatant(creator), combatant("foe", { effects: [e], actor: npc() })];

  it("[FF-DURATION] 'until the start of your next turn' ends when the creator's turn starts, not the bearer's", () => {
    const cs = setup(effect("mark", { duration: "startOfNextTurn", sourceCombatantId: creator }));
    expect(removed(ffd20.onTurnStart(ctx(cs, "foe")))).toEqual([]);
    expect(removed(ffd20.onTurnEnd(ctx(cs, creator)))).toEqual([]);
    expect(removed(ffd20.onTurnStart(ctx(cs, creator)))).toEqual(["mark"]);
  });

  it("[FF-DURATION] 'until the end of your next turn': armed at the creator's next turn start, ends at that turn's end", () => {
    const e = effect("shield", { duration: "endOfNextTurn", sourceCombatantId: creator });
    // Made during the creator's turn: that turn's end does not end it.
    expect(removed(ffd20.onTurnEnd(ctx(setup(e), creator)))).toEqual([]);
    const start = ffd20.onTurnStart(ctx(setup(e), creator));
    expect(start).toContainEqual({
      kind: "updateEffect",
      actorId: "actor-foe",
      effectId: "shield",
      changes: { armed: true },
    });
    expect(removed(ffd20.onTurnEnd(ctx(setup({ ...e, armed: true }), creator)))).toEqual(["shield"]);
  });

  it("[FF-DURATION] 'until the end of the encounter' lasts through turns and ends with the battle; permanent stays", () => {
    const cs = [
      combatant(creator),
      combatant("foe", {
        effects: [
          effect("curse", { duration: "endOfEncounter", sourceCombatantId: creator }),
          effect("scar", { duration: "permanent" }),
        ],
      }),
    ];
    expect(
      removed([
        ...ffd20.onTurnStart(ctx(cs, creator)),
        ...ffd20.onTurnEnd(ctx(cs, creator)),
        ...ffd20.onTurnEnd(ctx(cs, "foe")),
      ]),
    ).toEqual([]);
    expect(removed(ffd20.onCombatEnd(ctx(cs, null), false))).toEqual(["curse"]);
  });

  it("[FF-DURATION] the same effect twice: the one with the most time left stays", () => {
    const short = effect("s1", { statuses: ["slowed"], duration: "endOfNextTurn" });
    const long = effect("s2", { statuses: ["slowed"], duration: "saveEnds" });
    expect(ffd20.addEffect([short], long).map((e) => e.id)).toEqual(["s2"]);
    expect(ffd20.addEffect([long], short).map((e) => e.id)).toEqual(["s2"]);
    expect(
      ffd20.addEffect([short], effect("s3", { statuses: ["slowed"], duration: "endOfNextTurn" })).map((e) => e.id),
    ).toEqual(["s3"]);
    expect(
      ffd20.addEffect([short], effect("b", { statuses: ["blinded"], duration: "startOfNextTurn" })).map((e) => e.id),
    ).toEqual(["s1", "b"]);
  });

  it("[FF-SUSTAIN] needs its action from the creator's next turn on; unsustained by that turn's end, it ends", () => {
    const zone = effect("zone", { duration: "sustain", sustain: "minor", sourceCombatantId: creator });
    // Creation turn: no sustain needed.
    expect(removed(ffd20.onTurnEnd(ctx(setup(zone), creator, { round: 1 })))).toEqual([]);
    const sustainIn = (e: typeof zone, round: number) =>
      ffd20.planProcedure!("sustain", {
        actor: defaultActorSource(),
        actorId: "actor-creator",
        targets: [],
        others: [],
        effects: [{ ...e, holderId: "actor-foe", holderName: "Foe" }],
        choice: e.id,
        numbers: {},
        round,
        ownTurn: true,
        memory: { bands: {}, marks: {} },
        options: {},
      }).refusal;
    expect(sustainIn(zone, 1)).toBe("D20C.FF.Procedure.sustain.NotYet");
    // Next turn start arms it.
    expect(ffd20.onTurnStart(ctx(setup(zone), creator, { round: 2 }))).toContainEqual({
      kind: "updateEffect",
      actorId: "actor-foe",
      effectId: "zone",
      changes: { armed: true },
    });
    const armed = { ...zone, armed: true };
    expect(sustainIn(armed, 2)).toBeNull();
    const sustained = { ...armed, sustainedRound: 2 };
    expect(removed(ffd20.onTurnEnd(ctx(setup(sustained), creator, { round: 2 })))).toEqual([]);
    expect(removed(ffd20.onTurnEnd(ctx(setup(armed), creator, { round: 2 })))).toEqual(["zone"]);
    expect(removed(ffd20.onTurnEnd(ctx(setup(sustained), creator, { round: 3 })))).toEqual(["zone"]);
    expect(sustainIn(sustained, 2)).toBe("D20C.FF.Procedure.sustain.Already");
  });
});

describe("FFd20 death saves in the turn cycle and initiative", () => {
  it("[FF-DEATH] a dying PC rolls its death save at the end of its turn; failures are tallied through updateActor", () => {
    const dying = combatant("a", { actor: pc({ hp: { value: -2, max: 30, temp: 0 }, state: "dying" }) });
    expect(rollSteps(ffd20.onTurnStart(ctx([dying], "a")))).toHaveLength(0);
    const [ds] = rollSteps(ffd20.onTurnEnd(ctx([dying], "a")));
    expect(ds?.request).toMatchObject({ kind: "deathSave", target: 10 });
    const r = ffd20.resolveTurnRoll(ctx([dying], "a"), ds!.request, { total: 4, natural: 4 });
    expect(r.followUps[0]).toMatchObject({
      kind: "updateActor",
      changes: { deathSaves: { failures: 1 }, state: "dying" },
    });
    const third = combatant("a", {
      actor: pc({ hp: { value: -2, max: 30, temp: 0 }, state: "dying", deathSaves: { successes: 0, failures: 2 } }),
    });
    expect(ffd20.resolveTurnRoll(ctx([third], "a"), ds!.request, { total: 4, natural: 4 }).actor.state).toBe("dead");
    const lucky = ffd20.resolveTurnRoll(ctx([dying], "a"), ds!.request, { total: 20, natural: 20 });
    expect(lucky.followUps.some((s) => s.kind === "roll" && s.request.kind === "recovery")).toBe(true);
    expect(rollSteps(ffd20.onTurnEnd(ctx([dying], "a", { options: { dyingRules: "unconscious" } })))).toHaveLength(0);
  });

  it("initiative: d20 + ½ level + Dex modifier + initiative bonus, rolled once; ties go to the higher modifier", () => {
    const a = pc({ level: 6, abilities: { str: 10, dex: 16, con: 10, int: 10, wis: 10, cha: 10 }, initiativeBonus: 2 });
    expect(ffd20.initiativeFormula(a, ffd20.deriveActor(a, {}))).toBe("1d20 + 8");
    expect(ffd20.initiative.mode).toBe("once");
    const slow = combatant("slow", { initiative: 15, actor: pc() });
    const quick = combatant("quick", { initiative: 15, actor: a });
    const top = combatant("top", { initiative: 19 });
    const none = combatant("none");
    expect(ffd20.order(ctx([slow, none, quick, top], null)).map((s) => s.combatantIds)).toEqual([
      ["top"],
      ["quick"],
      ["slow"],
      ["none"],
    ]);
  });
});

describe("FFd20 battle boundaries", () => {
  it("[FF-SUSTAIN] neither a new battle nor the battle's end gives second wind back, unless the table counts the end as a short rest; the party may flee while a player-side combatant is up", () => {
    const used = combatant("a", {
      actor: pc({
        recoveries: { value: 5, max: 8, formula: "", noRecoveryUses: 0, ralliesThisBattle: 1, battlesSinceHealUp: 0 },
      }),
    });
    expect(ffd20.onCombatStart(ctx([used, combatant("b")], null))).toEqual([]);
    expect(ffd20.onCombatEnd(ctx([used, combatant("b")], null), false)).toEqual([]);
    const steps = ffd20.onCombatEnd(ctx([used, combatant("b")], null, { options: { battleEndRest: true } }), false);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({
      kind: "updateActor",
      actorId: "actor-a",
      changes: { recoveries: { ralliesThisBattle: 0, value: 5 } },
    });
    expect(ffd20.canFlee([combatant("a", { actor: pc({ state: "dying" }) }), combatant("m", { side: "gm" })])).toBe(
      false,
    );
    expect(ffd20.canFlee([combatant("a")])).toBe(true);
  });
});
