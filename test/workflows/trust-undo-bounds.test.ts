/**
 * [SYS-PERM] Undo within the game's bounds, through the REAL relay (registerAttackWorkflow's socket
 * listener on the active GM's client, test/stand-ins/foundry-relay.ts): an undo reverses one press
 * on the creature as it is now and never leaves it above its maximum HP (Wounds d20: less its
 * wounds), below what its game allows, or with stacked temporary HP; the card says what undo gave
 * back when it could not give back all of it, with numbers only in the GM's copy.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource } from "../../src/engine/types.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import type { ensureLedger as EnsureLedgerFn, ledgerOf as LedgerOfFn } from "../../src/workflows/card-ledger.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  installRelayStandIn,
  RelayItemStandIn,
  type MessageStandIn,
  type RelayStandIn,
  type UserStandIn,
} from "../stand-ins/foundry-relay.js";
import { npc, power } from "./attack-fixtures.js";
import { attackCardIn, drawnCardHtml, receivedData } from "../support/card-messages.js";
import { boundUndo } from "../../src/engine/undo-bounds.js";
import { diffActor, invertChanges } from "../../src/engine/changes.js";

const R = getRuleset("13th-age");
let w: RelayStandIn;
let alice: UserStandIn;
let eve: UserStandIn;
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
  eve = w.addUser("eve");
  w.addActor("ogre", "Ogre", npc(R, 10, { hp: { value: 30, max: 30, temp: 0 } }));
  w.addActor("attacker", "Orc", npc(R, 10), ["alice"]);
  standInAttackFaces.length = 0;
});

async function settled(done: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !done(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(done()).toBe(true);
}

/** Alice's Strike (flat `damage`) on the ogre, through the real rollAttack; resolves once the GM's ledger is written. */
async function cardByAlice(damage: string): Promise<MessageStandIn> {
  const attacker = w.actors.get("attacker")!;
  const item = new RelayItemStandIn("strike", attacker, "power", "Strike", power({ damage }));
  attacker.items.set(item.id, item);
  w.attack.targets.clear();
  const a = w.actors.get("ogre")!;
  w.attack.targets.add({
    document: { uuid: "Scene.s1.Token.ogre", name: a.name, texture: { src: a.img } },
    actor: a as never,
  });
  standInAttackFaces.push(15);
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
  id: `bound${++seq}`,
  gmId: "gm",
  action,
  data,
});
type Answer = { report: { ok: boolean; warn?: boolean; message: string; data?: Record<string, unknown> } };
const ogre = () => w.actors.get("ogre")!.source as ActorSource;
const copyOf = (user: UserStandIn) =>
  [...w.messages.values()].filter((m) => m.whisper.length === 0 || m.whisper.includes(user.id));

describe("[SYS-PERM] undo is held to the game's bounds", () => {
  it("[SYS-PERM] undoing a hit after the target was healed back to full leaves it at its maximum (30 of 30, not 36), and the card says so", async () => {
    const m = await cardByAlice("6");
    await w.send(wire("apply", { messageId: m.id, targetUuid: "Scene.s1.Token.ogre", mode: "full" }), alice.id);
    expect(ogre().hp.value).toBe(24);
    // The GM heals the ogre back to full from its sheet.
    ogre().hp.value = 30;
    const record = ledgerOf(m.id)!.ledger.card.applied[0]!;
    const answer = (await w.send(wire("undo", { messageId: m.id, recordId: record.id }), alice.id)) as Answer;
    expect(ogre().hp.value).toBe(30);
    // Alice may not read the ogre's sheet: she is told undo was held, without the numbers.
    expect(answer.report).toMatchObject({ ok: true, warn: true, message: "D20C.Chat.Undo.HeldAsked" });
    expect(JSON.stringify(answer.report)).not.toContain("30");
    // The GM's ledger keeps what undo gave back; the public card says only that it was held.
    const gmRecord = ledgerOf(m.id)!.ledger.card.applied[0]!;
    expect(gmRecord).toMatchObject({ undone: true, undoShortfalls: [{ field: "hp", restored: 0, wanted: 6 }] });
    const shownRecord = attackCardIn(m)!.applied[0]!;
    expect(shownRecord.undone).toBe(true);
    expect(shownRecord.undoShortfalls).toEqual([{ field: "hp", restored: 0, wanted: 0 }]);
    expect(await drawnCardHtml(m)).toContain("undo reversed only what the rules allow");
    expect(await drawnCardHtml(m)).not.toContain("of 6 HP");
    // Neither Alice's nor Eve's copy of any message carries the numbers undo held.
    for (const user of [alice, eve]) {
      const copy = JSON.stringify(copyOf(user).map(receivedData));
      expect(copy).not.toContain('"wanted":6');
    }
  });

  it("[SYS-PERM] the GM pressing Undo after a partial heal is told what was given back (2 of 6 HP)", async () => {
    const m = await cardByAlice("6");
    await w.send(wire("apply", { messageId: m.id, targetUuid: "Scene.s1.Token.ogre", mode: "full" }), alice.id);
    ogre().hp.value = 28;
    const record = ledgerOf(m.id)!.ledger.card.applied[0]!;
    const answer = (await w.send(wire("undo", { messageId: m.id, recordId: record.id }), "gm")) as Answer;
    expect(ogre().hp.value).toBe(30);
    expect(answer.report).toMatchObject({ ok: true, warn: true, message: "D20C.Chat.Undo.Held" });
    expect(answer.report.data?.held).toBe("2 of 6 HP");
    expect(ledgerOf(m.id)!.ledger.card.applied[0]!.undoShortfalls).toEqual([{ field: "hp", restored: 2, wanted: 6 }]);
  });

  it("[SYS-PERM] an undo with nothing to hold restores exactly and says nothing more", async () => {
    const m = await cardByAlice("6");
    await w.send(wire("apply", { messageId: m.id, targetUuid: "Scene.s1.Token.ogre", mode: "full" }), alice.id);
    const record = ledgerOf(m.id)!.ledger.card.applied[0]!;
    const answer = (await w.send(wire("undo", { messageId: m.id, recordId: record.id }), alice.id)) as Answer;
    expect(ogre().hp.value).toBe(30);
    expect(answer.report.message).toBe("D20C.Chat.Undo.Done");
    expect(ledgerOf(m.id)!.ledger.card.applied[0]!.undoShortfalls).toBeUndefined();
  });
});

describe("[13A-TEMPHP] [SYS-PERM] undo never stacks temporary HP", () => {
  /** Alice's card (flat `amount`) applied to the ogre with `mode`; the record's id. */
  async function pressed(amount: string, mode: string): Promise<{ m: MessageStandIn; recordId: string }> {
    const m = await cardByAlice(amount);
    await w.send(wire("apply", { messageId: m.id, targetUuid: "Scene.s1.Token.ogre", mode }), alice.id);
    return { m, recordId: ledgerOf(m.id)!.ledger.card.applied.at(-1)!.id };
  }
  const undo = async (p: { m: MessageStandIn; recordId: string }) =>
    (await w.send(wire("undo", { messageId: p.m.id, recordId: p.recordId }), "gm")) as Answer;

  it("[13A-TEMPHP] [SYS-PERM] a blow that spent 5 temporary HP, undone after the GM granted 8: the ogre keeps 8 (the higher), not 13, and its HP come back", async () => {
    ogre().hp.temp = 5;
    const hit = await pressed("6", "full");
    expect(ogre().hp).toMatchObject({ value: 29, temp: 0 });
    // Later play: a grant of 8 temporary HP (they do not stack: the higher is kept).
    ogre().hp.temp = 8;
    const answer = await undo(hit);
    expect(ogre().hp).toMatchObject({ value: 30, temp: 8 });
    expect(answer.report).toMatchObject({ ok: true, warn: true, message: "D20C.Chat.Undo.Held" });
    expect(ledgerOf(hit.m.id)!.ledger.card.applied[0]!.undoShortfalls).toEqual([
      { field: "temp", restored: 0, wanted: 5 },
    ]);
  });

  it("[13A-TEMPHP] [SYS-PERM] a blow that spent 5 temporary HP, undone after a grant of 3 since: back to 5 (the higher of now and before)", async () => {
    ogre().hp.temp = 5;
    const hit = await pressed("6", "full");
    ogre().hp.temp = 3;
    await undo(hit);
    expect(ogre().hp).toMatchObject({ value: 30, temp: 5 });
  });

  it("[13A-TEMPHP] [SYS-PERM] a card's grant of 5 temporary HP replaced by a later grant of 8: undoing the card's grant takes nothing (8 stay, not 3)", async () => {
    const grant = await pressed("5", "temp");
    expect(ogre().hp.temp).toBe(5);
    ogre().hp.temp = 8;
    await undo(grant);
    expect(ogre().hp.temp).toBe(8);
  });

  it("[13A-TEMPHP] [SYS-PERM] a card's grant of 5 with 2 spent since by a blow: undo takes back what is left of it (0), and with nothing since, exactly what it gave", async () => {
    const grant = await pressed("5", "temp");
    ogre().hp.temp = 3;
    await undo(grant);
    expect(ogre().hp.temp).toBe(0);
    const again = await pressed("5", "temp");
    expect(ogre().hp.temp).toBe(5);
    const answer = await undo(again);
    expect(ogre().hp.temp).toBe(0);
    expect(answer.report.message).toBe("D20C.Chat.Undo.Done");
  });
});

/** The inverse of `before → after` on `current`, held to `id`'s bounds. */
function undoOn(id: string, before: ActorSource, after: ActorSource, current: ActorSource) {
  const changes = diffActor(before, after);
  return boundUndo(getRuleset(id), current, invertChanges(changes, current, []).next);
}

describe("[SYS-PERM] each game's own bounds", () => {
  it("[WD-WOUNDPTS] [SYS-PERM] Wounds d20: undo of a hit stops below maximum by the wounds taken since", () => {
    const W = getRuleset("wounds-d20");
    const fresh = npc(W, 10, { hp: { value: 30, max: 30, temp: 0 } });
    const hit = { ...fresh, hp: { ...fresh.hp, value: 24 } };
    // Since the hit: healed back, then a wound of 4 recorded (by another blow, since undone in HP).
    const now = { ...hit, hp: { ...hit.hp, value: 26 }, wounds: [{ severity: 4, location: "arm", nasty: false }] };
    const held = undoOn(W.id, fresh, hit, now as ActorSource);
    expect(held.next.hp.value).toBe(26);
    expect(held.shortfalls).toEqual([{ field: "hp", restored: 0, wanted: 6 }]);
  });

  it("[HD-HP] [SYS-PERM] Hundred Dungeons: undo of a heal never takes HP below 0", () => {
    const H = getRuleset("hundred-dungeons");
    const down = npc(H, 10, { hp: { value: 0, max: 30, temp: 0 } });
    const healed = { ...down, hp: { ...down.hp, value: 10 } };
    const hitSince = { ...healed, hp: { ...healed.hp, value: 4 } };
    const held = undoOn(H.id, down, healed, hitSince);
    expect(held.next.hp.value).toBe(0);
    expect(held.shortfalls).toEqual([{ field: "hp", restored: -4, wanted: -10 }]);
  });

  it("[13A-DEATH] [SYS-PERM] 13th Age: a character's HP may go below 0 on undo of a heal; a mook's stop at 0", () => {
    const A = getRuleset("13th-age");
    const pc = npc(A, 10, { kind: "character", hp: { value: 5, max: 30, temp: 0 } });
    const healed = { ...pc, hp: { ...pc.hp, value: 15 } };
    const hitSince = { ...healed, hp: { ...healed.hp, value: 2 } };
    expect(undoOn(A.id, pc, healed, hitSince).next.hp.value).toBe(-8);
    const mook = npc(A, 10, { hp: { value: 5, max: 30, temp: 0 } });
    expect(
      undoOn(A.id, mook, { ...mook, hp: { ...mook.hp, value: 15 } }, { ...mook, hp: { ...mook.hp, value: 2 } }).next.hp
        .value,
    ).toBe(0);
  });

  it("[13A-TEMPHP] [SYS-PERM] undo of a temporary HP grant already spent never leaves temporary HP below 0", () => {
    const A = getRuleset("13th-age");
    const start = npc(A, 10, { hp: { value: 30, max: 30, temp: 0 } });
    const granted = { ...start, hp: { ...start.hp, temp: 10 } };
    const spent = { ...start, hp: { ...start.hp, temp: 3 } };
    const held = undoOn(A.id, start, granted, spent);
    expect(held.next.hp.temp).toBe(0);
    expect(held.shortfalls).toEqual([{ field: "temp", restored: -3, wanted: -10 }]);
  });
});
