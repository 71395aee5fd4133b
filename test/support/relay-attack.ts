/**
 * The sheet → card → Apply opening the relay workflow tests share (issue 35): one game's relay
 * stand-in (test/stand-ins/foundry-relay.ts) with the attack workflow registered, an attack of an
 * actor's power through the REAL `rollAttack` at the given targets on recorded faces (every face
 * used) that resolves once the GM's ledger of its card is written and valid, and the GM's Apply and
 * Undo through the relay's wire. It decides nothing: each test asserts the card, the HP and the
 * records itself.
 *
 *   const world = relayAttackWorld("hundred-dungeons");   // installs in beforeAll, uninstalls in afterAll
 *   const { m, card } = await world.attack(drake, "breath", [a, b], [8, 14, 5, 4]);
 *   expect((await world.apply(m, a)).ok).toBe(true);
 */
import { afterAll, beforeAll, expect } from "vitest";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import type { ledgerOf as LedgerOfFn } from "../../src/workflows/card-ledger.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  installRelayStandIn,
  type MessageStandIn,
  type RelayActorStandIn,
  type RelayStandIn,
} from "../stand-ins/foundry-relay.js";
import { attackCardIn } from "./card-messages.js";

/** What the GM's client answers a relay request. */
export interface RelayReport {
  ok: boolean;
  message: string;
}

export interface RelayAttackWorld {
  /** The relay stand-in (set in beforeAll). */
  readonly w: RelayStandIn;
  /** The GM's ledger of a card (the product's `ledgerOf`). */
  ledgerOf: typeof LedgerOfFn;
  /** Empty the world's messages, actors and tokens. */
  clear(): void;
  /** `attacker`'s power `itemId` at `targets` on these faces, posted with its GM ledger valid. */
  attack(
    attacker: RelayActorStandIn,
    itemId: string,
    targets: readonly RelayActorStandIn[],
    faces: readonly number[],
  ): Promise<{ m: MessageStandIn; card: AttackCardData }>;
  /** The GM's Apply of a card to a target (its token), mode "full" unless said. */
  apply(m: MessageStandIn, target: RelayActorStandIn, mode?: string): Promise<RelayReport>;
  /** The GM's Undo of a card's application (the first unless said). */
  undo(m: MessageStandIn, index?: number): Promise<RelayReport>;
}

/** Install one game's relay world for the enclosing suite (beforeAll / afterAll). */
export function relayAttackWorld(rulesetId: string): RelayAttackWorld {
  let w: RelayStandIn | null = null;
  let rollAttack: typeof RollAttackFn;
  let ledgerOf: typeof LedgerOfFn = () => null;
  let seq = 0;
  beforeAll(async () => {
    w = installRelayStandIn(rulesetId);
    const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
    registerAttackWorkflow();
    ({ rollAttack } = await import("../../src/workflows/attack.js"));
    ({ ledgerOf } = await import("../../src/workflows/card-ledger.js"));
  });
  afterAll(() => w?.uninstall());
  const world = (): RelayStandIn => {
    if (!w) throw new Error("the relay world is installed in beforeAll");
    return w;
  };
  const send = async (action: "apply" | "undo", data: Record<string, unknown>): Promise<RelayReport> => {
    const wire = { type: "request", id: `relay-attack${++seq}`, gmId: "gm", action, data };
    return ((await world().send(wire, "gm")) as { report: RelayReport }).report;
  };
  const tokenUuid = (actor: RelayActorStandIn) => `Scene.s1.Token.${actor.id}`;
  return {
    get w() {
      return world();
    },
    ledgerOf: (id) => ledgerOf(id),
    clear() {
      world().messages.clear();
      world().actors.clear();
      world().tokens.clear();
    },
    async attack(attacker, itemId, targets, faces) {
      const w = world();
      w.attack.targets.clear();
      for (const foe of targets)
        w.attack.targets.add({
          document: { uuid: tokenUuid(foe), name: foe.name, texture: { src: foe.img } },
          actor: foe as never,
        });
      standInAttackFaces.length = 0;
      standInAttackFaces.push(...faces);
      const m = (await rollAttack(attacker as never, attacker.items.get(itemId) as never, {
        fastForward: true,
      })) as unknown as MessageStandIn;
      expect(m, w.attack.errors.join("; ")).toBeTruthy();
      expect(standInAttackFaces).toEqual([]);
      for (let i = 0; i < 50 && ledgerOf(m.id) === null; i++) await new Promise((r) => setTimeout(r, 2));
      const ledger = ledgerOf(m.id)!.ledger;
      expect(ledger.status, ledger.reason).toBe("valid");
      return { m, card: attackCardIn(m)! };
    },
    apply: (m, target, mode = "full") => send("apply", { messageId: m.id, targetUuid: tokenUuid(target), mode }),
    undo: (m, index = 0) => send("undo", { messageId: m.id, recordId: ledgerOf(m.id)!.ledger.card.applied[index]!.id }),
  };
}
