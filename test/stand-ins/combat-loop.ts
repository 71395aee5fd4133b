/**
 * Stand-in for Foundry's Combat turn machinery, for workflow tests. It imitates what the real
 * `Combat` does around our `D20Combat` overrides (src/documents/combat.ts) and nothing more:
 *
 * - `start()` = startCombat: round 1, turn 0, then (as `_manageTurnEvents` on the GM) combat-start
 *   bookkeeping, round start, turn start.
 * - `nextTurn()` = Combat#nextTurn: turn + 1, or the next round at the end of the order; then
 *   End Turn → End Round → Start Round → Start Turn, in Foundry's order, each awaited.
 * - turn order = `setupTurns` with our override: the ruleset's `order(ctx)`.
 * - a combatant that does not act this round passes its turn on (our `_onStartTurn` override).
 * - `end(tough)` = deleting the combat (our `_onDelete`: combat-end bookkeeping).
 *
 * It decides no rule: every decision is the ruleset's or src/workflows' (runBoundary, runPlan,
 * hasSurpriseRound, initiativeGroups, orderRanks). Ports write into plain arrays; dice are recorded.
 * Knowing difference: no documents, no sockets, no chat rendering.
 */
import type { Ruleset } from "../../src/engine/ruleset.js";
import type { CombatantSource, EffectSource, RollRequest, RollResult, TurnContext } from "../../src/engine/types.js";
import { escalationFor, bumpEscalation, toggleEscalationPause, type EscalationFlags } from "../../src/escalation.js";
import {
  currentActs,
  hasSurpriseRound,
  initiativeGroups,
  orderRanks,
  runBoundary,
  type CombatPhase,
} from "../../src/engine/plans/combat-cycle.js";
import type { ChatLine, TurnPorts } from "../../src/engine/plans/turns.js";

/** One recorded die: a number is the die's face (total = face + the formula's flat part), or explicit values. */
export type RecordedDie = number | { total: number; natural: number | null };

/** Flat part of a formula like `1d20 + 3` or `2d20kh - 1` (dice terms dropped). */
export function flatPartStandIn(formula: string): number {
  const rest = formula.replace(/\d*d\d+(k[hl]\d*)?/g, "").replace(/\s+/g, "");
  const terms = rest.match(/[+-]\d+/g) ?? [];
  return terms.reduce((s, t) => s + Number(t), 0);
}

/**
 * Foundry's `Roll.replaceFormulaData`: each `@path` becomes the value at that path of `data`
 * (nested `@abilities.con` too); an unknown reference is left in place (Foundry then refuses to
 * evaluate the roll: an unresolved StringTerm).
 */
export function replaceFormulaDataStandIn(formula: string, data: Record<string, unknown>): string {
  return formula.replace(/@([a-z_][\w.]*)/gi, (ref, path: string) => {
    let value: unknown = data;
    for (const key of path.split(".")) value = (value as Record<string, unknown> | undefined)?.[key];
    return typeof value === "number" || typeof value === "string" ? String(value) : ref;
  });
}

/** Recorded dice, used in order; running out throws (and the test sees an error line). */
export class StandInDice {
  readonly used: { request: RollRequest; result: RollResult }[] = [];
  constructor(private readonly queue: RecordedDie[]) {}
  get left(): number {
    return this.queue.length;
  }
  push(...dice: RecordedDie[]): void {
    this.queue.push(...dice);
  }
  roll(request: RollRequest): RollResult {
    const die = this.queue.shift();
    if (die === undefined) throw new Error(`no recorded die left for ${request.kind} (${request.formula})`);
    const d20 = /d20/.test(request.formula);
    const result =
      typeof die === "number" ? { total: die + flatPartStandIn(request.formula), natural: d20 ? die : null } : die;
    this.used.push({ request, result });
    return result;
  }
}

export interface StandInCombatOptions {
  dice: StandInDice;
  /** Recorded initiative results by combatant id, consumed in order each time one rolls. */
  initiative?: Record<string, number[]>;
  options?: Record<string, string | number | boolean>;
  /** Replace ports (fault injection). */
  wrapPorts?: (ports: TurnPorts) => TurnPorts;
}

export class StandInCombat {
  round = 0;
  turn: number | null = null;
  turns: string[] = [];
  readonly combatants: CombatantSource[];
  readonly lines: ChatLine[] = [];
  readonly errors: unknown[] = [];
  readonly initiativeRolls: string[][] = [];
  flags: EscalationFlags & { surprise?: boolean; begun?: boolean } = {};
  /** Every phase run, in order, as `phase:round:combatantId`. */
  readonly phases: string[] = [];
  private nextEffectId = 1;

  constructor(
    readonly ruleset: Ruleset,
    combatants: CombatantSource[],
    private readonly opts: StandInCombatOptions,
  ) {
    this.combatants = structuredClone(combatants);
  }

  get current(): CombatantSource | null {
    const id = this.turn === null ? null : this.turns[this.turn];
    return this.combatants.find((c) => c.id === id) ?? null;
  }

  get surpriseRound(): boolean {
    return Boolean(this.flags.surprise) && this.round === 1;
  }

  get escalation(): number {
    return escalationFor(this.round, this.flags);
  }

  byId(id: string): CombatantSource {
    const c = this.combatants.find((x) => x.id === id);
    if (!c) throw new Error(`no combatant ${id}`);
    return c;
  }

  ctx(combatantId: string | null, round = this.round): TurnContext {
    return {
      round,
      combatantId,
      combatants: structuredClone(this.combatants),
      surpriseRound: Boolean(this.flags.surprise) && round === 1,
      options: this.opts.options ?? {},
    };
  }

  /** Roll initiative the way D20Combat#rollInitiative does: groups share one roll. */
  rollInitiative(ids: string[]): void {
    const wanted = this.combatants.filter((c) => ids.includes(c.id));
    const groups = initiativeGroups(this.ruleset.initiative, wanted, {
      surpriseRound: this.surpriseRound,
      reroll: true,
    });
    this.initiativeRolls.push(...groups);
    for (const g of groups) {
      const leader = g[0] as string;
      const queue = this.opts.initiative?.[leader];
      const value = queue?.shift();
      if (value === undefined) throw new Error(`no recorded initiative for ${leader}`);
      for (const id of g) this.byId(id).initiative = value;
    }
    this.setupTurns();
  }

  setupTurns(): void {
    const currentId = this.turn === null ? null : this.turns[this.turn];
    // The combat document sorts its turns by these ranks; their keys are already in that order.
    this.turns = [...orderRanks(this.ruleset.order(this.ctx(null))).keys()];
    void currentId; // like Foundry's rollInitiative({updateTurn: false}): the index stays
  }

  ports(): TurnPorts {
    const base: TurnPorts = {
      roll: async (request) => this.opts.dice.roll(request),
      applyActor: async (actorId, next) => {
        for (const c of this.combatants) if (c.actorId === actorId) c.actor = structuredClone(next);
      },
      addEffect: async (actorId, effect) => {
        const id = `fx${this.nextEffectId++}`;
        const c = this.combatants.find((x) => x.actorId === actorId);
        if (!c) throw new Error(`no actor ${actorId}`);
        c.effects.push({ ...structuredClone(effect), id } as EffectSource);
        return id;
      },
      removeEffect: async (actorId, effectId) => {
        const c = this.combatants.find((x) => x.actorId === actorId);
        if (c) c.effects = c.effects.filter((e) => e.id !== effectId);
      },
      updateEffect: async (actorId, effectId, changes) => {
        const c = this.combatants.find((x) => x.actorId === actorId);
        if (c)
          c.effects = c.effects.map((e) => (e.id === effectId ? { ...e, ...structuredClone(changes), id: e.id } : e));
      },
      rerollInitiative: async (ids) => this.rollInitiative(ids),
      post: async (line) => {
        this.lines.push(line);
      },
      log: () => undefined,
    };
    return this.opts.wrapPorts ? this.opts.wrapPorts(base) : base;
  }

  private async phase(
    phase: CombatPhase,
    combatantId: string | null,
    round = this.round,
    tough = false,
  ): Promise<void> {
    this.phases.push(`${phase}:${round}:${combatantId ?? "-"}`);
    const out = await runBoundary(this.ruleset, phase, this.ctx(combatantId, round), this.ports(), { tough });
    this.errors.push(...out.errors.map((e) => e.error));
  }

  /** startCombat + the GM-side turn events of round 1. */
  async start(): Promise<void> {
    this.flags = { ...this.flags, surprise: hasSurpriseRound(this.ruleset.initiative, this.combatants), begun: false };
    this.round = 1;
    this.turn = 0;
    this.setupTurns();
    await this.roundBoundary(null);
  }

  private async roundBoundary(prior: { id: string; round: number } | null): Promise<void> {
    if (prior) await this.phase("turnEnd", prior.id, prior.round);
    if (prior && prior.round !== this.round) await this.phase("roundEnd", null, prior.round);
    if (!prior || prior.round !== this.round) {
      if (!this.flags.begun) {
        this.flags.begun = true;
        await this.phase("combatStart", null);
      }
      await this.phase("roundStart", null);
    }
    await this.startTurn();
  }

  private async startTurn(): Promise<void> {
    const c = this.current;
    if (!c) return;
    await this.phase("turnStart", c.id);
    const ctx = this.ctx(c.id);
    if (!currentActs(this.ruleset, ctx)) {
      const anyone = this.turns.some((id) => this.ruleset.actsThisRound(ctx, this.byId(id)));
      if (anyone) await this.nextTurn();
    }
  }

  /** Combat#nextTurn and the turn events that follow it. */
  async nextTurn(): Promise<void> {
    const prior = this.current ? { id: this.current.id, round: this.round } : null;
    const next = (this.turn ?? -1) + 1;
    if (next >= this.turns.length) {
      this.round += 1;
      this.turn = 0;
    } else {
      this.turn = next;
    }
    await this.roundBoundary(prior);
  }

  /** Advance until the given round starts. */
  async toRound(round: number): Promise<void> {
    let guard = 0;
    while (this.round < round && guard++ < 200) await this.nextTurn();
  }

  /** Delete the combat: end-of-battle bookkeeping. */
  async end(tough = false): Promise<void> {
    await this.phase("combatEnd", null, this.round, tough);
  }

  adjustEscalation(delta: number): void {
    this.flags = { ...this.flags, ...bumpEscalation(this.round, this.flags, delta) };
  }

  togglePause(): void {
    this.flags = { ...this.flags, ...toggleEscalationPause(this.round, this.flags) };
  }
}
