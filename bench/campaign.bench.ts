/**
 * `npm run bench` (or `npx vitest run --config bench/vitest.config.ts bench/campaign.bench.ts`):
 * the fortieth session ([SYS-RELEASE], issue 34). A campaign keeps every chat message, so the same
 * clicks are timed in an empty world and in a world of 18,000 messages made from real attacks
 * (13th Age, through the real `rollAttack`, the GM's ledger decision and the relay stand-in of
 * test/stand-ins/foundry-relay.ts: attack cards against 1, 3 and 10 targets, their GM ledgers and
 * the owners' details, copied under fresh ids to fill the log, then a reload so the chat index is
 * built from the collection as a page load builds it):
 *
 * - one attack on the GM's client (rollAttack → the card posted → the ledger decided and written)
 *   and one Apply, one Undo, each as a ratio to the empty world (target ≤ 1.5×, or +1 ms);
 * - the GM's start-up check of recent cards, the index build included (target < 20 ms);
 * - drawing the newest 100 messages (the `renderChatMessageHTML` handler's work: the ledger or
 *   details lookup and the card's context) for the GM and a player, as a ratio to a 300-message
 *   world (target ≤ 1.5×);
 * - stored bytes per attack (UTF-8 JSON of each created document's stored data: card, ledger and
 *   details) against 1, 3 and 10 targets (target ≤ 7 / 10 / 20 KB), and the bytes one Apply
 *   broadcasts: the message updates as written plus the actor's changed fields (target < 2 KB);
 * - the first render of the attack card and of a character's sheet on a fresh page (a fresh
 *   Handlebars with Foundry's helpers standing in): compiled from the template's source at first
 *   use, and from the build's precompiled templates (scripts/lib/precompiled-templates.mjs;
 *   target ≤ 5 ms card, ≤ 10 ms sheet).
 *
 * Medians of repeated runs, in CPU time (the machine is shared). A benchmark, not a timed test: it asserts only that the
 * work was done.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { precompiledModule } from "../scripts/lib/precompiled-templates.mjs";
import { attackCardContext } from "../src/engine/views/attack-card-context.js";
import { defaultActorSource } from "../src/engine/common.js";
import { createTemplateRenderer, REPO_ROOT } from "../test/support/handlebars.js";
import { bareActorContext } from "../test/sheets/sheet-fixtures.js";
import { standInViewer, threeTargetCard } from "../test/workflows/attack-card-fixture.js";
import { getRuleset } from "../src/engine/registry.js";
import type { Asker } from "../src/socket.js";
import type { ApplyRequest } from "../src/workflows/apply-damage.js";
import { standInAttackFaces } from "../test/stand-ins/foundry-attack.js";
import {
  installRelayStandIn,
  MessageStandIn,
  RelayActorStandIn,
  RelayItemStandIn,
  type RelayStandIn,
  type UserStandIn,
} from "../test/stand-ins/foundry-relay.js";
import { npc, power } from "../test/workflows/attack-fixtures.js";
import { median } from "./harness.js";

const R = getRuleset("13th-age");
const CAMPAIGN = 18_000;
const SMALL = 300;
const w: RelayStandIn = installRelayStandIn(R.id);
afterAll(() => w.uninstall());

const { registerAttackWorkflow } = await import("../src/workflows/register.js");
registerAttackWorkflow();
const { rollAttack } = await import("../src/workflows/attack.js");
const { ensureLedger, ledgerOf, reconcileRecentCards, undoneCardCreations } =
  await import("../src/workflows/card-ledger.js");
const { applyHere, undoHere } = await import("../src/workflows/apply-damage.js");
const { onRenderChatMessage } = await import("../src/applications/chat/card-hooks.js");

const gm = w.users.get("gm")!;
const alice: UserStandIn = w.addUser("alice");
const TARGETS = Array.from({ length: 10 }, (_, i) => `foe${i}`);
w.addActor("attacker", "Orc", npc(R, 10), ["alice"]);
for (const id of TARGETS) w.addActor(id, id, npc(R, 10, { hp: { value: 500, max: 500, temp: 0 } }), ["alice"]);
const attacker = w.actors.get("attacker")!;
const item = new RelayItemStandIn("strike", attacker, "power", "Strike", power({ damage: "6" }));
attacker.items.set(item.id, item);
const asGM: Asker = { id: gm.id, isGM: true };

/** One attack on the GM's client against the first `n` targets, its ledger written. */
async function attack(n: number): Promise<MessageStandIn> {
  w.attack.targets.clear();
  for (const id of TARGETS.slice(0, n)) {
    const a = w.actors.get(id)!;
    w.attack.targets.add({
      document: { uuid: w.tokens.get(id)!.uuid, name: a.name, texture: { src: a.img } },
      actor: a as never,
    });
  }
  standInAttackFaces.push(...Array.from({ length: n }, () => 15));
  const posted = (await rollAttack(attacker as never, item as never, {
    fastForward: true,
  })) as unknown as MessageStandIn;
  await ensureLedger(posted as never);
  return posted;
}

/** The messages the GM wrote about a card (its ledger and details). */
const recordsOf = (cardId: string) =>
  [...w.messages.values()].filter((m) => (m.system as { cardId?: string }).cardId === cardId);

/** The stored data of a message as UTF-8 JSON bytes. */
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

/** CPU milliseconds this process spent since a `process.cpuUsage()` reading (the machine is shared: the clock also counts waits for a core). */
const cpuSince = (c0: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(c0);
  return (d.user + d.system) / 1000;
};

async function medianMs(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    await fn();
    times.push(cpuSince(c0));
  }
  return median(times);
}

/** The `renderChatMessageHTML` handler over the newest 100 messages, as the viewing user. */
function drawNewest(user: UserStandIn | null): number {
  w.viewAs(user);
  const html = { hidden: false, style: { display: "" }, querySelector: () => null };
  const newest = [...w.messages.values()].slice(-100);
  const c0 = process.cpuUsage();
  for (const m of newest) onRenderChatMessage(m as never, html as never);
  const ms = cpuSince(c0);
  w.viewAs(null);
  return ms;
}

/** Attack, Apply and Undo timings in the world as it is. */
async function clicks(): Promise<{ attack: number; apply: number; undo: number }> {
  const attackMs = await medianMs(9, () => attack(1));
  const cards: MessageStandIn[] = [];
  for (let i = 0; i < 9; i++) cards.push(await attack(1));
  let c = 0;
  const applyMs = await medianMs(9, () =>
    applyHere(
      { messageId: cards[c++]!.id, targetUuid: w.tokens.get(TARGETS[0]!)!.uuid, mode: "full" } as ApplyRequest,
      asGM,
    ),
  );
  c = 0;
  const undoMs = await medianMs(9, async () => {
    const card = cards[c++]!;
    const recordId = ledgerOf(card.id)!.ledger.card.applied[0]!.id;
    return undoHere({ messageId: card.id, recordId }, asGM);
  });
  return { attack: attackMs, apply: applyMs, undo: undoMs };
}

/** Fill the log to `size` messages with copies of real cards (each card with its ledger and details). */
function fillTo(size: number, templates: MessageStandIn[][]): void {
  let n = 0;
  while (w.messages.size < size) {
    const set = templates[n++ % templates.length]!;
    const cardId = `camp${String(n).padStart(12, "0")}`;
    for (const [i, m] of set.entries()) {
      const id = i === 0 ? cardId : `${cardId}-${i}`;
      const system = i === 0 ? m.system : { ...m.system, cardId };
      const copy = new MessageStandIn(
        id,
        m.author,
        { type: m.type, system: {}, flags: m.flags, whisper: m.whisper, content: m.content, rolls: m.rolls },
        w,
      );
      copy.system = system;
      w.messages.set(id, copy);
    }
  }
  // A page load: the collection is new, the index is built from it at its first read.
  w.reload();
}

/** The fields of `next` that differ from `before`, as an update diff would carry them (changed leaves). */
function changedFields(before: unknown, next: unknown): unknown {
  if (typeof before !== "object" || typeof next !== "object" || !before || !next || Array.isArray(next))
    return JSON.stringify(before) === JSON.stringify(next) ? undefined : next;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(next)) {
    const d = changedFields((before as Record<string, unknown>)[k], v);
    if (d !== undefined) out[k] = d;
  }
  return Object.keys(out).length ? out : undefined;
}

/** The templates as the build precompiles them (the bundle's module, evaluated from a file). */
async function precompiledSpecs(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(path.join(tmpdir(), "d20c-bench-"));
  try {
    const file = path.join(dir, "templates.mjs");
    writeFileSync(file, precompiledModule(REPO_ROOT, "d20-combat"));
    return ((await import(pathToFileURL(file).href)) as { PRECOMPILED_TEMPLATES: Record<string, unknown> })
      .PRECOMPILED_TEMPLATES;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The first render of a template on a fresh page: a fresh Handlebars (the stand-in helpers, every
 * template a partial to compile at its first use, as loaded), the template compiled from source or
 * taken from its precompiled spec (with the precompiled partials), rendered once. CPU ms.
 */
function firstRender(rel: string, context: object, specs: Record<string, unknown> | null): number {
  const { handlebars } = createTemplateRenderer({ strict: false });
  // Registered at init (not part of the first render).
  for (const [name, spec] of Object.entries(specs ?? {}))
    handlebars.registerPartial(name, handlebars.template(spec as Parameters<typeof handlebars.template>[0]));
  const c0 = process.cpuUsage();
  const template: HandlebarsTemplateDelegate = specs
    ? (handlebars.partials[`systems/d20-combat/${rel}`] as HandlebarsTemplateDelegate)
    : handlebars.compile(readFileSync(path.join(REPO_ROOT, rel), "utf8"));
  const html = template(context, { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true });
  const ms = cpuSince(c0);
  expect(html.length).toBeGreaterThan(100);
  return ms;
}

const lines: string[] = [];
const report = (label: string, value: string) => lines.push(`${label.padEnd(58)} ${value}`);

describe("[SYS-RELEASE] the fortieth session", () => {
  it("times the same clicks in an empty world and in a campaign of 18,000 messages", async () => {
    // Real attacks against 1, 3 and 10 targets, one of each applied to its first target.
    const templates: MessageStandIn[][] = [];
    const bytes: Record<number, number> = {};
    for (const n of [1, 3, 10]) {
      const card = await attack(n);
      const records = recordsOf(card.id);
      bytes[n] = [card, ...records].reduce((sum, m) => sum + storedBytes(m), 0);
      templates.push([card, ...records]);
    }
    // Bytes one Apply broadcasts: the message writes (the card and its ledger) and the actor's
    // changed fields (Foundry sends an update's diff to every client).
    const probe = await attack(3);
    let written = 0;
    let actorDiff = 0;
    const update = MessageStandIn.prototype.update;
    MessageStandIn.prototype.update = function (this: MessageStandIn, data) {
      written += Buffer.byteLength(JSON.stringify(data));
      return update.call(this, data) as never;
    };
    const applyActor = RelayActorStandIn.prototype.applyEngineActor;
    RelayActorStandIn.prototype.applyEngineActor = function (this: RelayActorStandIn, next) {
      actorDiff += Buffer.byteLength(JSON.stringify(changedFields(this.engineView(), next) ?? {}));
      return applyActor.call(this, next);
    };
    await applyHere({ messageId: probe.id, targetUuid: w.tokens.get(TARGETS[0]!)!.uuid, mode: "full" }, asGM);
    MessageStandIn.prototype.update = update;
    RelayActorStandIn.prototype.applyEngineActor = applyActor;
    await attack(1);

    // The empty world (the clicks once before, as a warm-up).
    w.messages.clear();
    w.reload();
    await clicks();
    w.messages.clear();
    w.reload();
    const empty = await clicks();
    const startupEmpty = await medianMs(5, async () => {
      w.reload();
      await reconcileRecentCards();
    });
    // 300 messages, then the campaign.
    fillTo(SMALL, templates);
    const draw300 = {
      gm: median([1, 2, 3, 4, 5].map(() => drawNewest(null))),
      player: median([1, 2, 3, 4, 5].map(() => drawNewest(alice))),
    };
    fillTo(CAMPAIGN, templates);
    const build = median(
      [1, 2, 3, 4, 5].map(() => {
        w.reload();
        const c0 = process.cpuUsage();
        ledgerOf("none");
        return cpuSince(c0);
      }),
    );
    w.reload();
    const startup = await medianMs(5, async () => {
      w.reload();
      await reconcileRecentCards();
    });
    const draw18k = {
      gm: median([1, 2, 3, 4, 5].map(() => drawNewest(null))),
      player: median([1, 2, 3, 4, 5].map(() => drawNewest(alice))),
    };
    const campaign = await clicks();
    expect(w.messages.size).toBeGreaterThanOrEqual(CAMPAIGN);

    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}× (${a.toFixed(2)} ms vs ${b.toFixed(2)} ms)`;
    report("attack on the GM's client, 18,000 vs empty", ratio(campaign.attack, empty.attack));
    report("Apply, 18,000 vs empty", ratio(campaign.apply, empty.apply));
    report("Undo, 18,000 vs empty", ratio(campaign.undo, empty.undo));
    report(
      "GM start-up check (index build included), 18,000",
      `${startup.toFixed(2)} ms (empty world: ${startupEmpty.toFixed(2)} ms)`,
    );
    report("  of which: the index build", `${build.toFixed(2)} ms`);
    const u0 = process.cpuUsage();
    undoneCardCreations();
    report("  of which: undone creations (the undo's read of every ledger)", `${cpuSince(u0).toFixed(2)} ms`);
    report("newest 100 drawn for the GM, 18,000 vs 300", ratio(draw18k.gm, draw300.gm));
    report("newest 100 drawn for a player, 18,000 vs 300", ratio(draw18k.player, draw300.player));
    for (const n of [1, 3, 10])
      report(`stored bytes per attack, ${n} target(s)`, `${(bytes[n]! / 1024).toFixed(1)} KB`);
    report(
      "bytes broadcast by one Apply (3-target card)",
      `${((written + actorDiff) / 1024).toFixed(2)} KB (messages ${written} B, actor ${actorDiff} B)`,
    );
    // First renders on a fresh page: compiled at first use, and precompiled by the build.
    const specs = await precompiledSpecs();
    const card = await threeTargetCard();
    const cardContext = attackCardContext(card, standInViewer({ isGM: true, visibility: "owners" }));
    const sheetContext = bareActorContext(R, defaultActorSource({ kind: "character" }));
    const renders = (rel: string, context: object, pre: Record<string, unknown> | null) =>
      median([1, 2, 3, 4, 5].map(() => firstRender(rel, context, pre)));
    for (const [label, rel, context] of [
      ["attack card", "templates/chat/attack-card.hbs", cardContext],
      ["character sheet", "templates/sheets/actor.hbs", sheetContext],
    ] as const)
      report(
        `first render of the ${label}: precompiled vs compiled at first use`,
        `${renders(rel, context, specs).toFixed(2)} ms vs ${renders(rel, context, null).toFixed(2)} ms`,
      );
    console.log(`\nthe fortieth session (13th Age, ${w.messages.size} messages)\n${lines.join("\n")}\n`);
  });
});
