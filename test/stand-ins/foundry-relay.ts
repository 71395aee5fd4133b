/**
 * Stand-in for the Foundry globals the GM relay touches (src/socket.ts, src/workflows/apply-damage.ts,
 * src/workflows/card-ledger.ts), on top of the attack stand-in (./foundry-attack.ts: `Roll`,
 * `ChatMessage.create`, settings, i18n, templates, notifications). It imitates, on the ACTIVE GM's
 * client, these Foundry v13 facts:
 *
 * - `game.socket.on(channel, fn)` records listeners; Foundry calls them with `(payload, senderId)`,
 *   the sender's user id stamped by the server (tests call {@link RelayStandIn.send}); `emit` records
 *   what the GM's client sent to every other client. A user's `query(name, data)` (`User#query`:
 *   Foundry delivers it to that user alone) records it in {@link RelayStandIn.queried} and settles
 *   {@link RelayStandIn.send}'s wait for the answer it carries; put to the GM (this client), it runs
 *   the GM's `CONFIG.queries` handler (starting empty).
 * - `game.users` (`get`, `contents`, `filter`, `activeGM`, each user `id`/`isGM`/`active`/`isSelf`/`query`),
 *   `game.user` = the GM.
 * - `game.messages` (`get`, `contents`, counting its reads in `contentsReads`; a new collection
 *   over the same messages after {@link RelayStandIn.reload}) of {@link MessageStandIn}: `id`, `author` (set by the
 *   "server": the user who created it, never from the data), `type`, `system`, `flags`, `whisper`,
 *   `rolls` (and `_source.rolls`, each roll's JSON text), `update` (deep-merging `flags` and
 *   `system`, replacing arrays, a new `type` starting `system` afresh, deleting a `-=key`, as Foundry's update does; rolls given as JSON
 *   text read back as their data), `delete`; {@link RelayStandIn.editAs} is a user's update with its
 *   `updateChatMessage` hooks, {@link RelayStandIn.deleteAs} a user's deletion with its
 *   `preDeleteChatMessage` (on that user's client: an honest one heeds a false) and
 *   `deleteChatMessage` hooks. `ChatMessage.create` adds one (authored by `game.user`; with
 *   `keepId`, under the `_id` its data gives) and fires `createChatMessage` hooks.
 * - `fromUuid` / `fromUuidSync` for `Actor.<id>` and `Scene.<scene>.Token.<id>` (a token's actor; its
 *   scene is s1 unless a test moves it), `game.scenes.active` as a test sets it, with
 *   `Actor.implementation` / `TokenDocument.implementation` for `instanceof`.
 * - {@link RelayItemStandIn}: an actor's item (`uuid` `Actor.<id>.Item.<id>`, `parent`, `type`,
 *   `toPowerSource`/`toWeaponSource`), resolved by `fromUuid`, with `Item.implementation`.
 * - {@link RelayActorStandIn}: the system Actor surface the relay uses (`toEngineSource`,
 *   `applyEngineActor` writing the source, `effects` with `has`/`get`/iteration, create/delete of
 *   ActiveEffects keeping given ids (else a fresh one), each effect's `update` (flags deep-merged),
 *   `delete` and `toObject` as the Effects section's controls use them, `allApplicableEffects`, `documentName`,
 * *   an empty `getRollData`, `testUserPermission(user, "OWNER" | "OBSERVER")` from an ownership list,
 *   `getActiveTokens(false, true)` = its token's document, `getDependentTokens({scenes})` = its tokens on
 *   those scenes).
 * - {@link RelayTokenStandIn}: a TokenDocument's `x`/`y` (pixels; its `parent` scene's `grid.size` is 100),
 *   `name`, `hidden` (false unless a test hides it), `isOwner` for the viewing user, `update({x, y})`. {@link RelayStandIn.viewAs} makes a
 *   player the viewing `game.user` (the client pressing a card control).
 * - `game.combat` as a test sets it (the sheet stand-in's `CombatStandIn`: `round`, `started`, `combatant`,
 *   `combatants.contents` of combatants with an actor and flags merged on `update`); an actor's
 *   `items` iterate their documents as Foundry's Collection does, and an item's `system.equipped`.
 * - `Hooks.on/once/callAll`, `CONFIG.Dice.rolls`, an empty `ActiveEffect` base class, `foundry.utils.randomID` (a counter: deterministic),
 *   `foundry.applications.handlebars.loadTemplates`, and `canvas` as null (no scene viewed).
 *
 * Knowingly different: one client only (the GM's), no database latency beyond a microtask per
 * update, no permission checks on writes (the relay is what decides). It decides no rule.
 */
import { SYSTEM_ID } from "../../src/constants.js";
import type { ActorSource, PowerSource, WeaponSource } from "../../src/engine/types.js";
import { installAttackStandIn, type AttackStandInState } from "./foundry-attack.js";
import { cleanSystem, storedMessageData } from "./chat-data.js";
import type { CombatStandIn } from "./foundry-sheet.js";

export interface UserStandIn {
  id: string;
  name: string;
  isGM: boolean;
  active: boolean;
  isSelf: boolean;
  /** `User#query`: asks this user's client alone. */
  query(name: string, data: unknown): Promise<unknown>;
  /** `User#can(permission)`: every user has every permission here. */
  can(permission: string): boolean;
}

/** An ActiveEffect on a {@link RelayActorStandIn}: what the Effects section and its controls read and write. */
class EffectDocStandIn {
  disabled = false;
  img = "icons/svg/aura.svg";
  origin: string | null = null;
  constructor(
    readonly id: string,
    public name: string,
    public statuses: Set<string>,
    public flags: Record<string, unknown>,
    private readonly holder: RelayActorStandIn,
  ) {}
  /** The actor the effect is on (Foundry's `parent`). */
  get parent(): RelayActorStandIn {
    return this.holder;
  }
  /** Foundry's update: `name`/`statuses` replaced, `flags` deep-merged. */
  async update(data: { name?: string; statuses?: string[]; flags?: Record<string, unknown> }): Promise<this> {
    await Promise.resolve();
    if (data.name !== undefined) this.name = data.name;
    if (data.statuses !== undefined) this.statuses = new Set(data.statuses);
    if (data.flags) merge(this.flags, data.flags);
    return this;
  }
  async delete(): Promise<void> {
    await this.holder.deleteEmbeddedDocuments("ActiveEffect", [this.id]);
  }
  toObject(): { _id: string; name: string; statuses: string[]; flags: Record<string, unknown> } {
    return { _id: this.id, name: this.name, statuses: [...this.statuses], flags: structuredClone(this.flags) };
  }
}

/** Foundry's `Collection`: a Map whose iteration yields its documents (not `[id, doc]` pairs). */
export class RelayCollectionStandIn<T> extends Map<string, T> {
  override [Symbol.iterator](): MapIterator<[string, T]> {
    return this.values() as unknown as MapIterator<[string, T]>;
  }
}

/** The system Actor as the relay sees it. */
export class RelayActorStandIn {
  readonly documentName = "Actor";
  effectDocs = new Map<string, EffectDocStandIn>();
  items = new RelayCollectionStandIn<RelayItemStandIn>();
  img = "icons/svg/mystery-man.svg";
  writes = 0;
  constructor(
    readonly id: string,
    readonly name: string,
    public source: ActorSource,
    /** Ids of users who own it (GMs always do). */
    public owners: string[] = [],
  ) {}
  get uuid(): string {
    return `Actor.${this.id}`;
  }
  get effects() {
    const docs = this.effectDocs;
    return {
      has: (id: string) => docs.has(id),
      get: (id: string) => docs.get(id),
      [Symbol.iterator]: () => docs.values(),
      get size() {
        return docs.size;
      },
    };
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
  async applyEngineActor(next: ActorSource): Promise<this> {
    await Promise.resolve();
    this.source = structuredClone(next);
    this.writes++;
    return this;
  }
  testUserPermission(user: UserStandIn, level: string): boolean {
    return (level === "OWNER" || level === "OBSERVER") && (user.isGM || this.owners.includes(user.id));
  }
  /** Set by the world: this actor's token document (null: a linked actor, its tokens on scenes). */
  token: RelayTokenStandIn | null = null;
  getActiveTokens(_linked: boolean, _document: boolean): RelayTokenStandIn[] {
    return this.token ? [this.token] : [];
  }
  /** Set by the world: every token of this actor, on any scene. */
  tokensOf: () => RelayTokenStandIn[] = () => (this.token ? [this.token] : []);
  /** Foundry's `getDependentTokens({scenes})`: its tokens, on those scenes when named. */
  getDependentTokens(options: { scenes?: { id: string }[] } = {}): RelayTokenStandIn[] {
    const ids = options.scenes?.map((s) => s.id);
    return this.tokensOf().filter((t) => !ids || ids.includes(t.parent.id));
  }
  async createEmbeddedDocuments(
    _type: "ActiveEffect",
    data: { _id?: string; name: string; statuses?: string[]; flags?: Record<string, unknown> }[],
  ): Promise<EffectDocStandIn[]> {
    await Promise.resolve();
    const made = data.map(
      (d) =>
        new EffectDocStandIn(
          d._id ?? `${this.id}Effect${++this.created}`,
          d.name,
          new Set(d.statuses ?? []),
          structuredClone(d.flags ?? {}),
          this,
        ),
    );
    for (const e of made) this.effectDocs.set(e.id, e);
    return made;
  }
  async deleteEmbeddedDocuments(_type: "ActiveEffect", ids: string[]): Promise<void> {
    await Promise.resolve();
    for (const id of ids) this.effectDocs.delete(id);
  }
  private created = 0;
  /** Core v13: the effects that apply to it (it carries no items with effects here). */
  allApplicableEffects(): IterableIterator<EffectDocStandIn> {
    return this.effectDocs.values();
  }
  /** What `getRollData` gives (a test sets the owner's roll data for `@` formulas); empty unless set. */
  rollData: Record<string, unknown> = {};
  getRollData(): Record<string, unknown> {
    return this.rollData;
  }
  /** Whether it is an NPC (its engine source's kind), as the system Actor's `isNpc`. */
  isNpc(): boolean {
    return this.source.kind === "npc";
  }
  /** The effects as plain data (what a test compares). */
  effectIds(): string[] {
    return [...this.effectDocs.keys()];
  }
}

/**
 * An item on an actor (the attacker's power or weapon; a defender's equipped weapons), as the GM
 * reads it and as using it from the sheet spends it: `sort` (sheet order), `system` (whether a
 * weapon is equipped, and a power's usage fields) and an `update({system})` that merges into it and
 * counts the writes.
 */
export class RelayItemStandIn {
  sort = 0;
  system: {
    equipped: boolean;
    usage: string;
    recharge: number;
    used: boolean;
    uses: { spent: number; max: number };
  };
  updates = 0;
  constructor(
    readonly id: string,
    readonly parent: RelayActorStandIn,
    readonly type: "power" | "weapon",
    readonly name: string,
    private readonly power: PowerSource,
    private readonly weapon: WeaponSource | null = null,
    readonly img = "icons/svg/sword.svg",
    equipped = false,
  ) {
    this.system = { equipped, usage: "atWill", recharge: 0, used: false, uses: { spent: 0, max: 1 } };
  }
  get uuid(): string {
    return `${this.parent.uuid}.Item.${this.id}`;
  }
  /** Its owning actor (`Item#actor`). */
  get actor(): RelayActorStandIn {
    return this.parent;
  }
  toPowerSource(): PowerSource {
    return structuredClone(this.power);
  }
  toWeaponSource(): WeaponSource | null {
    return this.weapon ? structuredClone(this.weapon) : null;
  }
  async update(data: { system?: Partial<RelayItemStandIn["system"]> }): Promise<this> {
    await Promise.resolve();
    if (data.system) this.system = { ...this.system, ...structuredClone(data.system) };
    this.updates++;
    return this;
  }
}

/** A token for an actor, on scene s1 unless a test moves it (its `parent`, with that scene's id). */
export class RelayTokenStandIn {
  x = 0;
  y = 0;
  /** Hidden by the GM (players' clients don't draw it, so no player can target it). */
  hidden = false;
  parent = { id: "s1", grid: { size: 100 } };
  constructor(
    readonly id: string,
    readonly actor: RelayActorStandIn,
    private readonly viewer: () => UserStandIn,
  ) {}
  get uuid(): string {
    return `Scene.${this.parent.id}.Token.${this.id}`;
  }
  get name(): string {
    return this.actor.name;
  }
  get isOwner(): boolean {
    return this.actor.testUserPermission(this.viewer(), "OWNER");
  }
  async update(data: { x?: number; y?: number }): Promise<this> {
    await Promise.resolve();
    if (data.x !== undefined) this.x = data.x;
    if (data.y !== undefined) this.y = data.y;
    return this;
  }
  /** Every `move` asked of it: the waypoints and options (core's movement API, v13 and v14). */
  readonly moves: { waypoints: { x: number; y: number; action?: string }[]; options: object }[] = [];
  /**
   * `TokenDocument#move(waypoints, options)` (API v13/v14): recorded, and the token ends on the last
   * waypoint (no constraint, animation or history: the stand-in moves it at once).
   */
  async move(waypoints: { x: number; y: number; action?: string }[], options: object = {}): Promise<boolean> {
    this.moves.push({ waypoints: structuredClone(waypoints), options: structuredClone(options) });
    const last = waypoints.at(-1);
    if (last) await this.update({ x: last.x, y: last.y });
    return true;
  }
}

/**
 * v14's deletion operator `foundry.data.operators.ForcedDeletion` (API v14,
 * https://foundryvtt.com/api/v14/classes/foundry.data.operators.ForcedDeletion.html): an update value
 * that deletes its key. Installed by {@link RelayStandIn.useGeneration}(14).
 */
export class ForcedDeletionStandIn {}

/** Every deletion an update asked for, in order: the key deleted and how it was spelled. */
const deletionsWritten: { key: string; by: "operator" | "minus-key" }[] = [];

/**
 * Foundry's update merge: objects merged, arrays and other values replaced, a `-=key` (v13; v14
 * still reads it, deprecated) or a `ForcedDeletion` value (v14) deleting `key`.
 */
function merge(target: Record<string, unknown>, patch: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(patch)) {
    if (k.startsWith("-=")) {
      deletionsWritten.push({ key: k.slice(2), by: "minus-key" });
      delete target[k.slice(2)];
      continue;
    }
    if (v instanceof ForcedDeletionStandIn) {
      deletionsWritten.push({ key: k, by: "operator" });
      delete target[k];
      continue;
    }
    const cur = target[k];
    if (v && typeof v === "object" && !Array.isArray(v) && cur && typeof cur === "object" && !Array.isArray(cur))
      merge(cur as Record<string, unknown>, v as Record<string, unknown>);
    else target[k] = structuredClone(v);
  }
}

/** A chat message in the world. */
export class MessageStandIn {
  flags: Record<string, Record<string, unknown>>;
  whisper: string[];
  content: string;
  rolls: unknown[];
  /** The message sub-type ("base" unless the data names one) and its `system` data. */
  type: string;
  system: Record<string, unknown>;
  constructor(
    readonly id: string,
    readonly author: UserStandIn,
    data: {
      flags?: Record<string, Record<string, unknown>>;
      whisper?: string[];
      content?: string;
      rolls?: unknown[];
      type?: string;
      system?: Record<string, unknown>;
    },
    private readonly world: RelayStandIn,
  ) {
    this.flags = structuredClone(data.flags ?? {});
    this.whisper = [...(data.whisper ?? [])];
    this.content = data.content ?? "";
    this.rolls = data.rolls ?? [];
    this.type = data.type ?? "base";
    this.system = structuredClone(data.system ?? {});
    cleanSystem(this.type, this.system);
  }
  get isOwner(): boolean {
    return this.world.user.isGM || this.world.user.id === this.author.id;
  }
  /** What the message stores: its rolls as JSON text, as Foundry keeps them. */
  get _source(): { rolls: string[] } {
    return { rolls: this.rolls.map((r) => (typeof r === "string" ? r : JSON.stringify(r))) };
  }
  async update(data: {
    type?: string;
    flags?: Record<string, unknown>;
    content?: string;
    system?: Record<string, unknown>;
    rolls?: unknown[];
  }): Promise<this> {
    await Promise.resolve();
    // Another sub-type: its `system` starts again from what the update gives.
    if (data.type !== undefined && data.type !== this.type) {
      this.type = data.type;
      this.system = {};
    }
    if (data.flags) merge(this.flags as Record<string, unknown>, data.flags);
    if (data.system) merge(this.system, data.system);
    if (data.system) cleanSystem(this.type, this.system);
    // Foundry builds each roll again from what it stores (JSON text, or a roll's data).
    if (data.rolls) this.rolls = data.rolls.map((r) => (typeof r === "string" ? (JSON.parse(r) as unknown) : r));
    if (data.content !== undefined) this.content = data.content;
    return this;
  }
  async delete(): Promise<void> {
    this.world.messages.delete(this.id);
  }
}

/** A combatant of {@link RelayCombatStandIn}: its actor and flags (the action economy), merged on update. */
export class RelayCombatantStandIn {
  flags: Record<string, Record<string, unknown>> = {};
  constructor(
    readonly id: string,
    readonly actor: RelayActorStandIn,
  ) {}
  get name(): string {
    return this.actor.name;
  }
  async update(data: { flags?: Record<string, Record<string, unknown>> }): Promise<this> {
    await Promise.resolve();
    merge(this.flags as Record<string, unknown>, data.flags ?? {});
    return this;
  }
}

/** `game.combat` over relay combatants (the sheet stand-in's combat). */
export type RelayCombatStandIn = CombatStandIn<RelayCombatantStandIn>;

/** The installed stand-in. */
export interface RelayStandIn {
  attack: AttackStandInState;
  user: UserStandIn;
  users: Map<string, UserStandIn>;
  messages: Map<string, MessageStandIn>;
  actors: Map<string, RelayActorStandIn>;
  tokens: Map<string, RelayTokenStandIn>;
  listeners: Map<string, ((payload: unknown, senderId: unknown) => void)[]>;
  emitted: { channel: string; payload: unknown }[];
  /** Every query the GM's client put to one user (`User#query`), with whom it went to. */
  queried: { to: string; name: string; data: unknown }[];
  hooks: Map<string, ((...args: unknown[]) => unknown)[]>;
  /** Who the next `ChatMessage.create` posts as (a player's client posting its card); null = the GM. */
  postAs: UserStandIn | null;
  /** Add a user (a player unless `isGM`). */
  addUser(id: string, isGM?: boolean): UserStandIn;
  /** Add an actor and a token for it (token id = actor id). */
  addActor(id: string, name: string, source: ActorSource, owners?: string[]): RelayActorStandIn;
  /**
   * A user's client updates a message: Foundry merges the change and calls `updateChatMessage` on
   * every client with that user's id (here, the GM's client's hooks).
   */
  editAs(user: UserStandIn, message: MessageStandIn, data: Parameters<MessageStandIn["update"]>[0]): Promise<void>;
  /**
   * A user's client deletes a message: an honest client runs `preDeleteChatMessage` first (a false
   * stops it; a hostile one skips it), then Foundry deletes it and calls `deleteChatMessage` on every
   * client with that user's id (here, the GM's client's hooks). True when it was deleted.
   */
  deleteAs(user: UserStandIn, message: MessageStandIn, honest?: boolean): Promise<boolean>;
  /** Post a message as a user (the "server" sets the author); fires `createChatMessage`. */
  post(
    author: UserStandIn,
    data: ConstructorParameters<typeof MessageStandIn>[2],
    id?: string,
  ): Promise<MessageStandIn>;
  /**
   * Deliver a socket payload to the GM's listeners as if `senderId` sent it, and the request's `key`
   * to the GM's key query as the sender's client does; resolve with what the GM's client answered
   * that user by query (null when it answered nothing).
   */
  send(payload: unknown, senderId: unknown, key?: string): Promise<unknown>;
  /** Make `user` the viewing client's `game.user` (null = back to the GM). */
  viewAs(user: UserStandIn | null): void;
  /**
   * Make the viewing client `user`'s OWN client (null = back to the GM's): the GM is then not this
   * client (`activeGM.isSelf` false), what it emits on the system socket reaches the GM's client
   * (a microtask later, handled with the GM as `game.user`), a query to the GM runs the GM's
   * handler there, and the GM's query back to `user` runs its handler on this client again.
   */
  playAs(user: UserStandIn | null): void;
  /**
   * Give `user` a client of its own that answers queries: a query put to it runs its
   * `CONFIG.queries` handler there (`game.user` = `user`; what it posts meanwhile is authored by it) and the
   * asking client takes back its turn with the answer. Recorded in `queried` as every query is.
   */
  answersOnOwnClient(user: UserStandIn): void;
  /**
   * A page reload: `game.messages` becomes a new collection over the same stored messages (what
   * the system kept in memory about the old one no longer applies).
   */
  reload(): void;
  /** How many times `game.messages.contents` was read (a walk of the whole log). */
  contentsReads: number;
  /** Set `game.combat` (null = no combat). */
  setCombat(combat: RelayCombatStandIn | null): void;
  /** Set `game.scenes.active` to the scene of this id (null = none active). */
  setActiveScene(id: string | null): void;
  /**
   * Run as Foundry generation 13 (the default) or 14: `game.release.generation`, and on 14 v14's
   * `foundry.data.operators.ForcedDeletion` ({@link ForcedDeletionStandIn}).
   */
  useGeneration(generation: 13 | 14): void;
  /** Every deletion an update asked for since install: the key and whether by operator or `-=` key. */
  deletions: { key: string; by: "operator" | "minus-key" }[];
  uninstall(): void;
}

/** The key {@link RelayStandIn.send} gives the GM for a request unless a test names another. */
export const standInRequestKey = "0123456789abcdef0123456789abcdef";

const EXTRA_GLOBALS = [
  "Hooks",
  "CONFIG",
  "fromUuid",
  "fromUuidSync",
  "Actor",
  "TokenDocument",
  "Item",
  "ActiveEffect",
  "canvas",
] as const;

/** Core's ActiveEffect base, only so the system's effect class can extend it when its module loads. */
class ActiveEffectBaseStandIn {}

/** Install the relay stand-in (the GM's client) with the world's ruleset. */
export function installRelayStandIn(rulesetId: string): RelayStandIn {
  const base = installAttackStandIn(rulesetId);
  const g = globalThis as Record<string, unknown>;
  const saved = new Map(EXTRA_GLOBALS.map((n) => [n, g[n]]));
  const answers = new Map<unknown, (payload: unknown) => void>();
  const queried: RelayStandIn["queried"] = [];
  const user = (id: string, name: string, isGM: boolean, isSelf: boolean): UserStandIn => ({
    id,
    name,
    isGM,
    active: true,
    isSelf,
    can: () => true,
    async query(queryName, data) {
      queried.push({ to: id, name: queryName, data: structuredClone(data) });
      // A test's send waits for the answer itself; else the GM's own client (this one) runs the handler.
      const waiting = (data as { id?: unknown } | null)?.id;
      const answer = answers.get(waiting);
      answers.delete(waiting);
      const handler = () =>
        (g.CONFIG as { queries: Record<string, (d: unknown) => unknown> }).queries[queryName]?.(data);
      if (answer) answer(data);
      else if (player?.id === id || (player && isSelf)) {
        // Two clients: the asked one takes its turn (the player's own, or the GM's).
        await Promise.resolve();
        turnTo(isSelf ? null : player);
        return handler();
      } else if (isSelf) return handler();
      return true;
    },
  });
  const gm = user("gm", "Gamemaster", true, true);
  let counter = 0;
  let viewer: UserStandIn = gm;
  /** The user whose own client is answering a query now (answersOnOwnClient): what it posts is its. */
  let answering: UserStandIn | null = null;
  /** The player whose own client this is (playAs), or null: the GM's client. */
  let player: UserStandIn | null = null;
  /** While playing as a player: whose client has the turn (null: the GM's). */
  const turnTo = (u: UserStandIn | null) => {
    viewer = u ?? gm;
    gameObj.user = Object.assign(viewer, { targets: base.state.targets });
  };
  const world: RelayStandIn = {
    attack: base.state,
    user: gm,
    users: new Map([[gm.id, gm]]),
    messages: new Map(),
    actors: new Map(),
    tokens: new Map(),
    listeners: new Map(),
    emitted: [],
    queried,
    hooks: new Map(),
    postAs: null,
    addUser(id, isGM = false) {
      const u = user(id, id, isGM, false);
      world.users.set(id, u);
      return u;
    },
    addActor(id, name, source, owners = []) {
      const a = new RelayActorStandIn(id, name, source, owners);
      world.actors.set(id, a);
      const t = new RelayTokenStandIn(id, a, () => viewer);
      a.token = t;
      a.tokensOf = () => [...world.tokens.values()].filter((x) => x.actor === a);
      world.tokens.set(id, t);
      return a;
    },
    async editAs(user, message, data) {
      await message.update(data);
      for (const fn of world.hooks.get("updateChatMessage") ?? []) await fn(message, data, {}, user.id);
    },
    async deleteAs(user, message, honest = true) {
      if (honest)
        for (const fn of world.hooks.get("preDeleteChatMessage") ?? [])
          if (fn(message, {}, user.id) === false) return false;
      await message.delete();
      for (const fn of world.hooks.get("deleteChatMessage") ?? []) await fn(message, {}, user.id);
      return true;
    },
    async post(author, data, id) {
      const m = new MessageStandIn(id ?? `msg${String(++counter).padStart(13, "0")}`, author, data, world);
      world.messages.set(m.id, m);
      for (const fn of world.hooks.get("createChatMessage") ?? []) await fn(m, {}, author.id);
      return m;
    },
    send(payload, senderId, key = standInRequestKey) {
      const id = (payload as { id?: unknown } | null)?.id;
      const answered = new Promise<unknown>((resolve) => answers.set(id, resolve));
      for (const fn of world.listeners.get(`system.${SYSTEM_ID}`) ?? []) fn(payload, senderId);
      // The sender's client gives the GM the request's key, as the system's relay does.
      void (g.CONFIG as { queries: Record<string, (d: unknown) => unknown> }).queries[`${SYSTEM_ID}.relayKey`]?.({
        id,
        key,
      });
      // A listener that answers nothing (ignored payload) settles after the queue drains.
      return Promise.race([answered, new Promise<unknown>((resolve) => setTimeout(() => resolve(null), 200))]);
    },
    setCombat(combat) {
      gameObj.combat = combat;
    },
    setActiveScene(id) {
      scenesApi.active = id ? { id } : null;
    },
    useGeneration(generation) {
      gameObj.release = { generation };
      const foundryObj = g.foundry as Record<string, unknown>;
      if (generation >= 14) foundryObj.data = { operators: { ForcedDeletion: ForcedDeletionStandIn } };
      else delete foundryObj.data;
    },
    deletions: deletionsWritten,
    contentsReads: 0,
    reload() {
      gameObj.messages = messagesApi();
    },
    viewAs(user) {
      viewer = user ?? gm;
      gameObj.user = Object.assign(viewer, { targets: base.state.targets });
    },
    playAs(user) {
      player = user;
      turnTo(user);
    },
    answersOnOwnClient(user) {
      user.query = async (queryName, data) => {
        queried.push({ to: user.id, name: queryName, data: structuredClone(data) });
        const asker = viewer;
        await Promise.resolve();
        turnTo(user);
        answering = user;
        try {
          return await (g.CONFIG as { queries: Record<string, (d: unknown) => unknown> }).queries[queryName]?.(data);
        } finally {
          answering = null;
          turnTo(asker === gm ? null : asker);
        }
      };
    },
    uninstall() {
      for (const [n, v] of saved) {
        if (v === undefined) delete g[n];
        else g[n] = v;
      }
      deletionsWritten.length = 0;
      base.uninstall();
    },
  };
  const gameObj = g.game as Record<string, unknown>;
  const messagesApi = () => ({
    get: (id: string) => world.messages.get(id),
    get contents() {
      world.contentsReads++;
      return [...world.messages.values()];
    },
  });
  const scenesApi: { active: { id: string } | null } = { active: null };
  const usersApi = {
    get: (id: string) => world.users.get(id),
    get contents() {
      return [...world.users.values()];
    },
    filter: (fn: (u: UserStandIn) => boolean) => [...world.users.values()].filter(fn),
    get activeGM() {
      return player && viewer === player ? { ...gm, isSelf: false, query: gm.query } : gm;
    },
  };
  Object.assign(gameObj, {
    user: Object.assign(gm, { targets: base.state.targets }),
    users: usersApi,
    scenes: scenesApi,
    messages: messagesApi(),
    socket: {
      on: (channel: string, fn: (payload: unknown, senderId: unknown) => void) =>
        world.listeners.set(channel, [...(world.listeners.get(channel) ?? []), fn]),
      emit: (channel: string, payload: unknown) => {
        world.emitted.push({ channel, payload });
        // A player's own client: the request reaches the GM's client, which handles it as the GM.
        const from = player && viewer === player ? player : null;
        if (from)
          queueMicrotask(() => {
            turnTo(null);
            for (const fn of world.listeners.get(channel) ?? []) fn(payload, from.id);
          });
      },
    },
  });
  const messageClass = g.ChatMessage as Record<string, unknown>;
  messageClass.create = async (
    data: ConstructorParameters<typeof MessageStandIn>[2] & { _id?: string },
    options: { keepId?: boolean } = {},
  ) => {
    base.state.messages.push({ data: storedMessageData(data as Record<string, unknown>), options: {} });
    // One post as that user (the player's client); what the GM's client posts meanwhile is the GM's.
    const author = world.postAs ?? answering ?? world.user;
    world.postAs = null;
    const kept = options.keepId && data._id && !world.messages.has(data._id) ? data._id : undefined;
    return world.post(author, data, kept);
  };
  const f = g.foundry as Record<string, Record<string, unknown>>;
  f.utils = { randomID: () => `rid${String(++counter).padStart(13, "0")}` };
  (f.applications as Record<string, Record<string, unknown>>).handlebars!.loadTemplates = async () => [];
  const resolve = (uuid: string): RelayActorStandIn | RelayTokenStandIn | RelayItemStandIn | null => {
    const item = /^Actor\.(\w+)\.Item\.(\w+)$/.exec(uuid);
    if (item) return world.actors.get(item[1] as string)?.items.get(item[2] as string) ?? null;
    const token = /^Scene\.(\w+)\.Token\.(\w+)$/.exec(uuid);
    const found = token ? world.tokens.get(token[2] as string) : undefined;
    if (token) return found && found.parent.id === token[1] ? found : null;
    const actor = /^Actor\.(\w+)$/.exec(uuid);
    return actor ? (world.actors.get(actor[1] as string) ?? null) : null;
  };
  Object.assign(g, {
    Hooks: {
      /** Foundry's `Hooks.events`: each hook's listeners as `{ hook, id, fn, once }` (here never `once`). */
      get events() {
        return Object.fromEntries(
          [...world.hooks].map(([hook, fns]) => [hook, fns.map((fn, id) => ({ hook, id, fn, once: false }))]),
        );
      },
      off: (name: string, fn: unknown) =>
        world.hooks.set(
          name,
          (world.hooks.get(name) ?? []).filter((f, i) => f !== fn && i !== fn),
        ),
      on: (name: string, fn: (...args: unknown[]) => unknown) =>
        world.hooks.set(name, [...(world.hooks.get(name) ?? []), fn]),
      once: (name: string, fn: (...args: unknown[]) => unknown) =>
        world.hooks.set(name, [...(world.hooks.get(name) ?? []), fn]),
      callAll: (name: string, ...args: unknown[]) => {
        for (const fn of world.hooks.get(name) ?? []) void fn(...args);
        return true;
      },
    },
    CONFIG: { Dice: { rolls: [g.Roll] }, queries: {} },
    fromUuid: async (uuid: string) => resolve(uuid),
    fromUuidSync: (uuid: string) => resolve(uuid),
    Actor: { implementation: RelayActorStandIn },
    TokenDocument: { implementation: RelayTokenStandIn },
    Item: { implementation: RelayItemStandIn },
    ActiveEffect: ActiveEffectBaseStandIn,
    // No scene is viewed: the scene reading and sight checks find no canvas.
    canvas: null,
  });
  return world;
}
