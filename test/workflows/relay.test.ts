/**
 * [SYS-PERM] The GM relay through the REAL registered socket listener (registerAttackWorkflow →
 * `game.socket.on("system.d20-combat", …)`), on the active GM's client, with the stand-ins of
 * test/stand-ins/foundry-relay.ts: who asks comes from the transport's sender id, never from the
 * payload; a stranger is refused with the actor unchanged; the same application is carried out
 * once; two applications to one actor at once both land; undo reverses only what it did.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, EffectSource, TurnStep } from "../../src/engine/types.js";
import { combatantSource, damagePacket, effectSource, turnContext } from "../support/engine-fixtures.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import type { AttackCardData, CardLedger } from "../../src/engine/plans/card-data.js";
import type { ensureLedger as EnsureLedgerFn, ledgerOf as LedgerOfFn } from "../../src/workflows/card-ledger.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  installRelayStandIn,
  RelayItemStandIn,
  type RelayCombatantStandIn,
  standInRequestKey,
  type MessageStandIn,
  type RelayStandIn,
  type UserStandIn,
} from "../stand-ins/foundry-relay.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { pressTurnLineUndo } from "../stand-ins/turn-line-html.js";
import { CombatStandIn } from "../stand-ins/foundry-sheet.js";
import { defaultOptions, npc, power } from "./attack-fixtures.js";
import { attackCardIn, ourData, receivedData } from "../support/card-messages.js";
import { cardUpdateData } from "../../src/workflows/card-messages.js";
import { publicCard } from "../../src/engine/plans/card-secrets.js";
import { cardVisibility } from "../../src/settings-attack.js";

const R = getRuleset("13th-age");
const i18n = createI18nStandIn();
let w: RelayStandIn;
let alice: UserStandIn; // plays the fighter and attacks
let bob: UserStandIn; // plays the cleric
let eve: UserStandIn; // a player with no stake in the card

let rollAttack: typeof RollAttackFn;
let ledgerOf: typeof LedgerOfFn;
let ensureLedger: typeof EnsureLedgerFn;
beforeAll(async () => {
  w = installRelayStandIn(R.id);
  const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
  registerAttackWorkflow();
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
  ({ ledgerOf, ensureLedger } = await import("../../src/workflows/card-ledger.js"));
});
afterAll(() => w.uninstall());

const monster = (): ActorSource => npc(R, 10, { hp: { value: 30, max: 30, temp: 0 } });
beforeEach(() => {
  w.messages.clear();
  w.actors.clear();
  w.tokens.clear();
  w.emitted.length = 0;
  w.users.delete("gm2");
  alice = w.addUser("alice");
  bob = w.addUser("bob");
  eve = w.addUser("eve");
  w.addActor("ogre", "Ogre", monster());
  // The orc is played by both players: each may post its attacks.
  w.addActor("attacker", "Orc", npc(R, 10), ["alice", "bob"]);
  standInAttackFaces.length = 0;
  w.addActor("fighter", "Fighter", npc(R, 10, { kind: "character", hp: { value: 20, max: 30, temp: 0 } }), ["alice"]);
});

/**
 * An attack of the attacker's Strike (+5, flat `damage`) against these targets (by actor id), rolled
 * through the REAL rollAttack on `author`'s client with natural `natural` on every target; resolves
 * once the GM's client has written the card's ledger.
 */
async function cardBy(author: UserStandIn, targets: string[], damage = "6", natural = 15): Promise<MessageStandIn> {
  const attacker = w.actors.get("attacker")!;
  const item = new RelayItemStandIn("strike", attacker, "power", "Strike", power({ damage }));
  attacker.items.set(item.id, item);
  w.attack.targets.clear();
  for (const id of targets) {
    const a = w.actors.get(id)!;
    const uuid = w.tokens.get(id)?.uuid ?? token(id);
    w.attack.targets.add({ document: { uuid, name: a.name, texture: { src: a.img } }, actor: a as never });
  }
  standInAttackFaces.push(...targets.map(() => natural));
  w.postAs = author;
  const posted = (await rollAttack(attacker as never, item as never, {
    fastForward: true,
  })) as unknown as MessageStandIn;
  w.postAs = null;
  expect(posted, w.attack.errors.join("; ")).toBeTruthy();
  await settled(() => ledgerOf(posted.id) !== null);
  // The ledger is known before the GM's client has whispered owners their details; asking for the
  // ledger again waits in the card's queue until that first write has finished.
  await ensureLedger(posted as never);
  return posted;
}

/**
 * A card whose author's client rewrote it before posting (its rolls stay the genuine ones): the
 * GM's client reads the rewritten card.
 */
async function forgedBy(author: UserStandIn, targets: string[], change: (card: AttackCardData) => void) {
  const hook = w.hooks.get("createChatMessage")!;
  const original = hook.slice();
  w.hooks.set("createChatMessage", [
    async (msg: unknown) => {
      const m = msg as MessageStandIn;
      const card = attackCardIn(m);
      if (card && m.author.id === author.id) change(card);
      for (const fn of original) await fn(msg);
    },
  ]);
  try {
    return await cardBy(author, targets);
  } finally {
    w.hooks.set("createChatMessage", original);
  }
}

async function settled(done: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !done(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(done()).toBe(true);
}

const token = (id: string) => `Scene.s1.Token.${id}`;
let seq = 0;
const applyWire = (messageId: string, targetId: string, mode = "full", extra: Record<string, unknown> = {}) => ({
  type: "request",
  id: `req${++seq}`,
  gmId: "gm",
  action: "apply",
  data: { messageId, targetUuid: token(targetId), mode, ...extra },
});
const undoWire = (messageId: string, recordId: string, extra: Record<string, unknown> = {}) => ({
  type: "request",
  id: `req${++seq}`,
  gmId: "gm",
  action: "undo",
  data: { messageId, recordId, ...extra },
});
type Answer = { type: string; to: string; report: { ok: boolean; message: string } };
const hp = (id: string) => w.actors.get(id)!.source.hp.value;
/** The GM's client hears a request on the socket from `senderId` (no key given for it yet). */
const hear = (payload: unknown, senderId: string) => {
  for (const fn of w.listeners.get(`system.${SYSTEM_ID}`) ?? []) fn(payload, senderId);
};
/** Someone's client gives the GM's client a key for request `id` (the key query names no sender). */
const giveKey = (id: string, key: string) =>
  (globalThis as unknown as { CONFIG: { queries: Record<string, (d: unknown) => Promise<unknown>> } }).CONFIG.queries[
    "d20-combat.relayKey"
  ]!({ id, key });
/** The GM's records of a card's applications (its ledger), and the public card's display of them. */
const records = (m: MessageStandIn) => ledgerOf(m.id)?.ledger.card.applied ?? [];
const shown = (m: MessageStandIn) => attackCardIn(m)?.applied ?? [];
const ledger = (m: MessageStandIn) => ledgerOf(m.id)!.ledger;
/** Alice's apply to the ogre through card `m` is refused with `message`. */
async function refusedToAlice(m: MessageStandIn, message: string, mode = "full"): Promise<void> {
  const answer = (await w.send(applyWire(m.id, "ogre", mode), alice.id)) as Answer;
  expect(answer.report).toMatchObject({ ok: false, message });
}

describe("[SYS-PERM] who asks comes from the transport", () => {
  it("[SYS-PERM] the card's author applies damage to the GM's monster through the GM", async () => {
    const m = await cardBy(alice, ["ogre"]);
    const answer = (await w.send(applyWire(m.id, "ogre"), alice.id)) as Answer;
    expect(answer).toMatchObject({ type: "response", to: "alice", report: { ok: true } });
    expect(hp("ogre")).toBe(24);
    expect(records(m)[0]!.userId).toBe("alice");
  });

  it("[SYS-PERM] a spoofed user id in the payload changes nothing: the sender is who the server says", async () => {
    const m = await cardBy(alice, ["ogre"]);
    const answer = (await w.send(applyWire(m.id, "ogre", "full", { userId: "alice" }), eve.id)) as Answer;
    expect(answer.report).toMatchObject({ ok: false, message: "D20C.Chat.Permission.Refused" });
    expect(i18n.has(answer.report.message)).toBe(true);
    expect(hp("ogre")).toBe(30);
    expect(records(m)).toEqual([]);
    // A sender the world does not know is refused too.
    expect(await w.send(applyWire(m.id, "ogre"), "nobody")).toBeNull();
    expect(hp("ogre")).toBe(30);
  });

  it("[SYS-PERM] a stranger's heal is refused and the actor is unchanged", async () => {
    const m = await cardBy(alice, ["ogre"]);
    await w.send(applyWire(m.id, "ogre"), alice.id);
    const before = structuredClone(w.actors.get("ogre")!.source);
    const answer = (await w.send(applyWire(m.id, "ogre", "heal"), eve.id)) as Answer;
    expect(answer.report).toMatchObject({ ok: false, message: "D20C.Chat.Permission.Refused" });
    expect(w.actors.get("ogre")!.source).toEqual(before);
  });

  it("[SYS-PERM] a stranger's undo is refused; the author's undo works", async () => {
    const m = await cardBy(alice, ["ogre"]);
    await w.send(applyWire(m.id, "ogre"), alice.id);
    const rec = records(m)[0]!;
    const refused = (await w.send(undoWire(m.id, rec.id), eve.id)) as Answer;
    expect(refused.report).toMatchObject({ ok: false, message: "D20C.Chat.Permission.Refused" });
    expect(hp("ogre")).toBe(24);
    expect(records(m)[0]!.undone).toBe(false);
    const done = (await w.send(undoWire(m.id, rec.id), alice.id)) as Answer;
    expect(done.report.ok).toBe(true);
    expect(hp("ogre")).toBe(30);
  });

  it("[SYS-PERM] the target's owner may apply from someone else's card (a heal on their own character)", async () => {
    const m = await cardBy(bob, ["fighter"]);
    const answer = (await w.send(applyWire(m.id, "fighter", "heal"), alice.id)) as Answer;
    expect(answer.report.ok).toBe(true);
    expect(hp("fighter")).toBe(26);
  });

  it("[SYS-PERM] a cleric's own healing card heals an ally they don't own", async () => {
    const m = await cardBy(bob, ["fighter"]);
    const answer = (await w.send(applyWire(m.id, "fighter", "heal"), bob.id)) as Answer;
    expect(answer.report.ok).toBe(true);
    expect(hp("fighter")).toBe(26);
  });

  it("[SYS-PERM] the GM clicking on their own client acts directly on any card", async () => {
    const m = await cardBy(alice, ["ogre"]);
    const { onApplyClick } = await import("../../src/workflows/apply-damage.js");
    await onApplyClick(m as unknown as ChatMessage, token("ogre"), "full");
    expect(hp("ogre")).toBe(24);
    expect(records(m)[0]!.userId).toBe("gm");
  });

  it("[SYS-PERM] malformed payloads are ignored and answers are sent only to the asker", async () => {
    const m = await cardBy(alice, ["ogre"]);
    expect(
      await w.send({ type: "request", id: "x", gmId: "gm", action: "apply", data: { messageId: m.id } }, alice.id),
    ).toBeNull();
    expect(await w.send({ ...applyWire(m.id, "ogre"), gmId: "someone-else" }, alice.id)).toBeNull();
    expect(hp("ogre")).toBe(30);
  });
});

describe("[SYS-HIDDEN] [SYS-PERM] the GM's answer reaches the asker alone", () => {
  const channel = `system.${SYSTEM_ID}`;
  const answerQuery = () =>
    (globalThis as unknown as { CONFIG: { queries: Record<string, (d: unknown) => Promise<boolean>> } }).CONFIG.queries[
      "d20-combat.relayAnswer"
    ]!;

  it("[SYS-HIDDEN] an answer goes to the asker as a query, never on the socket every client receives", async () => {
    const m = await cardBy(alice, ["ogre"]);
    w.queried.length = 0;
    const answer = (await w.send(applyWire(m.id, "ogre"), alice.id)) as Answer;
    expect(answer.report.ok).toBe(true);
    expect(w.emitted.filter((e) => (e.payload as { type?: string }).type === "response")).toEqual([]);
    expect(w.queried.map((q) => [q.to, q.name])).toEqual([["alice", "d20-combat.relayAnswer"]]);
    // A refusal goes the same way, to its asker only.
    await w.send(applyWire(m.id, "ogre"), eve.id);
    expect(w.queried.map((q) => q.to)).toEqual(["alice", "eve"]);
  });

  it("[SYS-PERM] a fake answer settles nothing: the asker takes only an answer carrying the key it gave the active GM alone", async () => {
    const { askGM } = await import("../../src/socket.js");
    w.queried.length = 0;
    w.emitted.length = 0;
    let settled: unknown = null;
    const asked = askGM({ action: "undo" }, { messageId: "m", recordId: "r" }).then((r) => (settled = r));
    await new Promise((r) => setTimeout(r, 1));
    // What every client reads on the socket: the request, without its key.
    const request = w.emitted.at(-1)!.payload as { id: string; type: string };
    expect(Object.keys(request).sort()).toEqual(["action", "data", "gmId", "id", "type"]);
    // The key went to the active GM alone, as a query.
    const given = w.queried.filter((q) => q.name === "d20-combat.relayKey");
    expect(given.map((q) => q.to)).toEqual(["gm"]);
    const { key } = given[0]!.data as { key: string };
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(w.emitted)).not.toContain(key);
    const report = { ok: true, message: "D20C.Chat.Undo.Done", data: { name: "Ogre" } };
    const answer = (keys: unknown[], to = "gm", id = request.id) => ({ type: "response", id, to, keys, report });
    // Eve read the id on the socket and answers the asker herself, through every query its client
    // handles and on the socket: without the key, with a guess, with a key she gave the GM herself.
    const queries = (globalThis as unknown as { CONFIG: { queries: Record<string, (d: unknown) => Promise<unknown>> } })
      .CONFIG.queries;
    const eveKey = "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
    await queries["d20-combat.relayKey"]!({ id: "eves-own", key: eveKey });
    for (const fake of [answer([]), answer(["0".repeat(32)]), answer([eveKey]), answer([key], "alice")])
      for (const handler of Object.values(queries)) await handler(fake);
    for (const fn of w.listeners.get(channel)!) fn(answer([key]), "gm");
    expect(await answerQuery()(answer([key], "gm", "unknown"))).toBe(false);
    expect(await answerQuery()({ ...answer([key]), report: { ok: "yes" } })).toBe(false);
    await new Promise((r) => setTimeout(r, 5));
    expect(settled).toBeNull();
    // The GM's answer carries the key back.
    expect(await answerQuery()(answer([eveKey, key]))).toBe(true);
    await asked;
    expect(settled).toMatchObject(report);
    // Settled once: the same answer again finds nothing waiting.
    expect(await answerQuery()(answer([key]))).toBe(false);
  });

  it("[SYS-PERM] [SYS-HIDDEN] a player who gives the GM a key for someone else's request learns nothing: the answer goes to the sender alone", async () => {
    const m = await cardBy(alice, ["ogre"]);
    w.queried.length = 0;
    const wire = applyWire(m.id, "ogre");
    // Eve guessed the id before the request was sent: a key for a request the GM never heard is refused.
    expect(await giveKey(wire.id, "eve")).toBe(false);
    // Eve read the id on the socket and was quicker with a key of her own than Alice.
    hear(wire, alice.id);
    expect(await giveKey(wire.id, "eve")).toBe(true);
    expect(await giveKey(wire.id, standInRequestKey)).toBe(true);
    await settled(() => w.queried.some((q) => q.name === "d20-combat.relayAnswer"));
    const got = w.queried.find((q) => q.name === "d20-combat.relayAnswer")!;
    expect(got.to).toBe("alice");
    expect((got.data as Answer).report.ok).toBe(true);
    expect((got.data as { keys: string[] }).keys).toEqual(["eve", standInRequestKey]);
    expect(w.queried.map((q) => q.to)).toEqual(["alice"]);
    expect(hp("ogre")).toBe(24);
  });

  it("[SYS-PERM] a player who floods the GM with keys and requests denies nobody else: a key is kept only for a request heard, and a sender's own requests waiting for a key are few", async () => {
    const m = await cardBy(alice, ["ogre"]);
    // Eve gives keys for a thousand requests nobody sent: the GM's client keeps none of them…
    const taken = await Promise.all(Array.from({ length: 1000 }, (_, i) => giveKey(`flood${i}`, `key${i}`)));
    expect(taken.filter(Boolean)).toHaveLength(0);
    // …and sends a thousand requests of her own without their keys: only her latest four wait.
    const floods = Array.from({ length: 1000 }, () => applyWire(m.id, "ogre"));
    for (const f of floods) hear(f, eve.id);
    // Alice's request is carried out at once and answered with her key.
    const got = (await w.send(applyWire(m.id, "ogre"), alice.id)) as Answer & { keys: string[] };
    expect(got.report.ok).toBe(true);
    expect(got.keys).toEqual([standInRequestKey]);
    expect(hp("ogre")).toBe(24);
    // Eve's own oldest requests went: a key for the first is refused, one for the last is taken.
    expect(await giveKey(floods[0]!.id, "late")).toBe(false);
    expect(await giveKey(floods[995]!.id, "late")).toBe(false);
    expect(await giveKey(floods[999]!.id, "late")).toBe(true);
  });

  it("[SYS-PERM] a request whose key never came is carried out by nobody", async () => {
    const m = await cardBy(alice, ["ogre"]);
    w.queried.length = 0;
    const first = applyWire(m.id, "ogre");
    hear(first, alice.id);
    // Four more of Alice's own requests wait for their keys: the first is dropped, unanswered.
    const later = [1, 2, 3, 4].map(() => applyWire(m.id, "ogre"));
    for (const r of later) hear(r, alice.id);
    await new Promise((r) => setTimeout(r, 5));
    expect(hp("ogre")).toBe(30);
    expect(await giveKey(first.id, standInRequestKey)).toBe(false);
    await new Promise((r) => setTimeout(r, 5));
    expect(hp("ogre")).toBe(30);
    expect(w.queried).toEqual([]);
    // A later one whose key comes is carried out.
    expect(await giveKey(later[3]!.id, standInRequestKey)).toBe(true);
    await settled(() => hp("ogre") === 24);
  });

  it("[SYS-PERM] an asker whose key reached the GM before its request gives it again, and the request is carried out", async () => {
    const { askGM } = await import("../../src/socket.js");
    w.queried.length = 0;
    w.emitted.length = 0;
    void askGM({ action: "undo" }, { messageId: "m", recordId: "r" }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 1));
    const request = w.emitted.at(-1)!.payload as { id: string };
    const keyQueries = () =>
      w.queried.filter((q) => q.name === "d20-combat.relayKey" && (q.data as { id: string }).id === request.id);
    expect(keyQueries()).toHaveLength(1);
    // The request reaches the GM's client after the key did: the key was refused, so it comes again.
    hear(request, alice.id);
    for (let i = 0; i < 100 && !w.queried.some((q) => q.name === "d20-combat.relayAnswer"); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(keyQueries()).toHaveLength(2);
    const { key } = keyQueries()[0]!.data as { key: string };
    const answer = w.queried.find((q) => q.name === "d20-combat.relayAnswer")!;
    expect(answer.to).toBe("alice");
    expect(answer.data).toMatchObject({ id: request.id, keys: [key], report: { ok: false } });
  });
});

describe("[SYS-PERM] a card whose applications still stand stays where they are undone", () => {
  it("[SYS-PERM] a player's own client refuses to delete it, with a notice; once undone it may go", async () => {
    const m = await cardBy(alice, ["ogre"]);
    await w.send(applyWire(m.id, "ogre"), alice.id);
    w.attack.warnings.length = 0;
    expect(await w.deleteAs(alice, m)).toBe(false);
    expect(w.messages.get(m.id)).toBe(m);
    expect(w.attack.warnings).toEqual([i18n.localize("D20C.Chat.Ledger.KeepCard")]);
    expect(i18n.has("D20C.Chat.Ledger.KeepCard")).toBe(true);
    await w.send(undoWire(m.id, records(m)[0]!.id), alice.id);
    expect(hp("ogre")).toBe(30);
    expect(await w.deleteAs(alice, m)).toBe(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(w.messages.has(m.id)).toBe(false);
  });

  it("[SYS-PERM] a card a player's client deletes anyway is put back as the GM's, under its id, and the GM undoes from it", async () => {
    const m = await cardBy(alice, ["ogre"]);
    await w.send(applyWire(m.id, "ogre"), alice.id);
    expect(hp("ogre")).toBe(24);
    const gmCopy = structuredClone(attackCardIn(m)!);
    const html = m.content;
    expect(await w.deleteAs(alice, m, false)).toBe(true);
    await settled(() => w.messages.has(m.id));
    const back = w.messages.get(m.id)!;
    expect(back).not.toBe(m);
    expect(back.author.id).toBe("gm");
    expect(attackCardIn(back)).toEqual(gmCopy);
    expect(back.content).toBe(html);
    expect(back._source.rolls).toEqual(ledger(back).rolls);
    // The GM undoes the application from it: exactly what was applied comes back.
    const answer = (await w.send(undoWire(m.id, records(back)[0]!.id), "gm")) as Answer;
    expect(answer.report.ok).toBe(true);
    expect(hp("ogre")).toBe(30);
    expect(records(back)[0]!.undone).toBe(true);
  });

  it("[SYS-PERM] a card with nothing standing, or one a GM deletes, stays deleted", async () => {
    const plain = await cardBy(alice, ["ogre"]);
    expect(await w.deleteAs(alice, plain, false)).toBe(true);
    const byGM = await cardBy(alice, ["ogre"]);
    await w.send(applyWire(byGM.id, "ogre"), alice.id);
    expect(await w.deleteAs(w.users.get("gm")!, byGM)).toBe(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(w.messages.has(plain.id)).toBe(false);
    expect(w.messages.has(byGM.id)).toBe(false);
  });
});

describe("[SYS-PERM] once, and one queue per actor", () => {
  it("[SYS-PERM] replay: the same apply sent five times is carried out once", async () => {
    const m = await cardBy(alice, ["ogre"]);
    const answers = (await Promise.all(
      [1, 2, 3, 4, 5].map(() => w.send(applyWire(m.id, "ogre"), alice.id)),
    )) as Answer[];
    expect(hp("ogre")).toBe(24);
    expect(records(m)).toHaveLength(1);
    expect(answers.filter((a) => a.report.ok)).toHaveLength(1);
    expect(answers.filter((a) => a.report.message === "D20C.Chat.Error.AlreadyApplied")).toHaveLength(4);
    // Undone, it may be applied again.
    await w.send(undoWire(m.id, records(m)[0]!.id), alice.id);
    await w.send(applyWire(m.id, "ogre"), alice.id);
    expect(hp("ogre")).toBe(24);
  });

  it("[SYS-TARGETS] [SYS-PERM] Damage, Half and Double on one foe are alternatives: the first stands, the others are refused until it is undone", async () => {
    const m = await cardBy(alice, ["ogre"]);
    expect(((await w.send(applyWire(m.id, "ogre", "full"), alice.id)) as Answer).report.ok).toBe(true);
    for (const mode of ["half", "double", "knockOut", "heal", "temp"]) {
      const answer = (await w.send(applyWire(m.id, "ogre", mode), alice.id)) as Answer;
      if (mode === "knockOut") expect(answer.report.message).toBe("D20C.Chat.Error.BadMode");
      else expect(answer.report).toMatchObject({ ok: false, message: "D20C.Chat.Error.OtherApplied" });
    }
    expect(i18n.has("D20C.Chat.Error.OtherApplied")).toBe(true);
    // 6 once, never 6 + 3 + 12.
    expect(hp("ogre")).toBe(24);
    expect(records(m)).toHaveLength(1);
    // Undone, another reading of the roll may be applied instead.
    await w.send(undoWire(m.id, records(m)[0]!.id), alice.id);
    expect(((await w.send(applyWire(m.id, "ogre", "double"), alice.id)) as Answer).report.ok).toBe(true);
    expect(hp("ogre")).toBe(18);
  });

  it("[SYS-TARGETS] [SYS-PERM] Damage, Half and Double pressed at the same moment by the author and the GM: exactly one lands", async () => {
    w.actors.get("ogre")!.source = npc(R, 10, { hp: { value: 100, max: 100, temp: 0 } });
    const m = await cardBy(alice, ["ogre"], "10");
    const answers = (await Promise.all(
      ["full", "half", "double", "full", "half"].map((mode, i) =>
        w.send(applyWire(m.id, "ogre", mode), i % 2 ? "gm" : alice.id),
      ),
    )) as Answer[];
    expect(answers.filter((a) => a.report.ok)).toHaveLength(1);
    expect(records(m).filter((r) => !r.undone)).toHaveLength(1);
    expect(hp("ogre")).toBe(100 - records(m)[0]!.dealt);
    expect([90, 95, 80]).toContain(hp("ogre"));
  });

  it("[SYS-PERM] race: two cards hitting one actor at the same moment both land (100 → 80)", async () => {
    w.actors.get("ogre")!.source = npc(R, 10, { hp: { value: 100, max: 100, temp: 0 } });
    const a = await cardBy(alice, ["ogre"], "10");
    const b = await cardBy(bob, ["ogre"], "10");
    await Promise.all([w.send(applyWire(a.id, "ogre"), alice.id), w.send(applyWire(b.id, "ogre"), bob.id)]);
    expect(hp("ogre")).toBe(80);
  });

  it("[SYS-PERM] hit A, hit B, undo A: only A is reversed; then undo B returns to the start", async () => {
    const start = structuredClone(w.actors.get("ogre")!.source);
    const a = await cardBy(alice, ["ogre"], "6");
    const b = await cardBy(bob, ["ogre"], "4");
    await w.send(applyWire(a.id, "ogre"), alice.id);
    await w.send(applyWire(b.id, "ogre"), bob.id);
    expect(hp("ogre")).toBe(20);
    await w.send(undoWire(a.id, records(a)[0]!.id), alice.id);
    expect(hp("ogre")).toBe(26);
    await w.send(undoWire(b.id, records(b)[0]!.id), bob.id);
    expect(w.actors.get("ogre")!.source).toEqual(start);
  });
});

describe("[SYS-PERM] what may be applied comes from the GM's ledger, not the author's message", () => {
  /** The author edits their own message's card after posting (a player may edit their own message's data). */
  async function edit(m: MessageStandIn, change: (card: AttackCardData) => void): Promise<void> {
    const card = structuredClone(attackCardIn(m)!);
    change(card);
    await m.update(cardUpdateData(m, "attack", card));
  }

  it("[SYS-PERM] the GM's client decides every new card again and keeps it in a GM-authored message whispered to the GMs", async () => {
    const m = await cardBy(alice, ["ogre"]);
    const found = ledgerOf(m.id)!;
    const l = found.message as unknown as MessageStandIn;
    expect(l.author.isGM).toBe(true);
    expect(l.whisper).toEqual(["gm"]);
    expect(found.ledger).toMatchObject({ cardId: m.id, status: "valid", reason: "" });
    expect(found.ledger.card.targets[0]).toMatchObject({ uuid: token("ogre"), damage: 6 });
    expect(found.ledger.card.targets[0]!.outcome.defense).toBeGreaterThan(0);
  });

  it("[SYS-PERM] [SYS-HIDDEN] an author's edit of the numbers on their posted card is written back as the GM decided it, so every client renders the GM's numbers", async () => {
    const m = await cardBy(alice, ["ogre"]);
    await w.send(applyWire(m.id, "ogre"), alice.id);
    const asPosted = structuredClone(attackCardIn(m)!);
    const edited = structuredClone(asPosted);
    edited.targets[0]!.damage = 9999;
    edited.targets[0]!.outcome.natural = 20;
    for (const d of edited.damageRolls) d.total = 9999;
    edited.applied = [];
    await w.editAs(alice, m, { ...cardUpdateData(m, "attack", edited), content: "<p>The ogre takes 9999.</p>" });
    await settled(() => attackCardIn(m)!.targets[0]!.damage === 6);
    expect(attackCardIn(m)).toEqual(asPosted);
    expect(shown(m)).toHaveLength(1);
    // Its content too: the GM's short line (every client draws the card from the data), never the author's words.
    await settled(() => m.content.includes("d20c-card-line"));
    expect(m.content).toBe('<p class="d20c-card-line">Orc: Strike against Ogre</p>');
    // A GM's edit is the GM's own and stays.
    const byGM = structuredClone(asPosted);
    byGM.itemName = "Renamed by the GM";
    await w.editAs(w.users.get("gm")!, m, cardUpdateData(m, "attack", byGM));
    await new Promise((r) => setTimeout(r, 10));
    expect(attackCardIn(m)!.itemName).toBe("Renamed by the GM");
  });

  it("[SYS-PERM] an author's edit of the dice shown on a card the GM accepted is written back with the rest", async () => {
    const m = await cardBy(alice, ["ogre"]);
    const stored = m._source.rolls;
    expect(ledger(m).rolls).toEqual(stored);
    const forged = stored.map((r) => {
      const roll = JSON.parse(r) as { total: number; dice: { results: { result: number }[] }[] };
      roll.total = 99;
      for (const d of roll.dice) for (const f of d.results) f.result = 20;
      return JSON.stringify(roll);
    });
    await w.editAs(alice, m, { rolls: forged });
    await settled(() => m._source.rolls.every((r) => !r.includes('"total":99')));
    expect(m._source.rolls.map((r) => JSON.parse(r) as unknown)).toEqual(stored.map((r) => JSON.parse(r) as unknown));
    // The card and its HTML were the GM's already, and stay so.
    expect(attackCardIn(m)).toEqual(publicCard(ledger(m).card, cardVisibility()));
  });

  it("[SYS-PERM] parts an author's edit adds to the card (a power the card has none of, another card kind in the flags) are deleted by the write-back", async () => {
    const m = await cardBy(alice, ["ogre"]);
    const asPosted = structuredClone(attackCardIn(m)!);
    expect(asPosted.power).toBeUndefined();
    const power = { name: "Death Ray", effect: "<p>The ogre dies.</p>", usage: "atWill" };
    const target = { ...structuredClone(asPosted.targets[0]!), shown: { text: "dead" } };
    await w.editAs(alice, m, {
      system: { power, targets: [target], forged: true },
      flags: { [SYSTEM_ID]: { rule: { version: 1, actorUuid: "Actor.ogre", title: "Dead", rolls: [], events: [] } } },
    });
    await settled(() => attackCardIn(m)!.power === undefined);
    expect(m.system).toEqual(asPosted);
    expect(m.flags[SYSTEM_ID]).toBeUndefined();
  });

  it("[SYS-PERM] an edit made while no GM was online is written back when the active GM's client comes online (ready)", async () => {
    const m = await cardBy(alice, ["ogre"]);
    const untouched = await cardBy(bob, ["ogre"]);
    const asPosted = structuredClone(attackCardIn(m)!);
    const stored = m._source.rolls;
    const edited = structuredClone(asPosted);
    edited.targets[0]!.damage = 9999;
    // No GM client saw it: the message changes without the GM's update hook.
    await m.update({
      ...cardUpdateData(m, "attack", edited),
      rolls: stored.map((r) => r.replace(/"result":\d+/g, '"result":20')),
    });
    const before = {
      content: untouched.content,
      system: structuredClone(untouched.system),
      rolls: untouched._source.rolls,
    };
    let updates = 0;
    const update = untouched.update.bind(untouched);
    untouched.update = async (data) => (updates++, update(data));
    for (const fn of w.hooks.get("ready") ?? []) await fn();
    await settled(() => attackCardIn(m)!.targets[0]!.damage === 6);
    expect(attackCardIn(m)).toEqual(asPosted);
    expect(m._source.rolls).toEqual(stored);
    // A card nobody edited is not written.
    expect(updates).toBe(0);
    expect({ content: untouched.content, system: untouched.system, rolls: untouched._source.rolls }).toEqual(before);
  });

  it("[SYS-PERM] [SYS-HIDDEN] an offline edit of a card's HTML alone is written back when the active GM's client comes online, and a card whose applications changed its HTML is not", async () => {
    const m = await cardBy(alice, ["ogre"]);
    const applied = await cardBy(bob, ["fighter"]);
    await w.send(applyWire(applied.id, "fighter"), bob.id);
    expect(shown(applied)).toHaveLength(1);
    const gmHTML = m.content;
    // No GM client saw it: only the HTML changes, the card's data stays as the GM decided it.
    await m.update({ content: `${gmHTML}<p class="d20c-attack-card">The GM grants Alice a crit: 9999.</p>` });
    const before = { content: applied.content, system: structuredClone(applied.system) };
    let updates = 0;
    const update = applied.update.bind(applied);
    applied.update = async (data) => (updates++, update(data));
    for (const fn of w.hooks.get("ready") ?? []) await fn();
    await settled(() => !m.content.includes("9999"));
    expect(m.content).toBe(gmHTML);
    // The applied card's HTML was written with its application (it shows it), so nothing differs.
    expect(updates).toBe(0);
    expect({ content: applied.content, system: applied.system }).toEqual(before);
  });

  it("[SYS-PERM] [SYS-HIDDEN] words a player's client posts beside the card in its HTML are replaced by the GM's HTML of the card", async () => {
    const honest = await cardBy(alice, ["ogre"]);
    const hook = w.hooks.get("createChatMessage")!;
    const original = hook.slice();
    w.hooks.set("createChatMessage", [
      async (msg: unknown) => {
        const m = msg as MessageStandIn;
        m.content = `<p>The ogre is slain outright.</p>${m.content}`;
        for (const fn of original) await fn(msg);
      },
    ]);
    let m: MessageStandIn;
    try {
      m = await cardBy(alice, ["ogre"]);
    } finally {
      w.hooks.set("createChatMessage", original);
    }
    expect(ledger(m).status).toBe("valid");
    await settled(() => !m.content.includes("slain"));
    expect(m.content.trim()).toBe(honest.content.trim().replaceAll(honest.id, m.id));
  });

  it("[SYS-PERM] an author who rewrites their card into another kind of message gets it back (online and offline), and it can still be undone from", async () => {
    const m = await cardBy(alice, ["ogre"]);
    await w.send(applyWire(m.id, "ogre"), alice.id);
    const gmCopy = structuredClone(attackCardIn(m)!);
    await w.editAs(alice, m, { type: "base", content: "<p>Nothing happened here.</p>" });
    await settled(() => attackCardIn(m) !== undefined);
    expect(attackCardIn(m)).toEqual(gmCopy);
    expect(m.content).toContain("d20c-card-line");
    // Offline: no GM client saw it; the GM's client finds it when it comes online.
    await m.update({ type: "base", content: "<p>Nothing happened here.</p>", flags: { [SYSTEM_ID]: null } });
    expect(attackCardIn(m)).toBeUndefined();
    for (const fn of w.hooks.get("ready") ?? []) await fn();
    await settled(() => attackCardIn(m) !== undefined);
    expect(attackCardIn(m)).toEqual(gmCopy);
    const answer = (await w.send(undoWire(m.id, records(m)[0]!.id), alice.id)) as Answer;
    expect(answer.report.ok).toBe(true);
    expect(hp("ogre")).toBe(30);
  });

  it("[SYS-PERM] a message its author turns into an attack card after posting is decided at once, and its forged numbers are refused", async () => {
    const real = await cardBy(alice, ["ogre"]);
    const forged = structuredClone(attackCardIn(real)!);
    forged.targets[0]!.damage = 9999;
    const m = await w.post(alice, { content: "<p>Hello</p>" });
    expect(ledgerOf(m.id)).toBeNull();
    await w.editAs(alice, m, { type: "attack", system: forged as unknown as Record<string, unknown> });
    await settled(() => ledgerOf(m.id) !== null);
    expect(ledger(m).status).toBe("invalid");
    const answer = (await w.send(applyWire(m.id, "ogre"), alice.id)) as Answer;
    expect(answer.report.ok).toBe(false);
    expect(hp("ogre")).toBe(30);
  });

  it("[SYS-PERM] an extra target added to the card after posting is refused with the actor unchanged", async () => {
    const m = await cardBy(alice, ["ogre"]);
    await edit(m, (card) =>
      card.targets.push({ ...card.targets[0]!, uuid: token("fighter"), actorUuid: "Actor.fighter" }),
    );
    const before = structuredClone(w.actors.get("fighter")!.source);
    const answer = (await w.send(applyWire(m.id, "fighter"), alice.id)) as Answer;
    expect(answer.report).toMatchObject({ ok: false, message: "D20C.Chat.Error.NotOnCard" });
    expect(i18n.has(answer.report.message)).toBe(true);
    expect(w.actors.get("fighter")!.source).toEqual(before);
  });

  it("[SYS-PERM] a changed amount changes nothing: the GM's damage is applied", async () => {
    const m = await cardBy(alice, ["ogre"]);
    await edit(m, (card) => {
      card.targets[0]!.damage = 9999;
      for (const d of card.damageRolls) d.total = 9999;
    });
    const answer = (await w.send(applyWire(m.id, "ogre"), alice.id)) as Answer;
    expect(answer.report.ok).toBe(true);
    expect(hp("ogre")).toBe(24);
  });

  it("[SYS-PERM] a changed mode is refused: no knock-out where the card's game has none, no made-up button", async () => {
    const m = await cardBy(alice, ["ogre"]);
    await edit(m, (card) => (card.knockOut = true));
    for (const mode of ["knockOut", "triple"]) await refusedToAlice(m, "D20C.Chat.Error.BadMode", mode);
    expect(hp("ogre")).toBe(30);
  });

  it("[SYS-PERM] a forged undo record is refused: undo reads only the GM's records", async () => {
    const m = await cardBy(alice, ["ogre"]);
    await w.send(applyWire(m.id, "ogre"), alice.id);
    const real = records(m)[0]!;
    // The author plants a record that would rewrite the ogre, and rewrites the real one's changes.
    await edit(m, (card) => {
      card.applied = [
        { ...real, changes: [{ kind: "add", path: "hp.value", delta: -500 }] },
        { ...real, id: "forgedforgedforg", changes: [{ kind: "set", path: "level", before: 20, after: 1 }] },
      ];
    });
    const forged = (await w.send(undoWire(m.id, "forgedforgedforg"), alice.id)) as Answer;
    expect(forged.report).toMatchObject({ ok: false, message: "D20C.Chat.Error.NoRecord" });
    expect(hp("ogre")).toBe(24);
    expect(w.actors.get("ogre")!.source.level).toBe(1);
    // The real record undoes exactly what the GM recorded.
    await w.send(undoWire(m.id, real.id), alice.id);
    expect(w.actors.get("ogre")!.source).toEqual(monster());
  });

  it("[SYS-PERM] a card posted with results its rolls don't give is refused at creation", async () => {
    // The author's client posts the genuine rolls but states 9999 damage in the card.
    const m = await forgedBy(alice, ["ogre"], (card) => (card.targets[0]!.damage = 9999));
    expect(ledger(m)).toMatchObject({ status: "invalid", reason: "targets" });
    const answer = (await w.send(applyWire(m.id, "ogre"), alice.id)) as Answer;
    expect(answer.report).toMatchObject({ ok: false, message: "D20C.Chat.Error.Invalid" });
    expect(hp("ogre")).toBe(30);
  });

  it("[SYS-PERM] a ledger written by a player counts for nothing: the GM decides the card again", async () => {
    const m = await cardBy(alice, ["ogre"]);
    const real = ledgerOf(m.id)!;
    w.messages.delete(real.message.id ?? "");
    const forged: CardLedger = structuredClone(real.ledger);
    forged.card.targets[0]!.damage = 9999;
    // Forged in the typed shape and in the flags of older versions.
    await w.post(alice, { whisper: ["gm"], type: "ledger", system: forged });
    await w.post(alice, { whisper: ["gm"], flags: { [SYSTEM_ID]: { ledger: forged } } });
    const answer = (await w.send(applyWire(m.id, "ogre"), alice.id)) as Answer;
    expect(answer.report.ok).toBe(true);
    expect(hp("ogre")).toBe(24);
    expect((ledgerOf(m.id)!.message as unknown as MessageStandIn).author.isGM).toBe(true);
  });

  it("[SYS-PERM] the public card shows the applications the GM recorded, without the changes behind them", async () => {
    const m = await cardBy(alice, ["ogre"]);
    await w.send(applyWire(m.id, "ogre"), alice.id);
    expect(shown(m)).toHaveLength(1);
    expect(shown(m)[0]).toMatchObject({ dealt: 6, changes: [], left: "" });
    expect(records(m)[0]!.changes.length).toBeGreaterThan(0);
  });
});

describe("[SYS-HIDDEN] a player's copy of a card holds only what the visibility setting lets them see", () => {
  /** Every message a user's client receives (public ones and those whispered to them), as data. */
  const copyOf = (user: UserStandIn) =>
    [...w.messages.values()].filter((m) => m.whisper.length === 0 || m.whisper.includes(user.id));
  const publicTargets = (m: MessageStandIn) => attackCardIn(m)!.targets;

  for (const visibility of ["gm", "owners", "everyone"] as const) {
    it(`[SYS-HIDDEN] cardVisibility "${visibility}": the public card's flags carry defenses and odds only when everyone may see them`, async () => {
      await w.attack.settings.set(SYSTEM_ID, "cardVisibility", visibility);
      w.actors.get("fighter")!.owners = ["alice"];
      const m = await cardBy(bob, ["ogre", "fighter"]);
      const truth = ledger(m).card.targets;
      expect(truth.every((t) => t.outcome.defense > 0 && t.odds !== null)).toBe(true);
      for (const t of publicTargets(m)) {
        if (visibility === "everyone") {
          expect(t.detailsHidden).toBeUndefined();
          expect(t.outcome.defense).toBe(truth.find((x) => x.uuid === t.uuid)!.outcome.defense);
        } else {
          expect(t).toMatchObject({ detailsHidden: true, odds: null, outcome: { defense: 0, critThreshold: 0 } });
        }
      }
      // Eve (no stake) and Alice (owns the fighter) receive no ledger; only Alice, under "owners",
      // is whispered her own target's numbers, and only those.
      for (const user of [eve, alice]) {
        const data = copyOf(user).map(ourData);
        expect(data.some((f) => "ledger" in f)).toBe(false);
        const details = data.flatMap((f) => (f.details ? [f.details as { targets: Record<string, unknown> }] : []));
        if (visibility === "owners" && user === alice) {
          expect(details.map((d) => Object.keys(d.targets))).toEqual([[token("fighter")]]);
        } else expect(details).toEqual([]);
      }
      await w.attack.settings.set(SYSTEM_ID, "cardVisibility", "owners");
    });
  }

  it("[SYS-HIDDEN] [FF-INVIS] a wrong-square attack's true outcome and reason never reach a player's copy", async () => {
    await w.attack.settings.set(SYSTEM_ID, "ruleset", "ffd20");
    await w.attack.settings.set(SYSTEM_ID, "cardVisibility", "everyone");
    try {
      const FF = getRuleset("ffd20");
      w.actors.get("ogre")!.source = npc(FF, 15, { hp: { value: 30, max: 30, temp: 0 } });
      w.actors.get("attacker")!.source = npc(FF, 10);
      const attacker = w.actors.get("attacker")!;
      const item = new RelayItemStandIn("strike", attacker, "power", "Strike", power({ damage: "6" }));
      attacker.items.set(item.id, item);
      w.attack.targets.clear();
      const ogre = w.actors.get("ogre")!;
      w.attack.targets.add({
        document: { uuid: token("ogre"), name: "Ogre", texture: { src: "" } },
        actor: ogre as never,
      });
      standInAttackFaces.push(18);
      w.postAs = alice;
      const { plainSituation } = await import("../../src/engine/plans/attack.js");
      const m = (await rollAttack(attacker as never, item as never, {
        situation: plainSituation({ wrongSquare: true }),
      })) as unknown as MessageStandIn;
      await settled(() => ledgerOf(m.id) !== null);
      expect(ledger(m)).toMatchObject({ status: "valid", reason: "" });
      expect(ledger(m).card.targets[0]!.outcome.result).toBe("autoMiss");
      const copy = JSON.stringify(copyOf(eve).map(receivedData));
      expect(copy).not.toContain('"result":"autoMiss"');
      expect(copy).not.toContain('"autoMiss":true');
      expect(copy).not.toContain('"wrongSquare":true');
      expect(copy).not.toMatch(/Reason\.wrongSquare/);
      expect(copy).not.toContain('"shown"');
      expect(publicTargets(m)[0]).toMatchObject({ detailsHidden: true, odds: null, outcome: { result: "miss" } });
    } finally {
      await w.attack.settings.set(SYSTEM_ID, "ruleset", R.id);
      await w.attack.settings.set(SYSTEM_ID, "cardVisibility", "owners");
    }
  });

  it("[SYS-HIDDEN] no before/after actor data in any player's copy: the records behind an application stay with the GM", async () => {
    const m = await cardBy(alice, ["ogre"]);
    await w.send(applyWire(m.id, "ogre"), alice.id);
    const copy = JSON.stringify(copyOf(eve).map(receivedData));
    expect(copy).not.toMatch(/"prior"|"after"|"before"/);
    expect(copy).not.toContain("hp.value");
    expect(records(m)[0]!.changes).toContainEqual({ kind: "add", path: "hp.value", delta: -6 });
  });
});

describe("[SYS-PERM] turn-line undo reverses the step and keeps later play", () => {
  /** Run turn steps through the REAL runner on the stand-in actors and post their lines as the GM's client does. */
  async function runSteps(steps: TurnStep[], effects: EffectSource[] = []): Promise<MessageStandIn[]> {
    const ogre = w.actors.get("ogre")!;
    const ctx = turnContext([
      combatantSource("c1", ogre.toEngineSource(), { actorId: ogre.uuid, effects: structuredClone(effects) }),
    ]);
    const { runPlan } = await import("../../src/engine/plans/turns.js");
    const { postTurnLine } = await import("../../src/workflows/turn-chat.js");
    const removed = new Map<string, ActiveEffect.CreateData>();
    const before = w.messages.size;
    await runPlan(R, ctx, steps, {
      roll: async () => ({ total: 15, natural: 15 }),
      applyActor: async (_key, next) => void (await ogre.applyEngineActor(next)),
      addEffect: async () => "unused",
      removeEffect: async (_key, id) => ogre.deleteEmbeddedDocuments("ActiveEffect", [id]),
      updateEffect: async () => undefined,
      rerollInitiative: async () => undefined,
      post: async (line) => postTurnLine(line, { rolls: [], removedEffects: removed, combatId: "combat1" }),
    });
    return [...w.messages.values()].slice(before);
  }
  const burning = effectSource({
    id: "burningburningbu",
    name: "Ongoing 5 fire",
    ongoing: { amount: 5, type: "fire" },
  });

  it("[SYS-PERM] undo of ongoing damage after a later hit gives back only the ongoing damage", async () => {
    const { onRenderTurnLine } = await import("../../src/workflows/turn-chat.js");
    const [line] = await runSteps([
      {
        kind: "damage",
        actorId: "Actor.ogre",
        packet: damagePacket(5, { ongoing: true }),
        label: "D20C.Age13.Step.ongoing",
      },
    ]);
    expect(hp("ogre")).toBe(25);
    const m = await cardBy(alice, ["ogre"], "6");
    await w.send(applyWire(m.id, "ogre"), alice.id);
    expect(hp("ogre")).toBe(19);
    expect(await pressTurnLineUndo(onRenderTurnLine, line, 0, () => hp("ogre") === 24)).toBe(true);
    expect(hp("ogre")).toBe(24);
    expect((line!.system.lines as { undone: boolean }[])[0]!.undone).toBe(true);
    // Then undoing the card's hit returns to the start.
    await w.send(undoWire(m.id, records(m)[0]!.id), alice.id);
    expect(w.actors.get("ogre")!.source).toEqual(monster());
  });

  it("[SYS-PERM] undo of a save puts the effect back and keeps a condition added since", async () => {
    const { onRenderTurnLine } = await import("../../src/workflows/turn-chat.js");
    const ogre = w.actors.get("ogre")!;
    await ogre.createEmbeddedDocuments("ActiveEffect", [
      {
        _id: burning.id,
        name: burning.name,
        statuses: [],
        flags: { [SYSTEM_ID]: { effect: { ongoing: burning.ongoing } } },
      },
    ]);
    const [line] = await runSteps(
      [{ kind: "removeEffect", actorId: "Actor.ogre", effectId: burning.id, label: "D20C.Age13.Step.expired" }],
      [burning],
    );
    expect(ogre.effectIds()).toEqual([]);
    ogre.source = { ...ogre.source, conditions: ["dazed"] };
    expect(await pressTurnLineUndo(onRenderTurnLine, line, 0, () => ogre.effectIds().length > 0)).toBe(true);
    expect(ogre.effectIds()).toEqual([burning.id]);
    expect(ogre.source.conditions).toEqual(["dazed"]);
  });
  const ongoingStep = (): TurnStep => ({
    kind: "damage",
    actorId: "Actor.ogre",
    packet: damagePacket(5, { ongoing: true }),
    label: "D20C.Age13.Step.ongoing",
  });
  const turnUndoWire = (messageId: string, index: number) => ({
    type: "request",
    id: `req${++seq}`,
    gmId: "gm",
    action: "turnUndo",
    data: { messageId, index },
  });

  it("[SYS-PERM] a line's Undo pressed in two renderings of its message at once gives the ongoing damage back once", async () => {
    const { onRenderTurnLine } = await import("../../src/workflows/turn-chat.js");
    const [line] = await runSteps([ongoingStep()]);
    expect(hp("ogre")).toBe(25);
    const pressed = await Promise.all([0, 1].map(() => pressTurnLineUndo(onRenderTurnLine, line, 0, () => false)));
    expect(pressed).toEqual([true, true]);
    expect(hp("ogre")).toBe(30);
    expect((line!.system.lines as { undone: boolean }[])[0]!.undone).toBe(true);
  });

  it("[SYS-PERM] a second GM's Undo is carried out by the active GM, once even when both press it; a player's is refused", async () => {
    const { onRenderTurnLine } = await import("../../src/workflows/turn-chat.js");
    w.addUser("gm2", true);
    const [line] = await runSteps([ongoingStep()]);
    const forged = (await w.send(turnUndoWire(line!.id, 0), alice.id)) as Answer;
    expect(forged.report).toMatchObject({ ok: false, message: "D20C.Combat.Line.UndoRefused" });
    expect(i18n.has(forged.report.message)).toBe(true);
    expect(hp("ogre")).toBe(25);
    const [, answer] = await Promise.all([
      pressTurnLineUndo(onRenderTurnLine, line, 0, () => hp("ogre") === 30),
      w.send(turnUndoWire(line!.id, 0), "gm2") as Promise<Answer>,
    ]);
    expect(hp("ogre")).toBe(30);
    expect(answer.to).toBe("gm2");
    // Whichever came second found the line undone and changed nothing.
    const again = (await w.send(turnUndoWire(line!.id, 0), "gm2")) as Answer;
    expect(again.report).toMatchObject({ ok: false, message: "D20C.Combat.Line.UndoGone" });
    expect(hp("ogre")).toBe(30);
    for (const bad of [-1, 1.5, 1e9]) expect(await w.send(turnUndoWire(line!.id, bad), "gm2")).toBeNull();
  });
});

describe("[SYS-PERM] attack cards posted by an older version (their data in the message's flags) still work", () => {
  /** Re-post a card's data and rolls in the shape older versions wrote: a base message, the card in flags. */
  async function oldShapeCard(author: UserStandIn): Promise<MessageStandIn> {
    const typed = await cardBy(author, ["ogre"]);
    const card = structuredClone(attackCardIn(typed)!);
    w.messages.delete(ledgerOf(typed.id)!.message.id ?? "");
    w.messages.delete(typed.id);
    const old = await w.post(author, {
      content: typed.content,
      rolls: typed.rolls,
      flags: { [SYSTEM_ID]: { attack: card } },
    });
    await settled(() => ledgerOf(old.id) !== null);
    return old;
  }
  const oldShown = (m: MessageStandIn) => (m.flags[SYSTEM_ID]!.attack as AttackCardData).applied;

  it("[SYS-PERM] the GM's client decides an old card from its rolls; its author applies and undoes through it, and its display stays in its flags", async () => {
    const old = await oldShapeCard(alice);
    expect(old.type).toBe("base");
    expect(ledger(old)).toMatchObject({ status: "valid", reason: "" });
    const answer = (await w.send(applyWire(old.id, "ogre"), alice.id)) as Answer;
    expect(answer.report.ok).toBe(true);
    expect(hp("ogre")).toBe(24);
    expect(oldShown(old)).toHaveLength(1);
    expect(oldShown(old)[0]).toMatchObject({ dealt: 6, changes: [], left: "" });
    expect(old.system).toEqual({});
    await w.send(undoWire(old.id, records(old)[0]!.id), alice.id);
    expect(hp("ogre")).toBe(30);
    expect(oldShown(old)[0]!.undone).toBe(true);
  });

  it("[SYS-PERM] an old card's old GM ledger (in a GM-authored whisper's flags) is still the one applications read and write", async () => {
    const old = await oldShapeCard(alice);
    const typedLedger = ledgerOf(old.id)!;
    const legacy = structuredClone(typedLedger.ledger);
    w.messages.delete(typedLedger.message.id ?? "");
    const gm = w.users.get("gm")!;
    const oldLedger = await w.post(gm, { whisper: ["gm"], flags: { [SYSTEM_ID]: { ledger: legacy } } });
    expect(ledgerOf(old.id)!.message.id).toBe(oldLedger.id);
    const answer = (await w.send(applyWire(old.id, "ogre"), alice.id)) as Answer;
    expect(answer.report.ok).toBe(true);
    expect(hp("ogre")).toBe(24);
    expect((oldLedger.flags[SYSTEM_ID]!.ledger as CardLedger).card.applied).toHaveLength(1);
    expect(oldLedger.system).toEqual({});
  });
});

describe("[SYS-HIDDEN] cards are typed messages: the public card and the GM's ledger are separate sub-types", () => {
  it("[SYS-HIDDEN] rollAttack posts an `attack` message whose system is the public card and nothing in flags; the GM writes a `ledger` whisper", async () => {
    const m = await cardBy(alice, ["ogre"]);
    expect(m.type).toBe("attack");
    expect(m.flags[SYSTEM_ID]).toBeUndefined();
    expect(attackCardIn(m)!.targets[0]).toMatchObject({ uuid: token("ogre"), detailsHidden: true, odds: null });
    const l = ledgerOf(m.id)!.message as unknown as MessageStandIn;
    expect(l.type).toBe("ledger");
    expect(l.whisper).toEqual(["gm"]);
    expect(l.flags[SYSTEM_ID]).toBeUndefined();
    expect((l.system as CardLedger).card.targets[0]!.outcome.defense).toBeGreaterThan(0);
  });
});

describe("[SYS-PERM] hostile players: forged targets, replays, races and malformed requests", () => {
  const refusedAt = (m: MessageStandIn) => ledger(m).status === "invalid";

  it("[SYS-PERM] a card naming an actor instead of a token on a scene (a character elsewhere in the world) is refused", async () => {
    const m = await forgedBy(alice, ["ogre"], (card) => {
      card.targets[0]!.uuid = "Actor.fighter";
      card.targets[0]!.actorUuid = "Actor.fighter";
    });
    expect(ledger(m)).toMatchObject({ status: "invalid", reason: "targets" });
    const before = structuredClone(w.actors.get("fighter")!.source);
    const answer = (await w.send(
      { ...applyWire(m.id, "ogre"), data: { messageId: m.id, targetUuid: "Actor.fighter", mode: "full" } },
      alice.id,
    )) as Answer;
    expect(answer.report).toMatchObject({ ok: false, message: "D20C.Chat.Error.Invalid" });
    expect(w.actors.get("fighter")!.source).toEqual(before);
  });

  it("[SYS-PERM] [SYS-HIDDEN] a player's card at a token the GM has hidden is refused; the GM's own card at it is not", async () => {
    w.tokens.get("ogre")!.hidden = true;
    const m = await cardBy(alice, ["ogre"]);
    expect(ledger(m)).toMatchObject({ status: "invalid", reason: "targets" });
    const answer = (await w.send(applyWire(m.id, "ogre"), alice.id)) as Answer;
    expect(answer.report).toMatchObject({ ok: false, message: "D20C.Chat.Error.Invalid" });
    expect(hp("ogre")).toBe(30);
    const gmCard = await cardBy(w.users.get("gm")!, ["ogre"]);
    expect(refusedAt(gmCard)).toBe(false);
  });

  it("[SYS-PERM] a player's card at tokens off the attacker's scene, or on two scenes, is refused with a clear message; the GM's own is not", async () => {
    const ogreToken = w.tokens.get("ogre")!;
    ogreToken.parent = { id: "s2", grid: { size: 100 } };
    const away = await cardBy(alice, ["ogre"]);
    expect(ledger(away)).toMatchObject({ status: "invalid", reason: "scene" });
    const answer = (await w.send(applyWire(away.id, "ogre"), alice.id)) as Answer;
    expect(answer.report).toMatchObject({ ok: false, message: "D20C.Chat.Error.OtherScene" });
    expect(i18n.has("D20C.Chat.Error.OtherScene")).toBe(true);
    expect(hp("ogre")).toBe(30);
    // One target here, one on another scene: no player's client targets both.
    const split = await cardBy(alice, ["fighter", "ogre"]);
    expect(ledger(split)).toMatchObject({ status: "invalid", reason: "scene" });
    // An attacker with no token anywhere attacks on the scene its targets share.
    const attacker = w.actors.get("attacker")!;
    w.tokens.get("attacker")!.parent = { id: "s3", grid: { size: 100 } };
    attacker.tokensOf = () => [];
    expect(ledger(await cardBy(alice, ["ogre"])).status).toBe("valid");
    // The GM's own card is the GM's word.
    attacker.tokensOf = () => [w.tokens.get("attacker")!];
    expect(ledger(await cardBy(w.users.get("gm")!, ["ogre"])).status).toBe("valid");
  });

  it("[SYS-PERM] two GMs' clients that both wrote a ledger for one card read the same one, the first written, so a press is recorded once", async () => {
    const gm2 = w.addUser("gm2", true);
    const g = globalThis as unknown as { ChatMessage: { create: (data: Record<string, unknown>) => Promise<unknown> } };
    const create = g.ChatMessage.create;
    // While this client writes its ledger, the other GM's client (active a moment before) writes one too.
    g.ChatMessage.create = async (data) => {
      if (data.type === "ledger") {
        g.ChatMessage.create = create;
        await w.post(gm2, structuredClone(data) as never);
      }
      return create(data);
    };
    try {
      const m = await cardBy(alice, ["ogre"]);
      const ledgers = [...w.messages.values()].filter((x) => x.type === "ledger");
      expect(ledgers.map((l) => l.author.id)).toEqual(["gm2", "gm"]);
      expect((ledgerOf(m.id)!.message as unknown as MessageStandIn).author.id).toBe("gm2");
      await w.send(applyWire(m.id, "ogre"), alice.id);
      const again = (await w.send(applyWire(m.id, "ogre"), alice.id)) as Answer;
      expect(again.report.message).toBe("D20C.Chat.Error.AlreadyApplied");
      expect(hp("ogre")).toBe(24);
      expect((ledgers[0]!.system as CardLedger).card.applied).toHaveLength(1);
    } finally {
      g.ChatMessage.create = create;
    }
  });

  it("[SYS-PERM] a card listing one token twice, or more targets than a scene could give, is refused", async () => {
    const twice = await forgedBy(alice, ["ogre", "fighter"], (card) => {
      card.targets[1] = { ...card.targets[0]! };
    });
    expect(ledger(twice)).toMatchObject({ status: "invalid", reason: "targets" });
    const many = await forgedBy(alice, ["ogre"], (card) => {
      card.targets = Array.from({ length: 5000 }, (_, i) => ({ ...card.targets[0]!, uuid: token(`ogre${i}`) }));
    });
    expect(ledger(many)).toMatchObject({ status: "invalid", reason: "targets" });
    expect(hp("ogre")).toBe(30);
  });

  it("[SYS-HIDDEN] the rolls the rules ask for when the GM damages a creature on a hidden token (a death save) are whispered to the GMs", async () => {
    await w.attack.settings.set(SYSTEM_ID, "ruleset", "wounds-d20");
    try {
      const WD = getRuleset("wounds-d20");
      w.actors.get("ogre")!.source = npc(WD, 10, { hp: { value: 5, max: 5, temp: 0 } });
      w.actors.get("attacker")!.source = npc(WD, 10);
      w.tokens.get("ogre")!.hidden = true;
      const m = await cardBy(w.users.get("gm")!, ["ogre"], "6", 18);
      expect(ledger(m).status).toBe("valid");
      standInAttackFaces.push(3);
      const answer = (await w.send(applyWire(m.id, "ogre"), "gm")) as Answer;
      expect(answer.report.ok).toBe(true);
      const rules = [...w.messages.values()].filter((x) => x.type === "rule");
      expect(rules).toHaveLength(1);
      expect(rules[0]!.whisper).toEqual(["gm"]);
    } finally {
      await w.attack.settings.set(SYSTEM_ID, "ruleset", R.id);
    }
  });

  it("[SYS-HIDDEN] the rolls after a token-HUD HP edit, and a sheet's death save, of a creature on a hidden token are whispered to the GMs and its owners", async () => {
    await w.attack.settings.set(SYSTEM_ID, "ruleset", "wounds-d20");
    try {
      const WD = getRuleset("wounds-d20");
      const ogre = w.actors.get("ogre")!;
      ogre.source = npc(WD, 10, { hp: { value: 5, max: 5, temp: 0 } });
      ogre.owners = ["bob"];
      // The GM's client owns every actor.
      Object.assign(ogre, { isOwner: true });
      w.tokens.get("ogre")!.hidden = true;
      const rules = () => [...w.messages.values()].filter((x) => x.type === "rule");
      // A HUD edit of 6 damage: the actor runs the ruleset and hands its answer to this hook.
      const result = WD.applyDamage(ogre.source, damagePacket(6, { fromAttack: false }), defaultOptions(WD), "ogre");
      expect(result.requests.length).toBeGreaterThan(0);
      ogre.source = result.actor;
      standInAttackFaces.push(3, 4);
      for (const fn of w.hooks.get(`${SYSTEM_ID}.ruleResult`)!) await fn(ogre, result);
      await settled(() => rules().length === 1);
      const { rollDeathSave } = await import("../../src/workflows/saves.js");
      await rollDeathSave(ogre as never);
      await settled(() => rules().length === 2);
      expect(rules().map((m) => m.whisper)).toEqual([
        ["gm", "bob"],
        ["gm", "bob"],
      ]);
      // On a token the table sees, the same rolls follow the roll mode (public here).
      w.tokens.get("ogre")!.hidden = false;
      standInAttackFaces.push(5);
      await rollDeathSave(ogre as never);
      await settled(() => rules().length === 3);
      expect(rules()[2]!.whisper).toEqual([]);
    } finally {
      await w.attack.settings.set(SYSTEM_ID, "ruleset", R.id);
    }
  });

  it("[SYS-HIDDEN] a linked creature hidden on the scene where it acts (the active or the combat's scene) rolls in secret, whichever scene the GM views", async () => {
    await w.attack.settings.set(SYSTEM_ID, "ruleset", "wounds-d20");
    try {
      const WD = getRuleset("wounds-d20");
      const ogre = w.actors.get("ogre")!;
      ogre.source = WD.applyDamage(
        npc(WD, 10, { hp: { value: 5, max: 5, temp: 0 } }),
        damagePacket(6, { fromAttack: false }),
        defaultOptions(WD),
        "ogre",
      ).actor;
      ogre.owners = ["bob"];
      Object.assign(ogre, { isOwner: true });
      // Linked: no token of its own; its token stands hidden on the battle's scene. No scene is viewed.
      const ogreToken = w.tokens.get("ogre")!;
      ogre.token = null;
      ogreToken.parent = { id: "s2", grid: { size: 100 } };
      ogreToken.hidden = true;
      const rules = () => [...w.messages.values()].filter((x) => x.type === "rule");
      const { rollDeathSave } = await import("../../src/workflows/saves.js");
      const whisperOfSave = async (): Promise<string[]> => {
        const before = rules().length;
        standInAttackFaces.push(5);
        await rollDeathSave(ogre as never);
        await settled(() => rules().length === before + 1);
        return rules().at(-1)!.whisper;
      };
      w.setActiveScene("s2");
      expect(await whisperOfSave()).toEqual(["gm", "bob"]);
      // The combat's scene counts as much, with another scene active.
      w.setActiveScene("s1");
      w.setCombat(Object.assign(new CombatStandIn<RelayCombatantStandIn>(1, [], null), { scene: { id: "s2" } }));
      expect(await whisperOfSave()).toEqual(["gm", "bob"]);
      // Hidden on a scene where it does not act, it rolls in the open.
      w.setCombat(null);
      expect(await whisperOfSave()).toEqual([]);
    } finally {
      w.setActiveScene(null);
      await w.attack.settings.set(SYSTEM_ID, "ruleset", R.id);
    }
  });

  it("[SYS-ROLLHOOK] [SYS-HIDDEN] a loose roll's outcomes a player broke in its message's flags are left out of every client's chat render; readable ones are shown", async () => {
    const { onRenderChatMessage } = await import("../../src/applications/chat/card-hooks.js");
    const added: string[] = [];
    const html = {
      hidden: false,
      style: {},
      querySelector: () => null,
      insertAdjacentHTML: (_where: string, h: string) => added.push(h),
    };
    const outcome = { result: "hit", defense: 15, reasons: [] };
    const target = { uuid: token("ogre"), name: "Ogre", img: "ogre.png", outcome };
    const good = {
      version: 1,
      rulesetId: R.id,
      natural: 15,
      total: 20,
      defenseKey: "ac",
      defenseLabel: R.defenses[0]!.label,
      targets: [target],
    };
    const broken: unknown[] = [
      "junk",
      { ...good, targets: "all" },
      { ...good, targets: [null] },
      { ...good, targets: [{ ...target, outcome: null }] },
      { ...good, targets: [{ ...target, outcome: { ...outcome, reasons: "x" } }] },
      { ...good, targets: [{ ...target, outcome: { ...outcome, result: "smash" } }] },
      { ...good, natural: "20" },
      { ...good, targets: Array.from({ length: 5000 }, () => target) },
    ];
    for (const loose of broken) {
      const m = await w.post(alice, { content: "<p>1d20</p>", flags: { [SYSTEM_ID]: { loose } } });
      expect(() => onRenderChatMessage(m as never, html as never), JSON.stringify(loose).slice(0, 80)).not.toThrow();
    }
    expect(added).toEqual([]);
    const m = await w.post(alice, { content: "<p>1d20</p>", flags: { [SYSTEM_ID]: { loose: good } } });
    onRenderChatMessage(m as never, html as never);
    await settled(() => added.length === 1);
    expect(added[0]).toContain("d20c-loose-roll");
  });

  it("[SYS-HIDDEN] [SYS-PERM] a player's typed card whose JSON breaks its own shape: the GM refuses it with a clear error, and no client's chat breaks on it", async () => {
    const { renderAttackCard, publicViewer } = await import("../../src/workflows/chat-render.js");
    const notice = i18n.localize("D20C.Chat.Error.Unreadable");
    const broken: [string, (card: AttackCardData) => void][] = [
      ["outcome null", (c) => ((c.targets[0] as { outcome: unknown }).outcome = null)],
      ["outcome {}", (c) => ((c.targets[0] as { outcome: unknown }).outcome = {})],
      ["modifiers a text", (c) => ((c.targets[0]!.outcome as { modifiers: unknown }).modifiers = "x")],
      ["recipe {}", (c) => ((c.damageRolls[0] as { recipe: unknown }).recipe = {})],
      ["power effects a text", (c) => ((c as { power: unknown }).power = { effects: "x" })],
    ];
    for (const [what, change] of broken) {
      let posted: AttackCardData | null = null;
      const m = await forgedBy(alice, ["ogre"], (card) => {
        change(card);
        posted = structuredClone(card);
      });
      // What the author posted renders as the notice, in the card's own element.
      const html = await renderAttackCard(posted!, publicViewer());
      expect(html, what).toContain(notice);
      expect(html, what).toContain("d20c-attack-card");
      const found = ledgerOf(m.id)!.ledger;
      if (found.status === "invalid") {
        // A refused card keeps what it says; the GM's view of it is the same notice, no crash.
        expect(await renderAttackCard(found.card, publicViewer())).toContain(notice);
        continue;
      }
      // A card the GM decided (the broken part is one the decision does not read) is shown to
      // everyone as the GM's public copy of it.
      const gmCopy = publicCard(found.card, cardVisibility());
      await settled(() => JSON.stringify(attackCardIn(m)!.targets) === JSON.stringify(gmCopy.targets));
      expect(attackCardIn(m)!.damageRolls).toEqual(gmCopy.damageRolls);
      // A part the GM's copy has not at all (an omittable power) stays, as an update merges: that
      // card still shows the notice.
      if (what !== "power effects a text")
        expect(await renderAttackCard(attackCardIn(m)!, publicViewer()), what).not.toContain(notice);
    }
    // The outcome the GM's decision reads: refused naming the data, and pressing it applies nothing.
    const m = await forgedBy(alice, ["ogre"], broken[0]![1]);
    expect(ledger(m)).toMatchObject({ status: "invalid", reason: "data" });
    await refusedToAlice(m, "D20C.Chat.Error.Invalid");
    expect(hp("ogre")).toBe(30);
  });

  it("[SYS-PERM] a player's card attacking as a creature they don't own (the GM's monster's power) is refused; its owner's and the GM's are not", async () => {
    w.actors.get("attacker")!.owners = ["bob"];
    const m = await cardBy(alice, ["fighter"]);
    expect(ledger(m)).toMatchObject({ status: "invalid", reason: "actorUuid" });
    const before = structuredClone(w.actors.get("fighter")!.source);
    const answer = (await w.send(applyWire(m.id, "fighter"), alice.id)) as Answer;
    expect(answer.report).toMatchObject({ ok: false, message: "D20C.Chat.Error.Invalid" });
    expect(w.actors.get("fighter")!.source).toEqual(before);
    for (const author of [bob, w.users.get("gm")!]) expect(refusedAt(await cardBy(author, ["ogre"]))).toBe(false);
  });

  it("[SYS-PERM] a card from another game's world (another ruleset, unknown actors) is refused with the actors unchanged", async () => {
    const other = await forgedBy(alice, ["ogre"], (card) => {
      card.rulesetId = "ffd20";
    });
    expect(ledger(other)).toMatchObject({ status: "invalid", reason: "rulesetId" });
    const stranger = await forgedBy(alice, ["ogre"], (card) => {
      card.actorUuid = "Actor.fromAnotherWorld";
    });
    expect(ledger(stranger)).toMatchObject({ status: "invalid", reason: "actorUuid" });
    for (const m of [other, stranger]) await refusedToAlice(m, "D20C.Chat.Error.Invalid");
    expect(hp("ogre")).toBe(30);
  });

  it("[SYS-PERM] undo sent five times at once reverses once; a second undo later changes nothing", async () => {
    const m = await cardBy(alice, ["ogre"]);
    await w.send(applyWire(m.id, "ogre"), alice.id);
    const rec = records(m)[0]!;
    const answers = (await Promise.all(
      [1, 2, 3, 4, 5].map(() => w.send(undoWire(m.id, rec.id), alice.id)),
    )) as Answer[];
    expect(hp("ogre")).toBe(30);
    expect(answers.filter((a) => a.report.ok)).toHaveLength(1);
    for (const a of answers.filter((x) => !x.report.ok)) expect(i18n.has(a.report.message)).toBe(true);
    // Later play is not erased by a late, repeated undo.
    const b = await cardBy(bob, ["ogre"], "4");
    await w.send(applyWire(b.id, "ogre"), bob.id);
    const again = (await w.send(undoWire(m.id, rec.id), alice.id)) as Answer;
    expect(again.report.ok).toBe(false);
    expect(hp("ogre")).toBe(26);
  });

  it("[SYS-PERM] the GM's click, a second GM's and a player's request for the same application at once: carried out once", async () => {
    const m = await cardBy(alice, ["ogre"]);
    w.addUser("gm2", true);
    const { onApplyClick } = await import("../../src/workflows/apply-damage.js");
    await Promise.all([
      onApplyClick(m as unknown as ChatMessage, token("ogre"), "full"),
      w.send(applyWire(m.id, "ogre"), alice.id),
      w.send(applyWire(m.id, "ogre"), "gm2"),
      onApplyClick(m as unknown as ChatMessage, token("ogre"), "full"),
    ]);
    expect(hp("ogre")).toBe(24);
    expect(records(m)).toHaveLength(1);
  });

  it("[SYS-PERM] undo of a target deleted since is refused with a clear message and the record is kept", async () => {
    const m = await cardBy(alice, ["ogre"]);
    await w.send(applyWire(m.id, "ogre"), alice.id);
    const rec = records(m)[0]!;
    const ogre = w.actors.get("ogre")!;
    w.actors.delete("ogre");
    w.tokens.delete("ogre");
    const answer = (await w.send(undoWire(m.id, rec.id), alice.id)) as Answer;
    expect(answer.report).toMatchObject({ ok: false, message: "D20C.Chat.Error.NoTarget" });
    expect(i18n.has(answer.report.message)).toBe(true);
    expect(records(m)[0]!.undone).toBe(false);
    // Back in the world (an undone deletion), the record still undoes exactly what it did.
    w.actors.set("ogre", ogre);
    w.tokens.set("ogre", ogre.token!);
    await w.send(undoWire(m.id, rec.id), alice.id);
    expect(ogre.source).toEqual(monster());
  });

  it("[SYS-PERM] another card's record, or the ledger's own message named as the card, is refused", async () => {
    const a = await cardBy(alice, ["ogre"]);
    const b = await cardBy(alice, ["ogre"], "4");
    await w.send(applyWire(b.id, "ogre"), alice.id);
    const other = (await w.send(undoWire(a.id, records(b)[0]!.id), alice.id)) as Answer;
    expect(other.report).toMatchObject({ ok: false, message: "D20C.Chat.Error.NoRecord" });
    const ledgerId = ledgerOf(a.id)!.message.id ?? "";
    const onLedger = (await w.send(applyWire(ledgerId, "ogre"), alice.id)) as Answer;
    expect(onLedger.report).toMatchObject({ ok: false, message: "D20C.Chat.Error.NoMessage" });
    expect(hp("ogre")).toBe(26);
  });

  it("[SYS-PERM] prototype-pollution keys and oversized fields in a request change nothing", async () => {
    const m = await cardBy(alice, ["ogre"]);
    const raw = JSON.stringify(applyWire(m.id, "ogre")).replace(
      '"data":{',
      '"__proto__":{"isGM":true},"constructor":{"prototype":{"polluted":true}},"data":{"__proto__":{"polluted":true},',
    );
    const answer = (await w.send(JSON.parse(raw), alice.id)) as Answer;
    expect(answer.report.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isGM).toBeUndefined();
    const proc = JSON.parse(
      '{"type":"request","id":"pp1","gmId":"gm","action":"procedure","data":{"actorUuid":"Actor.fighter","procedureId":"x","choice":null,"targetUuids":[],"numbers":{"__proto__":{"polluted":1},"constructor":1}}}',
    );
    await w.send(proc, alice.id);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // NaN, Infinity and more targets than a request may name: ignored, nothing answered or done.
    const procData = proc.data as Record<string, unknown>;
    for (const data of [
      { ...procData, numbers: { dc: Number.NaN } },
      { ...procData, numbers: { dc: Number.POSITIVE_INFINITY } },
      { ...procData, targetUuids: Array.from({ length: 21 }, () => token("ogre")) },
    ])
      expect(await w.send({ ...proc, id: `pp${++seq}`, data }, alice.id)).toBeNull();
    const huge = "x".repeat(1_000_000);
    expect(await w.send(applyWire(huge, "ogre"), alice.id)).toBeNull();
    expect(await w.send({ ...applyWire(m.id, "ogre"), id: huge }, alice.id)).toBeNull();
    expect(hp("ogre")).toBe(24);
  });

  it("[SYS-PERM] an old-shape card whose data is malformed is read as no card: nothing is decided, applied or thrown", async () => {
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    process.on("unhandledRejection", onError);
    try {
      for (const attack of [
        { targets: 7 },
        { rulesetId: R.id, actorUuid: "Actor.attacker", targets: [{ uuid: token("ogre") }], applied: null },
        { ...attackCardIn(await cardBy(alice, ["ogre"]))!, targets: [null], damageRolls: "x" },
      ]) {
        const m = await w.post(alice, { flags: { [SYSTEM_ID]: { attack } } });
        await new Promise((r) => setTimeout(r, 10));
        expect(ledgerOf(m.id)).toBeNull();
        const answer = (await w.send(applyWire(m.id, "ogre"), alice.id)) as Answer;
        expect(answer.report).toMatchObject({ ok: false, message: "D20C.Chat.Error.NoMessage" });
      }
    } finally {
      process.off("unhandledRejection", onError);
    }
    expect(errors).toEqual([]);
    expect(hp("ogre")).toBe(30);
  });
});
