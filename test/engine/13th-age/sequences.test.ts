/**
 * 13th Age: long turn-cycle sequences driven only through the Ruleset interface, in the order the
 * turn runner uses, with the state checked after every phase against the rules text.
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
import { combatant, npc, pc, rs } from "./helpers.js";

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

const fire = (amount: number) => ({ amount, type: "fire" });
const kinds = (rolled: RollRequest[]) => rolled.map((r) => r.kind);

describe("13th Age sequences", () => {
  it("[13A-SAVE] [13A-ONGOING] [13A-TEMPHP] [13A-INIT] [13A-ESC] effects of several creators and durations over three rounds", () => {
    const b = new Battle([
      combatant("hero", pc(), { initiative: 18 }),
      combatant("orc", npc(), { initiative: 15 }),
      combatant("wiz", pc(), { initiative: 12 }),
      combatant("gob", npc(), { initiative: 12 }),
    ]);
    // Ties go to the player side; the order is rolled once and holds.
    expect(rs.order(b.ctx).map((s) => s.combatantIds[0])).toEqual(["hero", "orc", "wiz", "gob"]);
    b.combatStart();
    const escalation = (steps: TurnStep[]) => {
      expect(steps.some((s) => s.kind === "rerollInitiative")).toBe(false);
      const n = steps.find((s) => s.kind === "notice");
      return n && n.kind === "notice" ? n.event.data?.["value"] : undefined;
    };
    expect(escalation(b.roundStart())).toBe(0);

    // Round 1. Hero: marks the orc until the end of hero's next turn, dazes it (save ends) and
    // sets it on fire (5 ongoing, save ends); gains 8 temporary HP.
    expect(b.turnStart("hero")).toEqual([]);
    b.addEffect("hero", "orc", { name: "mark", duration: "endOfNextTurn" });
    b.addEffect("hero", "orc", { name: "daze", duration: "saveEnds", statuses: ["dazed"] });
    b.addEffect("hero", "orc", { name: "burn", duration: "saveEnds", ongoing: fire(5) });
    b.setActor("hero", rs.applyHealing(b.a("hero"), 8, "temp", {}, "actor-hero").actor);
    expect(b.turnEnd("hero")).toEqual([]);
    expect(b.effects("orc")).toEqual(["mark", "daze", "burn"]); // mark not over: hero's *next* turn

    // Orc: sticks the hero until the start of the orc's next turn; hits the hero for 5 (temp first).
    b.turnStart("orc");
    b.addEffect("orc", "hero", { name: "stuck", duration: "startOfNextTurn", statuses: ["stuck"] });
    b.setActor(
      "hero",
      rs.applyDamage(
        b.a("hero"),
        {
          amount: 5,
          types: [],
          natural: 14,
          critical: false,
          ongoing: false,
          fromAttack: true,
          melee: true,
          nonlethal: false,
          knockOut: false,
        },
        {},
        "actor-hero",
      ).actor,
    );
    expect(b.a("hero").hp).toEqual({ value: 30, max: 30, temp: 3 });
    // A smaller temp grant does not stack: 3 kept.
    b.setActor("hero", rs.applyHealing(b.a("hero"), 2, "temp", {}, "actor-hero").actor);
    expect(b.a("hero").hp.temp).toBe(3);
    // End of the orc's turn: 5 fire first, then one normal save per effect (daze 10 fails, burn 11 passes).
    const r1 = b.turnEnd("orc", [10, 11]);
    expect(r1.map((r) => [r.kind, r.target])).toEqual([
      ["save", 11],
      ["save", 11],
    ]);
    expect(b.a("orc").hp.value).toBe(15);
    expect(b.effects("orc")).toEqual(["mark", "daze"]);

    // Wizard: a sustained shield on itself and a ward on the hero until the end of the battle.
    b.turnStart("wiz");
    b.addEffect("wiz", "wiz", { name: "shield", duration: "sustain" });
    b.addEffect("wiz", "hero", { name: "ward", duration: "endOfEncounter" });
    expect(b.turnEnd("wiz")).toEqual([]);
    b.turnStart("gob");
    b.turnEnd("gob");
    b.roundEnd();

    // Round 2: escalation die 1.
    expect(escalation(b.roundStart())).toBe(1);
    b.turnStart("hero");
    expect(b.c("orc").effects.find((e) => e.name === "mark")?.armed).toBe(true);
    // Stuck belongs to the orc's turns: it is still on the hero during the hero's turn.
    expect(b.effects("hero")).toEqual(["stuck", "ward"]);
    b.turnEnd("hero");
    expect(b.effects("orc")).toEqual(["daze"]); // mark ended with the hero's next turn
    b.turnStart("orc");
    expect(b.effects("hero")).toEqual(["ward"]); // stuck ended as the orc's next turn began
    expect(kinds(b.turnEnd("orc", [12]))).toEqual(["save"]);
    expect(b.effects("orc")).toEqual([]);
    expect(b.a("orc").hp.value).toBe(15); // no more fire after the passed save
    b.turnStart("wiz");
    const shield = b.c("wiz").effects.find((e) => e.name === "shield")!;
    expect(shield.armed).toBe(true);
    b.plan([{ kind: "updateEffect", actorId: "actor-wiz", effectId: shield.id, changes: { sustainedRound: 2 } }]);
    b.turnEnd("wiz");
    expect(b.effects("wiz")).toEqual(["shield"]); // sustained this round
    b.turnStart("gob");
    b.turnEnd("gob");
    b.roundEnd();

    // Round 3: the wizard does not sustain; the shield ends with the wizard's turn.
    expect(escalation(b.roundStart())).toBe(2);
    for (const id of ["hero", "orc"]) {
      b.turnStart(id);
      b.turnEnd(id);
    }
    b.turnStart("wiz");
    b.turnEnd("wiz");
    expect(b.effects("wiz")).toEqual([]);
    expect(b.effects("hero")).toEqual(["ward"]);

    // The battle ends: the temporary HP go away, the encounter-long ward ends, the battle counts.
    b.combatEnd();
    expect(b.a("hero").hp).toEqual({ value: 30, max: 30, temp: 0 });
    expect(b.effects("hero")).toEqual([]);
    expect(b.a("hero").recoveries.battlesSinceHealUp).toBe(1);
  });

  it("[13A-LASTTURN] an NPC that ongoing damage drops acts once more, then dies without more damage or saves", () => {
    const b = new Battle([
      combatant("hero", pc(), { initiative: 18 }),
      combatant("orc", npc({ hp: { value: 4, max: 20, temp: 0 } }), { initiative: 15 }),
    ]);
    b.combatStart();
    b.roundStart();
    b.turnStart("hero");
    b.addEffect("hero", "orc", { name: "burn", ongoing: fire(5) });
    b.turnEnd("hero");
    b.turnStart("orc");
    b.addEffect("orc", "hero", { name: "grab", duration: "endOfNextTurn" });
    expect(kinds(b.turnEnd("orc", [5]))).toEqual(["save"]); // burn: 5 fails
    expect(b.a("orc")).toMatchObject({ state: "active", lastTurn: true, hp: { value: 0 } });
    b.roundEnd();
    b.roundStart();
    b.turnStart("hero");
    b.turnEnd("hero");
    expect(b.acts("orc")).toBe(true); // its one last turn
    b.turnStart("orc");
    expect(b.turnEnd("orc")).toEqual([]); // no second dose, no save: it drops
    expect(b.a("orc")).toMatchObject({ state: "dead", lastTurn: false, hp: { value: 0 } });
    expect(b.effects("hero")).toEqual([]); // what it created still times out on its turn
    b.roundEnd();
    expect(b.acts("orc")).toBe(false);
  });

  it("[13A-LASTTURN] [13A-NEGHEAL] a PC on its last turn healed by an ally stays up; the ongoing damage goes on", () => {
    const b = new Battle([
      combatant("hero", pc({ hp: { value: 3, max: 30, temp: 0 } }), { initiative: 18 }),
      combatant("wiz", pc(), { initiative: 12 }),
    ]);
    b.combatStart();
    b.roundStart();
    b.turnStart("hero");
    b.addEffect("orc", "hero", { name: "venom", ongoing: { amount: 5, type: "poison" } });
    b.turnEnd("hero", [3]);
    expect(b.a("hero")).toMatchObject({ state: "active", lastTurn: true, hp: { value: -2 } });
    b.turnStart("wiz");
    b.setActor("hero", rs.applyHealing(b.a("hero"), 10, "heal", {}, "actor-hero").actor);
    expect(b.a("hero")).toMatchObject({ state: "active", lastTurn: false, hp: { value: 10 } }); // from 0, not -2
    b.turnEnd("wiz");
    b.roundEnd();
    b.roundStart();
    expect(kinds(b.turnStart("hero"))).toEqual([]); // not dying: no death save
    b.turnEnd("hero", [11]);
    expect(b.a("hero")).toMatchObject({ state: "active", lastTurn: false, hp: { value: 5 } });
    expect(b.effects("hero")).toEqual([]);
  });

  it("[13A-LASTTURN] [13A-DEATHSAVE] a PC not helped drops at the end of its last turn, then saves its way back", () => {
    const b = new Battle([
      combatant(
        "hero",
        pc({ hp: { value: 3, max: 30, temp: 0 }, recoveries: { ...pc().recoveries, value: 2, formula: "2d8" } }),
      ),
    ]);
    b.combatStart();
    b.roundStart();
    b.turnStart("hero");
    b.addEffect("orc", "hero", { name: "burn", ongoing: fire(5) });
    b.turnEnd("hero", [10]);
    expect(b.a("hero")).toMatchObject({ state: "active", lastTurn: true, hp: { value: -2 } });
    b.roundEnd();
    b.roundStart();
    expect(b.turnStart("hero")).toEqual([]); // still up on its last turn: no death save yet
    b.turnEnd("hero", [10]); // drops, then this turn's fire (-7), save fails
    expect(b.a("hero")).toMatchObject({ state: "dying", lastTurn: false, hp: { value: -7 } });
    b.roundEnd();
    b.roundStart();
    expect(b.acts("hero")).toBe(true);
    // Death save at the start of the turn: 16 passes, a recovery heals from 0.
    expect(kinds(b.turnStart("hero", [16, 9]))).toEqual(["deathSave", "recovery"]);
    expect(b.a("hero")).toMatchObject({ state: "active", hp: { value: 9 }, recoveries: { value: 1 } });
    expect(b.a("hero").deathSaves).toEqual({ successes: 1, failures: 0 });
    b.turnEnd("hero", [11]);
    expect(b.a("hero").hp.value).toBe(4);
    expect(b.effects("hero")).toEqual([]);
  });

  it("[13A-DEATH] [13A-DEATHSAVE] failed death saves add up over the whole battle, across a recovery, to death", () => {
    const b = new Battle([
      combatant("hero", pc({ hp: { value: -5, max: 30, temp: 0 }, state: "dying" }), { initiative: 10 }),
    ]);
    b.combatStart();
    for (const [round, die] of [
      [1, 15],
      [2, 2],
      [3, 10],
    ] as const) {
      b.roundStart();
      expect(b.acts("hero")).toBe(true);
      expect(kinds(b.turnStart("hero", [die]))).toEqual(["deathSave"]);
      expect(b.a("hero")).toMatchObject({ state: "dying", deathSaves: { failures: round } });
      b.turnEnd("hero");
      b.roundEnd();
    }
    // A natural 20: passes, heals (from 0) and may act this turn.
    b.roundStart();
    b.script = { dice: [20, 7], rolled: [] };
    const ctx = { ...b.ctx, combatantId: "hero" };
    const steps = rs.onTurnStart(ctx);
    const req = steps[0]!.kind === "roll" ? steps[0]!.request : null;
    const nat20 = rs.resolveTurnRoll(ctx, req!, { total: 20, natural: 20 });
    expect(nat20.events.map((e) => e.key)).toContain("D20C.Age13.Event.deathSaveNatural20");
    b.turnStart("hero", [20, 7]);
    expect(b.a("hero")).toMatchObject({ state: "active", hp: { value: 7 }, deathSaves: { successes: 1, failures: 3 } });
    // Struck down again in the same battle: one more failure is the fourth.
    b.setActor(
      "hero",
      rs.applyDamage(
        b.a("hero"),
        {
          amount: 10,
          types: [],
          natural: 12,
          critical: false,
          ongoing: false,
          fromAttack: true,
          melee: true,
          nonlethal: false,
          knockOut: false,
        },
        {},
        "actor-hero",
      ).actor,
    );
    expect(b.a("hero")).toMatchObject({ state: "dying", hp: { value: -3 } });
    b.turnEnd("hero");
    b.roundEnd();
    b.roundStart();
    b.turnStart("hero", [11]);
    expect(b.a("hero").state).toBe("dead");
    expect(b.acts("hero")).toBe(false);
  });

  it("[13A-DEATH] [13A-DOWN] tallies start fresh each battle; at 0 HP no death saves; at -half max dead at once", () => {
    const b = new Battle([
      combatant(
        "hero",
        pc({ deathSaves: { successes: 1, failures: 3 }, hp: { value: 0, max: 30, temp: 0 }, state: "unconscious" }),
      ),
    ]);
    b.combatStart();
    expect(b.a("hero").deathSaves).toEqual({ successes: 0, failures: 0 });
    for (let i = 0; i < 3; i++) {
      b.roundStart();
      expect(b.turnStart("hero")).toEqual([]); // at exactly 0: unconscious, not dying
      b.turnEnd("hero");
      b.roundEnd();
    }
    expect(b.a("hero").state).toBe("unconscious");
    // Ongoing 15 on a creature already at 0 (not an up creature): no last turn; -15 is -half of 30.
    b.addEffect("orc", "hero", { name: "burn", ongoing: fire(15) });
    b.roundStart();
    b.turnStart("hero");
    b.turnEnd("hero", [5]);
    expect(b.a("hero")).toMatchObject({ state: "dead", hp: { value: -15 }, lastTurn: false });
  });

  it("[13A-DEATHSAVE] with death saves timed at the end of the turn, they come after the turn's saves", () => {
    const b = new Battle([combatant("hero", pc({ hp: { value: -4, max: 30, temp: 0 }, state: "dying" }))], {
      deathSaveTiming: "end",
    });
    b.combatStart();
    b.roundStart();
    expect(b.turnStart("hero")).toEqual([]);
    b.addEffect("orc", "hero", { name: "daze", statuses: ["dazed"] });
    expect(kinds(b.turnEnd("hero", [11, 5]))).toEqual(["save", "deathSave"]);
    expect(b.a("hero").deathSaves.failures).toBe(1);
    expect(b.effects("hero")).toEqual([]);
  });
});
