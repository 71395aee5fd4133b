/**
 * The sheet → card → Apply opening on the active GM's client (test/stand-ins/foundry-relay.ts):
 * install the relay stand-in for a game, register the attack workflow, then attack with an item
 * (`rollAttack`, what the sheet row's attack button starts) against one target with recorded dice,
 * wait for the GM's ledger to decide the card, and press the card's REAL Apply control
 * (`onApplyClick` → `applyHere`). Shared by workflow tests that play an attack through to the target.
 */
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import type { RulesetId } from "../../src/engine/types.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  installRelayStandIn,
  type MessageStandIn,
  type RelayActorStandIn,
  type RelayItemStandIn,
  type RelayStandIn,
} from "../stand-ins/foundry-relay.js";
import { attackCardIn } from "./card-messages.js";

export interface RelayAttack {
  w: RelayStandIn;
  /**
   * `attacker` attacks `target` with `item`, the stand-in's dice showing `faces` in order (left-over
   * faces are cleared); the GM's ledger decides the card; Apply (full) is pressed when `apply`.
   * Returns the posted card as the GM's ledger holds it, and the message.
   */
  attackThenApply(
    attacker: RelayActorStandIn,
    item: RelayItemStandIn,
    target: RelayActorStandIn,
    faces: number[],
    apply?: boolean,
  ): Promise<{ card: AttackCardData; message: MessageStandIn; status: string }>;
  uninstall(): void;
}

export async function openRelayAttack(id: RulesetId): Promise<RelayAttack> {
  const w = installRelayStandIn(id);
  const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
  registerAttackWorkflow();
  const { rollAttack } = await import("../../src/workflows/attack.js");
  const { ledgerOf } = await import("../../src/workflows/card-ledger.js");
  const { onApplyClick } = await import("../../src/workflows/apply-damage.js");
  return {
    w,
    uninstall: () => w.uninstall(),
    async attackThenApply(attacker, item, target, faces, apply = true) {
      w.attack.targets.clear();
      w.attack.targets.add({
        document: { uuid: target.token!.uuid, name: target.name, texture: { src: target.img } },
        actor: target as never,
      });
      standInAttackFaces.length = 0;
      standInAttackFaces.push(...faces);
      const message = (await rollAttack(attacker as never, item as never, {
        fastForward: true,
      })) as unknown as MessageStandIn | null;
      if (!message) throw new Error(`no card posted: ${w.attack.errors.join("; ")}`);
      for (let i = 0; i < 100 && ledgerOf(message.id) === null; i++) await new Promise((r) => setTimeout(r, 2));
      const ledger = ledgerOf(message.id)?.ledger;
      if (!ledger) throw new Error("the GM's ledger never decided the card");
      if (apply && ledger.status === "valid")
        await onApplyClick(message as unknown as ChatMessage, target.token!.uuid, "full");
      standInAttackFaces.length = 0;
      return { card: ledger.card ?? attackCardIn(message)!, message, status: ledger.status };
    },
  };
}
