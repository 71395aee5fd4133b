/**
 * What a turn summary says ([SYS-TURNS], [SYS-HIDDEN]): lines of the same round or battle event
 * become one line naming every creature (one Undo for all), a line about someone else names them,
 * resistance reads "no damage (resisted)" or the amount before and after, headlines don't repeat
 * in their details, and lines players may not read go to the GM-only copy.
 */
import { describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { mergeRepeatedLines, splitByAudience, turnSummaryView } from "../../src/workflows/combat-chat.js";
import type { ChatLine } from "../../src/engine/plans/turns.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { readTurnSummary } from "../../src/workflows/turn-summary-data.js";

const i18n = createI18nStandIn({ missing: "key" });
const format = (key: string, data?: Record<string, string | number>) => i18n.format(key, data ?? {});

function line(over: Partial<ChatLine>): ChatLine {
  return {
    key: "D20C.Age13.Step.battleEnd",
    data: {},
    actorId: null,
    effectId: null,
    events: [],
    rolls: [],
    undo: null,
    error: null,
    ...over,
  };
}
const undoOf = (actorId: string) => ({
  actors: [{ actorId, before: defaultActorSource(), after: defaultActorSource() }],
  removedEffects: [],
  addedEffects: [],
  updatedEffects: [],
});
const turn = { kind: "turn" as const, combatantId: "c1", actorId: "Actor.ogre", name: "Ogre", round: 2 };

describe("[SYS-TURNS] turn summary lines", () => {
  it("[SYS-TURNS] a battle's end for every combatant is one line naming them all, whose undo covers each", () => {
    const merged = mergeRepeatedLines([
      line({ actorId: "Actor.a", data: { name: "Ayla" }, undo: undoOf("Actor.a") }),
      line({ actorId: "Actor.b", data: { name: "Ogre" }, undo: undoOf("Actor.b") }),
      line({ key: "D20C.Age13.Event.escalation", data: { value: 3 } }),
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]!.data.name).toBe("Ayla, Ogre");
    expect(merged[0]!.undo!.actors.map((a) => a.actorId)).toEqual(["Actor.a", "Actor.b"]);
    const view = turnSummaryView(
      { kind: "event" },
      merged.map((l) => ({ line: l, undone: false })),
      format,
      {
        isGM: true,
      },
    );
    expect(view.header).toBe("");
    expect(view.lines.map((l) => l.headline)).toEqual([
      "Ayla, Ogre: Battle over: temporary HP and rally count cleared",
      "Escalation die: 3",
    ]);
    // A rolled line is never merged: each roll keeps its own line.
    const rolled = line({
      actorId: "Actor.a",
      rolls: [
        {
          request: {
            kind: "save",
            actorId: "Actor.a",
            formula: "1d20",
            target: 11,
            against: "total",
            label: "D20C.Save.normal",
          },
          result: { total: 3, natural: 3 },
          success: false,
        },
      ],
    });
    expect(mergeRepeatedLines([rolled, { ...rolled }])).toHaveLength(2);
  });

  it("[SYS-TURNS] a notice does not repeat its headline; the effect and, for someone else, the creature are named", () => {
    const notice = line({
      key: "D20C.Age13.Event.escalation",
      data: { value: 2 },
      events: [{ key: "D20C.Age13.Event.escalation", data: { value: 2 } }],
    });
    const expired = line({
      key: "D20C.Age13.Step.expired",
      actorId: "Actor.ayla",
      data: { name: "Ayla", effect: "Dazed" },
      undo: undoOf("Actor.ayla"),
    });
    const own = line({
      key: "D20C.Age13.Step.ongoing",
      actorId: "Actor.ogre",
      data: { name: "Ogre", effect: "Burning" },
    });
    const view = turnSummaryView(
      turn,
      [notice, expired, own].map((l) => ({ line: l, undone: false })),
      format,
      {
        isGM: true,
      },
    );
    expect(view.header).toBe("Ogre · round 2");
    expect(view.lines[0]!.details).toEqual([]);
    expect(view.lines[1]!.headline).toBe("Ayla: Effect ended — Dazed");
    expect(view.lines[2]!.headline).toBe("Ongoing damage — Burning");
    expect(view.lines.map((l) => l.index)).toEqual([0, 1, 2]);
    expect(view.lines[1]!.canUndo).toBe(true);
    expect(turnSummaryView(turn, [{ line: expired, undone: true }], format, { isGM: true }).lines[0]!.canUndo).toBe(
      false,
    );
    expect(turnSummaryView(turn, [{ line: expired, undone: false }], format, { isGM: false }).lines[0]!.canUndo).toBe(
      false,
    );
  });

  it("[SYS-TURNS] ongoing damage shows what resistance made of it", () => {
    const view = (amount: number, dealt: number) =>
      turnSummaryView(
        turn,
        [
          {
            line: line({ key: "D20C.Age13.Step.ongoing", actorId: "Actor.ogre", data: { amount, dealt } }),
            undone: false,
          },
        ],
        format,
        { isGM: false },
      ).lines[0]!.details;
    expect(view(5, 0)).toEqual(["No damage (resisted)"]);
    expect(view(10, 5)).toEqual(["10 before resistance, 5 taken"]);
    expect(view(5, 5)).toEqual([]);
  });
});

describe("[SYS-HIDDEN] who reads a summary", () => {
  it("[SYS-HIDDEN] a hidden creature's turn goes to the GMs whole; in a visible turn only lines about the hidden and errors do", () => {
    const aboutOgre = line({ actorId: "Actor.ogre" });
    const aboutSpy = line({ actorId: "Actor.spy" });
    const failed = line({ actorId: "Actor.ogre", error: "boom" });
    const hidden = new Set(["Actor.spy"]);
    expect(splitByAudience([aboutOgre, aboutSpy, failed], turn, hidden)).toEqual({
      everyone: [aboutOgre],
      gmOnly: [aboutSpy, failed],
    });
    expect(splitByAudience([aboutOgre], { ...turn, actorId: "Actor.spy" }, hidden)).toEqual({
      everyone: [],
      gmOnly: [aboutOgre],
    });
  });
});

describe("[SYS-TURNS] turn summaries from older versions", () => {
  it("[SYS-TURNS] a turn line an older version stored in flags still reads as a summary of one line", () => {
    const old = line({ key: "D20C.Age13.Step.ongoing", actorId: "Actor.ogre", undo: undoOf("Actor.ogre") });
    const read = readTurnSummary({
      flags: { "d20-combat": { turnLine: { line: old, removedEffects: {}, combatId: "c", undone: true } } },
    });
    expect(read?.lines).toEqual([{ line: old, undone: true }]);
    expect(read?.kind).toBe("event");
    // Anything else is no summary: another message, or a malformed line.
    expect(readTurnSummary({ flags: {} })).toBeNull();
    expect(readTurnSummary({ type: "turn", system: { lines: [{ line: { key: 1 } }] }, flags: {} })?.lines).toEqual([]);
  });
});
