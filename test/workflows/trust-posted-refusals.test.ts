/**
 * [SYS-PERM] [SYS-MONSTERS] What the attacker's client refuses, the GM's client refuses too: a
 * condition that forbids its bearer to attack ([WD-CONDNAUSEATED] nauseated) or forbids targeting a creature
 * is read on the GM's client when it decides a posted card (src/workflows/card-ledger.ts), from the
 * attack request it builds from documents as the attacker's client does (foundry-docs.ts
 * `attackRequestFrom`). A client that skips the check and posts the card anyway gets it refused.
 * Through the REAL registered createChatMessage hook on the relay stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import type { ledgerOf as LedgerOfFn } from "../../src/workflows/card-ledger.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  installRelayStandIn,
  RelayItemStandIn,
  type MessageStandIn,
  type RelayStandIn,
} from "../stand-ins/foundry-relay.js";
import { npc, power } from "./attack-fixtures.js";

const R = getRuleset("wounds-d20");
let w: RelayStandIn;
let rollAttack: typeof RollAttackFn;
let ledgerOf: typeof LedgerOfFn;

beforeAll(async () => {
  w = installRelayStandIn(R.id);
  const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
  registerAttackWorkflow();
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
  ({ ledgerOf } = await import("../../src/workflows/card-ledger.js"));
});
afterAll(() => w.uninstall());

async function settled(done: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !done(); i++) await new Promise((r) => setTimeout(r, 2));
}

describe("[SYS-PERM] the GM's client refuses what the rules refuse the attacker", () => {
  it("[WD-CONDNAUSEATED] [SYS-PERM] a nauseated attacker's card, posted by a client that skipped the refusal, is refused by the GM's client; the same card from an attacker free to attack is valid", async () => {
    const alice = w.addUser("alice");
    w.addActor("ogre", "Ogre", npc(R, 10, { hp: { value: 30, max: 30, temp: 0 } }));
    const attacker = w.addActor("attacker", "Orc", npc(R, 10), ["alice"]);
    const item = new RelayItemStandIn("strike", attacker, "power", "Strike", power({ damage: "6" }));
    attacker.items.set(item.id, item);
    w.attack.targets.add({
      document: { uuid: "Scene.s1.Token.ogre", name: "Ogre", texture: { src: "" } },
      actor: w.actors.get("ogre") as never,
    });
    standInAttackFaces.push(15);
    w.postAs = alice;
    const posted = (await rollAttack(attacker as never, item as never, {
      fastForward: true,
    })) as unknown as MessageStandIn;
    await settled(() => ledgerOf(posted.id) !== null);
    expect(ledgerOf(posted.id)!.ledger.status).toBe("valid");
    // The orc is nauseated now; a hostile client posts the same card again, skipping its refusal.
    attacker.source = { ...attacker.source, conditions: ["nauseated"] };
    const forged = await w.post(alice, {
      type: "attack",
      system: structuredClone(posted.system),
      rolls: posted.rolls,
      content: posted.content,
    } as never);
    await settled(() => ledgerOf(forged.id) !== null);
    expect(ledgerOf(forged.id)!.ledger).toMatchObject({ status: "invalid", reason: "targets" });
    expect(w.attack.settings.get(SYSTEM_ID, "ruleset")).toBe(R.id);
  });
});
