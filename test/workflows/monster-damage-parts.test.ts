/**
 * [SYS-MONSTERS] Damage in parts of different types, at the table through the REAL entry points on
 * the active GM's client (test/stand-ins/foundry-relay.ts), recorded dice throughout: the sheet's
 * attack (`rollAttack`) rolls the main damage and each part beside it on ONE card, the GM re-decides
 * the card from the message's rolls, and Apply (over the system socket) deals each part through the
 * target's traits on its own; undo gives the hit points back. A creature resisting fire halves (or
 * reduces) only the fire part of "1d8 + 4 piercing plus 1d6 fire".
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, PowerSource, RulesetId } from "../../src/engine/types.js";
import { RelayItemStandIn } from "../stand-ins/foundry-relay.js";
import { npc, power } from "./attack-fixtures.js";
import { relayAttackWorld } from "../support/relay-attack.js";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { standInViewer } from "./attack-card-fixture.js";

const typeWord = (t: string) => standInViewer().localize(`D20C.DamageType.${t}`);

/** A bite: +5, 1d8 + 4 of the main type, plus 1d6 fire. */
const bite = (main: string): PowerSource =>
  power({ damage: "1d8 + 4", damageTypes: [main], damageParts: [{ formula: "1d6", types: ["fire"] }] });

interface Case {
  id: RulesetId;
  rule: string;
  /** The main part's type (the game's own: 13th Age and FFd20 name no weapon types). */
  main: string;
  /** The target's traits. */
  traits: Partial<ActorSource>;
  /** HP lost from a recorded natural, d8 = 6 and d6 = 5: main 10, fire 5. */
  natural: number;
  lost: number;
  why: string;
}

const CASES: Case[] = [
  {
    id: "13th-age",
    rule: "[13A-RESIST]",
    main: "poison",
    traits: {
      resistances: [
        { type: "fire", value: 16 },
        { type: "poison", value: 10 },
      ],
    },
    natural: 12,
    lost: 10 + 2,
    why: "resist poison 10+ and fire 16+: the natural 12 beats the poison one and halves only the fire (5 → 2)",
  },
  {
    id: "ffd20",
    rule: "[FF-RESIST]",
    main: "poison",
    traits: { resistances: [{ type: "fire", value: 5 }] },
    natural: 12,
    lost: 10 + 0,
    why: "resist 5 fire takes the fire part only (one blow of poison and fire would resist nothing); the poison is whole",
  },
  {
    id: "hundred-dungeons",
    rule: "[HD-RESIST]",
    main: "piercing",
    traits: { resistances: [{ type: "fire", value: 0 }], vulnerabilities: [{ type: "piercing", value: 0 }] },
    natural: 12,
    lost: 20 + 2,
    why: "vulnerable to piercing doubles only it (10 → 20), resistant to fire halves only it (5 → 2)",
  },
  {
    id: "wounds-d20",
    rule: "[WD-DMG]",
    main: "piercing",
    traits: { immunities: ["fire"] },
    natural: 15,
    lost: 10,
    why: "immune to fire: the fire part deals nothing, the piercing all of it",
  },
];

for (const c of CASES) {
  describe(`[SYS-MONSTERS] ${c.rule} damage parts in ${c.id}`, () => {
    const R = getRuleset(c.id);
    const world = relayAttackWorld(c.id);

    it(`[SYS-MONSTERS] ${c.rule} sheet attack → one card with both parts → Apply: ${c.why}; undo gives it back`, async () => {
      world.clear();
      const { w } = world;
      w.addUser("bob");
      const drake = w.addActor("drake", "Drake", npc(R, 10));
      const foe = w.addActor("foe", "Foe", npc(R, 10, { hp: { value: 40, max: 40, temp: 0 }, ...c.traits }), ["bob"]);
      drake.items.set("bite", new RelayItemStandIn("bite", drake, "power", "Bite", bite(c.main)));
      const { m, card } = await world.attack(drake, "bite", [foe], [c.natural, 6, 5]);
      // One card: the main roll and the fire part's roll beside it.
      expect(card.damageRolls.map((d) => [d.key, d.formula, d.recipe.types])).toEqual([
        ["hit", "1d8 + 4", [c.main]],
        ["hit~part1", "1d6", ["fire"]],
      ]);
      expect(card.targets[0]).toMatchObject({
        damage: 15,
        parts: [
          { amount: 10, types: [c.main] },
          { amount: 5, types: ["fire"] },
        ],
      });
      // The card shows each part in the game's words.
      const view = attackCardContext(card, standInViewer());
      expect(view.targets[0]!.damageParts).toBe(`10 ${typeWord(c.main)} + 5 Fire`);
      expect(view.damageRolls.map((d) => d.label)).toEqual(["Hit damage", "Hit damage (Fire)"]);
      const applied = await world.apply(m, foe);
      expect(applied.ok, applied.message).toBe(true);
      expect(foe.source.hp.value).toBe(40 - c.lost);
      const undone = await world.undo(m);
      expect(undone.ok, undone.message).toBe(true);
      expect(foe.source.hp.value).toBe(40);
    });
  });
}
