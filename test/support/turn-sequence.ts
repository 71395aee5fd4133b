/**
 * One harness for long turn sequences in every game: a combat driven only through the public
 * Ruleset interface and the REAL turn-plan runner (`runPlan`, src/engine/plans/turns.ts), phase by
 * phase as the combat tracker does — combat start → round start → each turn's start and end plans
 * → round end … combat end — with every roll taken from recorded dice.
 *
 * Dice: a phase given `dice` must use every one of them, and a roll asked for with none left fails
 * the test (as does any step the runner reports as failed). A phase given no dice inside
 * `rolling(faces, fn)` draws on that outer queue instead, so several phases can share one budget.
 * A die's face is the roll's natural result and its total (the tests' actors roll with no bonus);
 * a roll whose formula is a plain number (a fixed recovery amount) rolls itself and uses no die.
 */
import { expect } from "vitest";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type {
  ActorSource,
  CombatantSource,
  DamagePacket,
  EffectSource,
  RollRequest,
  RollResult,
  RuleOptions,
  TurnContext,
  TurnStep,
} from "../../src/engine/types.js";
import { runPlan, type PlanOutcome, type TurnPorts } from "../../src/engine/plans/turns.js";
import { damagePacket, effectSource, turnContext } from "./engine-fixtures.js";

/** The result a recorded face gives for `request`: a d20 roll's face is also its natural result. */
export function recordedResult(request: RollRequest, face: number): RollResult {
  return { total: face, natural: /^\d*d20/.test(request.formula) ? face : null };
}

/**
 * Turn ports for a plan run with no Foundry behind it: rolls through `roll`, created effects get
 * ids from `nextEffectId`, and writes, chat lines and console output go nowhere (the runner keeps
 * its own snapshots, which the caller reads from the outcome).
 */
export function quietPorts(roll: TurnPorts["roll"], nextEffectId: () => string): TurnPorts {
  return {
    roll,
    applyActor: async () => {},
    addEffect: async () => nextEffectId(),
    removeEffect: async () => {},
    updateEffect: async () => {},
    rerollInitiative: async () => {},
    post: async () => {},
    log: () => {},
  };
}

export class TurnSequence {
  ctx: TurnContext;
  private dice: number[] = [];
  private made: RollRequest[] = [];
  private depth = 0;
  private ids = 0;

  constructor(
    readonly ruleset: Ruleset,
    combatants: CombatantSource[],
    options: RuleOptions = {},
    over: Partial<TurnContext> = {},
  ) {
    this.ctx = turnContext(combatants, { round: 0, options, ...over });
  }

  private ports(): TurnPorts {
    return quietPorts(
      async (request) => {
        if (/^\d+$/.test(request.formula)) {
          this.made.push(request);
          return { total: Number(request.formula), natural: null };
        }
        const face = this.dice.shift();
        if (face === undefined) throw new Error(`no recorded die left for ${request.kind} (${request.label})`);
        this.made.push(request);
        return recordedResult(request, face);
      },
      () => `fx${++this.ids}`,
    );
  }

  /**
   * Roll requests made by `fn`, with `faces` queued for it; every face must be used. Nested calls
   * (a phase given no dice inside an outer `rolling`) share the outer queue.
   */
  async rolling(faces: number[], fn: () => Promise<unknown>): Promise<RollRequest[]> {
    const outer = { dice: this.dice, made: this.made };
    this.dice = [...faces];
    this.made = [];
    this.depth++;
    try {
      await fn();
      expect(this.dice, "every recorded die is rolled").toEqual([]);
      return this.made;
    } finally {
      this.depth--;
      outer.made.push(...this.made);
      this.dice = outer.dice;
      this.made = outer.made;
    }
  }

  /** Run `fn` on `dice` if given (or if no outer budget is open), else on the outer budget. */
  private async phase(dice: number[] | undefined, fn: () => Promise<unknown>): Promise<RollRequest[]> {
    if (dice !== undefined || this.depth === 0) return this.rolling(dice ?? [], fn);
    const from = this.made.length;
    await fn();
    return this.made.slice(from);
  }

  /** Run a plan through the real runner; no step may fail. */
  async run(steps: readonly TurnStep[]): Promise<PlanOutcome> {
    const out = await runPlan(this.ruleset, this.ctx, steps, this.ports());
    expect(
      out.errors.map((e) => String(e.error)),
      "no turn step fails",
    ).toEqual([]);
    this.ctx = out.ctx;
    return out;
  }

  /** Run a plan on its own dice; the roll requests it made. */
  plan(steps: readonly TurnStep[], dice?: number[]): Promise<RollRequest[]> {
    return this.phase(dice, () => this.run(steps));
  }

  combatStart(dice?: number[]): Promise<RollRequest[]> {
    return this.plan(this.ruleset.onCombatStart({ ...this.ctx, combatantId: null }), dice);
  }

  /** Start a round (round `n` if given, else the current one); the steps the ruleset planned. */
  async roundStart(n?: number, dice?: number[]): Promise<TurnStep[]> {
    this.ctx = { ...this.ctx, round: n ?? this.ctx.round, combatantId: null };
    const steps = this.ruleset.onRoundStart(this.ctx);
    await this.plan(steps, dice);
    return steps;
  }

  acts(id: string): boolean {
    return this.ruleset.actsThisRound(this.ctx, this.c(id));
  }

  /** `id`'s turn begins; it stays the current combatant until `turnEnd`. */
  turnStart(id: string, dice?: number[]): Promise<RollRequest[]> {
    this.ctx = { ...this.ctx, combatantId: id };
    return this.plan(this.ruleset.onTurnStart(this.ctx), dice);
  }

  /** The current combatant's turn (or `id`'s) ends. */
  async turnEnd(id?: string, dice?: number[]): Promise<RollRequest[]> {
    if (id !== undefined) this.ctx = { ...this.ctx, combatantId: id };
    const made = await this.plan(this.ruleset.onTurnEnd(this.ctx), dice);
    this.ctx = { ...this.ctx, combatantId: null };
    return made;
  }

  /** A whole turn; `during` runs between its start and its end. */
  async turn(id: string, during?: () => Promise<unknown>): Promise<void> {
    await this.turnStart(id);
    if (during) await during();
    await this.turnEnd();
  }

  /** End the round; the next round number is current afterwards. */
  async roundEnd(dice?: number[]): Promise<RollRequest[]> {
    const made = await this.plan(this.ruleset.onRoundEnd({ ...this.ctx, combatantId: null }), dice);
    this.ctx = { ...this.ctx, round: this.ctx.round + 1 };
    return made;
  }

  combatEnd(tough = false, dice?: number[]): Promise<RollRequest[]> {
    return this.plan(this.ruleset.onCombatEnd({ ...this.ctx, combatantId: null }, tough), dice);
  }

  c(id: string): CombatantSource {
    const c = this.ctx.combatants.find((x) => x.id === id);
    if (!c) throw new Error(`no combatant ${id}`);
    return c;
  }

  a(id: string): ActorSource {
    return this.c(id).actor;
  }

  /** Effect names on `id`, in the order they were added. */
  effects(id: string): string[] {
    return this.c(id).effects.map((e) => e.name);
  }

  /** Effect names on `id`, sorted. */
  names(id: string): string[] {
    return this.effects(id).sort();
  }

  /** Write an actor snapshot directly (what a document update outside any plan does). */
  setActor(id: string, actor: ActorSource): void {
    this.c(id).actor = actor;
  }

  /** Add an effect onto `bearer` through an addEffect step; the new effect's id (null if stacking dropped it). */
  async put(bearer: string, effect: Partial<EffectSource>): Promise<string | null> {
    const before = new Set(this.c(bearer).effects.map((e) => e.id));
    const { id: _drop, ...rest } = effectSource(effect);
    await this.plan([{ kind: "addEffect", actorId: this.c(bearer).actorId, effect: rest, label: "test" }]);
    return this.c(bearer).effects.find((e) => !before.has(e.id))?.id ?? null;
  }

  /** Damage `on` through a damage step (a number is a plain melee attack's damage). */
  hit(on: string, packet: number | DamagePacket, dice?: number[]): Promise<RollRequest[]> {
    const p = typeof packet === "number" ? damagePacket(packet) : packet;
    return this.plan([{ kind: "damage", actorId: this.c(on).actorId, packet: p, label: "test" }], dice);
  }

  /** Heal (or grant temporary HP to) `on` by the game's rule, written through an updateActor step. */
  heal(on: string, amount: number, kind: "heal" | "temp" = "heal"): Promise<RollRequest[]> {
    const c = this.c(on);
    const res = this.ruleset.applyHealing(c.actor, amount, kind, this.ctx.options, c.actorId);
    return this.plan([{ kind: "updateActor", actorId: c.actorId, changes: res.actor, label: "test" }]);
  }

  /** Sustain the effect called `name` on `on` this round (`changes` gives the game's bookkeeping). */
  sustain(
    on: string,
    name: string,
    changes: (e: EffectSource, round: number) => Partial<EffectSource> = (_e, round) => ({ sustainedRound: round }),
  ): Promise<RollRequest[]> {
    const e = this.c(on).effects.find((x) => x.name === name);
    if (!e) throw new Error(`no effect ${name} on ${on}`);
    return this.plan([
      { kind: "updateEffect", actorId: this.c(on).actorId, effectId: e.id, changes: changes(e, this.ctx.round) },
    ]);
  }
}
