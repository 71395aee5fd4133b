/**
 * The plan runner itself ([SYS-TURNS]): order of steps, follow-ups and deferred steps, snapshots
 * kept current between steps, undo records, and the fault-injection proof that one failing step
 * never stops the rest of the turn or the combat.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, TurnContext, TurnStep } from "../../src/engine/types.js";
import { runBoundary } from "../../src/engine/plans/combat-cycle.js";
import { runPlan, type TurnPorts } from "../../src/engine/plans/turns.js";
import { StandInCombat, StandInDice } from "../stand-ins/combat-loop.js";
import { combatant, effect } from "./combat-fixtures.js";

const age = getRuleset("13th-age");
const ff = getRuleset("ffd20");

function ports(dice: number[] = [], over: Partial<TurnPorts> = {}) {
  const calls: string[] = [];
  const d = new StandInDice(dice);
  let n = 0;
  const p: TurnPorts = {
    roll: async (r) => {
      calls.push(`roll:${r.kind}:${r.effectId ?? ""}`);
      return d.roll(r);
    },
    applyActor: async (id) => void calls.push(`actor:${id}`),
    addEffect: async (id, e) => {
      calls.push(`add:${id}:${e.name}`);
      return `new${++n}`;
    },
    removeEffect: async (id, eid) => void calls.push(`remove:${id}:${eid}`),
    updateEffect: async (id, eid) => void calls.push(`update:${id}:${eid}`),
    rerollInitiative: async (ids) => void calls.push(`init:${ids.join(",")}`),
    post: async () => undefined,
    log: () => undefined,
    ...over,
  };
  return { p, calls };
}

function ctxWith(...cs: ReturnType<typeof combatant>[]): TurnContext {
  return { round: 1, combatantId: cs[0]?.id ?? null, combatants: cs, surpriseRound: false, options: {} };
}

describe("turn-plan runner", () => {
  it("[SYS-TURNS] fault injection: a step whose port throws is reported to the GM and every later step still runs", async () => {
    const target = combatant("orc", {
      side: "gm",
      actor: { kind: "npc", hp: { value: 30, max: 30, temp: 0 } },
      effects: [effect("a"), effect("b")],
    });
    const steps: TurnStep[] = [
      { kind: "removeEffect", actorId: "Actor.orc", effectId: "a", label: "X.remove" },
      {
        kind: "damage",
        actorId: "Actor.orc",
        packet: {
          amount: 4,
          types: [],
          natural: null,
          critical: false,
          ongoing: true,
          fromAttack: false,
          melee: false,
          nonlethal: false,
          knockOut: false,
        },
        label: "X.damage",
      },
      { kind: "removeEffect", actorId: "Actor.orc", effectId: "b", label: "X.remove" },
    ];
    const posted: { key: string; error: string | null }[] = [];
    const logged: string[] = [];
    const { p, calls } = ports([], {
      removeEffect: async (_id, eid) => {
        if (eid === "a") throw new Error("effect a is corrupt");
        calls.push(`remove:${eid}`);
      },
      post: async (l) => void posted.push({ key: l.key, error: l.error }),
      log: (m) => void logged.push(m),
    });
    const out = await runPlan(age, ctxWith(target), steps, p);
    expect(out.errors).toHaveLength(1);
    expect(posted[0]).toEqual({ key: "D20C.Combat.Step.failed", error: "effect a is corrupt" });
    expect(logged).toHaveLength(1);
    // The damage and the second removal still happened.
    expect(out.ctx.combatants[0]?.actor.hp.value).toBe(26);
    expect(calls).toContain("remove:b");
    expect(out.ctx.combatants[0]?.effects.map((e) => e.id)).toEqual(["a"]);
  });

  it("[SYS-TURNS] fault injection in a running combat: a throwing port, and a ruleset that throws while planning, never stop the turn from advancing", async () => {
    const fire = effect("burning", { ongoing: { amount: 5, type: "fire" } });
    const broken = {
      ...age,
      onRoundStart: () => {
        throw new Error("planning blew up");
      },
    };
    const c = new StandInCombat(
      broken,
      [
        combatant("hero", { initiative: 15 }),
        combatant("ogre", {
          side: "gm",
          initiative: 9,
          effects: [fire],
          actor: { kind: "npc", hp: { value: 20, max: 20, temp: 0 } },
        }),
      ],
      {
        dice: new StandInDice([]),
        wrapPorts: (base) => ({
          ...base,
          // Every save roll fails at the port (e.g. a broken dice module).
          roll: async (r) => {
            if (r.kind === "save") throw new Error("dice module failed");
            return base.roll(r);
          },
        }),
      },
    );
    await c.start();
    await c.toRound(3);
    expect(c.round).toBe(3);
    expect(c.current?.id).toBe("hero");
    // Ongoing damage still landed in rounds 1 and 2 although each save failed at the port.
    expect(c.byId("ogre").actor.hp.value).toBe(10);
    expect(c.errors).toHaveLength(5); // 3 round starts + 2 saves
    expect(c.lines.filter((l) => l.error !== null).length).toBe(c.errors.length);
  });

  it("[FF-AFTER] follow-ups run right after their step, deferred steps after the whole plan", async () => {
    const dazed = effect("dazed", {
      aftereffect: {
        name: "slowed",
        sourceCombatantId: null,
        duration: "saveEnds",
        save: "normal",
        saveBonus: 0,
        sustain: null,
        ongoing: null,
        statuses: [],
      },
    });
    const weak = effect("weak");
    const c = combatant("brute", { effects: [dazed, weak] });
    const { p, calls } = ports([15, 15]);
    const steps = ff.onTurnEnd({ ...ctxWith(c) });
    await runPlan(ff, ctxWith(c), steps, p);
    expect(calls).toEqual([
      "roll:save:dazed",
      "remove:Actor.brute:dazed",
      "roll:save:weak",
      "remove:Actor.brute:weak",
      "add:Actor.brute:slowed",
    ]);
  });

  it("[SYS-TURNS] snapshots stay current: the second step sees the first step's damage; undo holds the prior state", async () => {
    const c = combatant("orc", { actor: { kind: "npc", hp: { value: 10, max: 10, temp: 3 } } });
    const packet = {
      amount: 4,
      types: [],
      natural: null,
      critical: false,
      ongoing: false,
      fromAttack: false,
      melee: false,
      nonlethal: false,
      knockOut: false,
    };
    const steps: TurnStep[] = [
      { kind: "damage", actorId: "Actor.orc", packet, label: "X.d" },
      { kind: "damage", actorId: "Actor.orc", packet, label: "X.d" },
    ];
    const { p } = ports();
    const out = await runPlan(age, ctxWith(c), steps, p);
    // 3 temp absorb the first 3 of the first 4; then 4 more from 9.
    expect(out.ctx.combatants[0]?.actor.hp).toEqual({ value: 5, max: 10, temp: 0 });
    expect(out.lines.map((l) => l.undo?.actors[0]?.before.hp)).toEqual([
      { value: 10, max: 10, temp: 3 },
      { value: 9, max: 10, temp: 0 },
    ]);
    // The input context is untouched.
    expect(c.actor.hp).toEqual({ value: 10, max: 10, temp: 3 });
  });

  it("[SYS-TURNS] a ruleset that throws while planning becomes one error line, not an exception", async () => {
    const broken = {
      ...age,
      onTurnEnd: () => {
        throw new Error("bad data");
      },
    };
    const posted: string[] = [];
    const { p } = ports([], { post: async (l) => void posted.push(l.key) });
    const out = await runBoundary(broken, "turnEnd", ctxWith(combatant("x")), p);
    expect(out.errors).toHaveLength(1);
    expect(posted).toEqual(["D20C.Combat.Step.failed"]);
  });

  it("[SYS-TURNS] an updateActor step merges nested objects into the actor and replaces arrays", async () => {
    const x = combatant("x", { actor: { conditions: ["a"] } });
    const a = x.actor;
    const written: ActorSource[] = [];
    const { p } = ports([], { applyActor: async (_id, next) => void written.push(next) });
    await runPlan(
      age,
      ctxWith(x),
      [
        {
          kind: "updateActor",
          actorId: x.actorId,
          changes: { hp: { ...a.hp, temp: 0 }, conditions: ["b"], recoveries: { ...a.recoveries, value: 1 } },
          label: "X.update",
        },
      ],
      p,
    );
    expect(written).toHaveLength(1);
    const next = written[0]!;
    expect(next.conditions).toEqual(["b"]);
    expect(next.recoveries.value).toBe(1);
    expect(next.recoveries.max).toBe(a.recoveries.max);
    expect(a.conditions).toEqual(["a"]);
  });
});
