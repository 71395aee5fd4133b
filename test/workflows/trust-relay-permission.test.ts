/**
 * [SYS-PERM] The relay says why it fails: a player whose user may not query other users (the GM
 * took QUERY_USER from players) presses something only the GM's client may carry out — the REAL
 * Actions panel handler aimed at a foe's effect — and is told so at once, instead of waiting out
 * the relay's time. Nothing is sent and nothing changes. With the permission back, the same press
 * goes through the GM.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { CombatStandIn, CombatantStandIn, SheetActorStandIn } from "../stand-ins/foundry-sheet.js";
import type { RelayUserStandIn } from "../stand-ins/foundry-sheet-relay.js";
import { sustainedZone } from "./procedure-fixtures.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { installRouteClients, type RouteClients } from "./gm-routes-fixture.js";

const i18n = createI18nStandIn();
let t: RouteClients;
let alice: RelayUserStandIn;

beforeAll(async () => {
  t = await installRouteClients("ffd20");
  alice = t.relay.addPlayer("alice");
});
afterAll(() => t.uninstall());

let wizard: SheetActorStandIn;
let ogre: SheetActorStandIn;

beforeEach(() => {
  t.state.messages.length = 0;
  t.state.warnings.length = 0;
  t.state.errors.length = 0;
  t.relay.emitted.length = 0;
  t.relay.queried.length = 0;
  t.relay.setGMOnline(true);
  wizard = new SheetActorStandIn("wiz", "Wizard", defaultActorSource({ kind: "character" }));
  ogre = new SheetActorStandIn("ogre", "Ogre", defaultActorSource({ kind: "npc" }));
  wizard.owners = ["alice"];
  ogre.owners = [];
  for (const a of [wizard, ogre]) t.relay.actors.set(a.id, a);
  t.setCombat(
    new CombatStandIn(
      3,
      [new CombatantStandIn("c-wiz", wizard), new CombatantStandIn("c-ogre", ogre, false, "gm")],
      "c-wiz",
    ),
  );
  t.relay.viewAs(alice);
  wizard.isOwner = true;
  ogre.isOwner = false;
});

const sustainedRound = (e: { flags: Record<string, Record<string, unknown>> }) =>
  (e.flags[SYSTEM_ID]!.effect as { sustainedRound: number | null }).sustainedRound;

describe("[SYS-PERM] the relay says why it fails", () => {
  it("[SYS-PERM] [FF-SUSTAIN] without the permission to query the GM, alice's press is refused at once with a notice saying why; nothing is sent or written", async () => {
    const held = ogre.addEffect("held", "Held", sustainedZone("c-wiz"));
    t.relay.deny("alice", ["QUERY_USER"]);
    try {
      // Told at once: no query is sent to wait on (the relay's own wait is 30 s).
      await t.useProcedure(wizard, "sustain", "held");
      expect(t.state.errors.at(-1)).toBe(i18n.localize("D20C.Chat.Permission.NoQuery"));
      expect(t.relay.emitted).toEqual([]);
      expect(t.relay.queried).toEqual([]);
      expect(sustainedRound(held)).toBeNull();
    } finally {
      t.relay.deny("alice", []);
    }
    // With the permission back, the same press goes through the GM.
    await t.useProcedure(wizard, "sustain", "held");
    expect(sustainedRound(held)).toBe(3);
  });
});
