/**
 * The system's Combat ([SYS-TURNS], [SYS-ESC]): turn-boundary automation in `_onStartTurn`,
 * `_onEndTurn`, `_onStartRound`, `_onEndRound` and combat end, which Foundry runs after the update
 * on one GM client — so it happens however the turn changed. Each boundary builds a `TurnContext`,
 * asks the active ruleset for its plan and runs it through src/engine/plans/turns.ts with Foundry
 * ports (Roll, document updates, chat lines with Undo). Initiative, turn order and surprise come
 * from the ruleset's data and functions, never from its id.
 *
 * Flags (`flags["d20-combat"]`): `offset`/`frozen` (escalation die), `tough` (battle counts two),
 * `surprise` (this battle opened with a surprise round), `begun` (combat-start bookkeeping done).
 */
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import type { Ruleset } from "../engine/ruleset.js";
import type { ActorSource, CombatantSource, RollRequest, RollResult, TurnContext } from "../engine/types.js";
import {
  bumpEscalation,
  escalationEnabled,
  escalationFor,
  toggleEscalationPause,
  type EscalationFlags,
} from "../escalation.js";
import { recordCampaignLoss } from "../settings-combat.js";
import {
  currentActs,
  fleeOutcome,
  hasSurpriseRound,
  initiativeGroups,
  nextActingIndex,
  orderRanks,
  roundWasPlayed,
  runBoundary,
  startTurnSubject,
  type CombatPhase,
} from "../engine/plans/combat-cycle.js";
import type { ChatLine, TurnPorts } from "../engine/plans/turns.js";
import { TurnSummaryPoster } from "../workflows/turn-chat.js";
import type { SummarySubject } from "../workflows/combat-chat.js";
import { refreshActionsAtTurnEnd, resetActionsAtTurnStart } from "../workflows/actions.js";
import { withActorQueue } from "../workflows/actor-queue.js";
import { effectCreateData, type SystemEffectData } from "./active-effect.js";
import type { CombatantRuling, D20Combatant } from "./combatant.js";
import { refreshPowersAtCombatEnd } from "../workflows/power-usage.js";
import { rechargeAtTurnStart } from "../workflows/recharge.js";
import { afterTurnSaveHook, preTurnSaveHook, turnStepHook } from "../workflows/hooks.js";
import { runTurnStartAuras, type AuraCombat } from "../workflows/auras.js";
import { promptChosenTurn } from "../workflows/dominion.js";

/** The system flags of a combat. */
export interface CombatFlags extends EscalationFlags {
  tough?: boolean;
  surprise?: boolean;
  begun?: boolean;
  /**
   * The GM's rulings on each combatant, by combatant id ([SYS-PERM]): kept on the Combat, which only
   * GMs may write, never on the combatant, which its owner may write.
   */
  rulings?: Record<string, CombatantRuling>;
  /**
   * [WD-TIES] The simultaneous slot under way: its round, its initiative and the combatants that
   * could act when its first turn began (they all act in it, whatever befalls them there).
   */
  slot?: { round: number; initiative: number; able: string[] } | null;
}

/** Actor-like object the ports write to (the system Actor). */
interface EngineActor {
  uuid: string;
  name: string | null;
  applyEngineActor?(next: ActorSource): Promise<unknown>;
  update(data: object): Promise<unknown>;
  createEmbeddedDocuments(type: "ActiveEffect", data: object[]): Promise<{ id: string | null }[]>;
  effects: {
    get(
      id: string,
    ):
      | { toObject(): ActiveEffect.CreateData; delete(): Promise<unknown>; update(data: object): Promise<unknown> }
      | undefined;
  };
  getRollData(): Record<string, unknown>;
}

/** The natural d20 of an evaluated roll: the kept result of its first d20 term (the active result, so 2d20kh works). */
function naturalOf(roll: {
  dice: { faces?: number | undefined; results: { result: number; active?: boolean | undefined }[] }[];
}): number | null {
  const d20 = roll.dice.find((d) => d.faces === 20);
  if (!d20) return null;
  const kept = d20.results.find((r) => r.active !== false);
  return kept ? kept.result : null;
}

/**
 * Combatants whose turn Foundry walked past, per combat and round, for the round's end. Kept on
 * the GM client that runs the turn events (they run there one after another); not stored.
 */
const walkedPastTurns = new WeakMap<object, Map<number, Set<string>>>();

function noteWalkedPast(combat: object, round: number, combatantId: string): void {
  let rounds = walkedPastTurns.get(combat);
  if (!rounds) walkedPastTurns.set(combat, (rounds = new Map()));
  let ids = rounds.get(round);
  if (!ids) rounds.set(round, (ids = new Set()));
  ids.add(combatantId);
}

export class D20Combat extends Combat {
  /** The system flags of this combat. */
  get d20Flags(): CombatFlags {
    return this.flags[SYSTEM_ID] ?? {};
  }

  /** The escalation die's value now (0 when the die is off). */
  get escalation(): number {
    return escalationEnabled() ? escalationFor(this.round, this.d20Flags) : 0;
  }

  /** Whether this round is the opening surprise round ([WD-SURPRISE]). */
  get isSurpriseRound(): boolean {
    return Boolean(this.d20Flags.surprise) && this.round === 1;
  }

  private async setD20Flags(changes: Partial<CombatFlags>): Promise<void> {
    await this.update({ flags: { [SYSTEM_ID]: changes } });
  }

  // ---- the engine's view --------------------------------------------------------------------

  /** Every combatant as the engine reads it. */
  combatantSources(): CombatantSource[] {
    return this.combatants.contents.map((c, i) => (c as D20Combatant).toCombatantSource(i));
  }

  /**
   * The turn context of this combat (`combatantId` = whose turn the plan is about; `round` = the
   * round the boundary belongs to — the previous one for a turn or round that just ended).
   */
  turnContext(combatantId: string | null, round: number = this.round): TurnContext {
    return {
      round,
      combatantId,
      combatants: this.combatantSources(),
      surpriseRound: Boolean(this.d20Flags.surprise) && round === 1,
      options: ruleOptions(),
      escalation: escalationEnabled() ? escalationFor(round, this.d20Flags) : 0,
      ...this.slotStarted(combatantId, round),
    };
  }

  /** [WD-TIES] The slot under way, when `combatantId` belongs to it this round. */
  private slotStarted(combatantId: string | null, round: number): { slotStarted?: string[] } {
    const slot = this.d20Flags.slot;
    const initiative = combatantId ? this.combatants.get(combatantId)?.initiative : null;
    if (!slot || slot.round !== round || initiative === null || initiative === undefined) return {};
    return initiative === slot.initiative ? { slotStarted: [...slot.able] } : {};
  }

  /**
   * [WD-TIES] At a turn's start in a game whose ties act together: a new slot records who in it can
   * act now, before any of them acts.
   */
  private async noteSlot(combatantId: string | null, round: number): Promise<void> {
    const ruleset = activeRuleset();
    if (!ruleset.initiative.simultaneousTies || !combatantId) return;
    const initiative = this.combatants.get(combatantId)?.initiative;
    if (initiative === null || initiative === undefined || !Number.isFinite(initiative)) return;
    const slot = this.d20Flags.slot;
    if (slot && slot.round === round && slot.initiative === initiative) return;
    const ctx: TurnContext = { ...this.turnContext(combatantId, round), slotStarted: [] };
    const able = ctx.combatants
      .filter((c) => c.initiative === initiative && ruleset.actsThisRound(ctx, c))
      .map((c) => c.id);
    await this.setD20Flags({ slot: { round, initiative, able } });
  }

  /** Actor documents by the key the plans use (see `actorKeyOf`). */
  private actorsByKey(ctx: TurnContext): Map<string, EngineActor> {
    const out = new Map<string, EngineActor>();
    for (const src of ctx.combatants) {
      const actor = this.combatants.get(src.id)?.actor as unknown as EngineActor | null | undefined;
      if (actor) out.set(src.actorId, actor);
    }
    return out;
  }

  /** Actor keys of the combatants players cannot see (hidden in the tracker, or on a hidden token). */
  private hiddenActorKeys(ctx: TurnContext): Set<string> {
    const out = new Set<string>();
    for (const src of ctx.combatants) {
      const c = this.combatants.get(src.id);
      if (c && (c.hidden || c.token?.hidden)) out.add(src.actorId);
    }
    return out;
  }

  /**
   * What a phase's summary is about: the turn of the combatant a turn phase names, else the round
   * or battle as a whole.
   */
  private summarySubject(phase: CombatPhase, ctx: TurnContext): SummarySubject {
    const c = ctx.combatants.find((x) => x.id === ctx.combatantId);
    if ((phase !== "turnStart" && phase !== "turnEnd") || !c) return { kind: "event" };
    return { kind: "turn", combatantId: c.id, actorId: c.actorId, name: c.name, round: ctx.round };
  }

  /**
   * Foundry ports for the plan runner: real rolls, one update per change; the chat lines go to
   * `summary`, which the caller posts once the phase is over.
   */
  turnPorts(ctx: TurnContext, summary: SummarySubject = { kind: "event" }): TurnPorts & { flush(): Promise<void> } {
    const actors = this.actorsByKey(ctx);
    const actor = (key: string): EngineActor => {
      const a = actors.get(key);
      if (!a) throw new Error(`no actor "${key}" in this combat`);
      return a;
    };
    const rolls: Roll.Any[] = [];
    const removed = new Map<string, ActiveEffect.CreateData>();
    const poster = new TurnSummaryPoster(summary, {
      removedEffects: removed,
      combatId: this.id ?? "",
      hiddenActors: this.hiddenActorKeys(ctx),
    });
    return {
      flush: () => poster.flush(),
      roll: async (request: RollRequest): Promise<RollResult> => {
        const data = actors.get(request.actorId)?.getRollData() ?? {};
        const roll = await new Roll(request.formula, data).evaluate();
        rolls.push(roll);
        return { total: roll.total ?? 0, natural: naturalOf(roll) };
      },
      // [SYS-HOOKS] a save the turn automation rolls asks `preSave` and announces `save`, as a sheet save does.
      beforeRoll: (request) => {
        const a = actors.get(request.actorId);
        return a ? preTurnSaveHook(a, request) : { request, events: [] };
      },
      afterRoll: (request, result, events) => {
        const a = actors.get(request.actorId);
        if (a) afterTurnSaveHook(a, request, result, events);
      },
      applyActor: async (key, next) => {
        const a = actor(key);
        if (a.applyEngineActor) await a.applyEngineActor(next);
        else await a.update({ system: next });
      },
      addEffect: async (key, effect) => {
        const [created] = await actor(key).createEmbeddedDocuments("ActiveEffect", [effectCreateData(effect)]);
        return created?.id ?? "";
      },
      removeEffect: async (key, effectId) => {
        const doc = actor(key).effects.get(effectId);
        if (!doc) return;
        removed.set(effectId, doc.toObject());
        await doc.delete();
      },
      updateEffect: async (key, effectId, changes) => {
        const doc = actor(key).effects.get(effectId);
        if (!doc) return;
        const { name, statuses, id: _id, ...rest } = changes;
        const update: Record<string, unknown> = {
          flags: { [SYSTEM_ID]: { effect: rest as Partial<SystemEffectData> } },
        };
        if (name !== undefined) update.name = name;
        if (statuses !== undefined) update.statuses = statuses;
        await doc.update(update);
      },
      rerollInitiative: async (ids) => {
        await this.rollInitiative(
          ids.filter((id) => this.combatants.has(id)),
          { updateTurn: false },
        );
      },
      post: async (line: ChatLine) => {
        poster.add(line, rolls.splice(0));
      },
    };
  }

  /**
   * [SYS-MONSTERS] The current combatant's powers that recharge at its turn start roll their die,
   * each a line of its turn summary. Never throws (a failure is logged; the turn goes on).
   */
  private async rechargeAtTurnStart(ctx: TurnContext, ports: TurnPorts): Promise<void> {
    const c = ctx.combatants.find((x) => x.id === ctx.combatantId);
    const actor = ctx.combatantId ? this.combatants.get(ctx.combatantId)?.actor : null;
    if (!c || !actor) return;
    try {
      await rechargeAtTurnStart(actor, c.actorId, ports, c.actor);
    } catch (err) {
      console.error(`${SYSTEM_ID} | recharge at turn start`, err);
    }
  }

  /**
   * Plan and run one phase of the battle (GM client only). Never throws: Foundry awaits the turn
   * events one after another, so an error here would drop the later events of the same change
   * (and the GM's `combatTurnChange` hook).
   */
  async runPhase(
    phase: CombatPhase,
    combatantId: string | null,
    round: number = this.round,
    turn: { walkedPast?: boolean } = {},
  ): Promise<void> {
    try {
      // Hold every combatant's actor in the shared actor queue, and read them once it is their turn,
      // so a card applied meanwhile is neither lost nor overwritten by the plan's snapshot.
      const keys = this.combatants.contents.flatMap((c) => (c.actor ? [c.actor.uuid] : []));
      await withActorQueue(keys, async () => {
        const ruleset: Ruleset = activeRuleset();
        const ctx: TurnContext = this.turnContext(combatantId, round);
        const walkedPast = walkedPastTurns.get(this)?.get(round);
        if (phase === "roundEnd" && walkedPast?.size) ctx.walkedPast = [...walkedPast];
        const ports = this.turnPorts(ctx, this.summarySubject(phase, ctx));
        const outcome = await runBoundary(ruleset, phase, ctx, ports, {
          tough: Boolean(this.d20Flags.tough),
          walkedPast: Boolean(turn.walkedPast),
        });
        // [SYS-MONSTERS] the auras its token starts the turn in, after the game's own turn start.
        if (phase === "turnStart" && !turn.walkedPast)
          await runTurnStartAuras(this as unknown as AuraCombat, ruleset, outcome.ctx, ports).catch((e: unknown) =>
            console.error(`${SYSTEM_ID} | auras at a turn start`, e),
          );
        if (phase === "turnStart" && !turn.walkedPast) await this.rechargeAtTurnStart(ctx, ports);
        // [FF-CONDDOMINATED] a creature whose turn another chooses: its chooser is prompted.
        if (phase === "turnStart" && !turn.walkedPast)
          await promptChosenTurn(this, ruleset, outcome.ctx).catch((e: unknown) =>
            console.error(`${SYSTEM_ID} | dominated turn prompt`, e),
          );
        await ports.flush();
      });
      turnStepHook(this, phase, round, combatantId, Boolean(turn.walkedPast));
    } catch (err) {
      console.error(`${SYSTEM_ID} | turn automation failed (${phase})`, err);
    }
  }

  // ---- turn events (one GM client, after the update) ----------------------------------------
  // Foundry v13 calls these from `_manageTurnEvents`, which `_onUpdate` starts without awaiting:
  // the turn change itself is never held up, but each event awaits the one before it. `context`
  // names the round (and turn) the event belongs to; `skipped` marks turns walked past.

  protected override async _onStartRound(context: Combat.RoundEventContext): Promise<void> {
    await super._onStartRound(context);
    try {
      if (!this.d20Flags.begun) {
        await this.setD20Flags({ begun: true });
        await this.runPhase("combatStart", null, context.round);
      }
    } catch (err) {
      console.error(`${SYSTEM_ID} | combat start bookkeeping`, err);
    }
    await this.runPhase("roundStart", null, context.round);
  }

  protected override async _onEndRound(context: Combat.RoundEventContext): Promise<void> {
    await super._onEndRound(context);
    if (roundWasPlayed(context.round)) await this.runPhase("roundEnd", null, context.round);
    walkedPastTurns.get(this)?.delete(context.round);
  }

  protected override async _onStartTurn(
    combatant: Combatant.Implementation,
    context: Combat.TurnEventContext,
  ): Promise<void> {
    await super._onStartTurn(combatant, context);
    const subject = startTurnSubject(
      { combatantId: combatant.id, skipped: Boolean(context.skipped) },
      this.combatant?.id ?? null,
    );
    const walkedPast = Boolean(context.skipped);
    if (walkedPast && subject.combatantId) noteWalkedPast(this, context.round, subject.combatantId);
    if (!walkedPast)
      await this.noteSlot(subject.combatantId, context.round).catch((e: unknown) => console.error(SYSTEM_ID, e));
    await this.runPhase("turnStart", subject.combatantId, context.round, { walkedPast });
    if (!context.skipped)
      await resetActionsAtTurnStart(combatant, this).catch((e: unknown) => console.error(SYSTEM_ID, e));
    if (subject.mayPassOn) await this.skipIfNotActing(subject.combatantId);
  }

  protected override async _onEndTurn(
    combatant: Combatant.Implementation,
    context: Combat.TurnEventContext,
  ): Promise<void> {
    await super._onEndTurn(combatant, context);
    // `context.round` is the round the turn belonged to (the previous one when the round advanced).
    await this.runPhase("turnEnd", combatant.id, context.round, { walkedPast: Boolean(context.skipped) });
    await refreshActionsAtTurnEnd(combatant).catch((e: unknown) => console.error(SYSTEM_ID, e));
  }

  /**
   * A combatant that does not act this round (surprised, [HD-SURPRISE]/[WD-SURPRISE]) passes its
   * turn on at once, unless nobody in the round acts (then the GM decides). Only while it still
   * holds the current turn: advancing from a later turn would jump over someone.
   */
  private async skipIfNotActing(combatantId: string | null): Promise<void> {
    try {
      if (!combatantId || this.combatant?.id !== combatantId) return;
      const ruleset = activeRuleset();
      const ctx = this.turnContext(combatantId);
      if (currentActs(ruleset, ctx)) return;
      const acts = (i: number) => {
        const id = this.turns[i]?.id ?? null;
        const c = ctx.combatants.find((x) => x.id === id);
        return c ? ruleset.actsThisRound(ctx, c) : false;
      };
      const anyone = nextActingIndex(this.turns.length, -1, acts) !== null;
      if (anyone) await this.nextTurn();
    } catch (err) {
      console.error(`${SYSTEM_ID} | could not skip a turn`, err);
    }
  }

  // ---- combat start and end -------------------------------------------------------------------

  /** Start: decide whether a surprise round opens the battle ([WD-SURPRISE]), then Foundry's start. */
  override async startCombat(): Promise<this> {
    try {
      const ruleset = activeRuleset();
      const surprise = hasSurpriseRound(ruleset.initiative, this.combatantSources());
      await this.setD20Flags({ surprise, begun: false, offset: 0, frozen: null });
    } catch (err) {
      console.error(`${SYSTEM_ID} | surprise check`, err);
    }
    return super.startCombat();
  }

  /** Combat end on the GM client: temp HP, rallies, battle counter… ([13A-TEMPHP], [13A-HEALUP]). */
  protected override _onDelete(options: Combat.Database.OnDeleteOperation, userId: string): void {
    super._onDelete(options, userId);
    // Runs on every client; the active GM alone does the work (once), as Foundry's own turn events.
    if (!game.users?.activeGM?.isSelf || !this.started) return;
    const actors = [...this.combatants].map((c) => c.actor).filter((a): a is Actor.Implementation => Boolean(a));
    void this.runPhase("combatEnd", null).then(() => refreshPowersAtCombatEnd(actors));
  }

  /**
   * The party flees ([13A-FLEE]): allowed while the ruleset says so; records a campaign loss with
   * the survivors and ends the battle (its end-of-battle bookkeeping runs as usual).
   */
  async flee(): Promise<boolean> {
    const { allowed, survivors } = fleeOutcome(activeRuleset(), this.combatantSources());
    if (!allowed) {
      ui.notifications?.warn("D20C.Combat.CannotFlee", { localize: true });
      return false;
    }
    await recordCampaignLoss({ date: new Date().toISOString(), round: this.round, survivors });
    await ChatMessage.create({
      content: `<div class="d20-combat d20c-turn-line"><header class="d20c-turn-line__head">${foundry.utils.escapeHTML(
        game.i18n?.format("D20C.Combat.Fled", { survivors: survivors.join(", ") }) ?? "",
      )}</header></div>`,
    });
    await this.delete();
    return true;
  }

  // ---- escalation die controls (GM) ----------------------------------------------------------

  /** GM: move the die by `delta` ([13A-ESC] the GM can set it). */
  async adjustEscalation(delta: number): Promise<void> {
    await this.setD20Flags(bumpEscalation(this.round, this.d20Flags, delta));
  }

  /** GM: hold the die at its value, or release it. */
  async toggleEscalationPause(): Promise<void> {
    await this.setD20Flags(toggleEscalationPause(this.round, this.d20Flags));
  }

  /** GM: mark the battle as tough (counts two toward the heal-up). */
  async setTough(tough: boolean): Promise<void> {
    await this.setD20Flags({ tough });
  }

  // ---- initiative ----------------------------------------------------------------------------

  /**
   * Roll initiative each game's way: one roll for the whole GM side where the ruleset says so
   * ([HD-INIT]); only the aware in a surprise round ([WD-SURPRISE]).
   */
  override async rollInitiative(ids: string | string[], options: Combat.InitiativeOptions = {}): Promise<this> {
    const wanted = new Set(typeof ids === "string" ? [ids] : ids);
    let groups: string[][];
    try {
      const ruleset = activeRuleset();
      const sources = this.combatantSources().filter((c) => wanted.has(c.id));
      groups = initiativeGroups(ruleset.initiative, sources, { surpriseRound: this.isSurpriseRound, reroll: true });
    } catch (err) {
      console.error(`${SYSTEM_ID} | initiative groups`, err);
      return super.rollInitiative(ids, options);
    }
    const leaders = groups.map((g) => g[0] as string);
    const turnBefore = this.turn;
    await super.rollInitiative(leaders, options);
    const shared = groups
      .filter((g) => g.length > 1)
      .flatMap((g) => {
        const value = this.combatants.get(g[0] as string)?.initiative;
        return typeof value === "number" ? g.slice(1).map((id) => ({ _id: id, initiative: value })) : [];
      });
    // Same options as Foundry's own initiative update: a new order is not a turn change (no turn
    // events, which would end and start turns again mid-round), and the turn index stays put
    // unless the caller asked otherwise.
    // (With no current turn there is none to keep.)
    const keepTurn = options.updateTurn === false && turnBefore !== null;
    const sharedOptions = { turnEvents: false, ...(keepTurn ? { combatTurn: turnBefore } : {}) };
    if (shared.length) await this.updateEmbeddedDocuments("Combatant", shared, sharedOptions);
    return this;
  }

  /**
   * Turn order from the ruleset ([13A-INIT] ties, [HD-INIT] around the table, [WD-TIES]): the
   * ruleset's ranks are worked out here and core's own `setupTurns` sorts by them through
   * {@link _sortCombatants}, so core keeps building `turns` and `current` itself (API v13/v14
   * `Combat#setupTurns`, `Combat#_sortCombatants`).
   */
  override setupTurns(): Combatant.Implementation[] {
    try {
      turnRanks.set(this, orderRanks(activeRuleset().order(this.turnContext(null))));
    } catch {
      turnRanks.delete(this);
    }
    return super.setupTurns();
  }

  /**
   * Core sorts the turns with this, unbound (`contents.sort(this._sortCombatants)`), so the ranks are
   * found through the combatants' own combat; without ranks, core's order (initiative, then id).
   */
  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    const ranks = a.parent ? turnRanks.get(a.parent) : undefined;
    if (!ranks) return D20Combat.coreOrder(a, b);
    const rank = (c: Combatant.Implementation) => ranks.get(c.id ?? "") ?? Number.MAX_SAFE_INTEGER;
    return rank(a) - rank(b) || D20Combat.coreOrder(a, b);
  }

  /** Core's default order: higher initiative first (none last), then by id. */
  private static coreOrder(a: Combatant.Implementation, b: Combatant.Implementation): number {
    const ia = Number.isFinite(a.initiative) ? (a.initiative as number) : -Infinity;
    const ib = Number.isFinite(b.initiative) ? (b.initiative as number) : -Infinity;
    return ib - ia || ((a.id ?? "") > (b.id ?? "") ? 1 : -1);
  }
}

/** The ruleset's turn ranks of each combat, worked out by `setupTurns` for its sort. */
const turnRanks = new WeakMap<object, Map<string, number>>();
