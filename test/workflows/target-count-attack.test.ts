/**
 * [SYS-TARGETS] A power's target count at the table through the REAL entry points on the active
 * GM's client (test/stand-ins/foundry-relay.ts), recorded dice throughout: the sheet's attack
 * (`rollAttack`) rolls "1d3", attacks the first targets it allows and warns of the rest, the card
 * says "up to 2 targets (rolled 1d3)", the count's roll is the message's last roll, the GM's client
 * re-decides the card from the rolls and finds it valid, and Apply deals the damage.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
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

describe("[SYS-TARGETS] a power's target count at the table (13th Age)", () => {
  const R = getRuleset("13th-age");
  let w: RelayStandIn;
  let rollAttack: typeof RollAttackFn;
  let ledgerOf: typeof LedgerOfFn;

  beforeAll(async () => {
    w = installRelayStandIn("13th-age");
    const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
    registerAttackWorkflow();
    ({ rollAttack } = await import("../../src/workflows/attack.js"));
    ({ ledgerOf } = await import("../../src/workflows/card-ledger.js"));
  });
  afterAll(() => w.uninstall());

  /** A wisp swarm whose spray attacks `count` targets, and three foes targeted in order. */
  function scene(count: string) {
    w.messages.clear();
    w.actors.clear();
    w.tokens.clear();
    w.attack.warnings.length = 0;
    const swarm = w.addActor("swarm", "Wisp Swarm", npc(R, 10));
    const hp = { hp: { value: 30, max: 30, temp: 0 } };
    const foes = ["a", "b", "c"].map((id, i) => w.addActor(id, `Foe ${i + 1}`, npc(R, 15, hp)));
    swarm.items.set(
      "spray",
      new RelayItemStandIn(
        "spray",
        swarm,
        "power",
        "Thorn spray",
        power({ attackBonus: 7, defense: "pd", damage: "5", targetCount: count }),
      ),
    );
    w.attack.targets.clear();
    for (const foe of foes)
      w.attack.targets.add({
        document: { uuid: `Scene.s1.Token.${foe.id}`, name: foe.name, texture: { src: foe.img } },
        actor: foe as never,
      });
    return { swarm, foes };
  }

  async function settledLedger(m: MessageStandIn) {
    for (let i = 0; i < 50 && ledgerOf(m.id) === null; i++) await new Promise((r) => setTimeout(r, 2));
    return ledgerOf(m.id)!.ledger;
  }

  it("[SYS-TARGETS] [SYS-PERM] an attack cancelled before it is made (the dialog, a module's preAttack) rolls no count, so cancelling cannot fish for a better one", async () => {
    const { swarm } = scene("1d3");
    standInAttackFaces.length = 0;
    standInAttackFaces.push(1, 12, 3);
    const cancel = () => false;
    w.hooks.set("d20-combat.preAttack", [cancel]);
    try {
      const m = await rollAttack(swarm as never, swarm.items.get("spray") as never, { fastForward: true });
      expect(m).toBeNull();
      expect(standInAttackFaces).toEqual([1, 12, 3]);
      expect(w.attack.warnings).toEqual([]);
    } finally {
      w.hooks.delete("d20-combat.preAttack");
    }
  });

  it("[SYS-TARGETS] [13A-ATK] sheet attack of a 1d3-target power: the count rolls 2, the first two targets are attacked, the third named in a warning; the card says so and the GM finds it valid", async () => {
    const { swarm, foes } = scene("1d3");
    standInAttackFaces.length = 0;
    // The count's d3 shows 2; Foe 1's d20 12 (+7 = 19 hits PD 15), Foe 2's 3 (10 misses).
    standInAttackFaces.push(2, 12, 3);
    const m = (await rollAttack(swarm as never, swarm.items.get("spray") as never, {
      fastForward: true,
    })) as unknown as MessageStandIn;
    expect(m, w.attack.errors.join("; ")).toBeTruthy();
    expect(standInAttackFaces).toEqual([]);
    const card = attackCardIn(m)!;
    expect(card.targets.map((t) => [t.name, t.outcome.isHit, t.damage])).toEqual([
      ["Foe 1", true, 5],
      ["Foe 2", false, 0],
    ]);
    expect(card.targetCount).toEqual({ formula: "1d3", count: 2 });
    expect((m.rolls as { formula: string }[]).map((r) => r.formula).at(-1)).toBe("1d3");
    expect(w.attack.warnings).toEqual(["Thorn spray attacks up to 2 targets: Foe 3 left out (in target order)."]);
    expect(attackCardContext(card, standInViewer()).targetCount).toBe("up to 2 targets (rolled 1d3)");
    const ledger = await settledLedger(m);
    expect(ledger.status, ledger.reason).toBe("valid");
    expect(ledger.card.targetCount).toEqual({ formula: "1d3", count: 2 });
    expect(foes[2]!.source.hp.value).toBe(30);
  });

  it("[SYS-TARGETS] [SYS-PERM] a card claiming a count its roll did not give is refused by the GM's client: the count roll must match", async () => {
    const { swarm } = scene("1d3");
    standInAttackFaces.length = 0;
    standInAttackFaces.push(2, 12, 3);
    const real = (await rollAttack(swarm as never, swarm.items.get("spray") as never, {
      fastForward: true,
    })) as unknown as MessageStandIn;
    expect((await settledLedger(real)).status).toBe("valid");
    const forged = structuredClone(attackCardIn(real)!);
    forged.targetCount = { formula: "1d3", count: 3 };
    const m = await w.post(w.users.get("gm")!, {
      type: "attack",
      system: forged as unknown as Record<string, unknown>,
      rolls: real.rolls,
      content: real.content,
    });
    const ledger = await settledLedger(m);
    expect(ledger.status).toBe("invalid");
    expect(ledger.reason).toBe("targetCount");
  });

  it("[SYS-TARGETS] a fixed count rolls nothing: a two-target power attacks the first two, every roll is the attack's", async () => {
    const { swarm } = scene("2");
    standInAttackFaces.length = 0;
    standInAttackFaces.push(12, 13);
    const m = (await rollAttack(swarm as never, swarm.items.get("spray") as never, {
      fastForward: true,
    })) as unknown as MessageStandIn;
    expect(m, w.attack.errors.join("; ")).toBeTruthy();
    const card = attackCardIn(m)!;
    expect(card.targets.map((t) => t.name)).toEqual(["Foe 1", "Foe 2"]);
    expect(card.targetCount).toEqual({ formula: "2", count: 2 });
    // Two attack rolls and the hit's damage: no count roll.
    expect((m.rolls as { formula: string }[]).map((r) => r.formula.replace(/\s+/g, ""))).toEqual([
      "1d20+7",
      "1d20+7",
      "5",
    ]);
    const ledger = await settledLedger(m);
    expect(ledger.status, ledger.reason).toBe("valid");
  });
});
