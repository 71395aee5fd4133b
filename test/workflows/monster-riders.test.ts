/**
 * [SYS-MONSTERS] Damage riders at the table through the REAL entry points on the active GM's client
 * (test/stand-ins/foundry-relay.ts), recorded dice throughout: the sheet's attack (`rollAttack`)
 * rolls the rider beside the main damage on ONE card when the natural roll is in its range, the GM
 * re-decides the card from the message's rolls, and Apply (over the system socket) deals the rider
 * as its own part through the target's traits; undo gives the hit points back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, PowerSource, RulesetId } from "../../src/engine/types.js";
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
    let w: RelayStandIn;
    let rollAttack: typeof RollAttackFn;
    let ledgerOf: typeof LedgerOfFn;
    let seq = 0;
    const wire = (action: "apply" | "undo", data: Record<string, unknown>) => ({
      type: "request",
      id: `rider${++seq}`,
      gmId: "gm",
      action,
      data,
    });

    beforeAll(async () => {
      w = installRelayStandIn(c.id);
      const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
      registerAttackWorkflow();
      ({ rollAttack } = await import("../../src/workflows/attack.js"));
      ({ ledgerOf } = await import("../../src/workflows/card-ledger.js"));
    });
    afterAll(() => w.uninstall());

    it(`[SYS-MONSTERS] ${c.rule} sheet attack → a natural 17 rolls the fire rider on the card → Apply: ${c.why}; undo gives it back`, async () => {
      w.messages.clear();
      w.actors.clear();
      w.tokens.clear();
      const beast = w.addActor("beast", "Beast", npc(R, 10));
      const foe = w.addActor("foe", "Foe", npc(R, 10, { hp: { value: 40, max: 40, temp: 0 }, ...c.traits }));
      beast.items.set("claw", new RelayItemStandIn("claw", beast, "power", "Claw", claw));
      w.attack.targets.clear();
      w.attack.targets.add({
        document: { uuid: "Scene.s1.Token.foe", name: "Foe", texture: { src: foe.img } },
        actor: foe as never,
      });
      standInAttackFaces.length = 0;
      standInAttackFaces.push(17, 6, 5);
      const m = (await rollAttack(beast as never, beast.items.get("claw") as never, {
        fastForward: true,
      })) as unknown as MessageStandIn;
      expect(m, w.attack.errors.join("; ")).toBeTruthy();
      expect(standInAttackFaces).toEqual([]);
      for (let i = 0; i < 50 && ledgerOf(m.id) === null; i++) await new Promise((r) => setTimeout(r, 2));
      const ledger = ledgerOf(m.id)!.ledger;
      expect(ledger.status, ledger.reason).toBe("valid");
      const card = attackCardIn(m)!;
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
      const applied = (await w.send(
        wire("apply", { messageId: m.id, targetUuid: "Scene.s1.Token.foe", mode: "full" }),
        "gm",
      )) as { report: { ok: boolean; message: string } };
      expect(applied.report.ok, applied.report.message).toBe(true);
      expect(foe.source.hp.value).toBe(40 - c.lost);
      const record = ledgerOf(m.id)!.ledger.card.applied[0]!;
      const undone = (await w.send(wire("undo", { messageId: m.id, recordId: record.id }), "gm")) as {
        report: { ok: boolean; message: string };
      };
      expect(undone.report.ok, undone.report.message).toBe(true);
      expect(foe.source.hp.value).toBe(40);
    });
  });
}
