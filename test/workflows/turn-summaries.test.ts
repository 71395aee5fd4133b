/**
 * Turn chat at a glance, per game ([SYS-TURNS]): the real D20Combat on the v13 Combat stand-in runs
 * a 3-round fight of two combatants, one of them burning (ongoing fire, save ends), with recorded
 * dice. Each turn in which something happened posts one summary naming its creature, its steps in
 * order with the effect named; a turn where nothing happened posts nothing; round events are one
 * line each; each line's Undo (the real GM handler) reverses its own step only.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { readTurnSummary, subjectOf, type TurnSummarySource } from "../../src/workflows/turn-summary-data.js";
import { turnSummaryView } from "../../src/workflows/combat-chat.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { StandInActor, standInGlobals, standInRollFaces } from "../stand-ins/foundry-combat.js";
import { useStandInCombat } from "../support/stand-in-combat.js";
import { pressTurnLineUndo } from "../stand-ins/turn-line-html.js";
import { npc } from "./attack-fixtures.js";
import { effectSource } from "../support/engine-fixtures.js";
import { effectCreateData } from "../../src/data/effects.js";

import type * as TurnChatNs from "../../src/workflows/turn-chat.js";

const { battle } = useStandInCombat({ systemEffects: true });
let onRenderTurnLine: (typeof TurnChatNs)["onRenderTurnLine"];
const i18n = createI18nStandIn({ missing: "key" });
const plainI18n = standInGlobals.game.i18n;
const format = (key: string, data?: Record<string, string | number>) => i18n.format(key, data ?? {});
/** The globals the Undo lookup replaced, restored after each test. */
let lookups: Record<string, unknown> | null = null;

beforeAll(async () => {
  ({ onRenderTurnLine } = await import("../../src/workflows/turn-chat.js"));
});
beforeEach(() => {
  standInGlobals.game.i18n = i18n as unknown as typeof plainI18n;
});
afterEach(() => {
  if (lookups) Object.assign(globalThis, lookups);
  lookups = null;
});
afterAll(() => {
  standInGlobals.game.i18n = plainI18n;
});

/** A message the stand-in's `ChatMessage.create` made. */
type Message = Parameters<typeof readTurnSummary>[0] & {
  id: string;
  rolls?: unknown[];
  update(changes: object): Promise<unknown>;
};

/** The posted summaries with their stored data, in posting order. */
function summaries(): { message: Message; source: TurnSummarySource }[] {
  return (standInGlobals.messages as unknown as Message[]).flatMap((message) => {
    const source = readTurnSummary(message);
    return source ? [{ message, source }] : [];
  });
}

/** A summary as the chat shows it: its header and each line's text (headline, details, rolls). */
function shown(source: TurnSummarySource): { header: string; lines: string[] } {
  const view = turnSummaryView(subjectOf(source), source.lines, format, { isGM: true });
  return {
    header: view.header,
    lines: view.lines.map((l) =>
      [l.headline, ...l.details, ...l.rolls.map((r) => `${r.label} ${r.total} ${r.target}`)].join(" | "),
    ),
  };
}

describe.each(RULESET_IDS.map((id) => [id]))("%s: turn summaries", (rulesetId) => {
  it("[SYS-TURNS] a 3-round fight with one burning creature: one summary per turn that did something, naming creature and effect; quiet turns post nothing; each line's Undo reverses its own step", async () => {
    standInGlobals.rulesetId = rulesetId;
    const R = getRuleset(rulesetId);
    const ayla = new StandInActor("Ayla", defaultActorSource({ hp: { value: 30, max: 30, temp: 0 } }), true);
    const foe = new StandInActor("Ogre", npc(R, 15, { hp: { value: 60, max: 60, temp: 0 } }));
    const combat = battle([
      { id: "ayla", actor: ayla, initiative: 20 },
      { id: "ogre", actor: foe, initiative: 5 },
    ]);
    // What the GM's Undo looks actors up with (Foundry's `fromUuidSync`, the Actor class).
    const g = globalThis as Record<string, unknown>;
    const actorsByUuid = new Map([ayla, foe].map((a) => [a.uuid, a]));
    lookups = { Actor: g.Actor, fromUuidSync: g.fromUuidSync };
    Object.assign(g, {
      Actor: { implementation: StandInActor },
      fromUuidSync: (uuid: string) => actorsByUuid.get(uuid),
    });
    const { id: _id, ...burning } = effectSource({
      name: "Burning",
      sourceCombatantId: "ayla",
      ongoing: { amount: 4, type: "fire" },
    });
    await foe.createEmbeddedDocuments("ActiveEffect", [effectCreateData(burning)]);
    // Every die shows 2: each save fails, so the ogre burns every round. Games that roll initiative
    // each round roll it too (Ayla 20 + 2 stays ahead of the ogre's 2 + its bonus, or not: the test
    // reads the summaries by creature, not by position).
    standInRollFaces.push(...Array.from({ length: 40 }, () => 2));
    // Dice So Nice: rolls a turn's end adds to its summary are shown through `game.dice3d`.
    const shownRolls: { roll: unknown; messageId: string | null; rollsShown: number }[] = [];
    const waited: string[] = [];
    const withDice = standInGlobals.game as { dice3d?: unknown };
    const messageRolls = (id: string) =>
      (summaries().find((m) => m.message.id === id)?.message.rolls as unknown[] | undefined)?.length ?? -1;
    withDice.dice3d = {
      // The rolls the message already shows when the dice are thrown (they must not be there yet).
      showForRoll: async (roll: unknown, ...rest: unknown[]) =>
        void shownRolls.push({ roll, messageId: rest[4] as string, rollsShown: messageRolls(rest[4] as string) }),
      waitFor3DAnimationByMessageID: async (id: string) => void waited.push(id),
    };
    await combat.startCombat();
    await combat.settle();
    // Three rounds: each combatant starts and ends three turns.
    for (let i = 0; i < 6; i++) {
      await combat.nextTurn();
      await combat.settle();
    }
    expect(combat.round).toBe(4);
    expect(combat.turnEventErrors).toEqual([]);

    const all = summaries();
    console.log(
      rulesetId,
      JSON.stringify(
        all.map((s) => shown(s.source)),
        null,
        1,
      ),
    );
    const turns = all.filter((s) => s.source.kind === "turn");
    // One summary per turn in which something happened: the ogre's three burning turns.
    const keys = turns.map((s) => `${s.source.round}:${s.source.combatantId}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((k) => k.endsWith(":ogre")).sort()).toEqual(["1:ogre", "2:ogre", "3:ogre"]);
    // Ayla's turns changed nothing: none of them posted.
    expect(keys.filter((k) => k.endsWith(":ayla"))).toEqual([]);
    for (const { source } of turns) {
      const text = shown(source);
      expect(text.header).toContain("ogre");
      expect(text.header).toContain(`round ${source.round}`);
      // The ongoing damage, then the save against it, both naming the effect.
      expect(text.lines.length).toBeGreaterThanOrEqual(2);
      expect(text.lines[0]).toContain("Burning");
      expect(text.lines.some((l) => l.includes("Burning") && source.lines.some((e) => e.line.rolls.length))).toBe(true);
      const damage = source.lines.findIndex((e) => e.line.data.dealt !== undefined);
      const save = source.lines.findIndex((e) => e.line.rolls.some((r) => r.request.kind === "save"));
      expect(damage).toBeGreaterThanOrEqual(0);
      expect(save).toBeGreaterThan(damage);
      // Every roll of the summary is in its one message.
      expect((turns[0]!.message.rolls as unknown[]).length).toBeGreaterThan(0);
    }
    delete withDice.dice3d;
    // 13th Age burns and saves at the turn's end (one message made with every roll); the other
    // games burn at its start, so each turn's save joins its summary later and is shown then.
    expect(shownRolls.length).toBe(rulesetId === "13th-age" ? 0 : 3);
    for (const { roll, messageId, rollsShown } of shownRolls) {
      const summary = turns.find((t) => t.message.id === messageId);
      expect(JSON.stringify(summary?.message.rolls)).toContain(JSON.stringify(roll));
      // [SYS-RELEASE] the dice are thrown before the summary shows their result.
      expect(rollsShown).toBeGreaterThanOrEqual(0);
      expect(rollsShown).toBeLessThan((summary?.message.rolls as unknown[]).length);
    }
    // [SYS-RELEASE] a summary made with its rolls (13th Age's, at the turn's end) is waited for
    // (Dice So Nice) before the turn goes on; only messages with rolls are.
    const withRolls = new Set(
      summaries()
        .filter((t) => (t.message.rolls as unknown[]).length > 0)
        .map((t) => t.message.id),
    );
    for (const id of waited) expect(withRolls.has(id)).toBe(true);
    if (rulesetId === "13th-age") for (const t of turns) expect(waited).toContain(t.message.id);
    // Round events: each posts once, not once per combatant.
    for (const { source } of all.filter((s) => s.source.kind === "event")) {
      const counts = new Map<string, number>();
      for (const e of source.lines) counts.set(e.line.key, (counts.get(e.line.key) ?? 0) + 1);
      for (const n of counts.values()) expect(n).toBe(1);
    }
    const burnt = 60 - 3 * 4;
    expect(foe.source.hp.value).toBeLessThanOrEqual(burnt);

    // Undo of round 2's ongoing damage gives back those 4 HP only: the save line, round 3's damage
    // and the effect stay.
    const round2 = turns.find((s) => s.source.round === 2 && s.source.combatantId === "ogre")!;
    const damageAt = round2.source.lines.findIndex((e) => e.line.data.dealt !== undefined);
    const hpBefore = foe.source.hp.value;
    const undone = () => readTurnSummary(round2.message)!.lines[damageAt]!.undone;
    expect(await pressTurnLineUndo(onRenderTurnLine, round2.message, damageAt, undone)).toBe(true);
    expect(foe.source.hp.value).toBe(hpBefore + 4);
    expect(foe.effects.contents.map((e) => e.name)).toEqual(["Burning"]);
    const after = readTurnSummary(round2.message)!;
    expect(after.lines.map((e) => e.undone)).toEqual(round2.source.lines.map((_, i) => i === damageAt));
    // Undoing it again changes nothing: the line has no Undo any more.
    expect(await pressTurnLineUndo(onRenderTurnLine, round2.message, damageAt, undone)).toBe(false);
    expect(foe.source.hp.value).toBe(hpBefore + 4);
  });
});
