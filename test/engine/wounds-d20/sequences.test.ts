/**
 * Wounds d20: long turn-cycle sequences driven only through the Ruleset interface, in the order
 * the turn runner uses, with the state checked after every phase against the rules text.
 */
import { describe, expect, it } from "vitest";
import type {
  ActorSource,
  CombatantSource,
  EffectSource,
  RollRequest,
  RollResult,
  RuleOptions,
  TurnContext,
  TurnStep,
} from "../../../src/engine/types.js";
import { effectSource, turnContext } from "../../support/engine-fixtures.js";
import { combatant, hurt, packet, wd as rs } from "./fixtures.js";

/**
 * A synchronous twin of the turn-plan runner (src/workflows/turns.ts), driving the ruleset only
 * through its public interface: steps in order, a step's followUps right after it, deferred steps
 * after the plan; damage steps through applyDamage and roll steps through resolveTurnRoll, with
 * every roll those answers request rolled at once and fed to resolveRoll on its actor.
 */
type Script = { dice: number[]; rolled: RollRequest[] };

function rollScripted(script: Script, request: RollRequest): RollResult {
  const n = script.dice.shift();
  if (n === undefined) throw new Error(`no scripted die left for ${request.kind} (${request.label})`);
  script.rolled.push(request);
  if (!/^\d*d20/.test(request.formula)) return { total: n, natural: null };
  const m = /([+-])\s*(\d+)\s*$/.exec(request.formula);
  const bonus = m ? (m[1] === "-" ? -1 : 1) * Number(m[2]) : 0;
  return { total: n + bonus, natural: n };
}

function merge(base: unknown, patch: unknown): unknown {
  if (patch === undefined) return structuredClone(base);
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return structuredClone(patch);
  if (base === null || typeof base !== "object" || Array.isArray(base)) return structuredClone(patch);
  const out: Record<string, unknown> = { ...(structuredClone(base) as Record<string, unknown>) };
  for (const [k, v] of Object.entries(patch as Record<string, unknown>)) out[k] = merge(out[k], v);
  return out;
}

let effectSeq = 0;

function run(ctx: TurnContext, steps: readonly TurnStep[], script: Script): TurnContext {
  const work: TurnContext = structuredClone(ctx);
  const byActor = (id: string) => {
    const c = work.combatants.find((x) => x.actorId === id);
    if (!c) throw new Error(`no combatant for ${id}`);
    return c;
  };
  const follow = (requests: readonly RollRequest[]) => {
    const queue = [...requests];
    let guard = 0;
    while (queue.length && guard++ < 20) {
      const req = queue.shift()!;
      const c = byActor(req.actorId);
      const answer = rs.resolveRoll(c.actor, req, rollScripted(script, req), work.options);
      c.actor = answer.actor;
      queue.push(...answer.requests);
    }
  };
  const queue = [...steps];
  const deferred: TurnStep[] = [];
  let deferredStarted = false;
  while (queue.length || (!deferredStarted && deferred.length)) {
    if (!queue.length) {
      deferredStarted = true;
      queue.push(...deferred.splice(0));
      continue;
    }
    const step = queue.shift()!;
    switch (step.kind) {
      case "notice":
      case "rerollInitiative":
        break;
      case "updateActor": {
        const c = byActor(step.actorId);
        c.actor = merge(c.actor, step.changes) as ActorSource;
        break;
      }
      case "damage": {
        const c = byActor(step.actorId);
        const result = rs.applyDamage(c.actor, step.packet, work.options, step.actorId);
        c.actor = result.actor;
        follow(result.requests);
        break;
      }
      case "roll": {
        const result = rollScripted(script, step.request);
        const answer = rs.resolveTurnRoll(work, step.request, result);
        byActor(step.request.actorId).actor = answer.actor;
        follow(answer.requests);
        queue.unshift(...answer.followUps);
        if (deferredStarted) queue.push(...answer.deferred);
        else deferred.push(...answer.deferred);
        break;
      }
      case "addEffect": {
        const c = byActor(step.actorId);
        c.effects = rs.addEffect(c.effects, { ...structuredClone(step.effect), id: `fx${++effectSeq}` });
        break;
      }
      case "removeEffect": {
        const c = byActor(step.actorId);
        c.effects = c.effects.filter((e) => e.id !== step.effectId);
        break;
      }
      case "updateEffect": {
        const c = byActor(step.actorId);
        c.effects = c.effects.map((e) =>
          e.id === step.effectId ? { ...e, ...structuredClone(step.changes), id: e.id } : e,
        );
        break;
      }
    }
  }
  return work;
}

/** A battle driven phase by phase; each phase consumes exactly the dice it is given. */
class Battle {
  ctx: TurnContext;
  script: Script = { dice: [], rolled: [] };
  constructor(combatants: CombatantSource[], options: RuleOptions = {}, over: Partial<TurnContext> = {}) {
    this.ctx = turnContext(combatants, { round: 0, options, ...over });
  }
  private phase(
    steps: (ctx: TurnContext) => readonly TurnStep[],
    dice: number[],
    combatantId: string | null,
  ): RollRequest[] {
    this.script = { dice: [...dice], rolled: [] };
    const at: TurnContext = { ...this.ctx, combatantId };
    this.ctx = { ...run(at, steps(at), this.script), combatantId: null };
    expect(this.script.dice, "every scripted die is rolled").toEqual([]);
    return this.script.rolled;
  }
  plan(steps: readonly TurnStep[], dice: number[] = [], combatantId: string | null = null): RollRequest[] {
    return this.phase(() => steps, dice, combatantId);
  }
  combatStart(dice: number[] = []): RollRequest[] {
    this.ctx = { ...this.ctx, round: 1 };
    return this.phase((c) => rs.onCombatStart(c), dice, null);
  }
  roundStart(dice: number[] = []): TurnStep[] {
    const steps = rs.onRoundStart({ ...this.ctx, combatantId: null });
    this.phase(() => steps, dice, null);
    return steps;
  }
  acts(id: string): boolean {
    return rs.actsThisRound(this.ctx, this.c(id));
  }
  turnStart(id: string, dice: number[] = []): RollRequest[] {
    return this.phase((c) => rs.onTurnStart(c), dice, id);
  }
  turnEnd(id: string, dice: number[] = []): RollRequest[] {
    return this.phase((c) => rs.onTurnEnd(c), dice, id);
  }
  roundEnd(dice: number[] = []): RollRequest[] {
    const r = this.phase((c) => rs.onRoundEnd(c), dice, null);
    this.ctx = { ...this.ctx, round: this.ctx.round + 1 };
    return r;
  }
  combatEnd(tough = false, dice: number[] = []): RollRequest[] {
    return this.phase((c) => rs.onCombatEnd(c, tough), dice, null);
  }
  /** Something a creature does on its turn: add an effect it creates onto a bearer. */
  addEffect(creator: string, bearer: string, effect: Partial<EffectSource> & { name: string }): string {
    const before = new Set(this.c(bearer).effects.map((e) => e.id));
    const { id: _ignored, ...rest } = effectSource({ sourceCombatantId: creator, ...effect });
    this.plan([{ kind: "addEffect", actorId: this.c(bearer).actorId, effect: rest, label: "test" }]);
    const added = this.c(bearer).effects.find((e) => !before.has(e.id));
    if (!added) throw new Error("effect not added");
    return added.id;
  }
  c(id: string): CombatantSource {
    const c = this.ctx.combatants.find((x) => x.id === id);
    if (!c) throw new Error(`no combatant ${id}`);
    return c;
  }
  a(id: string): ActorSource {
    return this.c(id).actor;
  }
  effects(id: string): string[] {
    return this.c(id).effects.map((e) => e.name);
  }
  setActor(id: string, actor: ActorSource): void {
    this.c(id).actor = actor;
  }
}

const kinds = (rolled: RollRequest[]) => rolled.map((r) => r.kind);
const reasons = (rolled: RollRequest[]) => rolled.map((r) => `${r.kind}:${String(r.data?.["reason"])}:${r.target}`);
const hit = (b: Battle, id: string, amount: number, dice: number[], over: Parameters<typeof packet>[1] = {}) =>
  b.plan([{ kind: "damage", actorId: `actor-${id}`, packet: packet(amount, over), label: "test" }], dice);

describe("Wounds d20 sequences", () => {
  it("[WD-SURPRISE] [WD-INIT] [WD-TIES] [WD-FLAT] only the aware roll and act in the surprise round; the surprised stay off guard until their turn", () => {
    const b = new Battle(
      [
        combatant("hero", { aware: false }),
        combatant("orc", { aware: true, side: "gm" }),
        combatant("elf", { aware: true }),
      ],
      {},
      { surpriseRound: true },
    );
    b.combatStart();
    expect(b.effects("hero")).toEqual(["D20C.WD.Effect.Surprised"]);
    expect(b.c("hero").effects[0]!.statuses).toContain("flatFooted");
    expect(b.effects("orc")).toEqual([]);
    const s = b.roundStart();
    expect(s).toEqual([{ kind: "rerollInitiative", combatantIds: ["orc", "elf"] }]);
    expect([b.acts("hero"), b.acts("orc"), b.acts("elf")]).toEqual([false, true, true]);
    b.turnStart("orc");
    b.turnEnd("orc");
    b.turnStart("elf");
    b.turnEnd("elf");
    expect(b.effects("hero")).toEqual(["D20C.WD.Effect.Surprised"]); // still caught off guard
    b.roundEnd();
    // First regular round: everyone rolls again, everyone acts; a tie shares one slot.
    b.ctx = { ...b.ctx, surpriseRound: false };
    expect(b.roundStart()).toEqual([{ kind: "rerollInitiative", combatantIds: ["hero", "orc", "elf"] }]);
    for (const [id, init] of [
      ["hero", 14],
      ["orc", 14],
      ["elf", 9],
    ] as const)
      b.c(id).initiative = init;
    expect(rs.order(b.ctx).map((x) => x.combatantIds)).toEqual([["hero", "orc"], ["elf"]]);
    expect([b.acts("hero"), b.acts("orc"), b.acts("elf")]).toEqual([true, true, true]);
    b.turnStart("hero");
    expect(b.effects("hero")).toEqual([]); // its own turn: no longer surprised
    b.turnEnd("hero");
    b.roundEnd();
    // Every later round rolls again too.
    expect(b.roundStart()).toEqual([{ kind: "rerollInitiative", combatantIds: ["hero", "orc", "elf"] }]);
  });

  it("[WD-DEATHDC] [WD-DYING] dying over rounds: Con per end-of-round save, new damage saves at once and the count goes on, 3 failures kill", () => {
    const b = new Battle([combatant("hero", { actor: hurt(20, 0) }), combatant("orc", { side: "gm" })]);
    b.combatStart();
    b.roundStart();
    // 24 damage on 20 HP: 4 beyond, DC 12; 8 fails by 4 → dying.
    expect(reasons(hit(b, "hero", 24, [8]))).toEqual(["deathSave:damage:12"]);
    expect(b.a("hero")).toMatchObject({ state: "dying", deathSaves: { successes: 0, failures: 0 } });
    expect(b.acts("hero")).toBe(false);
    expect(reasons(b.roundEnd([15]))).toEqual(["deathSave:dying:12"]);
    expect(b.a("hero")).toMatchObject({
      state: "dying",
      constitutionDamage: 1,
      deathSaves: { successes: 1, failures: 0 },
    });
    b.roundStart();
    b.roundEnd([3]);
    expect(b.a("hero")).toMatchObject({
      state: "dying",
      constitutionDamage: 2,
      deathSaves: { successes: 1, failures: 1 },
    });
    b.roundStart();
    // Hit again for 2 (26 taken, DC 13): 5 fails by 8, survives; the tallies carry on, no Con for it.
    expect(reasons(hit(b, "hero", 2, [5]))).toEqual(["deathSave:dyingHit:13"]);
    expect(b.a("hero")).toMatchObject({
      state: "dying",
      constitutionDamage: 2,
      deathSaves: { successes: 1, failures: 1 },
    });
    expect(reasons(b.roundEnd([12]))).toEqual(["deathSave:dying:13"]);
    expect(b.a("hero")).toMatchObject({ state: "dying", deathSaves: { failures: 2 } });
    b.roundStart();
    b.roundEnd([9]);
    expect(b.a("hero")).toMatchObject({ state: "dead", constitutionDamage: 4 });
    b.roundStart();
    expect(b.roundEnd()).toEqual([]); // the dead roll no more
  });

  it("[WD-DYING] [WD-STABLE] [WD-STAGGER] four successes stabilise; hourly checks; back to dying; natural 20; up staggered; hit again", () => {
    const b = new Battle([combatant("hero", { actor: hurt(20, 22, { state: "dying" }) })]);
    b.combatStart();
    for (let i = 1; i <= 4; i++) {
      b.roundStart();
      b.roundEnd([11]); // DC 11
      expect(b.a("hero").state).toBe(i < 4 ? "dying" : "stable");
    }
    expect(b.a("hero")).toMatchObject({ constitutionDamage: 4, deathSaves: { successes: 0, failures: 0 } });
    b.roundStart();
    expect(b.roundEnd()).toEqual([]); // stable: no end-of-round save
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
    b.roundStart();
    b.roundEnd([20]); // natural 20: stable at once
    expect(b.a("hero")).toMatchObject({ state: "stable", constitutionDamage: 7 });
    stable(16); // by 5: conscious and staggered
    expect(b.a("hero").state).toBe("staggered");
    expect(b.acts("hero")).toBe(true);
    // Staggered and hit by lethal damage: a new save, and even a success means dying.
    expect(reasons(hit(b, "hero", 1, [19]))).toEqual(["deathSave:hit:11"]);
    expect(b.a("hero").state).toBe("dying");
  });

  it("[WD-DYING] a natural 1 on the end-of-round save kills at once; healing lifts a dying creature before that", () => {
    const b = new Battle([
      combatant("a", { actor: hurt(20, 21, { state: "dying" }) }),
      combatant("b", { actor: hurt(20, 21, { state: "dying" }) }),
    ]);
    b.combatStart();
    b.roundStart();
    b.setActor("b", rs.applyHealing(b.a("b"), 5, "heal", {}, "actor-b").actor);
    expect(b.a("b")).toMatchObject({ state: "active", hp: { value: 4 } });
    expect(kinds(b.roundEnd([1]))).toEqual(["deathSave"]); // only the one still dying
    expect(b.a("a").state).toBe("dead");
  });

  it("[WD-DAMAGE] [WD-DEATHDC] ongoing damage at the start of the turn forces a death save; the effect's creator times its other effects", () => {
    const b = new Battle([combatant("hero", { actor: hurt(10, 7) }), combatant("orc", { side: "gm" })]);
    b.combatStart();
    b.roundStart();
    b.turnStart("orc");
    b.addEffect("orc", "hero", { name: "burn", ongoing: { amount: 5, type: "untyped" } });
    b.addEffect("orc", "hero", { name: "slow", duration: "endOfNextTurn" });
    b.turnEnd("orc");
    // Hero's turn: 5 more (12 of 10, DC 11); 14 passes → staggered. Then its save vs burn (15 ends it).
    expect(reasons(b.turnStart("hero", [14]))).toEqual(["deathSave:damage:11"]);
    expect(b.a("hero")).toMatchObject({ state: "staggered", hp: { value: -2 } });
    expect(b.effects("hero")).toEqual(["burn", "slow"]);
    b.turnEnd("hero", [15]);
    expect(b.effects("hero")).toEqual(["slow"]); // slow waits on the orc's next turn
    b.roundEnd();
    b.roundStart();
    b.turnStart("orc");
    b.turnEnd("orc");
    expect(b.effects("hero")).toEqual([]);
  });
});
