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
import type { ActorSource } from "../../src/engine/types.js";
import { attackFromRecordedDice } from "../../src/workflows/attack-core.js";
import type { AttackCardData } from "../../src/workflows/card-data.js";
import {
  installRelayStandIn,
  type MessageStandIn,
  type RelayStandIn,
  type UserStandIn,
} from "../stand-ins/foundry-relay.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { npc, power, request, target } from "./attack-fixtures.js";

const R = getRuleset("13th-age");
const i18n = createI18nStandIn();
let w: RelayStandIn;
let alice: UserStandIn; // plays the fighter and attacks
let bob: UserStandIn; // plays the cleric
let eve: UserStandIn; // a player with no stake in the card

beforeAll(async () => {
  w = installRelayStandIn(R.id);
  const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
  registerAttackWorkflow();
});
afterAll(() => w.uninstall());

const monster = (): ActorSource => npc(R, 10, { hp: { value: 30, max: 30, temp: 0 } });
beforeEach(() => {
  w.messages.clear();
  w.actors.clear();
  w.tokens.clear();
  w.emitted.length = 0;
  alice = w.addUser("alice");
  bob = w.addUser("bob");
  eve = w.addUser("eve");
  w.addActor("ogre", "Ogre", monster());
  w.addActor("fighter", "Fighter", npc(R, 10, { kind: "character", hp: { value: 20, max: 30, temp: 0 } }), ["alice"]);
});

/** A card against these targets (by actor id), posted by `author`, dealing `damage`. */
async function cardBy(author: UserStandIn, targets: string[], damage = "6"): Promise<MessageStandIn> {
  const card: AttackCardData = attackFromRecordedDice(
    request("13th-age", {
      power: power({ damage }),
      targets: targets.map((id) => target(id, w.actors.get(id)!.source, w.actors.get(id)!.name)),
    }),
    targets.map(() => [15]),
    { "*": [] },
  );
  return w.post(author, { flags: { [SYSTEM_ID]: { attack: card } } });
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
const records = (m: MessageStandIn) => (m.flags[SYSTEM_ID]?.attack as AttackCardData | undefined)?.applied ?? [];

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
    const ghost = (await w.send(applyWire(m.id, "ogre"), "nobody")) as Answer;
    expect(ghost.report).toMatchObject({ ok: false, message: "D20C.Chat.Permission.UnknownUser" });
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
