/**
 * [SYS-HIDDEN] The player-copy audit: every kind of message the system posts around an attack,
 * walked as each player's client receives it (the messages not whispered away from them: content,
 * `system`, flags and rolls), for a GM-only number of the monster — its maximum HP, its HP, its
 * defense. Through the REAL entry points on the relay stand-in (test/stand-ins/foundry-relay.ts):
 * a player's attack card (`rollAttack`) and the GM's ledger and owners' details it draws, the
 * player's Apply and the GM's Undo over the socket (with the rule card a death save posts), a
 * loose `/roll` made while targeting (the registered `preCreateChatMessage` roll hook on the
 * roller's client), and a provoked-attack prompt (the move answer's port). Turn summaries and their
 * undo records are walked the same way in turn-undo-records.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { RulesetId } from "../../src/engine/types.js";
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
import { receivedData } from "../support/card-messages.js";

let w: RelayStandIn;
let alice: UserStandIn;
let eve: UserStandIn;
let rollAttack: typeof RollAttackFn;
let ledgerOf: typeof LedgerOfFn;
let ensureLedger: typeof EnsureLedgerFn;

beforeAll(async () => {
  w = installRelayStandIn("13th-age");
  const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
  registerAttackWorkflow();
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
  ({ ledgerOf, ensureLedger } = await import("../../src/workflows/card-ledger.js"));
});
afterAll(() => w.uninstall());

/** The monster's GM-only numbers per game: none may reach a player's copy of any message. */
const SECRET: Record<"13th-age" | "wounds-d20", { max: number; hp: number; defense: number; damage: number }> = {
  // 13th Age: a plain hit of 6 leaves it standing.
  "13th-age": { max: 733, hp: 611, defense: 18, damage: 6 },
  // Wounds d20: a hit of 41 reaches its maximum of 37, so its death save posts a rule card.
  "wounds-d20": { max: 37, hp: 37, defense: 18, damage: 41 },
};

let seq = 0;
const wire = (action: string, data: Record<string, unknown>) => ({
  type: "request",
  id: `audit${++seq}`,
  gmId: "gm",
  action,
  data,
});
const OGRE = "Scene.s1.Token.ogre";

/** A player's copy: every message their client receives (public ones and those whispered to them). */
const copyOf = (user: UserStandIn) =>
  [...w.messages.values()].filter((m) => m.whisper.length === 0 || m.whisper.includes(user.id));

/** The kind of a posted message, as the audit names it. */
function kindOf(m: MessageStandIn): string {
  const ours = (m.flags[SYSTEM_ID] ?? {}) as Record<string, unknown>;
  if (m.type && m.type !== "base") return m.type;
  if ("loose" in ours) return "loose";
  if (m.content.includes("d20c-prompt")) return "prompt";
  return "other";
}

/**
 * Whether `n` is written anywhere in a message as a player receives it: as a number of its data or
 * in its text, not as a digit run inside another number or a document id.
 */
function holds(m: MessageStandIn, n: number): boolean {
  const text = JSON.stringify(receivedData(m)).replace(/rid\d+/g, "");
  return new RegExp(`(?<![\\d.])${n}(?![\\d.])`).test(text);
}

/** Alice's Strike (flat damage) on the ogre, natural 17 (+5): the posted card, once its ledger is written. */
async function cardByAlice(damage: number): Promise<MessageStandIn> {
  const attacker = w.actors.get("attacker")!;
  const item = new RelayItemStandIn("strike", attacker, "power", "Strike", power({ damage: String(damage) }));
  attacker.items.set(item.id, item);
  w.attack.targets.clear();
  const ogre = w.actors.get("ogre")!;
  w.attack.targets.add({ document: { uuid: OGRE, name: "Ogre", texture: { src: "" } }, actor: ogre as never });
  standInAttackFaces.push(17, 3, 3, 3, 3);
  w.postAs = alice;
  const posted = (await rollAttack(attacker as never, item as never, {
    fastForward: true,
  })) as unknown as MessageStandIn;
  w.postAs = null;
  for (let i = 0; i < 50 && !ledgerOf(posted.id); i++) await new Promise((r) => setTimeout(r, 2));
  await ensureLedger(posted as never);
  return posted;
}

/** Alice's `/roll 1d20+5` while targeting the ogre: the roll hook on her client, then the message posted. */
async function looseRollByAlice(natural: number): Promise<void> {
  w.viewAs(alice);
  const json = {
    class: "Roll",
    formula: "1d20 + 5",
    total: natural + 5,
    terms: [{ class: "Die", faces: 20, number: 1, results: [{ result: natural, active: true }] }],
  };
  const message = {
    flags: {} as Record<string, unknown>,
    rolls: [{ toJSON: () => json }],
    content: "",
    updateSource(data: { flags?: Record<string, unknown> }) {
      Object.assign(this.flags, data.flags ?? {});
    },
  };
  try {
    for (const fn of w.hooks.get("preCreateChatMessage") ?? []) fn(message, {}, {}, alice.id);
  } finally {
    w.viewAs(null);
  }
  w.postAs = alice;
  await ChatMessage.create({ content: `<div class="dice-roll">${natural + 5}</div>`, flags: message.flags } as never);
}

describe.each(["13th-age", "wounds-d20"] as const)("[SYS-HIDDEN] %s: every posted message's player copy", (id) => {
  const secret = SECRET[id];
  const R = getRuleset(id as RulesetId);

  beforeEach(async () => {
    await w.attack.settings.set(SYSTEM_ID, "ruleset", id);
    w.messages.clear();
    w.actors.clear();
    w.tokens.clear();
    alice = w.addUser("alice");
    eve = w.addUser("eve");
    w.addActor("ogre", "Ogre", npc(R, secret.defense, { hp: { value: secret.hp, max: secret.max, temp: 0 } }));
    w.addActor("attacker", "Orc", npc(R, 10), ["alice"]);
    standInAttackFaces.length = 0;
  });
  afterAll(async () => {
    await w.attack.settings.set(SYSTEM_ID, "ruleset", "13th-age");
    await w.attack.settings.set(SYSTEM_ID, "cardVisibility", "owners");
  });

  for (const visibility of ["gm", "owners"] as const) {
    it(`[SYS-HIDDEN] [SYS-PERM] cardVisibility "${visibility}": the attack card, ledger, details, apply, undo, rule card, loose roll and prompt reach no player's copy with the ogre's maximum HP, HP or defense`, async () => {
      await w.attack.settings.set(SYSTEM_ID, "cardVisibility", visibility);
      const card = await cardByAlice(secret.damage);
      await w.send(wire("apply", { messageId: card.id, targetUuid: OGRE, mode: "full" }), alice.id);
      const record = ledgerOf(card.id)!.ledger.card.applied[0]!;
      expect(record.dealt).toBeGreaterThan(0);
      await w.send(wire("undo", { messageId: card.id, recordId: record.id }), "gm");
      await looseRollByAlice(16);
      const { foundryActPorts } = await import("../../src/workflows/acts.js");
      await foundryActPorts.prompt(
        w.actors.get("ogre") as never,
        w.actors.get("attacker") as never,
        "D20C.HD.Reason.provoked",
      );

      const all = [...w.messages.values()];
      const kinds = new Set(all.map(kindOf));
      const expected = ["attack", "ledger", "loose", "prompt", ...(id === "wounds-d20" ? ["rule"] : [])];
      for (const kind of expected) expect(kinds, `a ${kind} message was posted`).toContain(kind);
      // The walk can see the numbers: the GM's ledger holds the ogre's defense.
      expect(all.some((m) => kindOf(m) === "ledger" && holds(m, secret.defense))).toBe(true);
      for (const user of [alice, eve]) {
        const copy = copyOf(user);
        expect(copy.length).toBeGreaterThan(0);
        for (const m of copy)
          for (const [what, n] of Object.entries({ max: secret.max, hp: secret.hp, defense: secret.defense }))
            expect(holds(m, n), `${user.id}'s copy of the ${kindOf(m)} message holds the ogre's ${what} (${n})`).toBe(
              false,
            );
      }
    });
  }

  it('[SYS-HIDDEN] [SYS-ROLLHOOK] with cardVisibility "everyone" the loose roll still says the defense it met', async () => {
    await w.attack.settings.set(SYSTEM_ID, "cardVisibility", "everyone");
    await looseRollByAlice(16);
    const loose = [...w.messages.values()].find((m) => kindOf(m) === "loose")!;
    expect(holds(loose, secret.defense)).toBe(true);
  });
});
