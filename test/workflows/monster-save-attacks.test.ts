/**
 * [SYS-MONSTERS] Save-based attacks at the table through the REAL entry points on the active GM's
 * client (test/stand-ins/foundry-relay.ts), recorded dice throughout: the sheet's attack
 * (`rollAttack`) rolls each target's own save ([HD-ATK] an ability roll; [WD-SAVES] one of the five
 * saves) against the power's DC on ONE card, the GM re-decides the card from the message's rolls,
 * Apply (over the system socket) deals the failure's whole damage and the success's half, and undo
 * gives the hit points back.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, PowerSource, RulesetId } from "../../src/engine/types.js";
import { RelayItemStandIn } from "../stand-ins/foundry-relay.js";
import { npc, power } from "./attack-fixtures.js";
import { relayAttackWorld } from "../support/relay-attack.js";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { standInViewer } from "./attack-card-fixture.js";

interface Case {
  id: RulesetId;
  rule: string;
  breath: PowerSource;
  /** The targets' stats: their save is d20 + 2. */
  foe: Partial<ActorSource>;
  saveWord: string;
}

const CASES: Case[] = [
  {
    id: "hundred-dungeons",
    rule: "[HD-ATK]",
    breath: power({ damage: "2d6", damageTypes: ["fire"], saveAttack: { save: "dex", dc: 13, onSuccess: "half" } }),
    foe: { abilities: { str: 0, dex: 2, con: 0, int: 0, wis: 0, cha: 0 } },
    saveWord: "Target rolls Dexterity",
  },
  {
    id: "wounds-d20",
    rule: "[WD-SAVES]",
    breath: power({ damage: "2d6", damageTypes: ["fire"], saveAttack: { save: "reflex", dc: 13, onSuccess: "half" } }),
    foe: { baseSaveBonus: 0, abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 } },
    saveWord: "Target rolls Reflex Save",
  },
];

for (const c of CASES) {
  describe(`[SYS-MONSTERS] ${c.rule} save-based attack in ${c.id}`, () => {
    const R = getRuleset(c.id);
    const world = relayAttackWorld(c.id);

    it(`[SYS-MONSTERS] ${c.rule} sheet attack → each target's save on one card → Apply: a failure takes all, a success half; undo gives it back`, async () => {
      world.clear();
      const { w } = world;
      // Bob's client rolls his Foe A's save when asked (test/workflows/owner-saves.test.ts).
      w.answersOnOwnClient(w.addUser("bob"));
      const drake = w.addActor("drake", "Drake", npc(R, 10));
      const hp = { hp: { value: 40, max: 40, temp: 0 } };
      const a = w.addActor("a", "Foe A", npc(R, 10, { ...hp, ...c.foe }), ["bob"]);
      const b = w.addActor("b", "Foe B", npc(R, 10, { ...hp, ...c.foe }));
      drake.items.set("breath", new RelayItemStandIn("breath", drake, "power", "Breath", c.breath));
      // A's save: 8 + 2 = 10 fails; B's: 14 + 2 = 16 saves. Damage: the failure 2d6 (5, 4), the success (3, 4) halved.
      const { m, card } = await world.attack(drake, "breath", [a, b], [8, 14, 5, 4, 3, 4]);
      expect(card.dice).toEqual([[8], [14]]);
      expect(card.targets.map((t) => [t.name, t.outcome.total, t.outcome.result, t.damage])).toEqual([
        ["Foe A", 10, "hit", 9],
        ["Foe B", 16, "miss", 3],
      ]);
      const view = attackCardContext(card, standInViewer());
      expect(view.versus).toBe(c.saveWord);
      expect(view.targets.map((t) => t.resultText)).toEqual(["Fails", "Saves"]);
      for (const [foe, lost] of [
        [a, 9],
        [b, 3],
      ] as const) {
        const applied = await world.apply(m, foe);
        expect(applied.ok, applied.message).toBe(true);
        expect(foe.source.hp.value).toBe(40 - lost);
      }
      const undone = await world.undo(m);
      expect(undone.ok, undone.message).toBe(true);
      expect(a.source.hp.value).toBe(40);
      expect(b.source.hp.value).toBe(37);
    });
  });
}
