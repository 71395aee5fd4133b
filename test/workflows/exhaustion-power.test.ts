/**
 * [HD-COND] A spell that inflicts exhaustion, through the REAL apply button on the active GM's
 * client (test/stand-ins/foundry-relay.ts): a power whose hit effect imposes "exhaustion" adds one
 * level through the game's own gain (death at 6, from any source) instead of putting an effect on
 * the target, recorded as a change of that application so undo takes the level back.
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
import { hitEffect } from "./power-fixtures.js";

const R = getRuleset("hundred-dungeons");
let seq = 0;
const wire = (action: "apply" | "undo", data: Record<string, unknown>) => ({
  type: "request",
  id: `ex${++seq}`,
  gmId: "gm",
  action,
  data,
});
type Answer = { report: { ok: boolean; message: string } };

let w: RelayStandIn;
let rollAttack: typeof RollAttackFn;
let ledgerOf: typeof LedgerOfFn;
beforeAll(async () => {
  w = installRelayStandIn("hundred-dungeons");
  const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
  registerAttackWorkflow();
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
  ({ ledgerOf } = await import("../../src/workflows/card-ledger.js"));
});
afterAll(() => w.uninstall());

/** A hag's Withering Curse (+5, 2 necrotic) hits a foe of Defense 12 at `exhaustion` levels. */
async function curse(exhaustion: number, statuses = ["exhaustion"]): Promise<MessageStandIn> {
  w.messages.clear();
  w.actors.clear();
  w.tokens.clear();
  const hag = w.addActor("hag", "Hag", npc(R, 12));
  w.addActor("wren", "Wren", npc(R, 12, { kind: "character", exhaustion }));
  const spell = power({ damage: "2", effects: [hitEffect({ statuses, duration: "permanent" })] });
  hag.items.set("curse", new RelayItemStandIn("curse", hag, "power", "Withering Curse", spell));
  const wren = w.actors.get("wren")!;
  w.attack.targets.clear();
  w.attack.targets.add({
    document: { uuid: "Scene.s1.Token.wren", name: "Wren", texture: { src: wren.img } },
    actor: wren as never,
  });
  standInAttackFaces.length = 0;
  // Two faces: a stunned target (exhaustion 5) is attacked with a mighty roll.
  standInAttackFaces.push(15, 3);
  const m = (await rollAttack(hag as never, hag.items.get("curse") as never, {
    fastForward: true,
  })) as unknown as MessageStandIn;
  expect(m, w.attack.errors.join("; ")).toBeTruthy();
  for (let i = 0; i < 50 && ledgerOf(m.id) === null; i++) await new Promise((r) => setTimeout(r, 2));
  return m;
}
const apply = (m: MessageStandIn) =>
  w.send(wire("apply", { messageId: m.id, targetUuid: "Scene.s1.Token.wren", mode: "full" }), "gm") as Promise<Answer>;

describe("[HD-COND] exhaustion from a spell", () => {
  it("[HD-COND] a creature at exhaustion 5 hit by a spell that inflicts exhaustion reaches 6 and dies; no effect is put on it; undo brings it back at 5", async () => {
    const m = await curse(5);
    expect((await apply(m)).report.ok).toBe(true);
    const wren = w.actors.get("wren")!;
    expect(wren.source.exhaustion).toBe(6);
    expect(wren.source.state).toBe("dead");
    expect(wren.effectIds()).toEqual([]);
    const record = ledgerOf(m.id)!.ledger.card.applied[0]!;
    expect(record.events.map((e) => e.key)).toEqual(
      expect.arrayContaining(["D20C.HD.Event.exhaustionGained", "D20C.HD.Event.exhaustionDeath"]),
    );
    const undone = (await w.send(wire("undo", { messageId: m.id, recordId: record.id }), "gm")) as Answer;
    expect(undone.report.ok, undone.report.message).toBe(true);
    expect(wren.source.exhaustion).toBe(5);
    expect(wren.source.state).toBe("active");
  });

  it("[HD-COND] exhaustion beside another condition: one level gained and the other condition still lands as an effect", async () => {
    const m = await curse(1, ["exhaustion", "frightened"]);
    expect((await apply(m)).report.ok).toBe(true);
    const wren = w.actors.get("wren")!;
    expect(wren.source.exhaustion).toBe(2);
    expect(wren.source.state).toBe("active");
    expect([...wren.effectDocs.values()].map((e) => [...e.statuses])).toEqual([["frightened"]]);
  });
});
