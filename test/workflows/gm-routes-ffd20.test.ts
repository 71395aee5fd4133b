/**
 * [SYS-PERM] [FF-SUSTAIN] A player sustains the effect their character made on a foe they don't own:
 * the click on the player's client (the REAL Actions panel handler, and the Effects section's
 * sustain control) goes over the system socket to the active GM's client, whose REAL registered
 * listener (registerAttackWorkflow) checks from its own documents that the asker owns the creator
 * and that the creator may sustain it now, then writes it. Forged requests (someone else's effect,
 * a made-up effect id, another player's character) are refused with nothing written.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { CombatStandIn, CombatantStandIn, SheetActorStandIn } from "../stand-ins/foundry-sheet.js";
import type { RelayUserStandIn } from "../stand-ins/foundry-sheet-relay.js";
import { sustainedZone } from "./procedure-fixtures.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { forgedRequest as wire, installRouteClients, type Answer, type RouteClients } from "./gm-routes-fixture.js";

const i18n = createI18nStandIn();
let t: RouteClients;
let alice: RelayUserStandIn; // plays the wizard
let bob: RelayUserStandIn; // plays the cleric

beforeAll(async () => {
  t = await installRouteClients("ffd20");
  alice = t.relay.addPlayer("alice");
  bob = t.relay.addPlayer("bob");
});
afterAll(() => t.uninstall());

let wizard: SheetActorStandIn;
let cleric: SheetActorStandIn;
let ogre: SheetActorStandIn;
let combat: CombatStandIn;

/** Who may write what, seen from alice's client: her wizard only. */
function asAlice(): void {
  t.relay.viewAs(alice);
  for (const a of [wizard, cleric, ogre]) a.isOwner = a === wizard;
}

beforeEach(() => {
  t.state.messages.length = 0;
  t.state.warnings.length = 0;
  t.relay.emitted.length = 0;
  t.relay.queried.length = 0;
  t.relay.setGMOnline(true);
  wizard = new SheetActorStandIn("wiz", "Wizard", defaultActorSource({ kind: "character" }));
  cleric = new SheetActorStandIn("cleric", "Cleric", defaultActorSource({ kind: "character" }));
  ogre = new SheetActorStandIn("ogre", "Ogre", defaultActorSource({ kind: "npc" }));
  wizard.owners = ["alice"];
  cleric.owners = ["bob"];
  ogre.owners = [];
  for (const a of [wizard, cleric, ogre]) t.relay.actors.set(a.id, a);
  combat = new CombatStandIn(
    3,
    [
      new CombatantStandIn("c-wiz", wizard),
      new CombatantStandIn("c-cleric", cleric),
      new CombatantStandIn("c-ogre", ogre, false, "gm"),
    ],
    "c-wiz",
  );
  t.setCombat(combat);
  asAlice();
});

const sustainedRound = (e: { flags: Record<string, Record<string, unknown>> }) =>
  (e.flags[SYSTEM_ID]!.effect as { sustainedRound: number | null }).sustainedRound;
const wizardLeft = () =>
  (combat.list[0]!.flags[SYSTEM_ID]?.actions as { left: Record<string, number> } | undefined)?.left;

describe("[SYS-PERM] [FF-SUSTAIN] sustaining a foe's effect through the GM", () => {
  it("[FF-SUSTAIN] [FF-ACTIONS] alice's Actions panel sustains her wizard's effect on the GM's ogre: the GM writes the round and spends the minor action", async () => {
    const held = ogre.addEffect("held", "Held", sustainedZone("c-wiz"));
    await t.useProcedure(wizard, "sustain", "held");
    // It went to the GM (alice's client wrote nothing itself), who answered alice alone.
    const request = t.relay.emitted.find((e) => (e.payload as { type: string }).type === "request");
    expect(request?.from).toBe("alice");
    expect(t.relay.emitted.filter((e) => e.from === "gm")).toEqual([]);
    expect(t.relay.queried.map((q) => [q.from, q.to])).toEqual([
      ["alice", "gm"],
      ["gm", "alice"],
    ]);
    const answer = t.relay.queried[1]!.data as Answer;
    expect(answer.report).toMatchObject({ ok: true, message: "D20C.Actions.Route.Done" });
    expect(sustainedRound(held)).toBe(3);
    expect(wizardLeft()).toEqual({ standard: 1, move: 1, minor: 0 });
    expect(t.state.warnings).toEqual([]);
    // The GM's state says once a turn: asked again, it refuses and spends nothing more.
    await t.useProcedure(wizard, "sustain", "held");
    expect(t.state.warnings.at(-1)).toBe(i18n.localize("D20C.FF.Procedure.sustain.Already"));
    expect(wizardLeft()).toEqual({ standard: 1, move: 1, minor: 0 });
  });

  it("[FF-SUSTAIN] the Effects section's sustain control on the ogre's sheet goes to the GM for alice, and is refused for bob", async () => {
    const held = ogre.addEffect("held", "Held", sustainedZone("c-wiz"));
    t.relay.viewAs(bob);
    await t.sustainControl(ogre, "held");
    expect(sustainedRound(held)).toBeNull();
    expect(t.state.errors.at(-1)).toBe(i18n.format("D20C.Actions.Route.NotCreator", { effect: "Held" }));
    asAlice();
    await t.sustainControl(ogre, "held");
    expect(sustainedRound(held)).toBe(3);
  });

  it("[SYS-PERM] forged: sustaining the cleric's effect, a made-up effect id, or as another player's character changes nothing", async () => {
    const clerics = ogre.addEffect("bless", "Ward", sustainedZone("c-cleric"));
    const mine = ogre.addEffect("held", "Held", sustainedZone("c-wiz"));
    // alice names the cleric's effect in a procedure of her wizard: not among the wizard's effects.
    const a1 = (await t.relay.send(
      wire("procedure", {
        actorUuid: wizard.uuid,
        procedureId: "sustain",
        choice: "bless",
        numbers: {},
        targetUuids: [],
      }),
      "alice",
    )) as Answer;
    expect(a1.report).toMatchObject({ ok: false, message: "D20C.Actions.Refused.NoEffect" });
    // ... and through the Effects section's route: its creator (the cleric) is not hers.
    combat.current = "c-cleric";
    const a2 = (await t.relay.send(wire("sustain", { holderUuid: ogre.uuid, effectId: "bless" }), "alice")) as Answer;
    expect(a2.report).toMatchObject({ ok: false, message: "D20C.Actions.Route.NotCreator" });
    combat.current = "c-wiz";
    // A made-up effect id.
    const a3 = (await t.relay.send(wire("sustain", { holderUuid: ogre.uuid, effectId: "nope" }), "alice")) as Answer;
    expect(a3.report).toMatchObject({ ok: false, message: "D20C.Actions.Route.NoEffect" });
    // Bob asks for alice's wizard: he does not own it.
    const a4 = (await t.relay.send(
      wire("procedure", {
        actorUuid: wizard.uuid,
        procedureId: "sustain",
        choice: "held",
        numbers: {},
        targetUuids: [],
      }),
      "bob",
    )) as Answer;
    expect(a4.report).toMatchObject({ ok: false, message: "D20C.Actions.Route.NotYours" });
    // A user id in the payload counts for nothing: the sender is who the transport says.
    const a5 = (await t.relay.send(
      { ...wire("sustain", { holderUuid: ogre.uuid, effectId: "held" }), userId: "alice" },
      "bob",
    )) as Answer;
    expect(a5.report).toMatchObject({ ok: false, message: "D20C.Actions.Route.NotCreator" });
    expect(sustainedRound(clerics)).toBeNull();
    expect(sustainedRound(mine)).toBeNull();
    expect(wizardLeft()).toBeUndefined();
  });

  it("[FF-SUSTAIN] with no GM online the player's click writes nothing and says why", async () => {
    const held = ogre.addEffect("held", "Held", sustainedZone("c-wiz"));
    t.relay.setGMOnline(false);
    await t.useProcedure(wizard, "sustain", "held");
    expect(sustainedRound(held)).toBeNull();
    expect(t.state.warnings.at(-1)).toBe(i18n.format("D20C.Actions.Refused.NotWritable", { name: "Ogre" }));
    expect(t.relay.emitted).toEqual([]);
  });
});
