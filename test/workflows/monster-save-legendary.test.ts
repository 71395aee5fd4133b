/**
 * [HD-LEGENDARY] [SYS-MONSTERS] Legendary resistance against a save-based attack, through the REAL
 * entry points on the active GM's client (test/stand-ins/foundry-relay.ts), recorded dice: the
 * sheet's attack rolls each target's Dexterity against the breath's DC on one card; a legend's
 * failed save reads "Saves" (legendary resistance) and takes the success's half, Apply spends the
 * use, and the GM's Undo gives back both the hit points and the use. A creature without one left
 * fails as rolled.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, PowerSource } from "../../src/engine/types.js";
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
import { attackCardIn } from "../support/card-messages.js";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { standInViewer } from "./attack-card-fixture.js";

const R = getRuleset("hundred-dungeons");
const breath: PowerSource = power({
  damage: "2d6",
  damageTypes: ["fire"],
  saveAttack: { save: "dex", dc: 13, onSuccess: "half" },
});
const dex2 = { abilities: { str: 0, dex: 2, con: 0, int: 0, wis: 0, cha: 0 } };

describe("[HD-LEGENDARY] [SYS-MONSTERS] legendary resistance against a save-based attack", () => {
  let w: RelayStandIn;
  let rollAttack: typeof RollAttackFn;
  let ledgerOf: typeof LedgerOfFn;
  let seq = 0;
  const wire = (action: "apply" | "undo", data: Record<string, unknown>) => ({
    type: "request",
    id: `legend${++seq}`,
    gmId: "gm",
    action,
    data,
  });

  beforeAll(async () => {
    w = installRelayStandIn("hundred-dungeons");
    const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
    registerAttackWorkflow();
    ({ rollAttack } = await import("../../src/workflows/attack.js"));
    ({ ledgerOf } = await import("../../src/workflows/card-ledger.js"));
  });
  afterAll(() => w.uninstall());

  it("[HD-LEGENDARY] [HD-ATK] [SYS-MONSTERS] sheet attack → the legend's failed save succeeds (half damage), Apply spends one legendary resistance, Undo gives back HP and the use; one with none left fails", async () => {
    w.messages.clear();
    w.actors.clear();
    w.tokens.clear();
    const drake = w.addActor("drake", "Drake", npc(R, 10));
    const hp = { hp: { value: 40, max: 40, temp: 0 } };
    const legend = (left: number) => ({
      legendary: { actions: 0, actionsLeft: 0, resistances: 2, resistancesLeft: left },
    });
    const a = w.addActor("a", "Regent", npc(R, 10, { ...hp, ...dex2, ...legend(1) } as Partial<ActorSource>));
    const b = w.addActor("b", "Spent Regent", npc(R, 10, { ...hp, ...dex2, ...legend(0) } as Partial<ActorSource>));
    drake.items.set("breath", new RelayItemStandIn("breath", drake, "power", "Breath", breath));
    w.attack.targets.clear();
    for (const foe of [a, b])
      w.attack.targets.add({
        document: { uuid: `Scene.s1.Token.${foe.id}`, name: foe.name, texture: { src: foe.img } },
        actor: foe as never,
      });
    standInAttackFaces.length = 0;
    // Both saves fail: 8 + 2 = 10 and 5 + 2 = 7 against DC 13. The failure's 2d6 (5, 4) = 9; the success's (3, 4) = 7, halved 3.
    standInAttackFaces.push(8, 5, 3, 4, 5, 4);
    const m = (await rollAttack(drake as never, drake.items.get("breath") as never, {
      fastForward: true,
    })) as unknown as MessageStandIn;
    expect(m, w.attack.errors.join("; ")).toBeTruthy();
    expect(standInAttackFaces).toEqual([]);
    for (let i = 0; i < 50 && ledgerOf(m.id) === null; i++) await new Promise((r) => setTimeout(r, 2));
    const ledger = ledgerOf(m.id)!.ledger;
    expect(ledger.status, ledger.reason).toBe("valid");
    const card = attackCardIn(m)!;
    expect(
      card.targets.map((t) => [t.name, t.outcome.total, t.outcome.result, t.outcome.saveResisted ?? false, t.damage]),
    ).toEqual([
      ["Regent", 10, "miss", true, 3],
      ["Spent Regent", 7, "hit", false, 9],
    ]);
    const view = attackCardContext(card, standInViewer());
    expect(view.targets.map((t) => t.resultText)).toEqual(["Saves", "Fails"]);
    for (const [foe, lost] of [
      [a, 3],
      [b, 9],
    ] as const) {
      const applied = (await w.send(
        wire("apply", { messageId: m.id, targetUuid: `Scene.s1.Token.${foe.id}`, mode: "full" }),
        "gm",
      )) as { report: { ok: boolean; message: string } };
      expect(applied.report.ok, applied.report.message).toBe(true);
      expect(foe.source.hp.value).toBe(40 - lost);
    }
    expect((a.source as ActorSource).legendary?.resistancesLeft).toBe(0);
    expect((b.source as ActorSource).legendary?.resistancesLeft).toBe(0);
    const record = ledgerOf(m.id)!.ledger.card.applied[0]!;
    expect(record.events.map((e) => e.key)).toContain("D20C.Creature.Event.legendaryResistanceSaveAttack");
    const undone = (await w.send(wire("undo", { messageId: m.id, recordId: record.id }), "gm")) as {
      report: { ok: boolean; message: string };
    };
    expect(undone.report.ok, undone.report.message).toBe(true);
    expect(a.source.hp.value).toBe(40);
    expect((a.source as ActorSource).legendary?.resistancesLeft).toBe(1);
    expect(b.source.hp.value).toBe(31);
  });
});
