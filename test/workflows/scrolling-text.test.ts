/**
 * The numbers that scroll over a token after an HP change ("scrolling numbers on the
 * token"): which changes are shown and with what sign. The hooks that draw them need a canvas and
 * are exercised in Foundry; this proves the pure decision they make.
 */
import { describe, expect, it } from "vitest";
import { hpDeltas } from "../../src/workflows/scrolling-text.js";

describe("scrolling HP numbers", () => {
  it("damage that eats temporary HP first shows the temp loss, then the HP loss", () => {
    // 8 damage on 20 HP + 5 temp: the 5 temp go first, then 3 HP.
    expect(hpDeltas({ value: 20, temp: 5 }, { value: 17, temp: 0 })).toEqual([
      { kind: "temp", delta: -5 },
      { kind: "hp", delta: -3 },
    ]);
  });

  it("healing shows a gain; temp HP granted shows on its own; no change shows nothing", () => {
    expect(hpDeltas({ value: 4, temp: 0 }, { value: 12, temp: 0 })).toEqual([{ kind: "hp", delta: 8 }]);
    expect(hpDeltas({ value: 12, temp: 0 }, { value: 12, temp: 6 })).toEqual([{ kind: "temp", delta: 6 }]);
    expect(hpDeltas({ value: 12, temp: 3 }, { value: 12, temp: 3 })).toEqual([]);
  });

  it("a drop below 0 (negative HP) is shown in full", () => {
    expect(hpDeltas({ value: 3, temp: 0 }, { value: -7, temp: 0 })).toEqual([{ kind: "hp", delta: -10 }]);
  });
});
