/**
 * [SYS-MONSTERS] Routines at the table through the REAL entry point the sheet's and the stat block's
 * attack button calls (`usePower`) on the active GM's client (test/stand-ins/foundry-relay.ts),
 * recorded dice: a "two claws; if both hit, a bite" routine rolls each claw on its own card against
 * the same target, then the bite because both hit ([13A-ATK] decides each claw); Apply and Undo
 * on a claw's card are the ordinary card's. A routine naming an unknown power posts nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { usePower as UsePowerFn } from "../../src/workflows/power-usage.js";
import type { ledgerOf as LedgerOfFn } from "../../src/workflows/card-ledger.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  installRelayStandIn,
  RelayItemStandIn,
  type MessageStandIn,
  type RelayStandIn,
} from "../stand-ins/foundry-relay.js";
import { npc, power } from "./attack-fixtures.js";
import { attackCardIn } from "../support/card-messages.js";

describe("[SYS-MONSTERS] [13A-ATK] a routine rolled from the sheet", () => {
  const R = getRuleset("13th-age");
  let w: RelayStandIn;
  let usePower: typeof UsePowerFn;
  let ledgerOf: typeof LedgerOfFn;

  beforeAll(async () => {
    w = installRelayStandIn("13th-age");
    const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
    registerAttackWorkflow();
    ({ usePower } = await import("../../src/workflows/power-usage.js"));
    ({ ledgerOf } = await import("../../src/workflows/card-ledger.js"));
  });
  afterAll(() => w.uninstall());

  function setUp(routine: unknown) {
    w.messages.clear();
    w.actors.clear();
    w.tokens.clear();
    const beast = w.addActor("beast", "Beast", npc(R, 10));
    const foe = w.addActor("foe", "Foe", npc(R, 10, { hp: { value: 60, max: 60, temp: 0 } }));
    beast.items.set(
      "claw",
      new RelayItemStandIn("claw", beast, "power", "Claw", power({ damage: "1d8 + 4", damageTypes: [] })),
    );
    beast.items.set(
      "bite",
      new RelayItemStandIn("bite", beast, "power", "Bite", power({ damage: "2d6", damageTypes: [] })),
    );
    const multi = new RelayItemStandIn("multi", beast, "power", "Fury", power({ damage: "", damageTypes: [] }));
    (multi.system as unknown as { routine: unknown }).routine = routine;
    beast.items.set("multi", multi);
    w.attack.targets.clear();
    w.attack.targets.add({
      document: { uuid: "Scene.s1.Token.foe", name: "Foe", texture: { src: foe.img } },
      actor: foe as never,
    });
    return { beast, foe, multi };
  }

  it("[SYS-MONSTERS] [13A-ATK] two claws (natural 19, 18) each on a card, both hit → the bite follows; Apply/Undo of a claw card unchanged", async () => {
    const { beast, foe, multi } = setUp({
      attacks: [{ power: "Claw", count: 2 }],
      followUps: [{ power: "bite", when: "allHit", of: "Claw" }],
    });
    standInAttackFaces.length = 0;
    standInAttackFaces.push(19, 6, 18, 5, 15, 3, 4);
    const first = (await usePower(beast as never, multi as never, { fastForward: true })) as unknown as MessageStandIn;
    expect(first, w.attack.errors.join("; ")).toBeTruthy();
    expect(standInAttackFaces).toEqual([]);
    const cards = [...w.messages.values()].map((m) => attackCardIn(m as never)).filter((c) => c !== undefined);
    expect(cards.map((c) => [c.itemName, c.targets[0]!.outcome.isHit, c.targets[0]!.damage])).toEqual([
      ["Claw", true, 10],
      ["Claw", true, 9],
      ["Bite", true, 7],
    ]);
    for (let i = 0; i < 50 && ledgerOf(first.id) === null; i++) await new Promise((r) => setTimeout(r, 2));
    const applied = (await w.send(
      {
        type: "request",
        id: "routine1",
        gmId: "gm",
        action: "apply",
        data: { messageId: first.id, targetUuid: "Scene.s1.Token.foe", mode: "full" },
      },
      "gm",
    )) as { report: { ok: boolean; message: string } };
    expect(applied.report.ok, applied.report.message).toBe(true);
    expect(foe.source.hp.value).toBe(50);
    const record = ledgerOf(first.id)!.ledger.card.applied[0]!;
    const undone = (await w.send(
      {
        type: "request",
        id: "routine2",
        gmId: "gm",
        action: "undo",
        data: { messageId: first.id, recordId: record.id },
      },
      "gm",
    )) as { report: { ok: boolean; message: string } };
    expect(undone.report.ok, undone.report.message).toBe(true);
    expect(foe.source.hp.value).toBe(60);
  });

  it("[SYS-MONSTERS] [13A-ATK] a claw misses (natural 2): no bite follows", async () => {
    const { beast, multi } = setUp({
      attacks: [{ power: "Claw", count: 2 }],
      followUps: [{ power: "Bite", when: "allHit", of: "" }],
    });
    standInAttackFaces.length = 0;
    standInAttackFaces.push(19, 6, 2);
    await usePower(beast as never, multi as never, { fastForward: true });
    const cards = [...w.messages.values()].map((m) => attackCardIn(m as never)).filter((c) => c !== undefined);
    expect(cards.map((c) => [c.itemName, c.targets[0]!.outcome.isHit])).toEqual([
      ["Claw", true],
      ["Claw", false],
    ]);
  });

  it("[SYS-MONSTERS] a routine naming an unknown power posts nothing and names the field", async () => {
    const { beast, multi } = setUp({ attacks: [{ power: "Horn", count: 1 }], followUps: [] });
    const notes: string[] = [];
    const ui = (globalThis as unknown as { ui: { notifications: { error: (m: string) => void } } }).ui;
    const before = ui.notifications.error;
    ui.notifications.error = (m: string) => void notes.push(m);
    try {
      expect(await usePower(beast as never, multi as never, { fastForward: true })).toBeNull();
    } finally {
      ui.notifications.error = before;
    }
    expect(w.messages.size).toBe(0);
    expect(notes.join(" ")).toContain("system.routine.attacks.0.power");
  });
});
