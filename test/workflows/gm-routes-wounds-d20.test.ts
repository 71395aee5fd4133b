/**
 * [SYS-PERM] [WD-HEALCHECK] A player's medic helps a dying creature another player owns: the click on
 * the medic's Actions panel (the REAL sheet handler) goes over the system socket to the active GM's
 * client, whose REAL registered listener checks that the asker owns the medic, then plans, rolls
 * (recorded dice, on the GM's client only) and writes the patient from its own documents. A player
 * asking for a character they don't own, or naming a creature that isn't there, changes nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import type { CombatStandIn, SheetActorStandIn } from "../stand-ins/foundry-sheet.js";
import { targetStandIn } from "../stand-ins/foundry-sheet.js";
import type { RelayUserStandIn } from "../stand-ins/foundry-sheet-relay.js";
import { medicAndPatient } from "./procedure-fixtures.js";
import { forgedRequest, installRouteClients, type Answer, type RouteClients } from "./gm-routes-fixture.js";

let t: RouteClients;
let alice: RelayUserStandIn; // plays the medic
let bob: RelayUserStandIn; // plays the fallen fighter

beforeAll(async () => {
  t = await installRouteClients("wounds-d20");
  alice = t.relay.addPlayer("alice");
  bob = t.relay.addPlayer("bob");
});
afterAll(() => t.uninstall());

let medic: SheetActorStandIn;
let fallen: SheetActorStandIn;
let combat: CombatStandIn;

beforeEach(() => {
  t.state.targets.clear();
  t.state.messages.length = 0;
  t.state.warnings.length = 0;
  t.state.errors.length = 0;
  standInAttackFaces.length = 0;
  t.relay.emitted.length = 0;
  t.relay.queried.length = 0;
  ({ medic, fallen, combat } = medicAndPatient(false));
  medic.owners = ["alice"];
  fallen.owners = ["bob"];
  for (const a of [medic, fallen]) t.relay.actors.set(a.id, a);
  t.setCombat(combat);
  t.relay.viewAs(alice);
});

const tokenOf = (a: SheetActorStandIn) => `Scene.s1.Token.${a.id}`;
const left = () => (combat.list[0]!.flags[SYSTEM_ID]?.actions as { left: Record<string, number> } | undefined)?.left;
const forged = (data: Record<string, unknown>) =>
  forgedRequest("procedure", { procedureId: "healCheck", choice: null, numbers: {}, ...data });

describe("[SYS-PERM] [WD-HEALCHECK] the Heal check's patient through the GM", () => {
  it("[WD-HEALCHECK] alice's medic stabilises bob's dying fighter: the GM rolls once (13 + 2 vs DC 15), writes the patient and spends the full round", async () => {
    t.state.targets.add(targetStandIn(fallen) as never);
    standInAttackFaces.push(13);
    await t.useProcedure(medic, "healCheck");
    // [SYS-HIDDEN] The request goes on the socket; the answer to alice alone, as a query (every
    // client receives what goes on the socket).
    const kinds = t.relay.emitted.map((e) => [e.from, (e.payload as { type: string }).type]);
    expect(kinds).toEqual([["alice", "request"]]);
    // The request's key went to the GM alone, and came back with the answer.
    expect(t.relay.queried.map((q) => [q.from, q.to, q.name])).toEqual([
      ["alice", "gm", "d20-combat.relayKey"],
      ["gm", "alice", "d20-combat.relayAnswer"],
    ]);
    const { key } = t.relay.queried[0]!.data as { key: string };
    expect(JSON.stringify(t.relay.emitted)).not.toContain(key);
    expect(t.relay.queried[1]!.data as Answer).toMatchObject({ keys: [key], report: { ok: true } });
    expect(fallen.source.state).toBe("stable");
    expect(left()).toEqual({ major: 0, minor: 0 });
    // One roll in all, the GM's: nothing was rolled on alice's client first.
    expect(standInAttackFaces).toEqual([]);
    expect(t.state.warnings).toEqual([]);
  });

  it("[WD-HEALCHECK] a failed check (12 + 2) through the GM leaves the patient dying; a patient who is not dying is refused by the GM", async () => {
    t.state.targets.add(targetStandIn(fallen) as never);
    standInAttackFaces.push(12);
    await t.useProcedure(medic, "healCheck");
    expect(fallen.source.state).toBe("dying");
    // bob's fighter is fine on the GM's documents: the GM says why and rolls nothing.
    fallen.source = defaultActorSource({ kind: "character" });
    standInAttackFaces.push(20);
    const answer = (await t.relay.send(
      forged({ actorUuid: medic.uuid, targetUuids: [tokenOf(fallen)] }),
      "alice",
    )) as Answer;
    expect(answer.report).toMatchObject({ ok: false, message: "D20C.WD.Procedure.healCheck.NotDying" });
    expect(standInAttackFaces).toEqual([20]);
  });

  it("[SYS-PERM] forged: bob asking as alice's medic, or naming a creature that isn't there, changes nothing", async () => {
    standInAttackFaces.push(20);
    const notHis = (await t.relay.send(
      forged({ actorUuid: medic.uuid, targetUuids: [tokenOf(fallen)] }),
      bob.id,
    )) as Answer;
    expect(notHis.report).toMatchObject({ ok: false, message: "D20C.Actions.Route.NotYours" });
    const noOne = (await t.relay.send(
      forged({ actorUuid: medic.uuid, targetUuids: ["Actor.ghost"] }),
      "alice",
    )) as Answer;
    expect(noOne.report).toMatchObject({ ok: false, message: "D20C.Actions.Route.NoTarget" });
    const malformed = await t.relay.send(
      forged({ actorUuid: medic.uuid, targetUuids: [tokenOf(fallen)], numbers: { dc: "1" } }),
      "alice",
    );
    expect(malformed).toBeNull();
    expect(fallen.source.state).toBe("dying");
    expect(standInAttackFaces).toEqual([20]);
    expect(left()).toBeUndefined();
  });

  it("[SYS-PERM] [SYS-HIDDEN] a procedure's targets pass the card's target check: a hidden token, an actor off the scene or one token twice is refused", async () => {
    standInAttackFaces.push(20);
    t.relay.hiddenTokens.add(fallen.id);
    const hidden = (await t.relay.send(
      forged({ actorUuid: medic.uuid, targetUuids: [tokenOf(fallen)] }),
      "alice",
    )) as Answer;
    expect(hidden.report).toMatchObject({ ok: false, message: "D20C.Actions.Route.NotTargetable" });
    t.relay.hiddenTokens.clear();
    for (const targetUuids of [[fallen.uuid], [tokenOf(fallen), tokenOf(fallen)]]) {
      const answer = (await t.relay.send(forged({ actorUuid: medic.uuid, targetUuids }), "alice")) as Answer;
      expect(answer.report).toMatchObject({ ok: false, message: "D20C.Actions.Route.NotTargetable" });
    }
    expect(fallen.source.state).toBe("dying");
    expect(standInAttackFaces).toEqual([20]);
    expect(left()).toBeUndefined();
  });

  it("[SYS-PERM] [WD-HEALCHECK] a patient on another scene than the medic's token is refused with a clear message", async () => {
    standInAttackFaces.push(20);
    medic.sceneIds = ["s1"];
    t.relay.tokenScenes.set(fallen.id, "s2");
    try {
      const away = (await t.relay.send(
        forged({ actorUuid: medic.uuid, targetUuids: [`Scene.s2.Token.${fallen.id}`] }),
        "alice",
      )) as Answer;
      expect(away.report).toMatchObject({ ok: false, message: "D20C.Actions.Route.OtherScene" });
      expect(fallen.source.state).toBe("dying");
      expect(standInAttackFaces).toEqual([20]);
      // On the medic's scene, the same request is carried out.
      t.relay.tokenScenes.clear();
      const here = (await t.relay.send(
        forged({ actorUuid: medic.uuid, targetUuids: [tokenOf(fallen)] }),
        "alice",
      )) as Answer;
      expect(here.report.ok).toBe(true);
      expect(fallen.source.state).toBe("stable");
    } finally {
      t.relay.tokenScenes.clear();
      medic.sceneIds = [];
    }
  });

  it("[SYS-PERM] the sheet's click names the targeted token to the GM, so a visible patient is helped", async () => {
    t.state.targets.add(targetStandIn(fallen) as never);
    standInAttackFaces.push(13);
    await t.useProcedure(medic, "healCheck");
    const request = t.relay.emitted.find((e) => (e.payload as { type: string }).type === "request");
    expect((request?.payload as { data: { targetUuids: string[] } }).data.targetUuids).toEqual([tokenOf(fallen)]);
    expect(fallen.source.state).toBe("stable");
  });
});
