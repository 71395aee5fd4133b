/**
 * [SYS-MONSTERS] Recharge at the start of a monster's turn, through the REAL D20Combat under
 * Foundry's turn events (test/stand-ins/foundry-combat.ts) with recorded dice: the tracker's next
 * turn starts the monster's turn, each spent power that recharges then rolls its d6 (4e "recharge
 * ⚄⚅" = 5+, 5e "recharge 6" = 6), the roll is a line of its turn summary, a power that comes back
 * is fresh on its sheet (the stat block says "5–6 at turn start"), and the GM's Undo of the line
 * spends it again. A power that recharges only after the battle rolls nothing at turn start.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { RulesetId } from "../../src/engine/types.js";
import { readTurnSummary } from "../../src/workflows/turn-summary-data.js";
import { StandInActor, standInGlobals, standInRollFaces } from "../stand-ins/foundry-combat.js";
import { PowerItemStandIn, type PowerUsageSystemStandIn } from "../stand-ins/foundry-items.js";
import { useStandInCombat } from "../support/stand-in-combat.js";
import { pressTurnLineUndo } from "../stand-ins/turn-line-html.js";
import { turnLinesOf } from "../support/turn-summaries.js";
import { powerRowView } from "../../src/applications/sheets/power-rows.js";
import { i18n } from "../sheets/sheet-fixtures.js";
import { npc, power } from "./attack-fixtures.js";
import type * as TurnChatNs from "../../src/workflows/turn-chat.js";

const { battle } = useStandInCombat({ systemEffects: true });
let onRenderTurnLine: (typeof TurnChatNs)["onRenderTurnLine"];
let lookups: Record<string, unknown> | null = null;
const users = standInGlobals.game.users;

beforeAll(async () => {
  ({ onRenderTurnLine } = await import("../../src/workflows/turn-chat.js"));
  users.list = [{ id: "gm1", isGM: true }];
});
afterAll(() => {
  users.list = [];
});
afterEach(() => {
  if (lookups) Object.assign(globalThis, lookups);
  lookups = null;
});

type Message = Record<string, unknown> & { id: string; flags: Record<string, unknown> };

const breath = (recharge: number, rechargeAt = "turnStart"): PowerUsageSystemStandIn => ({
  usage: "recharge",
  recharge,
  rechargeDie: "d6",
  rechargeAt,
  used: true,
  uses: { spent: 0, max: 1 },
});

/** A drake with a spent breath (and a spent 13th Age-style power that rolls after the battle), whose turn comes second. */
async function drakeTurn(
  id: RulesetId,
  recharge: number,
  face: number,
  over: { hp?: number; breath?: Partial<PowerUsageSystemStandIn> } = {},
) {
  const R = getRuleset(id);
  standInGlobals.rulesetId = id;
  const drake = new StandInActor("Drake", npc(R, 15, over.hp ? { hp: { value: over.hp, max: 30, temp: 0 } } : {}));
  drake.items.add(new PowerItemStandIn("breath", "Fire Breath", { ...breath(recharge), ...over.breath }, power()));
  drake.items.add(new PowerItemStandIn("later", "Tail Lash", breath(5, "battleEnd"), power()));
  const hero = new StandInActor("Ayla", npc(R, 1, { kind: "character" }), true);
  const g = globalThis as Record<string, unknown>;
  const byUuid = new Map([drake, hero].map((a) => [a.uuid, a]));
  lookups = { Actor: g.Actor, fromUuidSync: g.fromUuidSync };
  Object.assign(g, { Actor: { implementation: StandInActor }, fromUuidSync: (uuid: string) => byUuid.get(uuid) });
  const combat = battle([
    { id: "ayla", actor: hero, initiative: 20 },
    { id: "drake", actor: drake, initiative: 5 },
  ]);
  await combat.startCombat();
  await combat.settle();
  standInGlobals.messages.length = 0;
  standInRollFaces.length = 0;
  standInRollFaces.push(face, ...Array.from({ length: 10 }, () => 10));
  await combat.nextTurn();
  await combat.settle();
  return { drake, messages: standInGlobals.messages as Message[] };
}

const rechargeLines = (messages: Message[]) =>
  turnLinesOf(messages).filter((l) => l.key.startsWith("D20C.Power.Recharge."));

describe("[SYS-MONSTERS] recharge at the start of the creature's turn", () => {
  beforeEach(() => {
    standInRollFaces.length = 0;
  });

  it("[SYS-MONSTERS] [SYS-TURNS] FFd20 'recharge ⚄⚅': the drake's turn starts, a recorded 5 on the d6 brings the breath back, posted in its turn summary; the GM's Undo spends it again", async () => {
    const { drake, messages } = await drakeTurn("ffd20", 5, 5);
    expect(drake.items.get("breath")!.system.used).toBe(false);
    // The power that recharges after the battle rolled nothing.
    expect(drake.items.get("later")!.system.used).toBe(true);
    const lines = rechargeLines(messages);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      key: "D20C.Power.Recharge.back",
      data: { name: "Fire Breath", total: 5, target: 5 },
      rolls: [{ request: { formula: "1d6", target: 5 }, result: { total: 5 }, success: true }],
    });
    expect(lines[0]!.undo?.items).toEqual([
      { actorId: drake.uuid, itemId: "breath", before: { used: true, uses: { spent: 0, max: 1 } } },
    ]);
    const summary = messages.find((m) => readTurnSummary(m as never)?.lines.some((e) => e.line.key === lines[0]!.key))!;
    const at = readTurnSummary(summary as never)!.lines.findIndex((e) => e.line.key === "D20C.Power.Recharge.back");
    const undone = () => readTurnSummary(summary as never)!.lines[at]!.undone;
    expect(await pressTurnLineUndo(onRenderTurnLine, summary, at, undone)).toBe(true);
    expect(drake.items.get("breath")!.system.used).toBe(true);
  });

  it("[SYS-MONSTERS] [SYS-TURNS] Hundred Dungeons 'recharge 6': a recorded 5 leaves the breath spent, the roll still posted (nothing to undo)", async () => {
    const { drake, messages } = await drakeTurn("hundred-dungeons", 6, 5);
    expect(drake.items.get("breath")!.system.used).toBe(true);
    const lines = rechargeLines(messages);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      key: "D20C.Power.Recharge.stays",
      data: { name: "Fire Breath", total: 5, target: 6 },
      rolls: [{ success: false }],
      undo: null,
    });
  });

  it("[SYS-MONSTERS] [SYS-TURNS] FFd20 'recharge ⚄⚅, and when first bloodied': the bloodied drake's turn starts, the breath comes back without a roll, posted in its turn summary; the GM's Undo spends it again", async () => {
    const { drake, messages } = await drakeTurn("ffd20", 5, 1, { hp: 14, breath: { rechargeBloodied: true } });
    expect(drake.items.get("breath")!.system).toMatchObject({ used: false, bloodiedSeen: true });
    // No d6 for the breath: it came back first (the recorded 1 would have left it spent).
    expect(rechargeLines(messages)).toEqual([]);
    const lines = turnLinesOf(messages).filter((l) => l.key === "D20C.Monster.Recharge.bloodied");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.data).toEqual({ name: "Fire Breath" });
    const summary = messages.find((m) => readTurnSummary(m as never)?.lines.some((e) => e.line.key === lines[0]!.key))!;
    const at = readTurnSummary(summary as never)!.lines.findIndex((e) => e.line.key === lines[0]!.key);
    const undone = () => readTurnSummary(summary as never)!.lines[at]!.undone;
    expect(await pressTurnLineUndo(onRenderTurnLine, summary, at, undone)).toBe(true);
    expect(drake.items.get("breath")!.system).toMatchObject({ used: true, bloodiedSeen: false });
  });

  it("[SYS-MONSTERS] [SYS-TURNS] 'when first bloodied' needs the creature bloodied, and counts once a battle", async () => {
    // Not bloodied: the d6 rolls as usual (a recorded 1: it stays spent), nothing counted.
    const unhurt = await drakeTurn("ffd20", 5, 1, { breath: { rechargeBloodied: true } });
    expect(unhurt.drake.items.get("breath")!.system).toMatchObject({ used: true });
    expect(unhurt.drake.items.get("breath")!.system.bloodiedSeen).not.toBe(true);
    // Bloodied, but its first bloodying was counted already: the d6 alone decides.
    const again = await drakeTurn("ffd20", 5, 1, { hp: 14, breath: { rechargeBloodied: true, bloodiedSeen: true } });
    expect(again.drake.items.get("breath")!.system.used).toBe(true);
    expect(rechargeLines(again.messages)).toHaveLength(1);
  });

  it("[SYS-MONSTERS] the stat block row prints the d6 recharge in the game's words, with when it rolls", () => {
    const R = getRuleset("hundred-dungeons");
    const row = powerRowView(R, breath(5) as never, null, i18n);
    expect(row.numbers).toContainEqual({ label: "D20C.HD.Usage.recharge", value: "5–6 at turn start" });
    const six = powerRowView(R, breath(6) as never, null, i18n);
    expect(six.numbers).toContainEqual({ label: "D20C.HD.Usage.recharge", value: "6 at turn start" });
    const age = powerRowView(
      getRuleset("13th-age"),
      { ...breath(16), rechargeDie: "d20", rechargeAt: "battleEnd" } as never,
      null,
      i18n,
    );
    expect(age.numbers).toContainEqual({ label: "D20C.Age13.Usage.recharge", value: "16+" });
    // [SYS-MONSTERS] "when first bloodied", with a die or alone.
    const both = powerRowView(R, { ...breath(5), rechargeBloodied: true } as never, null, i18n);
    expect(both.numbers).toContainEqual({
      label: "D20C.HD.Usage.recharge",
      value: "5–6 at turn start, or at half hit points the first time",
    });
    const alone = powerRowView(R, { ...breath(0), rechargeBloodied: true } as never, null, i18n);
    expect(alone.numbers).toContainEqual({
      label: "D20C.HD.Usage.recharge",
      value: "at half hit points, the first time",
    });
  });
});
