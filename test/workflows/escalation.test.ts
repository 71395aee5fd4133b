/**
 * The escalation die's GM controls as pure functions ([SYS-ESC], [13A-ESC]): what the tracker's
 * −/+/pause buttons write to the Combat flags, and what the die then reads in later rounds.
 */
import fc from "../support/seeded-fc.js";
import { describe, expect, it } from "vitest";
import { bumpEscalation, escalationFor, toggleEscalationPause, type EscalationFlags } from "../../src/escalation.js";

describe("escalation die controls", () => {
  it("[13A-ESC] 0 in round 1, +1 each later round, at most 6; 0 without a combat", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((r) => escalationFor(r, {}))).toEqual([0, 1, 2, 3, 4, 5, 6, 6, 6]);
    expect(escalationFor(null, {})).toBe(0);
    expect(escalationFor(0, {})).toBe(0);
  });

  it("[SYS-ESC] a GM change shifts the die and it keeps climbing from there", () => {
    const f = bumpEscalation(2, {}, +2); // round 2: 1 → 3
    expect(escalationFor(2, f)).toBe(3);
    expect(escalationFor(3, f)).toBe(4);
    const down = bumpEscalation(3, f, -4); // 4 → 0
    expect(escalationFor(3, down)).toBe(0);
    expect(escalationFor(4, down)).toBe(1);
  });

  it("[SYS-ESC] pause holds the value across rounds; release continues from the held value", () => {
    const held = toggleEscalationPause(3, {}); // holds 2
    expect([3, 4, 9].map((r) => escalationFor(r, held))).toEqual([2, 2, 2]);
    const bumped = bumpEscalation(5, held, +1); // still held, now at 3
    expect(escalationFor(7, bumped)).toBe(3);
    const released = toggleEscalationPause(7, bumped);
    expect(escalationFor(7, released)).toBe(3);
    expect(escalationFor(8, released)).toBe(4);
  });

  it("[SYS-ESC] property: whatever the GM presses, the die stays within 0–6 and a release never jumps", () => {
    const action = fc.oneof(
      fc.constant("next" as const),
      fc.constant("pause" as const),
      fc.integer({ min: -7, max: 7 }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        let round = 1;
        let flags: EscalationFlags = {};
        for (const a of actions) {
          const before = escalationFor(round, flags);
          if (a === "next") round += 1;
          else if (a === "pause") {
            flags = toggleEscalationPause(round, flags);
            expect(escalationFor(round, flags)).toBe(before);
          } else {
            flags = bumpEscalation(round, flags, a);
            expect(escalationFor(round, flags)).toBe(Math.min(6, Math.max(0, before + a)));
          }
          const v = escalationFor(round, flags);
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(6);
        }
      }),
    );
  });
});
