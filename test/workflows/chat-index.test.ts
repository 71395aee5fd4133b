/**
 * [SYS-RELEASE] [SYS-PERM] Where a card's ledger lives and how it is found, through the REAL
 * registered hooks and relay (registerAttackWorkflow) on the active GM's client, with the stand-ins
 * of test/stand-ins/foundry-relay.ts: one GM-whispered ledger message per card, found through the
 * chat index (no walk of the log per lookup), after a reload, for cards of older versions; deleting
 * a card (or Clear Chat Log) deletes its ledger and whispers with it and leaves every other card's
 * undo working; a ledger deleted under a card that shows applications closes the card.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource } from "../../src/engine/types.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import type { CardLedger } from "../../src/engine/plans/card-data.js";
import type * as CardLedgerModule from "../../src/workflows/card-ledger.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  installRelayStandIn,
  MessageStandIn,
  RelayItemStandIn,
  type RelayStandIn,
  type UserStandIn,
} from "../stand-ins/foundry-relay.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { attackCardIn } from "../support/card-messages.js";
import { npc, power } from "./attack-fixtures.js";

const R = getRuleset("13th-age");
const i18n = createI18nStandIn();
let w: RelayStandIn;
let alice: UserStandIn;
let gm: UserStandIn;
let rollAttack: typeof RollAttackFn;
let ledgers: typeof CardLedgerModule;

beforeAll(async () => {
  w = installRelayStandIn(R.id);
  const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
  registerAttackWorkflow();
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
  ledgers = await import("../../src/workflows/card-ledger.js");
});
afterAll(() => w.uninstall());

const monster = (): ActorSource => npc(R, 10, { hp: { value: 30, max: 30, temp: 0 } });
beforeEach(() => {
  w.messages.clear();
  w.actors.clear();
  w.tokens.clear();
  alice = w.addUser("alice");
  gm = w.users.get("gm")!;
  w.addActor("ogre", "Ogre", monster());
  w.addActor("attacker", "Orc", npc(R, 10), ["alice"]);
  // Alice's own fighter: under the default visibility she is whispered its numbers (a details message).
  w.addActor("fighter", "Fighter", npc(R, 10, { kind: "character", hp: { value: 30, max: 30, temp: 0 } }), ["alice"]);
  standInAttackFaces.length = 0;
});

async function settled(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(done()).toBe(true);
}

/** Alice's Strike (+5, 6 damage, natural 15) at these targets; resolves once the GM's client decided it. */
async function cardBy(targets: string[]): Promise<MessageStandIn> {
  const attacker = w.actors.get("attacker")!;
  const item = new RelayItemStandIn("strike", attacker, "power", "Strike", power({ damage: "6" }));
  attacker.items.set(item.id, item);
  w.attack.targets.clear();
  for (const id of targets) {
    const a = w.actors.get(id)!;
    w.attack.targets.add({
      document: { uuid: w.tokens.get(id)!.uuid, name: a.name, texture: { src: a.img } },
      actor: a as never,
    });
  }
  standInAttackFaces.push(...targets.map(() => 15));
  w.postAs = alice;
  const posted = (await rollAttack(attacker as never, item as never, {
    fastForward: true,
  })) as unknown as MessageStandIn;
  w.postAs = null;
  await settled(() => ledgers.ledgerOf(posted.id) !== null);
  await ledgers.ensureLedger(posted as never);
  return posted;
}

let seq = 0;
const wire = (action: "apply" | "undo", data: Record<string, unknown>) => ({
  type: "request",
  id: `ix${++seq}`,
  gmId: "gm",
  action,
  data,
});
type Answer = { report: { ok: boolean; message: string } };
const apply = async (m: MessageStandIn, target: string) =>
  (await w.send(
    wire("apply", { messageId: m.id, targetUuid: w.tokens.get(target)!.uuid, mode: "full" }),
    alice.id,
  )) as Answer;
const undo = async (m: MessageStandIn, recordId: string) =>
  (await w.send(wire("undo", { messageId: m.id, recordId }), gm.id)) as Answer;
const hp = (id: string) => w.actors.get(id)!.source.hp.value;
const records = (m: MessageStandIn) => ledgers.ledgerOf(m.id)?.ledger.card.applied ?? [];
/** The GM-written ledger and details messages naming a card. */
const recordsOf = (cardId: string) =>
  [...w.messages.values()].filter((m) => {
    const data = (m.type === "ledger" || m.type === "details" ? m.system : {}) as { cardId?: string };
    return data.cardId === cardId;
  });
/** A campaign's worth of other chat before the cards: plain messages the lookups must not walk. */
async function filler(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await w.post(gm, { content: `<p>${i}</p>` });
}

describe("[SYS-RELEASE] a card's ledger and details are found through the chat index", () => {
  it("[SYS-RELEASE] [SYS-PERM] apply, undo and the lookups of ledger and details read no walk of the log, in a log of 300 messages", async () => {
    await filler(300);
    const m = await cardBy(["ogre", "fighter"]);
    expect(ledgers.detailsFor(m.id).map((d) => Object.keys(d.targets))).toEqual([[w.tokens.get("fighter")!.uuid]]);
    w.contentsReads = 0;
    expect((await apply(m, "ogre")).report.ok).toBe(true);
    expect(hp("ogre")).toBe(24);
    expect((await undo(m, records(m)[0]!.id)).report.ok).toBe(true);
    expect(hp("ogre")).toBe(30);
    expect(ledgers.ledgerOf(m.id)?.ledger.cardId).toBe(m.id);
    expect(ledgers.detailsFor(m.id)).toHaveLength(1);
    expect(w.contentsReads).toBe(0);
  });

  it("[SYS-RELEASE] [SYS-PERM] after a reload the index is built again in one pass: ledgers (typed and of older versions) and details are found, and undo works", async () => {
    const typed = await cardBy(["ogre", "fighter"]);
    expect((await apply(typed, "ogre")).report.ok).toBe(true);
    // A card of an older version: its data and its GM ledger in flags.
    const old = await cardBy(["ogre"]);
    const oldLedger = structuredClone(ledgers.ledgerOf(old.id)!.ledger);
    w.messages.delete(ledgers.ledgerOf(old.id)!.message.id ?? "");
    const legacy = await w.post(gm, { whisper: ["gm"], flags: { [SYSTEM_ID]: { ledger: oldLedger } } });
    w.reload();
    w.contentsReads = 0;
    expect(ledgers.ledgerOf(typed.id)?.ledger.card.applied).toHaveLength(1);
    expect(ledgers.ledgerOf(old.id)?.message.id).toBe(legacy.id);
    expect(ledgers.detailsFor(typed.id)).toHaveLength(1);
    expect(w.contentsReads).toBe(1);
    expect((await undo(typed, records(typed)[0]!.id)).report.ok).toBe(true);
    expect(hp("ogre")).toBe(30);
    expect((await apply(old, "ogre")).report.ok).toBe(true);
    expect((legacy.flags[SYSTEM_ID]!.ledger as CardLedger).card.applied).toHaveLength(1);
    expect(w.contentsReads).toBe(1);
  });

  it("[SYS-PERM] a ledger message a player posts is never indexed: the GM's own is found", async () => {
    const m = await cardBy(["ogre"]);
    const real = ledgers.ledgerOf(m.id)!;
    const forged: CardLedger = structuredClone(real.ledger);
    forged.card.targets[0]!.damage = 9999;
    await w.post(alice, { whisper: ["gm"], type: "ledger", system: forged as never });
    w.reload();
    expect(ledgers.ledgerOf(m.id)!.message).toBe(real.message);
    expect((await apply(m, "ogre")).report.ok).toBe(true);
    expect(hp("ogre")).toBe(24);
  });
});

describe("[SYS-PERM] one GM-only ledger per card, deleted with its card", () => {
  it("[SYS-PERM] a GM deleting an applied card deletes its ledger and details; another card still undoes", async () => {
    const gone = await cardBy(["ogre", "fighter"]);
    const kept = await cardBy(["ogre"]);
    expect((await apply(gone, "ogre")).report.ok).toBe(true);
    expect((await apply(kept, "ogre")).report.ok).toBe(true);
    expect(hp("ogre")).toBe(18);
    expect(recordsOf(gone.id)).toHaveLength(2);
    expect(await w.deleteAs(gm, gone)).toBe(true);
    await settled(() => recordsOf(gone.id).length === 0);
    expect(ledgers.ledgerOf(gone.id)).toBeNull();
    expect(ledgers.detailsFor(gone.id)).toEqual([]);
    expect((await undo(kept, records(kept)[0]!.id)).report.ok).toBe(true);
    expect(hp("ogre")).toBe(24);
    expect(recordsOf(kept.id)).toHaveLength(1);
  });

  it("[SYS-PERM] Clear Chat Log leaves no ledger and no whisper; the next card is decided and applies as usual", async () => {
    const a = await cardBy(["ogre", "fighter"]);
    await cardBy(["ogre"]);
    expect((await apply(a, "ogre")).report.ok).toBe(true);
    // Foundry deletes every message, calling deleteChatMessage for each with the GM's id.
    for (const m of [...w.messages.values()]) await w.deleteAs(gm, m);
    await new Promise((r) => setTimeout(r, 20));
    expect(w.messages.size).toBe(0);
    const next = await cardBy(["ogre"]);
    expect(ledgers.ledgerOf(next.id)?.ledger.status).toBe("valid");
    expect((await apply(next, "ogre")).report.ok).toBe(true);
    expect(hp("ogre")).toBe(18);
    expect((await undo(next, records(next)[0]!.id)).report.ok).toBe(true);
    expect(hp("ogre")).toBe(24);
  });

  it("[SYS-PERM] a ledger deleted under a card that shows an application closes the card: nothing is applied again or undone through it", async () => {
    const m = await cardBy(["ogre"]);
    expect((await apply(m, "ogre")).report.ok).toBe(true);
    expect(attackCardIn(m)!.applied).toHaveLength(1);
    expect(await w.deleteAs(gm, ledgers.ledgerOf(m.id)!.message as unknown as MessageStandIn)).toBe(true);
    const again = await apply(m, "ogre");
    expect(again.report).toMatchObject({ ok: false, message: "D20C.Chat.Error.LedgerGone" });
    expect(i18n.has("D20C.Chat.Error.LedgerGone")).toBe(true);
    expect(ledgers.ledgerOf(m.id)!.ledger).toMatchObject({ status: "invalid", reason: "ledger" });
    expect((await undo(m, attackCardIn(m)!.applied[0]!.id)).report.ok).toBe(false);
    expect(hp("ogre")).toBe(24);
  });

  it("[SYS-PERM] a ledger deleted under a card with no application: the GM decides the card again", async () => {
    const m = await cardBy(["ogre"]);
    expect(await w.deleteAs(gm, ledgers.ledgerOf(m.id)!.message as unknown as MessageStandIn)).toBe(true);
    expect((await apply(m, "ogre")).report.ok).toBe(true);
    expect(hp("ogre")).toBe(24);
    expect(ledgers.ledgerOf(m.id)!.ledger.status).toBe("valid");
  });
});

describe("[SYS-RELEASE] Apply and Undo write only what changed", () => {
  it("[SYS-RELEASE] [SYS-PERM] an Apply and its Undo write the card's and the ledger's application records, not the whole card, ledger or rolls", async () => {
    const m = await cardBy(["ogre", "fighter"]);
    const ledgerMessage = ledgers.ledgerOf(m.id)!.message as unknown as MessageStandIn;
    const writes: { id: string; data: Record<string, unknown> }[] = [];
    const update = MessageStandIn.prototype.update;
    MessageStandIn.prototype.update = function (this: MessageStandIn, data) {
      writes.push({ id: this.id, data: structuredClone(data) as Record<string, unknown> });
      return update.call(this, data) as never;
    };
    try {
      expect((await apply(m, "ogre")).report.ok).toBe(true);
      expect((await undo(m, records(m)[0]!.id)).report.ok).toBe(true);
    } finally {
      MessageStandIn.prototype.update = update;
    }
    expect(hp("ogre")).toBe(30);
    const toLedger = writes.filter((x) => x.id === ledgerMessage.id);
    const toCard = writes.filter((x) => x.id === m.id);
    expect(toLedger).toHaveLength(2);
    expect(toCard).toHaveLength(2);
    for (const { data } of toLedger) expect(data).toEqual({ system: { card: { applied: expect.any(Array) } } });
    for (const { data } of toCard) {
      expect(Object.keys(data).filter((k) => k !== "content")).toEqual(["system"]);
      expect(Object.keys(data.system as object)).toEqual(["applied"]);
      expect(data.rolls).toBeUndefined();
    }
  });
});
