/**
 * [HD-LEGENDARY] [SYS-MONSTERS] Legendary resistance against a save-based attack, through the REAL
 * entry points on the active GM's client (test/stand-ins/foundry-relay.ts), recorded dice: the
 * sheet's attack rolls each target's Dexterity against the breath's DC on one card; a legend's
 * failed save reads "Saves" (legendary resistance) and takes the success's half, Apply spends the
 * use, and the GM's Undo gives back both the hit points and the use. A creature without one left
 * fails as rolled.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, PowerSource } from "../../src/engine/types.js";
import { RelayItemStandIn } from "../stand-ins/foundry-relay.js";
import { npc, power } from "./attack-fixtures.js";
import { relayAttackWorld } from "../support/relay-attack.js";
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
  const world = relayAttackWorld("hundred-dungeons");

  it("[HD-LEGENDARY] [HD-ATK] [SYS-MONSTERS] sheet attack → the legend's failed save succeeds (half damage), Apply spends one legendary resistance, Undo gives back HP and the use; one with none left fails", async () => {
    world.clear();
    const { w } = world;
    const drake = w.addActor("drake", "Drake", npc(R, 10));
    const hp = { hp: { value: 40, max: 40, temp: 0 } };
    const legend = (left: number) => ({
      legendary: { actions: 0, actionsLeft: 0, resistances: 2, resistancesLeft: left },
    });
    const a = w.addActor("a", "Regent", npc(R, 10, { ...hp, ...dex2, ...legend(1) } as Partial<ActorSource>));
    const b = w.addActor("b", "Spent Regent", npc(R, 10, { ...hp, ...dex2, ...legend(0) } as Partial<ActorSource>));
    drake.items.set("breath", new RelayItemStandIn("breath", drake, "power", "Breath", breath));
    // Both saves fail: 8 + 2 = 10 and 5 + 2 = 7 against DC 13. The failure's 2d6 (5, 4) = 9; the success's (3, 4) = 7, halved 3.
    const { m, card } = await world.attack(drake, "breath", [a, b], [8, 5, 3, 4, 5, 4]);
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
      const applied = await world.apply(m, foe);
      expect(applied.ok, applied.message).toBe(true);
      expect(foe.source.hp.value).toBe(40 - lost);
    }
    expect((a.source as ActorSource).legendary?.resistancesLeft).toBe(0);
    expect((b.source as ActorSource).legendary?.resistancesLeft).toBe(0);
    const record = world.ledgerOf(m.id)!.ledger.card.applied[0]!;
    expect(record.events.map((e) => e.key)).toContain("D20C.Creature.Event.legendaryResistanceSaveAttack");
    const undone = await world.undo(m);
    expect(undone.ok, undone.message).toBe(true);
    expect(a.source.hp.value).toBe(40);
    expect((a.source as ActorSource).legendary?.resistancesLeft).toBe(1);
    expect(b.source.hp.value).toBe(31);
  });
});
