/**
 * The GM relay of card buttons ([SYS-PERM]). Applications and their undo are carried out only on
 * the active GM's client, which keeps the record of what each press did where only GMs write. A
 * click on that client runs there; any other client asks it over the system socket and waits for
 * the answer; with no GM online the click is refused with a clear notice and nothing changes.
 *
 * Who asks comes from Foundry's transport, never from the payload. Foundry v13 and v14 call a
 * `CONFIG.queries` handler with the query data (and options) only: nothing there names the querying
 * user, so a user id in query data would be the asker's own claim. The system socket's listener,
 * `game.socket.on("system.d20-combat", (payload, senderId) => …)`, is called with the sending user's
 * id as the server stamped it, so requests travel on the socket. But the server sends every socket
 * message to every other client, so nothing there may settle anything: the GM's answer goes to the
 * sender alone, as a query (`User#query`, which Foundry delivers to that one user), and since a query
 * does not name who put it either, the asker must tell the GM's answer from another player's fake.
 * So each request has a key that never travels on the socket: once the request is sent, the asker
 * puts its key to the active GM alone, as a query, and the GM's answer carries it back; the asker
 * settles a request only with an answer carrying its key. The GM's client carries out a request
 * only once a key for it came, and keeps a key only for a request it heard (so it knows who sent
 * it): a flood of keys keeps nothing, and a sender's requests waiting for a key are few, so one
 * player's flood drops only their own. A player who reads the request id on the socket and sends the
 * GM a key of its own gains nothing: the answer still goes to the sender only. An answer says only
 * what the asker may see.
 *
 * The decisions are pure ({@link chooseRoute}, {@link routeAction}, {@link readWire});
 * {@link registerRelay} and {@link askGM} are the Foundry wiring. What the relay carries is not
 * known here: each kind of request is ONE definition ({@link RelayRequest}: what it reads, who may
 * ask, what the GM's client does, which request undoes it) beside the work it runs, listed in the
 * relay's table (src/workflows/relay-table.ts) — card buttons, what a player's character does to
 * creatures the player cannot write (a procedure of the Actions panel aimed at them, sustaining an
 * effect it made on a foe) and a turn line's Undo pressed by a GM whose client is not the active
 * GM's (every press of a line meets in one queue). Adding one: docs/architecture.md.
 */
import { SYSTEM_ID } from "./constants.js";

/** The system's socket channel (system.json `"socket": true`). */
const SOCKET_CHANNEL = `system.${SYSTEM_ID}`;

/** The query that carries the GM's answer to the one user who asked. */
const ANSWER_QUERY = `${SYSTEM_ID}.relayAnswer`;

/** The query that gives the active GM a request's key, which its answer must carry. */
const KEY_QUERY = `${SYSTEM_ID}.relayKey`;

export type Route = "local" | "gm" | "noGM";

export interface RouteFacts {
  /** This client is the active GM (the one that keeps the application records). */
  isActiveGM: boolean;
  /** An active GM is connected. */
  gmOnline: boolean;
}

/** Where a card action runs: here (this client is the active GM), at the active GM, or nowhere. */
function chooseRoute(facts: RouteFacts): Route {
  if (facts.isActiveGM) return "local";
  return facts.gmOnline ? "gm" : "noGM";
}

/** This client's route facts, from Foundry's users. */
export function relayFacts(): RouteFacts {
  return { isActiveGM: Boolean(game.users.activeGM?.isSelf), gmOnline: Boolean(game.users.activeGM) };
}

/** Show a routed action's report to this client's user. */
export function notifyReport(level: "info" | "warn" | "error", report: ActionReport): void {
  const data = report.data ?? {};
  const text = Object.keys(data).length
    ? game.i18n.format(report.message, data as Record<string, string>)
    : game.i18n.localize(report.message);
  ui.notifications?.[level](text);
}

/** What a routed action reports back (JSON, so it crosses the socket). */
export interface ActionReport {
  ok: boolean;
  /** i18n key of the message to show the clicking user, with its format data. */
  message: string;
  data?: Record<string, string | number>;
  /** Warning level report (done, but something needs the user's eye). */
  warn?: boolean;
}

export interface RouteDeps {
  facts: RouteFacts;
  /** Do the action on this client. */
  local: () => Promise<ActionReport>;
  /** Ask the active GM to do it (resolves with the GM's report). */
  viaGM: () => Promise<ActionReport>;
  /** Show a notice to the clicking user. */
  notify: (level: "info" | "warn" | "error", report: ActionReport) => void;
}

/**
 * Carry out a card action by its route and always tell the user what happened: the result
 * (applied here or by the GM), or why nothing happened (no GM, GM unreachable, refused).
 */
export async function routeAction(deps: RouteDeps): Promise<ActionReport & { route: Route }> {
  const route = chooseRoute(deps.facts);
  let report: ActionReport;
  if (route === "noGM") {
    report = { ok: false, message: "D20C.Chat.Permission.NoGM" };
  } else {
    try {
      report = route === "local" ? await deps.local() : await deps.viaGM();
    } catch (err) {
      report = {
        ok: false,
        message: route === "gm" ? "D20C.Chat.Permission.GMFailed" : "D20C.Chat.Permission.Failed",
        data: { error: err instanceof Error ? err.message : String(err) },
      };
    }
  }
  if (route === "gm" && report.ok && !report.warn)
    report = { ...report, message: "D20C.Chat.Permission.DoneByGM", data: { ...(report.data ?? {}) } };
  const level = !report.ok ? (route === "noGM" ? "warn" : "error") : report.warn ? "warn" : "info";
  deps.notify(level, report);
  return { ...report, route };
}

/**
 * Carry out a player's request at the active GM (never on this client, which cannot write what it
 * asks for) and tell the user how it went.
 */
export function routeToGM(ask: () => Promise<ActionReport>): Promise<ActionReport & { route: Route }> {
  return routeAction({
    facts: relayFacts(),
    local: async () => ({ ok: false, message: "D20C.Chat.Permission.Failed" }),
    viaGM: ask,
    notify: notifyReport,
  });
}

/** The user a request came from, as the transport named them (or this client's own user). */
export interface Asker {
  id: string;
  isGM: boolean;
}

/**
 * One kind of request the GM relay carries, as one definition ([SYS-PERM]). The GM's client reads
 * the request's data strictly (`read`: anything malformed is dropped unanswered), refuses an asker
 * the definition does not let ask (`mayAsk`, the asker as Foundry's transport named them), and
 * carries it out (`run`) from its own documents. `undoneBy` names the request that reverses what
 * this one does (null: nothing does, or it is an undo itself). Who asks is never part of the data.
 */
export interface RelayRequest<D> {
  /** Its name on the wire. */
  readonly action: string;
  /** Its data, read strictly (null: malformed). Pure. */
  read(data: Record<string, unknown>): D | null;
  /** The i18n key of the refusal when `asker` may not ask it, else null. */
  mayAsk(asker: Asker): string | null;
  /** What the GM's client does for `asker`. */
  run(data: D, asker: Asker): Promise<ActionReport>;
  /** The action of the request that reverses what this one does, or null. */
  readonly undoneBy: string | null;
}

/** Anyone the transport names may ask (the request's own work checks what they may touch). */
export const anyAsker = (): string | null => null;

/** A definition with its data's type closed over, as the relay's table holds it. */
export interface RelayEntry {
  readonly action: string;
  readonly undoneBy: string | null;
  /** Read `data`: a well-formed request's work for an asker, or null (malformed). */
  accept(data: Record<string, unknown>): ((asker: Asker) => Promise<ActionReport>) | null;
}

/** Wraps the GM-side work of every request (e.g. an engine error made into a report). */
type RunWrap = (work: () => Promise<ActionReport>) => Promise<ActionReport>;

/** A definition as a table entry; `wrap` surrounds its work (default: none). */
export function relayEntry<D>(def: RelayRequest<D>, wrap: RunWrap = (work) => work()): RelayEntry {
  return {
    action: def.action,
    undoneBy: def.undoneBy,
    accept: (raw) => {
      const data = def.read(raw);
      if (data === null) return null;
      return (asker) => {
        const refusal = def.mayAsk(asker);
        return refusal ? Promise.resolve({ ok: false, message: refusal }) : wrap(() => def.run(data, asker));
      };
    },
  };
}

/** A request on the wire: addressed to one GM, correlated by `id`, its data read by its definition. */
interface WireRequest {
  type: "request";
  id: string;
  gmId: string;
  action: string;
  data: Record<string, unknown>;
}

/** The GM's answer to one request (the data of {@link ANSWER_QUERY}), with the keys it was given for it. */
export interface WireResponse {
  type: "response";
  id: string;
  to: string;
  keys: string[];
  report: ActionReport;
}

const MAX_TEXT = 400;
/** A short non-empty text (what every id and key of a request is). */
export const isShortText = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= MAX_TEXT;
const str = isShortText;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** A request's fields `keys`, each a short non-empty text, or null when one is not. Pure. */
export function readTexts<K extends string>(d: Record<string, unknown>, keys: readonly K[]): Record<K, string> | null {
  const out = {} as Record<K, string>;
  for (const k of keys) {
    const v = d[k];
    if (!str(v)) return null;
    out[k] = v;
  }
  return out;
}

/** Read an answer strictly (anything malformed is ignored). Pure. */
function readAnswer(payload: unknown): WireResponse | null {
  if (!isRecord(payload) || !str(payload.id)) return null;
  if (payload.type === "response") {
    const r = payload.report;
    if (!str(payload.to) || !isRecord(r) || typeof r.ok !== "boolean" || !str(r.message)) return null;
    const keys = payload.keys;
    if (!Array.isArray(keys) || keys.length > MAX_KEYS || !keys.every(str)) return null;
    const data: Record<string, string | number> = {};
    if (isRecord(r.data))
      for (const [k, v] of Object.entries(r.data))
        if (typeof v === "string" || typeof v === "number") data[k] = typeof v === "string" ? v.slice(0, MAX_TEXT) : v;
    return {
      type: "response",
      id: payload.id,
      to: payload.to,
      keys: [...keys],
      report: { ok: r.ok, message: r.message, data, ...(r.warn === true ? { warn: true } : {}) },
    };
  }
  return null;
}

/**
 * Read a socket payload strictly: a request of a kind the table holds, with its well-formed data
 * and the work that carries it out, or null for anything else (answers never travel there). Pure.
 */
function readWire(
  payload: unknown,
  table: ReadonlyMap<string, RelayEntry>,
): { wire: WireRequest; work: (asker: Asker) => Promise<ActionReport> } | null {
  if (!isRecord(payload) || !str(payload.id)) return null;
  if (payload.type !== "request" || !str(payload.gmId) || !isRecord(payload.data) || !str(payload.action)) return null;
  const work = table.get(payload.action)?.accept(payload.data);
  if (!work) return null;
  return {
    wire: { type: "request", id: payload.id, gmId: payload.gmId, action: payload.action, data: payload.data },
    work,
  };
}

/** Requests this client sent and awaits, by id: their key and how to settle. */
const pending = new Map<string, { key: string; resolve: (r: ActionReport) => void }>();

/**
 * The answer query's handler on the asker's client: settles the request it names when this client
 * is still waiting for it, the answer is addressed to this user and it carries the request's key
 * (which only this client and the GM's know); true when it did.
 */
async function onAnswer(payload: unknown): Promise<boolean> {
  const answer = readAnswer(payload);
  const waiting = answer ? pending.get(answer.id) : undefined;
  if (!answer || !waiting || answer.to !== game.user.id || !answer.keys.includes(waiting.key)) return false;
  pending.delete(answer.id);
  waiting.resolve(answer.report);
  return true;
}

/** At most this many keys are kept for one request, and answers carry no more. */
const MAX_KEYS = 8;
/** At most this many of one sender's requests wait for their key at once (a newer one drops its oldest). */
const MAX_UNKEYED_PER_SENDER = 4;
/** How long the GM's client holds a request for its key before dropping it, carried out by nobody. */
const KEY_WAIT_MS = 5_000;

/** A request the GM's client heard on the socket: who the server says sent it, and the keys given for it. */
interface HeldRequest {
  sender: string;
  keys: string[];
  /** Settles the wait for its first key (with no key: dropped). */
  wake: () => void;
}

/**
 * The requests the GM's client holds, by id, in the order they came. A key is kept only for a
 * request heard here, and a sender's requests still waiting for theirs are few: a player who
 * floods the key query keeps nothing, and one who floods requests drops only their own.
 */
const held = new Map<string, HeldRequest>();

/** The key query's handler on the GM's client: keeps a key for a request it holds; true when it did. */
async function onKey(payload: unknown): Promise<boolean> {
  if (!isRecord(payload) || !str(payload.id) || !str(payload.key)) return false;
  const request = held.get(payload.id);
  if (!request || request.keys.length >= MAX_KEYS) return false;
  request.keys.push(payload.key);
  request.wake();
  return true;
}

/**
 * Hold a request from `senderId` until a key for it comes: true once one has, false when the wait
 * ran out or a newer request of the same sender dropped it. Called as the request is heard, so a
 * key that follows it finds it.
 */
function holdForKey(id: string, senderId: string): Promise<boolean> {
  if (held.has(id)) return Promise.resolve(false);
  const waiting = [...held].filter(([, r]) => r.sender === senderId && !r.keys.length);
  for (const [oldId, oldest] of waiting.slice(0, Math.max(0, waiting.length - MAX_UNKEYED_PER_SENDER + 1))) {
    held.delete(oldId);
    oldest.wake();
  }
  return new Promise<boolean>((resolve) => {
    const request: HeldRequest = {
      sender: senderId,
      keys: [],
      wake: () => {
        clearTimeout(timer);
        if (!request.keys.length && held.get(id) === request) held.delete(id);
        resolve(request.keys.length > 0);
      },
    };
    const timer = setTimeout(request.wake, KEY_WAIT_MS);
    held.set(id, request);
  });
}

/** The keys given for a held request, now that its answer goes out (taken: given once). */
function takeKeys(id: string): string[] {
  const keys = held.get(id)?.keys ?? [];
  held.delete(id);
  return keys;
}

/**
 * The system socket's listener: answers requests addressed to this client while it is the active
 * GM, as the user the server says sent them, to that user alone.
 */
async function onRelayMessage(
  payload: unknown,
  senderId: unknown,
  table: ReadonlyMap<string, RelayEntry>,
): Promise<void> {
  const read = readWire(payload, table);
  if (!read) return;
  const { wire, work } = read;
  if (wire.gmId !== game.user.id || !game.users.activeGM?.isSelf) return;
  // A sender the world does not know is refused: it has no client to answer, and its wait runs out.
  const sender = typeof senderId === "string" ? game.users.get(senderId) : undefined;
  if (!sender?.id) return;
  // Nothing is carried out for an asker that gave no key: it could not tell the answer from a fake.
  if (!(await holdForKey(wire.id, sender.id))) return;
  let report: ActionReport;
  try {
    report = await work({ id: sender.id, isGM: sender.isGM });
  } catch (err) {
    report = {
      ok: false,
      message: "D20C.Chat.Permission.Failed",
      data: { error: err instanceof Error ? err.message : String(err) },
    };
  }
  const answer: WireResponse = { type: "response", id: wire.id, to: sender.id, keys: takeKeys(wire.id), report };
  sender.query(ANSWER_QUERY, answer, { timeout: GM_TIMEOUT_MS }).catch((err: unknown) => {
    console.warn(`${SYSTEM_ID} | the answer to ${sender.name ?? sender.id} did not arrive`, err);
  });
}

/**
 * Listen on the system socket for the requests of `table` (the relay's table, one entry per kind
 * of request), and for the GM's answers (once, at init).
 */
export function registerRelay(table: readonly RelayEntry[]): void {
  const byAction = new Map(table.map((entry) => [entry.action, entry]));
  CONFIG.queries[ANSWER_QUERY] = onAnswer;
  CONFIG.queries[KEY_QUERY] = onKey;
  game.socket.on(SOCKET_CHANNEL, (payload: unknown, senderId: unknown) => {
    void onRelayMessage(payload, senderId, byAction);
  });
}

/** How long a player waits for the GM's answer. */
const GM_TIMEOUT_MS = 30_000;

/**
 * Ask the active GM to carry out a request of kind `request` (its definition, or its name on the
 * wire) with `data`; rejects when no GM is connected or it does not answer.
 */
export async function askGM<D>(request: Pick<RelayRequest<D>, "action">, data: D): Promise<ActionReport> {
  const action = request.action;
  const gm = game.users.activeGM;
  const gmId = gm?.id;
  if (!gm || !gmId) throw new Error(game.i18n.localize("D20C.Chat.Permission.GMGone"));
  // The key goes to the GM by a query (User#query needs QUERY_USER, which a GM may take from
  // players): without it the request would wait out its time, so the user is told why at once.
  if (!game.user.can("QUERY_USER")) return { ok: false, message: "D20C.Chat.Permission.NoQuery" };
  const id = foundry.utils.randomID();
  const key = secretKey();
  return new Promise<ActionReport>((resolve, reject) => {
    const fail = (err: unknown) => {
      clearTimeout(timer);
      pending.delete(id);
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    const timer = setTimeout(
      () => fail(new Error(game.i18n.localize("D20C.Chat.Permission.GMNoAnswer"))),
      GM_TIMEOUT_MS,
    );
    pending.set(id, {
      key,
      resolve: (r) => {
        clearTimeout(timer);
        resolve(r);
      },
    });
    // The request first, so the GM's client holds it (and knows its sender) when the key comes.
    game.socket.emit(SOCKET_CHANNEL, { type: "request", id, gmId, action, data });
    giveKey(gm, id, key).then((taken) => {
      if (!taken) fail(new Error(game.i18n.localize("D20C.Chat.Permission.GMNotTaken")));
    }, fail);
  });
}

/** How often the asker gives its key, and how long it waits between (the request may come after it). */
const KEY_TRIES = 3;
const KEY_RETRY_MS = 200;

/**
 * Give the active GM a request's key, by a query to it alone: true once it took it. A key that came
 * before its request is refused, so it is given again a little later.
 */
async function giveKey(gm: User.Implementation, id: string, key: string): Promise<boolean> {
  for (let tries = 1; tries <= KEY_TRIES; tries++) {
    if (tries > 1) await new Promise((r) => setTimeout(r, KEY_RETRY_MS));
    // Answered or given up on meanwhile: nothing is waiting for the key any more.
    if (!pending.has(id)) return true;
    if ((await gm.query(KEY_QUERY, { id, key }, { timeout: GM_TIMEOUT_MS })) === true) return true;
  }
  return false;
}

/** 128 random bits as hex, from the browser's cryptographic generator (no guessing it from earlier ones). */
function secretKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
