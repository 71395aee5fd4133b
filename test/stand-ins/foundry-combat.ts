/**
 * Stand-in for Foundry v13's client `Combat` and `Combatant` base classes (plus the few globals
 * src/documents/combat.ts touches), so tests can drive the REAL `D20Combat` / `D20Combatant`
 * overrides the way Foundry calls them. It imitates these v13 behaviours and nothing more:
 *
 * - `update()` applies round/turn/flags, then (as `Combat#_onUpdate`) records the prior state and,
 *   when the round, turn or current combatant changed and `turnEvents !== false`, starts the turn
 *   events WITHOUT awaiting them (Foundry does the same); `settle()` lets a test wait for them.
 * - the turn events run on the active GM only and walk the turn order captured when they start:
 *   End Turn → End Round → Start Round → Start Turn for each turn between the prior and the new
 *   state, with `{round, turn, skipped}` contexts (`skipped` = walked past); starting a combat
 *   reports the end of "round 0".
 * - `nextTurn` / `nextRound` / `startCombat` as in v13, including the core "skip defeated" setting
 *   (`StandInFoundryCombat.skipDefeated`).
 * - `rollInitiative(ids, {formula, updateTurn})`: owners only, one roll each, one combatant update
 *   with `turnEvents: false` (and `combatTurn` = the current index when `updateTurn` is false).
 * - `updateEmbeddedDocuments("Combatant")`: applies, re-sorts via `setupTurns`, and starts turn
 *   events when the current combatant changed, unless `turnEvents: false`.
 * - `delete()` calls `_onDelete(options, userId)`; `Combatant#update({flags})` merges the flags.
 * - `Combatant#hidden` and `Combatant#token.hidden` as the test sets them.
 * - `DialogV2.input` answers with the next form a test queued in `standInGlobals.dialogForms` (the
 *   fields the user submits), or null (closed) when none is left; `renderTemplate` renders "".
 *
 * Knowing differences: no database, permissions (only `isOwner`), sockets, hooks, sounds, time or
 * chat rendering; one client, which is the active GM unless a test says otherwise. It decides no
 * rule: every rule comes from the ruleset through the real D20Combat.
 */
import type { ActorSource } from "../../src/engine/types.js";
import { flatPartStandIn } from "./combat-loop.js";
import { storedMessageData } from "./chat-data.js";
import { StandInActiveEffect, type EffectDataStandIn } from "./foundry-effects.js";
import { ActorItemsStandIn, type PowerUsageSystemStandIn } from "./foundry-items.js";

/** Turn history entry, like Foundry's CombatHistoryData. */
export interface HistoryStandIn {
  round: number;
  turn: number | null;
  combatantId: string | null;
  tokenId: string | null;
}

type Flags = Record<string, Record<string, unknown>>;

function mergeFlags(into: Flags, patch: unknown): void {
  for (const [ns, values] of Object.entries((patch ?? {}) as Flags)) {
    into[ns] = { ...(into[ns] ?? {}), ...values };
  }
}

/**
 * Foundry's `Collection`: a Map keyed by id whose iteration (and `contents`) yields the documents,
 * not `[id, document]` pairs.
 */
export class StandInCollection<V> {
  private readonly map = new Map<string, V>();
  get(id: string): V | undefined {
    return this.map.get(id);
  }
  has(id: string): boolean {
    return this.map.has(id);
  }
  set(id: string, value: V): this {
    this.map.set(id, value);
    return this;
  }
  delete(id: string): boolean {
    return this.map.delete(id);
  }
  get size(): number {
    return this.map.size;
  }
  get contents(): V[] {
    return [...this.map.values()];
  }
  [Symbol.iterator](): IterableIterator<V> {
    return this.map.values();
  }
}

/** The class of the effects stand-in actors create (the system's D20ActiveEffect once a test sets it). */
export const standInEffectClass: { current: typeof StandInActiveEffect } = { current: StandInActiveEffect };

/**
 * An embedded Item carrying effects (a feature): `effects`, `createEmbeddedDocuments` /
 * `deleteEmbeddedDocuments` for them, `parent` (its actor). Effects it holds transfer to the actor
 * unless created with `transfer: false` (core's default is true).
 */
export class StandInItem {
  readonly documentName = "Item";
  readonly effects = new StandInCollection<StandInActiveEffect>();
  /** Ids of its effects created with `transfer: false`. */
  readonly kept = new Set<string>();
  private nextEffect = 1;
  constructor(
    readonly id: string,
    readonly name: string,
    readonly parent: StandInActor | null = null,
  ) {}
  get uuid(): string {
    return this.parent ? `${this.parent.uuid}.Item.${this.id}` : `Item.${this.id}`;
  }
  async createEmbeddedDocuments(
    _type: string,
    data: (EffectDataStandIn & { transfer?: boolean })[],
  ): Promise<StandInActiveEffect[]> {
    const made: StandInActiveEffect[] = [];
    for (const d of data) {
      const id = `itemEffect${String(this.nextEffect++).padStart(6, "0")}`;
      const doc = new standInEffectClass.current({ ...structuredClone(d), _id: id }, { parent: this });
      if ((await doc._preCreate(d, {}, {})) === false) continue;
      this.effects.set(id, doc);
      if (d.transfer === false) this.kept.add(id);
      made.push(doc);
    }
    return made;
  }
  async deleteEmbeddedDocuments(_type: string, ids: string[]): Promise<void> {
    for (const id of ids) this.effects.delete(id);
  }
}

/** The system Actor's engine-facing surface (toEngineSource / applyEngineActor / effects / statuses). */
export class StandInActor {
  readonly documentName = "Actor";
  readonly effects = new StandInCollection<StandInActiveEffect>();
  /** Its power items (none unless a test adds some). */
  readonly items = new ActorItemsStandIn();
  /** Embedded feature items carrying effects (apart from the power items above). */
  readonly features = new StandInCollection<StandInItem>();
  private nextEffect = 1;
  constructor(
    readonly id: string,
    public source: ActorSource,
    readonly hasPlayerOwner = false,
  ) {}
  get uuid(): string {
    return `Actor.${this.id}`;
  }
  get name(): string {
    return this.id;
  }
  /** The ids of the (non-GM) users who own it; none unless a test adds some. */
  readonly owners = new Set<string>();
  /** Core: whether the user holds the permission level (GMs hold every level; owners OWNER and below). */
  testUserPermission(user: { id: string | null; isGM: boolean }, _level: string): boolean {
    return user.isGM || (user.id !== null && this.owners.has(user.id));
  }
  /** Core: every status of its enabled effects, its items' transferred ones included. */
  get statuses(): Set<string> {
    const out = new Set<string>();
    for (const e of this.allApplicableEffects()) if (!e.disabled) for (const s of e.statuses) out.add(s);
    return out;
  }
  /** Core v13: its own effects, then each item's effects that transfer. */
  *allApplicableEffects(): Generator<StandInActiveEffect, void, undefined> {
    yield* this.effects;
    for (const item of this.features) for (const e of item.effects) if (!item.kept.has(e.id)) yield e;
  }
  /** Embed an item (a feature) on this actor. */
  addItem(id: string, name: string): StandInItem {
    const item = new StandInItem(id, name, this);
    this.features.set(id, item);
    return item;
  }
  toEngineSource(): ActorSource {
    return structuredClone(this.source);
  }
  /** The system Actor's read-only view: its data as it is, under a new top level and conditions list. */
  /** No data preparation here: the attack derives the actor itself. */
  preparedDerived(): undefined {
    return undefined;
  }
  engineView(): ActorSource {
    return { ...this.source, conditions: [...this.source.conditions] };
  }
  async applyEngineActor(next: ActorSource): Promise<void> {
    this.source = structuredClone(next);
  }
  async update(data: { system?: ActorSource }): Promise<void> {
    if (data.system) this.source = structuredClone(data.system);
  }
  getRollData(): Record<string, unknown> {
    return {};
  }
  /** Core: build each document, let `_preCreate` refuse or complete it, then store it. */
  async createEmbeddedDocuments(
    _type: string,
    data: EffectDataStandIn[],
    options: { keepId?: boolean } = {},
  ): Promise<StandInActiveEffect[]> {
    const made: StandInActiveEffect[] = [];
    for (const d of data) {
      const id = options.keepId && d._id ? d._id : `effect${String(this.nextEffect++).padStart(10, "0")}`;
      const doc = new standInEffectClass.current({ ...structuredClone(d), _id: id }, { parent: this });
      if ((await doc._preCreate(d, options, {})) === false) continue;
      this.effects.set(id, doc);
      made.push(doc);
    }
    return made;
  }
  /** Core: update embedded Items (power usage). */
  async updateEmbeddedDocuments(
    type: string,
    updates: { _id: string; system?: Partial<PowerUsageSystemStandIn> }[],
  ): Promise<void> {
    if (type !== "Item") throw new Error(`stand-in updates only Items, not ${type}`);
    await this.items.update(updates);
  }
  async deleteEmbeddedDocuments(_type: string, ids: string[]): Promise<void> {
    for (const id of ids) this.effects.delete(id);
  }
}

export interface StandInCombatantData {
  id: string;
  actor: StandInActor;
  initiative?: number | null;
  defeated?: boolean;
  /** Whether this client owns the combatant (default true: the GM). */
  owner?: boolean;
  flags?: Flags;
  /** Core `Combatant#hidden` (hidden in the tracker) and the token's own `hidden`. */
  hidden?: boolean;
  tokenHidden?: boolean;
}

/** Foundry's Combatant base, as far as D20Combatant and the combat need it. */
export class StandInFoundryCombatant {
  parent: StandInFoundryCombat | null = null;
  id: string;
  name: string;
  initiative: number | null;
  actor: StandInActor;
  isDefeated: boolean;
  isOwner: boolean;
  flags: Flags;
  tokenId: string | null = null;
  hidden: boolean;
  token: { hidden: boolean } | null;
  constructor(data: StandInCombatantData) {
    this.hidden = data.hidden ?? false;
    this.token = data.tokenHidden === undefined ? null : { hidden: data.tokenHidden };
    this.id = data.id;
    this.name = data.id;
    this.actor = data.actor;
    this.initiative = data.initiative ?? null;
    this.isDefeated = data.defeated ?? false;
    this.isOwner = data.owner ?? true;
    this.flags = structuredClone(data.flags ?? {});
  }
  get hasPlayerOwner(): boolean {
    return this.actor.hasPlayerOwner;
  }
  /** Core `update` of the combatant's flags (merged per key, as Foundry's deep merge does for objects). */
  async update(data: { flags?: unknown }): Promise<this> {
    if (data.flags) mergeFlags(this.flags, data.flags);
    this.updates.push(structuredClone(data));
    return this;
  }
  /** Every update the combatant received, in order. */
  readonly updates: { flags?: unknown }[] = [];
  /** Core: a Roll of the given formula or the combatant's own initiative formula. */
  getInitiativeRoll(formula?: string | null): StandInRoll {
    return new StandInRoll(formula || this._getInitiativeFormula(), this.actor.getRollData());
  }
  protected _getInitiativeFormula(): string {
    return "1d20";
  }
}

/** Recorded d20/d6… faces the stand-in Roll uses in order. */
export const standInRollFaces: number[] = [];

/** Foundry's Roll, evaluated from {@link standInRollFaces}: total = face + the formula's flat part. */
export class StandInRoll {
  /** Foundry's `Roll.replaceFormulaData`: `@path` → the value at that path of `data`; unknown ones are left. */
  static replaceFormulaData(formula: string, data: Record<string, unknown>): string {
    return formula.replace(/@([a-z_][\w.]*)/gi, (ref, path: string) => {
      let value: unknown = data;
      for (const key of path.split(".")) value = (value as Record<string, unknown> | undefined)?.[key];
      return typeof value === "number" || typeof value === "string" ? String(value) : ref;
    });
  }
  total: number | undefined;
  dice: { faces: number; results: { result: number; active: boolean }[] }[] = [];
  constructor(
    readonly formula: string,
    readonly data: Record<string, unknown> = {},
  ) {}
  async evaluate(): Promise<this> {
    const face = standInRollFaces.shift();
    if (face === undefined) throw new Error(`no recorded face left for ${this.formula}`);
    const faces = Number(/\d*d(\d+)/.exec(this.formula)?.[1] ?? 20);
    this.dice = [{ faces, results: [{ result: face, active: true }] }];
    this.total = face + flatPartStandIn(this.formula);
    return this;
  }
}

/** Turn-event context as Foundry passes it. */
export interface TurnContextStandIn {
  round: number;
  turn?: number | null;
  skipped: boolean;
}

/** Foundry's Combat base (v13 client), as far as D20Combat needs it. */
export class StandInFoundryCombat {
  /** The core combat setting "Skip Defeated". */
  static skipDefeated = false;
  id = "combatStandIn";
  round = 0;
  turn: number | null = null;
  turns: StandInFoundryCombatant[] = [];
  current!: HistoryStandIn;
  previous: HistoryStandIn | undefined = undefined;
  flags: Flags = {};
  readonly combatants: Map<string, StandInFoundryCombatant> & { contents: StandInFoundryCombatant[] };
  /** Turn-event runs Foundry started without awaiting. */
  private readonly pending: Promise<void>[] = [];
  /** Errors that escaped the turn events (Foundry would log an unhandled rejection). */
  readonly turnEventErrors: unknown[] = [];
  /** Options of every combatant update, in order. */
  readonly combatantUpdateOptions: Record<string, unknown>[] = [];
  deleted = false;

  constructor(combatants: StandInFoundryCombatant[]) {
    const map = new Map(combatants.map((c) => [c.id, c])) as StandInFoundryCombat["combatants"];
    Object.defineProperty(map, "contents", { get: () => [...map.values()] });
    // Foundry's Collection iterates its documents, not [id, document] entries.
    Object.defineProperty(map, Symbol.iterator, { value: () => map.values() });
    this.combatants = map;
    for (const c of combatants) c.parent = this;
    if (combatants.length) this.setupTurns();
    this.current = this._getCurrentState();
    this.previous = undefined;
  }

  get combatant(): StandInFoundryCombatant | null {
    return this.turn !== null ? (this.turns[this.turn] ?? null) : null;
  }
  get started(): boolean {
    return this.round > 0;
  }

  /** Wait until every turn-event run started so far (and those they started) has finished. */
  async settle(): Promise<void> {
    while (this.pending.length) await Promise.all(this.pending.splice(0));
  }

  _getCurrentState(combatant?: StandInFoundryCombatant | null): HistoryStandIn {
    const c = combatant ?? this.combatant;
    return { round: this.round, turn: this.turn ?? null, combatantId: c?.id ?? null, tokenId: null };
  }

  /** Core order: initiative high to low (unrolled last), ties by id. */
  _sortCombatants(a: StandInFoundryCombatant, b: StandInFoundryCombatant): number {
    const ia = typeof a.initiative === "number" ? a.initiative : -Infinity;
    const ib = typeof b.initiative === "number" ? b.initiative : -Infinity;
    return ib - ia || (a.id > b.id ? 1 : -1);
  }

  setupTurns(): StandInFoundryCombatant[] {
    // As core does (v13/v14 `Combat#setupTurns`): the sort method is passed unbound.
    const turns = this.combatants.contents.sort(this._sortCombatants);
    if (this.turn !== null) {
      if (this.turn < 0) this.turn = 0;
      else if (this.turn >= turns.length) {
        this.turn = 0;
        this.round++;
      }
    }
    this.current = this._getCurrentState(this.turn === null ? null : turns[this.turn]);
    if (!this.previous) this.previous = this.current;
    return (this.turns = turns);
  }

  private recordPrevious(prior: HistoryStandIn): boolean {
    const { round, turn, combatantId } = this.current;
    const changed = combatantId !== prior.combatantId || round !== prior.round || turn !== prior.turn;
    Object.assign(this.previous as HistoryStandIn, prior);
    return changed;
  }

  private startTurnEvents(): void {
    this.pending.push(this._manageTurnEvents().catch((err: unknown) => void this.turnEventErrors.push(err)));
  }

  async update(data: { round?: number; turn?: number | null; flags?: unknown }, options: Record<string, unknown> = {}) {
    if (data.round !== undefined) this.round = data.round;
    if (data.turn !== undefined) this.turn = data.turn;
    if (data.flags) mergeFlags(this.flags, data.flags);
    const prior = structuredClone(this.current);
    if (!this.previous) this.previous = prior;
    this.current = this._getCurrentState();
    if (this.recordPrevious(prior) && options.turnEvents !== false) this.startTurnEvents();
    return this;
  }

  async updateEmbeddedDocuments(
    _type: "Combatant",
    updates: { _id: string; initiative?: number | null; flags?: unknown }[],
    options: Record<string, unknown> = {},
  ): Promise<unknown[]> {
    this.combatantUpdateOptions.push(options);
    for (const u of updates) {
      const c = this.combatants.get(u._id);
      if (!c) continue;
      if (u.initiative !== undefined) c.initiative = u.initiative;
      if (u.flags) mergeFlags(c.flags, u.flags);
    }
    const prior = structuredClone(this.current);
    if (typeof options.combatTurn === "number") this.turn = options.combatTurn;
    this.setupTurns();
    if (this.recordPrevious(prior) && options.turnEvents !== false) this.startTurnEvents();
    return updates;
  }

  async startCombat(): Promise<this> {
    await this.update({ round: 1, turn: 0 });
    return this;
  }

  async nextRound(): Promise<this> {
    let turn: number | null = this.turn === null || this.turns.length === 0 ? null : 0;
    if (StandInFoundryCombat.skipDefeated && turn !== null) {
      turn = this.turns.findIndex((t) => !t.isDefeated);
      if (turn === -1) turn = 0;
    }
    await this.update({ round: this.round + 1, turn }, { direction: 1 });
    return this;
  }

  async nextTurn(): Promise<this> {
    if (this.round === 0) return this.nextRound();
    const from = this.turn ?? -1;
    let next: number | null = null;
    if (StandInFoundryCombat.skipDefeated) {
      for (let i = from + 1; i < this.turns.length; i++) {
        if (!this.turns[i]?.isDefeated) {
          next = i;
          break;
        }
      }
    } else next = from + 1;
    if (next === null || next >= this.turns.length) return this.nextRound();
    await this.update({ round: this.round, turn: next }, { direction: 1 });
    return this;
  }

  async rollInitiative(
    ids: string | string[],
    { formula = null, updateTurn = true }: { formula?: string | null; updateTurn?: boolean } = {},
  ): Promise<this> {
    const list = typeof ids === "string" ? [ids] : ids;
    const updates: { _id: string; initiative: number }[] = [];
    for (const id of list) {
      const c = this.combatants.get(id);
      if (!c?.isOwner) continue;
      const roll = await c.getInitiativeRoll(formula).evaluate();
      updates.push({ _id: id, initiative: roll.total as number });
    }
    if (!updates.length) return this;
    const options: Record<string, unknown> = { turnEvents: false };
    if (!updateTurn) options.combatTurn = this.turn;
    await this.updateEmbeddedDocuments("Combatant", updates, options);
    return this;
  }

  async delete(): Promise<this> {
    this.deleted = true;
    this._onDelete({}, "gmStandIn");
    return this;
  }

  protected _onDelete(_options: object, _userId: string): void {}

  /** As v13: only once started; the GM walks the turns; failures are the caller's to see. */
  async _manageTurnEvents(): Promise<void> {
    if (!this.started) return;
    if (!standInGlobals.game.users.activeGM?.isSelf) return;
    const { turns, current } = this;
    const previous = this.previous as HistoryStandIn;
    const spans: [number, number][] = [];
    let roundDelta = current.round - previous.round;
    if (roundDelta === 0) {
      if (current.round > 0 && (previous.turn ?? -1) < (current.turn ?? -1))
        spans.push([(previous.turn ?? -1) + 1, current.turn as number]);
    } else if (roundDelta > 0) {
      if (previous.round > 0) spans.push([(previous.turn ?? -1) + 1, turns.length - 1]);
      while (--roundDelta) spans.push([0, turns.length - 1]);
      spans.push([0, current.turn ?? 0]);
    }
    if (spans.length) {
      let prior = {
        combatant: previous.combatantId ? (this.combatants.get(previous.combatantId) ?? null) : null,
        round: previous.round,
        turn: previous.turn,
        skipped: false,
      };
      const previousRound = previous.round;
      for (const [from, to] of spans) {
        for (let turn = from; turn <= to; turn++) {
          const round = prior.round + (turn === 0 ? 1 : 0);
          const next = {
            combatant: turns[turn] ?? null,
            round,
            turn,
            skipped: round !== current.round || turn !== current.turn,
          };
          if (prior.combatant)
            await this._onEndTurn(prior.combatant, { round: prior.round, turn: prior.turn, skipped: prior.skipped });
          if (prior.round !== next.round) {
            await this._onEndRound({ round: prior.round, skipped: prior.round !== previousRound });
            await this._onStartRound({ round: next.round, skipped: next.round !== current.round });
          }
          if (next.combatant)
            await this._onStartTurn(next.combatant, { round: next.round, turn: next.turn, skipped: next.skipped });
          prior = next;
        }
      }
    } else if (
      current.combatantId !== previous.combatantId &&
      current.round === previous.round &&
      current.turn === previous.turn
    ) {
      const prior = previous.combatantId ? this.combatants.get(previous.combatantId) : undefined;
      const next = this.combatant;
      if (prior) await this._onEndTurn(prior, { round: current.round, turn: current.turn, skipped: false });
      if (next) await this._onStartTurn(next, { round: current.round, turn: current.turn, skipped: false });
    }
  }

  protected async _onEndTurn(_c: StandInFoundryCombatant, _context: TurnContextStandIn): Promise<void> {}
  protected async _onEndRound(_context: TurnContextStandIn): Promise<void> {}
  protected async _onStartRound(_context: TurnContextStandIn): Promise<void> {}
  protected async _onStartTurn(_c: StandInFoundryCombatant, _context: TurnContextStandIn): Promise<void> {}
}

/**
 * A created chat message: its data plus the GM as author, an id (`message<n>`) and `update`, which
 * deep-merges objects and replaces arrays (`system.lines`, `rolls`) as Foundry's does.
 */
export function chatMessageStandIn(data: Record<string, unknown>, n: number): Record<string, unknown> {
  const message: Record<string, unknown> = {
    ...storedMessageData(data),
    id: `message${n}`,
    author: { isGM: true },
    flags: data.flags ?? {},
  };
  message.update = async (changes: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(changes)) message[k] = mergeObjectStandIn(message[k], v);
    return message;
  };
  return message;
}

/** `foundry.utils.mergeObject(target, source, { inplace: false })`: a deep merge into a copy. */
export function mergeObjectStandIn(target: unknown, source: unknown): unknown {
  if (!source || typeof source !== "object" || Array.isArray(source)) return structuredClone(source);
  const out: Record<string, unknown> =
    target && typeof target === "object" && !Array.isArray(target)
      ? structuredClone(target as Record<string, unknown>)
      : {};
  for (const [k, v] of Object.entries(source as Record<string, unknown>)) out[k] = mergeObjectStandIn(out[k], v);
  return out;
}

/** The globals the stand-in installs, kept so tests can adjust them (ruleset, active GM). */
export const standInGlobals = {
  rulesetId: "13th-age" as string,
  messages: [] as Record<string, unknown>[],
  /** What the user submits in the next `DialogV2.input` forms, in order (none left = cancelled). */
  dialogForms: [] as Record<string, unknown>[],
  game: {
    settings: {
      settings: new Map<string, unknown>(),
      get: (_ns: string, key: string): unknown => (key === "ruleset" ? standInGlobals.rulesetId : undefined),
      set: async (): Promise<void> => undefined,
    },
    users: {
      activeGM: { isSelf: true } as { isSelf: boolean } | null,
      /** The world's users (none unless a test lists them); `filter` runs the predicate over them. */
      list: [] as { id: string; isGM: boolean }[],
      filter: (fn: (u: { id: string; isGM: boolean }) => boolean): { id: string; isGM: boolean }[] =>
        standInGlobals.game.users.list.filter(fn),
    },
    user: { isGM: true, id: "gmStandIn" },
    /** The chat log: every message `ChatMessage.create` made. */
    messages: {
      get contents(): Record<string, unknown>[] {
        return standInGlobals.messages;
      },
      get: (id: string): Record<string, unknown> | undefined => standInGlobals.messages.find((m) => m.id === id),
    },
    /** Foundry's generation: 13, or 14 where a test checks v14's effect fields. */
    release: { generation: 13 as 13 | 14 },
    i18n: { format: (key: string) => key, localize: (key: string) => key, has: () => true },
  },
};

const GLOBAL_NAMES = [
  "Combat",
  "Combatant",
  "ActiveEffect",
  "Roll",
  "game",
  "ui",
  "ChatMessage",
  "foundry",
  "Handlebars",
  "canvas",
] as const;

/**
 * Install the stand-in globals (before importing src/documents/combat.ts, whose classes extend
 * `Combat` / `Combatant` when the module loads). Returns the uninstaller.
 */
export function installFoundryCombatStandIn(): () => void {
  const g = globalThis as Record<string, unknown>;
  const saved = new Map(GLOBAL_NAMES.map((n) => [n, g[n]]));
  Object.assign(g, {
    Combat: StandInFoundryCombat,
    Combatant: StandInFoundryCombatant,
    ActiveEffect: StandInActiveEffect,
    Roll: StandInRoll,
    Handlebars: { partials: {} },
    // No scene is viewed.
    canvas: null,
    game: standInGlobals.game,
    ui: { notifications: { warn() {}, info() {}, error() {} }, combat: null },
    ChatMessage: {
      create: async (data: Record<string, unknown>) => {
        const message = chatMessageStandIn(data, standInGlobals.messages.length + 1);
        standInGlobals.messages.push(message);
        return message;
      },
      getSpeaker: () => ({ alias: "Gamemaster" }),
    },
    foundry: {
      utils: { escapeHTML: (s: string) => s, mergeObject: mergeObjectStandIn },
      applications: {
        handlebars: { renderTemplate: async () => "" },
        // A form dialog answers with the test's next submitted fields; none queued = closed.
        api: { DialogV2: { input: async () => standInGlobals.dialogForms.shift() ?? null } },
      },
      // The effect flag's data model: constructing one does not validate here (no Foundry fields);
      // the system's pure check of the flag still runs before it.
      abstract: { DataModel: class DataModelStandIn {} },
    },
  });
  return () => {
    for (const [n, v] of saved) {
      if (v === undefined) delete g[n];
      else g[n] = v;
    }
  };
}
