/**
 * [SYS-MONSTERS] Damage riders at the table through the REAL entry points on the active GM's client
 * (test/stand-ins/foundry-relay.ts), recorded dice throughout: the sheet's attack (`rollAttack`)
 * rolls the rider beside the main damage on ONE card when the natural roll is in its range, the GM
 * re-decides the card from the message's rolls, and Apply (over the system socket) deals the rider
 * as its own part through the target's traits; undo gives the hit points back.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, PowerSource, RulesetId } from "../../src/engine/types.js";
import { RelayItemStandIn } from "../stand-ins/foundry-relay.js";
import { npc, power } from "./attack-fixtures.js";
import { relayAttackWorld } from "../support/relay-attack.js";

/** A claw: +5, 1d8 + 4 untyped; natural 16–19: +1d6 fire. */
const claw: PowerSource = power({
  damage: "1d8 + 4",
  damageTypes: [],
  effects: [
    {
      outcome: "hit",
      trigger: { kind: "range", value: 16, max: 19 },
      text: "",
      statuses: [],
      duration: "instant",
      save: "normal",
      sustain: null,
      ongoing: null,
      aftereffect: null,
      damage: { formula: "1d6", types: ["fire"] },
    },
  ],
});

interface Case {
  id: RulesetId;
  rule: string;
  traits: Partial<ActorSource>;
  /** HP lost from a natural 17, d8 = 6 (main 10) and d6 = 5 (fire 5). */
  lost: number;
  why: string;
}

const CASES: Case[] = [
  {
    id: "ffd20",
    rule: "[FF-RESIST]",
    traits: { resistances: [{ type: "fire", value: 5 }] },
    lost: 10,
    why: "resist 5 fire takes the rider only",
  },
  {
    id: "hundred-dungeons",
    rule: "[HD-RESIST]",
    traits: { resistances: [{ type: "fire", value: 0 }] },
    lost: 10 + 2,
    why: "resistant to fire halves the rider only (5 → 2)",
  },
];

for (const c of CASES) {
  describe(`[SYS-MONSTERS] ${c.rule} a damage rider in ${c.id}`, () => {
    const R = getRuleset(c.id);
    const world = relayAttackWorld(c.id);

    it(`[SYS-MONSTERS] ${c.rule} sheet attack → a natural 17 rolls the fire rider on the card → Apply: ${c.why}; undo gives it back`, async () => {
      world.clear();
      const { w } = world;
      const beast = w.addActor("beast", "Beast", npc(R, 10));
      const foe = w.addActor("foe", "Foe", npc(R, 10, { hp: { value: 40, max: 40, temp: 0 }, ...c.traits }));
      beast.items.set("claw", new RelayItemStandIn("claw", beast, "power", "Claw", claw));
      const { m, card } = await world.attack(beast, "claw", [foe], [17, 6, 5]);
      expect(card.damageRolls.map((d) => [d.key, d.formula])).toEqual([
        ["hit", "1d8 + 4"],
        ["hit~rider1", "1d6"],
      ]);
      expect(card.targets[0]).toMatchObject({
        damage: 15,
        parts: [
          { amount: 10, types: [] },
          { amount: 5, types: ["fire"] },
        ],
      });
      const applied = await world.apply(m, foe);
      expect(applied.ok, applied.message).toBe(true);
      expect(foe.source.hp.value).toBe(40 - c.lost);
      const undone = await world.undo(m);
      expect(undone.ok, undone.message).toBe(true);
      expect(foe.source.hp.value).toBe(40);
    });
  });
}
