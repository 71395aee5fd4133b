/**
 * Issue 45 "ask only what is open": whether the attack's situation dialog opens, per game, from
 * what the scene read, the targets' conditions and the attacker's range-band warnings; and the
 * world / user choice with shift-click turning it over.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { SceneReading } from "../../src/engine/scene.js";
import { asksSituation, openQuestions, situationAskOf, type AskTarget } from "../../src/engine/views/situation-ask.js";

const read: SceneReading = { situation: { cover: "none" }, notes: [], lines: [] };
const seen = (over: Partial<AskTarget> = {}): AskTarget => ({ reading: read, conditions: [], warnings: [], ...over });

describe("what the scene and the data leave open", () => {
  it("[SYS-CANVAS] [FF-COVER] FFd20: every target read asks nothing; a target not read asks (cover and sight are the player's to say)", () => {
    const FF = getRuleset("ffd20");
    expect(openQuestions(FF, [seen(), seen()])).toEqual([]);
    expect(openQuestions(FF, [seen(), seen({ reading: null })])).toEqual(["unread"]);
    // No target at all: nothing positional to ask about.
    expect(openQuestions(FF, [])).toEqual([]);
  });

  it("[13A-ATK] 13th Age reads nothing from the scene and has nothing to ask: an unread target is no question", () => {
    expect(openQuestions(getRuleset("13th-age"), [seen({ reading: null })])).toEqual([]);
  });

  it("[13A-RANGE] a range-band warning about a target is a question (the player may think again)", () => {
    expect(openQuestions(getRuleset("13th-age"), [seen({ warnings: ["the goblin is far away"] })])).toEqual([
      "warnings",
    ]);
  });

  it("[FF-CRITDMG] [FF-CONDHELPLESS] FFd20: a helpless target (unconscious implies it) asks, for the coup de grace; Hundred Dungeons has none to ask", () => {
    expect(openQuestions(getRuleset("ffd20"), [seen({ conditions: ["unconscious"] })])).toEqual(["helpless"]);
    expect(openQuestions(getRuleset("hundred-dungeons"), [seen({ conditions: ["unconscious"] })])).toEqual([]);
  });

  it("[WD-FLAT] Wounds d20: caught off guard is read from the scene; not read, it is asked", () => {
    const WD = getRuleset("wounds-d20");
    expect(openQuestions(WD, [seen()])).toEqual([]);
    expect(openQuestions(WD, [seen({ reading: null })])).toEqual(["unread"]);
  });
});

describe("always / when needed / never, and shift-click", () => {
  it("[SYS-TARGETS] when needed asks only with a question; always and never as they say; invert turns each over", () => {
    expect(asksSituation("needed", [], false)).toBe(false);
    expect(asksSituation("needed", ["unread"], false)).toBe(true);
    expect(asksSituation("always", [], false)).toBe(true);
    expect(asksSituation("never", ["unread"], false)).toBe(false);
    expect(asksSituation("needed", [], true)).toBe(true);
    expect(asksSituation("needed", ["unread"], true)).toBe(false);
    expect(asksSituation("always", [], true)).toBe(false);
    expect(asksSituation("never", ["unread"], true)).toBe(true);
  });

  it("[SYS-TARGETS] a user's own choice wins over the world's unless it follows the world", () => {
    expect(situationAskOf("needed", "world")).toBe("needed");
    expect(situationAskOf("needed", "always")).toBe("always");
    expect(situationAskOf("always", "never")).toBe("never");
  });
});
