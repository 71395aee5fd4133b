import { describe, expect, it } from "vitest";
import { hundredDungeons as hd } from "../../../src/engine/rulesets/hundred-dungeons/index.js";
import type { ActorSource, EffectSource, RollRequest, TurnStep } from "../../../src/engine/types.js";
import { combatant, ctx, effect, hdActor, procedureInput } from "./fixtures.js";

const dyingPc = (over: Partial<ActorSource> = {}) =>
  hdActor({ hp: { value: 0, max: 10, temp: 0 }, state: "dying", conditions: ["dying"], ...over });

/** The effect a procedure of the Actions panel puts on (Help, Dodge, Disengage), planned by the ruleset. */
function procedureEffect(key: string, creator = "c", targets: string[] = []): Omit<EffectSource, "id"> {
  const target = (id: string) => {
    const c = combatant(id);
    return { id: c.actorId, name: c.name, actor: c.actor, combatantId: c.id, effects: [], side: c.side };
  };
  const input = procedureInput(combatant(creator).actor, {
    actorId: `actor-${creator}`,
    targets: targets.map(target),
    combatantId: creator,
  });
  const outcome = hd.resolveProcedure?.(key, input, []);
  const added = outcome?.addEffects?.[0];
  if (!added) throw new Error(`${key} adds no effect`);
  return added.effect;
}

const rollOf = (steps: TurnStep[]): RollRequest | undefined =>
  steps.flatMap((s) => (s.kind === "roll" ? [s.request] : []))[0];

/** Carry out an end-of-turn plan on one actor with a given check total (what the adapter does). */
function endTurn(actor: ActorSource, total: number): ActorSource {
  const c = combatant("p", { actor });
  const steps = hd.onTurnEnd(ctx([c], { combatantId: "p" }));
  let current = actor;
  for (const s of steps) {
    if (s.kind === "updateActor") current = { ...current, ...s.changes } as ActorSource;
    if (s.kind === "roll") {
      const res = hd.resolveTurnRoll(ctx([combatant("p", { actor: current })], { combatantId: "p" }), s.request, {
        total,
        natural: null,
      });
      current = res.actor;
    }
  }
  return current;
}

describe("Hundred Dungeons dying checks", () => {
  it("[HD-DYING] at the end of the first dying turn: +1 exhaustion, then Constitution against 10 + 1", () => {
    const a = dyingPc({ abilities: { str: 0, dex: 0, con: 2, int: 0, wis: 0, cha: 0 } });
    const steps = hd.onTurnEnd(ctx([combatant("p", { actor: a })], { combatantId: "p" }));
    const upd = steps.find((s) => s.kind === "updateActor");
    expect(upd && upd.kind === "updateActor" && upd.changes).toEqual({ exhaustion: 1, dyingTurns: 1 });
    const req = rollOf(steps)!;
    expect(req.kind).toBe("dyingCheck");
    expect(req.target).toBe(11);
    expect(req.formula).toBe("1d20 + 2");
    expect(steps.indexOf(upd!)).toBeLessThan(steps.findIndex((s) => s.kind === "roll"));
  });

  it("[HD-DYING] the target grows by one for every turn taken since dying began", () => {
    const first = hd.onTurnEnd(
      ctx([combatant("p", { actor: dyingPc({ dyingTurns: 0, exhaustion: 0 }) })], { combatantId: "p" }),
    );
    expect(rollOf(first)?.target).toBe(11);
    const third = hd.onTurnEnd(
      ctx([combatant("p", { actor: dyingPc({ dyingTurns: 2, exhaustion: 2 }) })], { combatantId: "p" }),
    );
    expect(rollOf(third)?.target).toBe(13);
  });

  it("[HD-DYING] failing the check is death; meeting the target keeps the creature dying", () => {
    const a = dyingPc({ dyingTurns: 1, exhaustion: 1 }); // second turn: target 12
    expect(endTurn(a, 11).state).toBe("dead");
    const ok = endTurn(a, 12);
    expect(ok.state).toBe("dying");
    expect(ok.exhaustion).toBe(2);
    expect(ok.dyingTurns).toBe(2);
  });

  it("[HD-DYING] [HD-COND] from exhaustion 3 the Constitution check itself is weak", () => {
    const steps = hd.onTurnEnd(
      ctx([combatant("p", { actor: dyingPc({ exhaustion: 2, dyingTurns: 2 }) })], { combatantId: "p" }),
    );
    expect(rollOf(steps)?.formula).toBe("2d20kl + 1");
  });

  it("[HD-COND] exhaustion level 6 is death: a dying creature at level 5 dies at its turn's end without a roll", () => {
    const steps = hd.onTurnEnd(
      ctx([combatant("p", { actor: dyingPc({ exhaustion: 5, dyingTurns: 3 }) })], { combatantId: "p" }),
    );
    expect(rollOf(steps)).toBeUndefined();
    const upd = steps.find((s) => s.kind === "updateActor");
    expect(upd?.kind === "updateActor" && upd.changes.state).toBe("dead");
    expect(upd?.kind === "updateActor" && upd.changes.exhaustion).toBe(6);
  });

  it("[HD-DYING] [HD-COND] a poisoned dying creature fails Constitution automatically", () => {
    const a = dyingPc({ conditions: ["dying", "poisoned"] });
    const req = rollOf(hd.onTurnEnd(ctx([combatant("p", { actor: a })], { combatantId: "p" })))!;
    expect(req.data?.autoFail).toBe(true);
    expect(endTurn(a, 30).state).toBe("dead");
  });

  it("[HD-DYING] the sheet's dying check runs the whole end-of-turn procedure", () => {
    const a = dyingPc({ dyingTurns: 0, exhaustion: 0 });
    const req = hd.deathSaveRequest(a, hd.deriveActor(a, {}), "p")!;
    expect(req.target).toBe(11);
    const r = hd.resolveRoll(a, req, { total: 11, natural: 10 }, {});
    expect(r.actor.exhaustion).toBe(1);
    expect(r.actor.dyingTurns).toBe(1);
    expect(r.actor.state).toBe("dying");
    expect(hd.deathSaveRequest(hdActor(), hd.deriveActor(hdActor(), {}), "p")).toBeNull();
  });

  it("[HD-DYING] a creature not dying makes no check at the end of its turn", () => {
    expect(rollOf(hd.onTurnEnd(ctx([combatant("p")], { combatantId: "p" })))).toBeUndefined();
  });
});

describe("Hundred Dungeons initiative around the table", () => {
  it("[HD-INIT] PC initiative is 1d6 + Dexterity + Intelligence + Wisdom; the GM rolls once for its side", () => {
    const a = hdActor({ abilities: { str: 9, dex: 2, con: 9, int: 1, wis: 3, cha: 9 } });
    expect(hd.initiativeFormula(a, hd.deriveActor(a, {}))).toBe("1d6 + 6");
    const low = hdActor({ abilities: { str: 0, dex: -2, con: 0, int: -1, wis: 0, cha: 0 } });
    expect(hd.initiativeFormula(low, hd.deriveActor(low, {}))).toBe("1d6 - 3");
    expect(hd.initiative).toEqual({
      mode: "aroundTable",
      roll: "gmSingle",
      surprise: "skipFirstRound",
      simultaneousTies: false,
    });
  });

  it("[HD-INIT] the highest result starts, then play goes around the table; all NPCs act at the GM's seat", () => {
    const cs = [
      combatant("a", { seat: 1, initiative: 5 }),
      combatant("b", { seat: 2, initiative: 9 }),
      combatant("c", { seat: 3, initiative: 4 }),
      combatant("g1", { side: "gm", initiative: 7 }),
      combatant("g2", { side: "gm", initiative: null }),
    ];
    // GM sits at seat 0 (default): a circle of GM, a, b, c. b rolled highest.
    expect(hd.order(ctx(cs)).map((s) => s.combatantIds)).toEqual([["b"], ["c"], ["g1", "g2"], ["a"]]);
    // The GM's single roll is highest: start at the GM.
    const gmFirst = cs.map((c) => (c.id === "g1" ? { ...c, initiative: 12 } : c));
    expect(hd.order(ctx(gmFirst)).map((s) => s.combatantIds)).toEqual([["g1", "g2"], ["a"], ["b"], ["c"]]);
  });

  it("[HD-INIT] option gmSeat places the GM between players", () => {
    const cs = [
      combatant("a", { seat: 1, initiative: 5 }),
      combatant("b", { seat: 2, initiative: 9 }),
      combatant("c", { seat: 3, initiative: 4 }),
      combatant("g", { side: "gm", initiative: 1 }),
    ];
    expect(hd.order(ctx(cs, { options: { gmSeat: 2.5 } })).map((s) => s.combatantIds)).toEqual([
      ["b"],
      ["g"],
      ["c"],
      ["a"],
    ]);
  });

  it("[HD-INIT] ties for the highest result: a player goes before the GM, then the lower seat", () => {
    const cs = [
      combatant("a", { seat: 1, initiative: 5 }),
      combatant("b", { seat: 2, initiative: 9 }),
      combatant("c", { seat: 3, initiative: 9 }),
      combatant("g", { side: "gm", initiative: 9 }),
    ];
    expect(hd.order(ctx(cs)).map((s) => s.combatantIds)).toEqual([["b"], ["c"], ["g"], ["a"]]);
    const gmVsPlayer = [
      combatant("a", { seat: 1, initiative: 3 }),
      combatant("c", { seat: 3, initiative: 8 }),
      combatant("g", { side: "gm", initiative: 8 }),
    ];
    expect(hd.order(ctx(gmVsPlayer))[0]?.combatantIds).toEqual(["c"]);
  });
});

describe("Hundred Dungeons surprise, mounts and rounds", () => {
  it("[HD-SURPRISE] unaware combatants are surprised: no turn in round 1, they act from round 2", () => {
    const sleepy = combatant("s", { aware: false });
    const awake = combatant("w");
    const start = hd.onCombatStart(ctx([sleepy, awake], { round: 1 }));
    expect(start).toHaveLength(1);
    expect(start[0]?.kind === "updateActor" && start[0].changes.conditions).toEqual(["surprised"]);
    expect(hd.actsThisRound(ctx([sleepy, awake], { round: 1 }), sleepy)).toBe(false);
    expect(hd.actsThisRound(ctx([sleepy, awake], { round: 1 }), awake)).toBe(true);
    expect(hd.actsThisRound(ctx([sleepy, awake], { round: 2 }), sleepy)).toBe(true);
    const marked = combatant("m", { actor: hdActor({ conditions: ["surprised"] }) });
    const r2 = hd.onRoundStart(ctx([marked], { round: 2 }));
    expect(r2[0]?.kind === "updateActor" && r2[0].changes.conditions).toEqual([]);
    expect(hd.onRoundStart(ctx([marked], { round: 1 }))).toEqual([]);
  });

  it("[HD-MOUNT] a ridden mount takes no turn of its own", () => {
    const horse = combatant("horse", { side: "gm" });
    const rider = combatant("rider", {
      effects: [
        effect({ id: "m", name: "Mounted", duration: "permanent", statuses: ["mounted"], sourceCombatantId: "horse" }),
      ],
    });
    expect(hd.actsThisRound(ctx([rider, horse]), horse)).toBe(false);
    expect(hd.actsThisRound(ctx([rider, horse]), rider)).toBe(true);
  });

  it("[HD-DYING] the dead take no turns; the dying still do", () => {
    expect(hd.actsThisRound(ctx([]), combatant("d", { actor: hdActor({ state: "dead" }) }))).toBe(false);
    expect(hd.actsThisRound(ctx([]), combatant("d", { actor: hdActor({ state: "dying" }) }))).toBe(true);
  });
});

describe("Hundred Dungeons effect timing", () => {
  const withEffect = (e: Omit<EffectSource, "id">, bearer = "b") => {
    const creator = combatant("c");
    const target = combatant(bearer, { effects: [{ ...e, id: "x" }] });
    return [creator, target];
  };

  it("[HD-ACTIONS] Help lasts until the helper's next turn starts", () => {
    const cs = withEffect(procedureEffect("help", "c", ["b"]));
    expect(hd.onTurnEnd(ctx(cs, { combatantId: "c" })).some((s) => s.kind === "removeEffect")).toBe(false);
    expect(hd.onTurnStart(ctx(cs, { combatantId: "b" })).some((s) => s.kind === "removeEffect")).toBe(false);
    expect(hd.onTurnStart(ctx(cs, { combatantId: "c" }))).toEqual([
      { kind: "removeEffect", actorId: "actor-b", effectId: "x", label: "D20C.HD.Procedure.help.effect.attack" },
    ]);
  });

  it("[HD-QUICK] Dodge ends at the start of the dodger's next turn; Disengage at the end of this turn", () => {
    const dodge = [combatant("c", { effects: [{ ...procedureEffect("dodge"), id: "d" }] })];
    expect(hd.onTurnStart(ctx(dodge, { combatantId: "c" })).map((s) => s.kind)).toEqual(["removeEffect"]);
    const dis = [combatant("c", { effects: [{ ...procedureEffect("disengage"), id: "g" }] })];
    expect(hd.onTurnEnd(ctx(dis, { combatantId: "c" })).map((s) => s.kind)).toEqual(["removeEffect"]);
  });

  it("[HD-COND] a save-ends effect is rolled by its bearer at its turn's end; success removes it and the aftereffect comes after", () => {
    const after = {
      name: "Dazed after",
      sourceCombatantId: null,
      duration: "saveEnds" as const,
      save: "normal" as const,
      saveBonus: 0,
      sustain: null,
      ongoing: null,
      statuses: ["slowed"],
    };
    const c = combatant("b", {
      effects: [effect({ id: "p", name: "Paralysis", statuses: ["paralyzed"], aftereffect: after })],
    });
    const steps = hd.onTurnEnd(ctx([c], { combatantId: "b" }));
    const req = rollOf(steps)!;
    expect(req.effectId).toBe("p");
    expect(req.target).toBe(12);
    const fail = hd.resolveTurnRoll(ctx([c]), req, { total: 11, natural: 11 });
    expect(fail.followUps).toEqual([]);
    const ok = hd.resolveTurnRoll(ctx([c]), req, { total: 12, natural: 12 });
    expect(ok.followUps).toEqual([{ kind: "removeEffect", actorId: "actor-b", effectId: "p", label: "Paralysis" }]);
    expect(ok.deferred[0]?.kind).toBe("addEffect");
  });

  it("[HD-SURPRISE] combat end clears surprise and the turn-timed effects of actions", () => {
    const c = combatant("c", {
      actor: hdActor({ conditions: ["surprised"] }),
      effects: [{ ...procedureEffect("dodge"), id: "d" }, effect({ id: "perm", duration: "permanent" })],
    });
    const steps = hd.onCombatEnd(ctx([c]), false);
    expect(steps.filter((s) => s.kind === "removeEffect").map((s) => s.kind === "removeEffect" && s.effectId)).toEqual([
      "d",
    ]);
    expect(steps.some((s) => s.kind === "updateActor")).toBe(true);
  });
});
