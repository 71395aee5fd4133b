/**
 * [SYS-TARGETS] [SYS-PERM] One creature, one share of an attack, through the REAL relay on the
 * active GM's client (registerAttackWorkflow's socket listener, test/stand-ins/foundry-relay.ts): a
 * card whose targets include two tokens of one linked actor applies the attack to that actor once
 * (the card shows the second token as the same creature); two creatures (unlinked tokens each have
 * their own actor) each take theirs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import type { ensureLedger as EnsureLedgerFn, ledgerOf as LedgerOfFn } from "../../src/workflows/card-ledger.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  installRelayStandIn,
  RelayItemStandIn,
  RelayTokenStandIn,
  type MessageStandIn,
  type RelayStandIn,
  type UserStandIn,
} from "../stand-ins/foundry-relay.js";
import { npc, power } from "./attack-fixtures.js";
import { attackCardIn, drawnCardHtml } from "../support/card-messages.js";

const R = getRuleset("13th-age");
let w: RelayStandIn;
let alice: UserStandIn;
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

beforeEach(() => {
  w.messages.clear();
  w.actors.clear();
  w.tokens.clear();
  alice = w.addUser("alice");
  w.addActor("attacker", "Orc", npc(R, 10), ["alice"]);
  // A linked ogre with two tokens on the scene (its own, and a second one the GM dropped).
  const ogre = w.addActor("ogre", "Ogre", npc(R, 10, { hp: { value: 30, max: 30, temp: 0 } }));
  ogre.token = null;
  w.tokens.set("ogre2", new RelayTokenStandIn("ogre2", ogre, () => w.user));
  // Two goblins: unlinked tokens, each its own actor.
  w.addActor("gob1", "Goblin", npc(R, 10, { hp: { value: 20, max: 20, temp: 0 } }));
  w.addActor("gob2", "Goblin", npc(R, 10, { hp: { value: 20, max: 20, temp: 0 } }));
  standInAttackFaces.length = 0;
});

async function settled(done: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !done(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(done()).toBe(true);
}

/** Alice's Strike (flat 6) on these tokens, through the real rollAttack; resolves once the GM's ledger is written. */
async function cardOn(tokenIds: string[]): Promise<MessageStandIn> {
  const attacker = w.actors.get("attacker")!;
  const item = new RelayItemStandIn("strike", attacker, "power", "Strike", power({ damage: "6" }));
  attacker.items.set(item.id, item);
  w.attack.targets.clear();
  for (const id of tokenIds) {
    const t = w.tokens.get(id)!;
    w.attack.targets.add({
      document: { uuid: t.uuid, name: t.actor.name, texture: { src: "" } },
      actor: t.actor as never,
    });
  }
  standInAttackFaces.push(...tokenIds.map(() => 15));
  w.postAs = alice;
  const posted = (await rollAttack(attacker as never, item as never, {
    fastForward: true,
  })) as unknown as MessageStandIn;
  w.postAs = null;
  await settled(() => ledgerOf(posted.id) !== null);
  await ensureLedger(posted as never);
  return posted;
}

let seq = 0;
const wire = (action: string, data: Record<string, unknown>) => ({
  type: "request",
  id: `one${++seq}`,
  gmId: "gm",
  action,
  data,
});
type Answer = { report: { ok: boolean; message: string; data?: Record<string, unknown> } };
const apply = async (m: MessageStandIn, tokenId: string) =>
  (await w.send(
    wire("apply", { messageId: m.id, targetUuid: `Scene.s1.Token.${tokenId}`, mode: "full" }),
    alice.id,
  )) as Answer;
const hp = (id: string) => w.actors.get(id)!.source.hp.value;

describe("[SYS-TARGETS] one creature, one share of an attack", () => {
  it("[SYS-TARGETS] [SYS-PERM] two tokens of one linked ogre on a card: the second press is refused and the ogre loses 6, not 12; the card names the second token as the same creature", async () => {
    const m = await cardOn(["ogre", "ogre2"]);
    expect((await apply(m, "ogre")).report.ok).toBe(true);
    expect(hp("ogre")).toBe(24);
    const second = await apply(m, "ogre2");
    expect(second.report).toMatchObject({ ok: false, message: "D20C.Chat.Error.SameCreature" });
    expect(hp("ogre")).toBe(24);
    // One record in the GM's ledger and on the public card.
    expect(ledgerOf(m.id)!.ledger.card.applied.filter((r) => !r.undone)).toHaveLength(1);
    expect(attackCardIn(m)!.applied).toHaveLength(1);
    // Every reader's card (the GM's HTML of the public copy) names the second token as the same creature.
    expect(await drawnCardHtml(m)).toContain("the same creature as Ogre");
    // Undo the first: the second token may take the share instead.
    const record = ledgerOf(m.id)!.ledger.card.applied[0]!;
    await w.send(wire("undo", { messageId: m.id, recordId: record.id }), alice.id);
    expect(hp("ogre")).toBe(30);
    expect((await apply(m, "ogre2")).report.ok).toBe(true);
    expect(hp("ogre")).toBe(24);
  });

  it("[SYS-TARGETS] two creatures (each token its own actor) each take their share", async () => {
    const m = await cardOn(["gob1", "gob2"]);
    expect((await apply(m, "gob1")).report.ok).toBe(true);
    expect((await apply(m, "gob2")).report.ok).toBe(true);
    expect([hp("gob1"), hp("gob2")]).toEqual([14, 14]);
    expect(await drawnCardHtml(m)).not.toContain("the same creature as");
  });
});
