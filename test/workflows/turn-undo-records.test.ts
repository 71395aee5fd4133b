/**
 * [SYS-HIDDEN] A turn summary's undo record lives where only the GM reads it: the real D20Combat
 * under Foundry's turn events (test/stand-ins/foundry-combat.ts) posts a visible burning monster's
 * ongoing damage and save publicly; no player's copy of any posted message carries the monster's
 * stat block (its maximum HP, defenses, resistances), the line's undo is a GM-whispered record of
 * the differences the step made, and the GM's Undo (the real render hook's button) reads it there.
 * A summary posted by the previous version (its undo inline, whole before/after copies) still undoes.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import { readTurnSummary, readTurnUndo } from "../../src/workflows/turn-summary-data.js";
import { StandInActor, standInGlobals, standInRollFaces } from "../stand-ins/foundry-combat.js";
import { useStandInCombat } from "../support/stand-in-combat.js";
import { pressTurnLineUndo } from "../stand-ins/turn-line-html.js";
import { effectSource } from "../support/engine-fixtures.js";
import { effectCreateData } from "../../src/data/effects.js";
import { npc } from "./attack-fixtures.js";
import type * as TurnChatNs from "../../src/workflows/turn-chat.js";

const R = getRuleset("13th-age");
const { battle } = useStandInCombat({ systemEffects: true });
let onRenderTurnLine: (typeof TurnChatNs)["onRenderTurnLine"];
let lookups: Record<string, unknown> | null = null;
const users = standInGlobals.game.users;

beforeAll(async () => {
  ({ onRenderTurnLine } = await import("../../src/workflows/turn-chat.js"));
  users.list = [
    { id: "gm1", isGM: true },
    { id: "player1", isGM: false },
  ];
});
afterAll(() => {
  users.list = [];
});
beforeEach(() => {
  standInGlobals.rulesetId = R.id;
});
afterEach(() => {
  if (lookups) Object.assign(globalThis, lookups);
  lookups = null;
});

type Message = Record<string, unknown> & { id: string; whisper?: string[]; flags: Record<string, unknown> };

/** The GM-only numbers of the monster below: none may reach a player's copy of any message. */
const SECRET = { max: 97, ac: 37, pd: 41, md: 43, resist: 29 };

/** A visible ogre with a distinctive stat block, burning (4 ongoing fire); its 13th Age turn end burns it, the save fails. */
async function burningOgreTurn() {
  const ogre = new StandInActor(
    "Ogre",
    npc(R, 15, {
      hp: { value: 60, max: SECRET.max, temp: 0 },
      defenses: {
        ac: { base: SECRET.ac, bonus: 0 },
        pd: { base: SECRET.pd, bonus: 0 },
        md: { base: SECRET.md, bonus: 0 },
      },
      resistances: [{ type: "cold", value: SECRET.resist }],
    } as never),
  );
  const hero = new StandInActor("Ayla", npc(R, 1, { kind: "character", hp: { value: 30, max: 30, temp: 0 } }), true);
  const g = globalThis as Record<string, unknown>;
  const byUuid = new Map([ogre, hero].map((a) => [a.uuid, a]));
  lookups = { Actor: g.Actor, fromUuidSync: g.fromUuidSync };
  Object.assign(g, { Actor: { implementation: StandInActor }, fromUuidSync: (uuid: string) => byUuid.get(uuid) });
  const { id: _id, ...burning } = effectSource({ name: "Burning", ongoing: { amount: 4, type: "fire" } });
  await ogre.createEmbeddedDocuments("ActiveEffect", [effectCreateData(burning)]);
  const combat = battle([
    { id: "ogre", actor: ogre, initiative: 20 },
    { id: "ayla", actor: hero, initiative: 5 },
  ]);
  standInRollFaces.push(...Array.from({ length: 20 }, () => 2));
  await combat.startCombat();
  await combat.settle();
  standInGlobals.messages.length = 0;
  await combat.nextTurn();
  await combat.settle();
  const messages = standInGlobals.messages as Message[];
  expect(ogre.source.hp.value).toBe(56);
  return { ogre, messages };
}

/** Every number in a value (deep), and every number written in its strings. */
function numbersIn(value: unknown): number[] {
  if (typeof value === "number") return [value];
  if (typeof value === "string") return (value.match(/\d+/g) ?? []).map(Number);
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(numbersIn);
  return [];
}

/** A player's copy: what the server sends that player (the messages not whispered away from them). */
const playerCopy = (messages: Message[], userId: string) =>
  messages.filter((m) => !m.whisper?.length || m.whisper.includes(userId));

describe("[SYS-HIDDEN] turn summaries' undo records are the GM's", () => {
  it("[SYS-HIDDEN] [SYS-TURNS] a visible monster's turn lines are public, but no player's copy of any posted message holds its maximum HP, defenses or resistances; the GM's record holds differences", async () => {
    const { messages } = await burningOgreTurn();
    const summaries = messages.filter((m) => readTurnSummary(m as never));
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries.every((m) => !m.whisper?.length)).toBe(true);
    const copy = playerCopy(messages, "player1");
    expect(copy.length).toBeGreaterThan(0);
    const seen = new Set(copy.flatMap((m) => numbersIn({ system: m.system, flags: m.flags, content: m.content })));
    for (const n of Object.values(SECRET)) expect(seen.has(n), `player copy holds ${n}`).toBe(false);
    // The record: a GM whisper naming its summary, holding the differences (HP 60 → 56), no actor copy.
    const records = messages.flatMap((m) => {
      const r = readTurnUndo(m);
      return r ? [{ m, r }] : [];
    });
    expect(records).toHaveLength(1);
    expect(records[0]!.m.whisper).toEqual(["gm1"]);
    expect(records[0]!.r.summaryId).toBe(summaries[0]!.id);
    const stored = Object.values(records[0]!.r.lines);
    expect(stored.length).toBeGreaterThan(0);
    const kept = numbersIn(stored);
    expect(kept).not.toContain(SECRET.ac);
    expect(kept).not.toContain(SECRET.max);
    expect(JSON.stringify(stored)).not.toContain('"before":{"kind"');
  });

  it("[SYS-HIDDEN] [SYS-TURNS] the GM's Undo of the ongoing damage reads the GM's record and gives the 4 HP back", async () => {
    const { ogre, messages } = await burningOgreTurn();
    const summary = messages.find((m) => readTurnSummary(m as never))!;
    const lines = readTurnSummary(summary as never)!.lines;
    const damageAt = lines.findIndex((e) => e.line.data.dealt !== undefined);
    expect(lines[damageAt]!.line.undo).toBeNull();
    const undone = () => readTurnSummary(summary as never)!.lines[damageAt]!.undone;
    expect(await pressTurnLineUndo(onRenderTurnLine, summary, damageAt, undone)).toBe(true);
    expect(ogre.source.hp.value).toBe(60);
    expect(ogre.source.hp.max).toBe(SECRET.max);
  });

  it("[SYS-TURNS] a summary the previous version posted (its undo inline, whole before/after copies) still undoes", async () => {
    const { ogre, messages } = await burningOgreTurn();
    const summary = messages.find((m) => readTurnSummary(m as never))!;
    const record = readTurnUndo(messages.find((m) => readTurnUndo(m))!)!;
    // Rebuild the old shape: each line's undo inline with whole copies, no GM record.
    standInGlobals.messages.length = 0;
    const source = readTurnSummary(summary as never)!;
    const hp = ogre.source.hp.value;
    const before = { ...structuredClone(ogre.source), hp: { ...ogre.source.hp, value: hp + 4 } };
    const old = {
      ...summary,
      id: "oldSummary",
      flags: {},
      system: {
        ...(summary.system as object),
        removedEffects: record.removedEffects,
        lines: source.lines.map((e, i) => ({
          undone: false,
          line: {
            ...e.line,
            undoable: undefined,
            undo: record.lines[String(i)]
              ? {
                  actors: [{ actorId: ogre.uuid, before, after: structuredClone(ogre.source) }],
                  removedEffects: [],
                  addedEffects: [],
                  updatedEffects: [],
                }
              : null,
          },
        })),
      },
      update: (summary as unknown as { update: unknown }).update,
    } as Message;
    standInGlobals.messages.push(old);
    const damageAt = source.lines.findIndex((e) => e.line.data.dealt !== undefined);
    const oldUndone = () => readTurnSummary(old as never)!.lines[damageAt]?.undone === true;
    expect(await pressTurnLineUndo(onRenderTurnLine, old, damageAt, oldUndone)).toBe(true);
    expect(ogre.source.hp.value).toBe(hp + 4);
    expect((old.flags[SYSTEM_ID] as unknown) ?? null).toBeNull();
  });
});
