/**
 * [SYS-RELEASE] [SYS-PERM] Deleting a key in an update, in both Foundry generations, through the
 * entry point a table uses: an author's edit adds parts to their posted card and the active GM's
 * client writes the card back exactly (the REAL registered relay, test/stand-ins/foundry-relay.ts).
 * v13 spells a deletion as a `-=key` (API v13 `foundry.utils.mergeObject` performDeletions); v14 as
 * the key with `foundry.data.operators.ForcedDeletion` (`_del`; API v14
 * https://foundryvtt.com/api/v14/classes/foundry.data.operators.ForcedDeletion.html), its `-=`
 * being deprecated (removed in v16). The seam is src/compat/deletion.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
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
import { attackCardIn } from "../support/card-messages.js";

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
  w.addActor("ogre", "Ogre", npc(R, 10, { hp: { value: 30, max: 30, temp: 0 } }));
  w.addActor("attacker", "Orc", npc(R, 10), ["alice"]);
  standInAttackFaces.length = 0;
});

async function settled(done: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !done(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(done()).toBe(true);
}

/** Alice's Strike against the ogre, through the real rollAttack; resolves once the GM's ledger is written. */
async function card(): Promise<MessageStandIn> {
  const attacker = w.actors.get("attacker")!;
  const item = new RelayItemStandIn("strike", attacker, "power", "Strike", power({ damage: "6" }));
  attacker.items.set(item.id, item);
  const ogre = w.actors.get("ogre")!;
  w.attack.targets.clear();
  w.attack.targets.add({
    document: { uuid: w.tokens.get("ogre")!.uuid, name: ogre.name, texture: { src: ogre.img } },
    actor: ogre as never,
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

describe.each([13, 14] as const)("[SYS-RELEASE] deletions on Foundry v%i", (generation) => {
  beforeAll(() => w.useGeneration(generation));
  afterAll(() => w.useGeneration(13));

  it(`[SYS-PERM] [SYS-RELEASE] parts an author's edit adds to a card are deleted by the GM's write-back, spelled as v${generation} spells a deletion`, async () => {
    const m = await card();
    const asPosted = structuredClone(attackCardIn(m)!);
    expect(asPosted.power).toBeUndefined();
    w.deletions.length = 0;
    await w.editAs(alice, m, {
      system: { power: { name: "Death Ray", effect: "<p>The ogre dies.</p>", usage: "atWill" } },
      flags: { [SYSTEM_ID]: { rule: { version: 1, actorUuid: "Actor.ogre", title: "Dead", rolls: [], events: [] } } },
    });
    await settled(() => m.flags[SYSTEM_ID] === undefined);
    expect(m.system).toEqual(asPosted);
    // Both added parts were deleted, each by the generation's own spelling and no other.
    expect(w.deletions.map((d) => d.key).sort()).toEqual([SYSTEM_ID, "power"].sort());
    const spelling = generation >= 14 ? "operator" : "minus-key";
    expect(
      w.deletions.every((d) => d.by === spelling),
      JSON.stringify(w.deletions),
    ).toBe(true);
  });
});
