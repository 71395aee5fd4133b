/**
 * [SYS-RELEASE] Lean stored cards (issue 34), through the REAL rollAttack, the GM's ledger, the
 * relay and the `renderChatMessageHTML` handler on the stand-ins of test/stand-ins/foundry-relay.ts:
 * an attack card's message stores a short line as its `content` (its data and rolls stay), every
 * client draws the card from the data in place of that line, an Apply or an Undo writes only what
 * changed, and a card posted by an older version (its HTML stored as `content`) still renders,
 * is left as it is by the GM's start-up check and still applies and undoes.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { publicCard } from "../../src/engine/plans/card-secrets.js";
import { cardVisibility } from "../../src/settings-attack.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import type * as CardLedgerModule from "../../src/workflows/card-ledger.js";
import type * as ChatRenderModule from "../../src/workflows/chat-render.js";
import type { onRenderChatMessage as OnRenderFn } from "../../src/applications/chat/card-hooks.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import { MessageStandIn, RelayItemStandIn, type RelayStandIn, type UserStandIn } from "../stand-ins/foundry-relay.js";
import { npc, power } from "./attack-fixtures.js";
import { attackCardIn, drawnCardHtml } from "../support/card-messages.js";
import { relayAttackWorld } from "../support/relay-attack.js";

const R = getRuleset("13th-age");
let w: RelayStandIn;
let alice: UserStandIn;
let rollAttack: typeof RollAttackFn;
let ledgers: typeof CardLedgerModule;
let render: typeof ChatRenderModule;
let onRenderChatMessage: typeof OnRenderFn;

const world = relayAttackWorld(R.id);
beforeAll(async () => {
  w = world.w;
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
  ledgers = await import("../../src/workflows/card-ledger.js");
  render = await import("../../src/workflows/chat-render.js");
  ({ onRenderChatMessage } = await import("../../src/applications/chat/card-hooks.js"));
});

const FOES = Array.from({ length: 10 }, (_, i) => `foe${i}`);
beforeEach(() => {
  w.messages.clear();
  w.actors.clear();
  w.tokens.clear();
  standInAttackFaces.length = 0;
  alice = w.addUser("alice");
  w.addActor("attacker", "Orc <Chief>", npc(R, 10), ["alice"]);
  for (const id of FOES) w.addActor(id, `Goblin ${id}`, npc(R, 10, { hp: { value: 30, max: 30, temp: 0 } }), ["alice"]);
});

const token = (id: string) => w.tokens.get(id)!.uuid;

/** Alice's attack (natural 15 on each) against these foes, its ledger written. */
async function attack(targets: string[]): Promise<MessageStandIn> {
  const attacker = w.actors.get("attacker")!;
  const item = new RelayItemStandIn("strike", attacker, "power", "Strike", power({ damage: "6" }));
  attacker.items.set(item.id, item);
  w.attack.targets.clear();
  for (const id of targets) {
    const a = w.actors.get(id)!;
    w.attack.targets.add({ document: { uuid: token(id), name: a.name, texture: { src: a.img } }, actor: a as never });
  }
  standInAttackFaces.push(...Array.from({ length: Math.max(1, targets.length) }, () => 15));
  w.postAs = alice;
  const posted = (await rollAttack(attacker as never, item as never, {
    fastForward: true,
  })) as unknown as MessageStandIn;
  w.postAs = null;
  expect(posted, w.attack.errors.join("; ")).toBeTruthy();
  await ledgers.ensureLedger(posted as never);
  return posted;
}

let requestSeq = 0;
const apply = (m: MessageStandIn, foe: string) =>
  w.send(
    {
      type: "request",
      id: `a${++requestSeq}`,
      gmId: "gm",
      action: "apply",
      data: { messageId: m.id, targetUuid: token(foe), mode: "full" },
    },
    alice.id,
  );
const undo = (m: MessageStandIn, recordId: string) =>
  w.send(
    { type: "request", id: `u${++requestSeq}`, gmId: "gm", action: "undo", data: { messageId: m.id, recordId } },
    alice.id,
  );
const hp = (id: string) => (w.actors.get(id)!.source as { hp: { value: number } }).hp.value;

/** Every message update made while `run` runs, as the data each client receives. */
async function updatesDuring(run: () => Promise<unknown>): Promise<{ type: string; data: Record<string, unknown> }[]> {
  const seen: { type: string; data: Record<string, unknown> }[] = [];
  const update = MessageStandIn.prototype.update;
  MessageStandIn.prototype.update = function (this: MessageStandIn, data) {
    seen.push({ type: this.type, data: structuredClone(data) as Record<string, unknown> });
    return update.call(this, data) as never;
  };
  try {
    await run();
  } finally {
    MessageStandIn.prototype.update = update;
  }
  return seen;
}

/**
 * The `renderChatMessageHTML` handler on a rendered message whose content holds an element of
 * `slotClass` (the stored line, or an older version's stored card): what it drew in its place.
 */
async function drawnBy(m: MessageStandIn, slotClass = "d20c-card-line"): Promise<string[]> {
  const drawn: string[] = [];
  const doc = globalThis as unknown as { document?: unknown };
  const before = doc.document;
  doc.document = {
    createElement: () => {
      let inner = "";
      return {
        set innerHTML(h: string) {
          inner = h;
        },
        get content() {
          return { firstElementChild: { html: inner, querySelectorAll: () => [] } };
        },
      };
    },
  };
  const slot = { replaceWith: (fresh: { html: string }) => drawn.push(fresh.html) };
  const html = {
    hidden: false,
    style: {},
    querySelector: (sel: string) => (sel.includes(`.${slotClass}`) ? slot : null),
  };
  try {
    onRenderChatMessage(m as never, html as never);
    // Drawn at once when the template is a registered partial, else once it is loaded.
    for (let i = 0; i < 100 && !drawn.length; i++) await new Promise((r) => setTimeout(r, 2));
  } finally {
    doc.document = before;
  }
  return drawn;
}

/** UTF-8 bytes of a message's stored data (content, system, flags, rolls, whisper). */
const storedBytes = (m: MessageStandIn) =>
  Buffer.byteLength(
    JSON.stringify({
      type: m.type,
      system: m.system,
      flags: m.flags,
      content: m.content,
      rolls: m._source.rolls,
      whisper: m.whisper,
    }),
  );

describe("[SYS-RELEASE] lean stored cards", () => {
  it("[SYS-RELEASE] a posted attack card stores one short line of names (escaped) as its content, with its data and every roll", async () => {
    const m = await attack(["foe0", "foe1"]);
    expect(m.content).toBe('<p class="d20c-card-line">Orc &lt;Chief&gt;: Strike against Goblin foe0, Goblin foe1</p>');
    expect(attackCardIn(m)!.targets.map((t) => t.uuid)).toEqual([token("foe0"), token("foe1")]);
    // Two attack rolls and the damage roll stay in the message.
    expect(m._source.rolls).toHaveLength(3);
    const untargeted = await attack([]);
    expect(untargeted.content).toBe('<p class="d20c-card-line">Orc &lt;Chief&gt;: Strike</p>');
  });

  it("[SYS-RELEASE] an attack stores at most 7 / 10 / 20 KB against 1 / 3 / 10 targets (card, GM ledger and whispered details together)", async () => {
    const bytes: number[] = [];
    for (const n of [1, 3, 10]) {
      const m = await attack(FOES.slice(0, n));
      const records = [...w.messages.values()].filter((r) => (r.system as { cardId?: string }).cardId === m.id);
      expect(records.map((r) => r.type).sort()).toEqual(["details", "ledger"]);
      bytes.push([m, ...records].reduce((sum, r) => sum + storedBytes(r), 0));
    }
    expect(bytes[0]).toBeLessThanOrEqual(7 * 1024);
    expect(bytes[1]).toBeLessThanOrEqual(10 * 1024);
    expect(bytes[2]).toBeLessThanOrEqual(20 * 1024);
  });

  it("[SYS-RELEASE] every client draws the card from its data in place of the stored line: the GM's numbers for the GM, the public card and its owner's details for a player", async () => {
    const m = await attack(["foe0"]);
    const gm = await drawnBy(m);
    expect(gm).toHaveLength(1);
    const gmCard = ledgers.ledgerOf(m.id)!.ledger.card;
    expect(gm[0]).toBe((await render.renderAttackCard(gmCard, render.currentViewer())).trim());
    expect(gm[0]).toContain("d20c-attack-card");
    expect(gm[0]).toContain("Goblin foe0");
    w.viewAs(alice);
    try {
      const player = await drawnBy(m);
      expect(player).toHaveLength(1);
      expect(player[0]).toContain("d20c-attack-card");
      expect(player[0]).not.toBe(gm[0]);
    } finally {
      w.viewAs(null);
    }
  });

  it("[SYS-RELEASE] Apply and Undo write only what changed: the new record on the ledger and the card, never the card's content, whole data or ledger; under 2 KB in all", async () => {
    const m = await attack(["foe0", "foe1", "foe2"]);
    const content = m.content;
    const applied = await updatesDuring(() => apply(m, "foe0"));
    expect(hp("foe0")).toBe(24);
    expect(applied.map((u) => u.type).sort()).toEqual(["attack", "ledger"]);
    for (const u of applied) {
      expect(Object.keys(u.data)).toEqual(["system"]);
      const system = u.data.system as Record<string, unknown>;
      expect(Object.keys(u.type === "ledger" ? (system.card as object) : system)).toEqual(["applied"]);
      if (u.type === "ledger") expect(Object.keys(system)).toEqual(["card"]);
    }
    expect(Buffer.byteLength(JSON.stringify(applied.map((u) => u.data)))).toBeLessThan(2048);
    expect(m.content).toBe(content);
    const recordId = ledgers.ledgerOf(m.id)!.ledger.card.applied[0]!.id;
    const undone = await updatesDuring(() => undo(m, recordId));
    expect(hp("foe0")).toBe(30);
    expect(undone.map((u) => u.type).sort()).toEqual(["attack", "ledger"]);
    for (const u of undone) expect(Object.keys(u.data)).toEqual(["system"]);
    expect(Buffer.byteLength(JSON.stringify(undone.map((u) => u.data)))).toBeLessThan(2048);
    expect(m.content).toBe(content);
  });

  it("[SYS-RELEASE] a card posted by an older version (its HTML stored as content) still renders, is left as it is by the GM's start-up check, applies and undoes; its first Apply stores the short line instead", async () => {
    const m = await attack(["foe0"]);
    const line = m.content;
    // An older version stored the card's HTML as anyone may see it.
    const shown = publicCard(ledgers.ledgerOf(m.id)!.ledger.card, cardVisibility());
    const oldHtml = await render.renderAttackCard(shown, render.publicViewer());
    m.content = oldHtml;
    expect(oldHtml).toBe(await drawnCardHtml(m));
    const checked = await updatesDuring(() => ledgers.reconcileRecentCards());
    expect(checked).toEqual([]);
    expect(m.content).toBe(oldHtml);
    // Its stored card element is where every client draws the card.
    const drawn = await drawnBy(m, "d20c-attack-card");
    expect(drawn).toHaveLength(1);
    expect(drawn[0]).toContain("d20c-attack-card");
    // Apply and Undo through it.
    expect(((await apply(m, "foe0")) as { report: { ok: boolean } }).report.ok).toBe(true);
    expect(hp("foe0")).toBe(24);
    expect(m.content).toBe(line);
    const recordId = ledgers.ledgerOf(m.id)!.ledger.card.applied[0]!.id;
    expect(((await undo(m, recordId)) as { report: { ok: boolean } }).report.ok).toBe(true);
    expect(hp("foe0")).toBe(30);
  });

  it("[SYS-RELEASE] [SYS-PERM] an older version's stored HTML edited by a player while no GM was online is written back as the GM's short line", async () => {
    const m = await attack(["foe0"]);
    const line = m.content;
    const shown = publicCard(ledgers.ledgerOf(m.id)!.ledger.card, cardVisibility());
    m.content = `${await render.renderAttackCard(shown, render.publicViewer())}<p>The goblin dies: 9999.</p>`;
    await ledgers.reconcileRecentCards();
    expect(m.content).toBe(line);
  });
});
