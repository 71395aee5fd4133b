/**
 * Two clients of one world taking turns, on top of the sheet stand-in (./foundry-sheet.ts): a
 * player's client that clicks on a sheet, and the active GM's client that answers over the system
 * socket. It imitates these Foundry v13 facts:
 *
 * - `game.socket.on(channel, fn)` records the listener the system registers (the same code runs on
 *   every client); `game.socket.emit(channel, payload)` reaches the OTHER client, whose listener
 *   Foundry calls with `(payload, senderId)`, the sender's id as the server stamps it. While the GM's
 *   client handles a request `game.user` is the GM. A user's `query(name, data)` (`User#query`)
 *   reaches that user's client alone, which runs its `CONFIG.queries[name]` handler (starting empty):
 *   the GM's answer goes back to the player's client that way, recorded in `queried`.
 *   {@link SheetRelayStandIn.send} delivers a hand-made payload to the GM as if a user sent it
 *   (a forged request), with a key for it put to the GM's key query as the sender's client does.
 * - `User#can(permission)` and the permissions a test takes from a user (`deny`); a query from a user
 *   without `QUERY_USER` is refused, as Foundry refuses it.
 * - `game.users` (`get`, `filter`, `activeGM` with `isSelf` for the viewing client), `game.user` (the
 *   viewing user with `targets`), `foundry.utils.randomID` (a counter: deterministic).
 * - `fromUuid` / `fromUuidSync` for `Actor.<id>` of the actors a test lists, and `Scene.s1.Token.<id>` for
 *   their tokens (a TokenDocument with its `actor` and `hidden`, true for the ids in
 *   {@link SheetRelayStandIn.hiddenTokens}), with `Actor.implementation` (the sheet's actor stand-in)
 *   and `TokenDocument.implementation` for `instanceof`.
 * - `Hooks.on/once/callAll` (never fired), `CONFIG.Dice.rolls` and a no-op `loadTemplates`, so the system's real
 *   `registerAttackWorkflow` can register its socket listener.
 * - `canvas` as Foundry has it with no scene viewed (`ready: false`), since that registration also turns the
 *   scene reading on: nothing is read from a scene here.
 *
 * Knowingly different: one process, so the clients share documents (a write on the GM's client is
 * seen by the player's at once) and take strict turns (a test awaits one click before the next).
 * Who may write is the sheet stand-in's `isOwner` (the player's view) and `owners` (per user). It
 * decides no rule.
 */
import { SYSTEM_ID } from "../../src/constants.js";
import { SheetActorStandIn, type SheetStandInState } from "./foundry-sheet.js";

export interface RelayUserStandIn {
  id: string;
  name: string;
  isGM: boolean;
  active: boolean;
  readonly isSelf: boolean;
  targets: Set<unknown>;
  /** `User#query`: runs the query's handler on this user's client alone (refused when the asking user may not query). */
  query(name: string, data: unknown): Promise<unknown>;
  /** `User#can(permission)`: true unless a test took the permission from this user ({@link SheetRelayStandIn.deny}). */
  can(permission: string): boolean;
}

export interface SheetRelayStandIn {
  gm: RelayUserStandIn;
  /** Add a player. */
  addPlayer(id: string): RelayUserStandIn;
  /** Make `user` the viewing client (the player who clicks, or the GM). */
  viewAs(user: RelayUserStandIn): void;
  /** Actors `fromUuid` finds (`Actor.<id>`, and their tokens `Scene.s1.Token.<id>`). */
  actors: Map<string, SheetActorStandIn>;
  /** Ids of the actors whose tokens the GM has hidden. */
  hiddenTokens: Set<string>;
  /** The scene of an actor's token by actor id (s1 unless named here). */
  tokenScenes: Map<string, string>;
  /** Every payload emitted, with the user whose client emitted it. */
  emitted: { from: string; payload: unknown }[];
  /** Every query put to one user, with whose client put it. */
  queried: { from: string; to: string; name: string; data: unknown }[];
  /** Deliver `payload` to the GM's client as if `senderId` sent it; resolves with the GM's answer (or null). */
  send(payload: unknown, senderId: string): Promise<unknown>;
  /** Take a user permission (e.g. `QUERY_USER`) from a user, as a GM does in User Management; `[]` gives all back. */
  deny(userId: string, permissions: readonly string[]): void;
  /** Take the GM offline (no active GM) or bring them back. */
  setGMOnline(online: boolean): void;
  uninstall(): void;
}

const EXTRA = ["Hooks", "CONFIG", "fromUuid", "fromUuidSync", "Actor", "TokenDocument", "canvas"] as const;

/** A token on a scene (s1 unless a test moves it): its actor, and whether the GM hid it. */
class TokenDocumentStandIn {
  constructor(
    readonly actor: SheetActorStandIn,
    readonly hidden: boolean,
    readonly parent: { id: string },
  ) {}
  get uuid(): string {
    return `Scene.${this.parent.id}.Token.${this.actor.id}`;
  }
}

/** Install the two clients over an installed sheet stand-in (`state` from `installSheetStandIn`). */
export function installSheetRelayStandIn(state: SheetStandInState): SheetRelayStandIn {
  const g = globalThis as Record<string, unknown>;
  const saved = new Map(EXTRA.map((n) => [n, g[n]]));
  const game = g.game as Record<string, unknown>;
  const savedGame = { user: game.user, users: game.users, socket: game.socket };
  const foundry = g.foundry as Record<string, unknown>;
  const savedUtils = foundry.utils;
  let viewer: RelayUserStandIn;
  let gmOnline = true;
  const denied = new Map<string, Set<string>>();
  const queries: Record<string, (data: unknown) => unknown> = {};
  const user = (id: string, isGM: boolean): RelayUserStandIn => ({
    id,
    name: id,
    isGM,
    active: true,
    get isSelf() {
      return viewer.id === id;
    },
    targets: state.targets as Set<unknown>,
    can: (permission) => !(denied.get(id)?.has(permission) ?? false),
    async query(name, data) {
      // Foundry refuses a query from a user without QUERY_USER.
      if (denied.get(viewer.id)?.has("QUERY_USER")) throw new Error("You do not have permission to query other users");
      world.queried.push({ from: viewer.id, to: id, name, data: structuredClone(data) });
      // A test's forged send waits for the answer itself.
      const waiting = answers.get((data as { id?: unknown } | null)?.id);
      if (waiting) {
        answers.delete((data as { id?: unknown }).id);
        waiting(data);
        return true;
      }
      const to = users.get(id);
      if (!to) return false;
      // Like the socket's delivery: the asked client takes its turn. A player's query to the GM
      // (a request's key) follows the request, which the GM's client is then carrying out: the GM
      // keeps the turn until its answer, put to the player, gives the player's client the turn back.
      await Promise.resolve();
      world.viewAs(to);
      return queries[name]?.(data);
    },
  });
  const gm = user("gm", true);
  viewer = gm;
  const users = new Map<string, RelayUserStandIn>([[gm.id, gm]]);
  const listeners: ((payload: unknown, senderId: unknown) => void)[] = [];
  const answers = new Map<unknown, (payload: unknown) => void>();
  let counter = 0;
  const world: SheetRelayStandIn = {
    gm,
    addPlayer(id) {
      const u = user(id, false);
      users.set(id, u);
      state.users = [...users.values()];
      return u;
    },
    viewAs(u) {
      viewer = u;
      game.user = u;
    },
    actors: new Map(),
    hiddenTokens: new Set(),
    tokenScenes: new Map(),
    emitted: [],
    queried: [],
    send(payload, senderId) {
      const id = (payload as { id?: unknown } | null)?.id;
      const answered = new Promise<unknown>((resolve) => answers.set(id, resolve));
      const before = viewer;
      world.viewAs(gm);
      for (const fn of listeners) fn(payload, senderId);
      // The sender's client gives the GM the request's key, as the system's relay does.
      void queries[`${SYSTEM_ID}.relayKey`]?.({ id, key: "0123456789abcdef0123456789abcdef" });
      return Promise.race([answered, new Promise<unknown>((resolve) => setTimeout(() => resolve(null), 200))]).then(
        (answer) => {
          world.viewAs(before);
          return answer;
        },
      );
    },
    deny(userId, permissions) {
      denied.set(userId, new Set(permissions));
    },
    setGMOnline(online) {
      gmOnline = online;
    },
    uninstall() {
      for (const [n, v] of saved) {
        if (v === undefined) delete g[n];
        else g[n] = v;
      }
      Object.assign(game, savedGame);
      foundry.utils = savedUtils;
    },
  };
  game.user = gm;
  game.users = {
    get: (id: string) => users.get(id),
    filter: (fn: (u: RelayUserStandIn) => boolean) => [...users.values()].filter(fn),
    get activeGM() {
      return gmOnline ? gm : null;
    },
  };
  game.socket = {
    on: (channel: string, fn: (payload: unknown, senderId: unknown) => void) => {
      if (channel === `system.${SYSTEM_ID}`) listeners.push(fn);
    },
    emit: (channel: string, payload: unknown) => {
      if (channel !== `system.${SYSTEM_ID}`) return;
      const from = viewer;
      world.emitted.push({ from: from.id, payload });
      // A request reaches the GM's client, which handles it as the GM.
      queueMicrotask(() => {
        world.viewAs(gm);
        for (const fn of listeners) fn(payload, from.id);
      });
    },
  };
  const handlebars = (foundry.applications as Record<string, Record<string, unknown>>).handlebars!;
  handlebars.loadTemplates ??= async () => [];
  foundry.utils = {
    ...(savedUtils as object),
    randomID: () => `rid${String(++counter).padStart(13, "0")}`,
  };
  const resolve = (uuid: string) => {
    const [, sceneId, token] = /^Scene\.(\w+)\.Token\.(\w+)$/.exec(uuid) ?? [];
    const actor = world.actors.get(token ?? /^Actor\.(\w+)$/.exec(uuid)?.[1] ?? "");
    if (!actor) return null;
    if (!token) return actor;
    const scene = world.tokenScenes.get(token) ?? "s1";
    return scene === sceneId ? new TokenDocumentStandIn(actor, world.hiddenTokens.has(token), { id: scene }) : null;
  };
  Object.assign(g, {
    Hooks: { on: () => 0, once: () => 0, callAll: () => true },
    CONFIG: { Dice: { rolls: [g.Roll] }, queries },
    fromUuid: async (uuid: string) => resolve(uuid),
    fromUuidSync: (uuid: string) => resolve(uuid),
    Actor: { implementation: SheetActorStandIn },
    TokenDocument: { implementation: TokenDocumentStandIn },
    // Foundry's canvas with no scene viewed: the registered scene reading finds nothing to read.
    canvas: { ready: false },
  });
  return world;
}
