/**
 * Condition buttons turn a condition off wherever it lives (stored by the engine and/or a status
 * effect) and add an absent one as a status effect.
 */
import { describe, expect, it } from "vitest";
import { conditionToggle } from "../../src/applications/sheets/conditions.js";
import { defaultActorSource, plainDamagePacket } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";

describe("condition buttons", () => {
  it("[HD-DYING] the dying the engine stored is removed from the stored list, with no second status effect", () => {
    const HD = getRuleset("hundred-dungeons");
    const dropped = HD.applyDamage(
      defaultActorSource({ hp: { value: 5, max: 20, temp: 0 } }),
      plainDamagePacket(8),
      {},
      "a1",
    );
    expect(dropped.actor.conditions).toContain("dying"); // the engine stores it
    const stored = [...dropped.actor.conditions];
    const plan = conditionToggle("dying", stored, []);
    expect(plan).toEqual({ stored: stored.filter((c) => c !== "dying"), statusActive: null });
    expect(stored).toContain("dying"); // input untouched
  });

  it("[SYS-DOCS] a condition that is only a status effect is toggled off as a status effect", () => {
    expect(conditionToggle("prone", ["dying"], new Set(["prone"]))).toEqual({ stored: null, statusActive: false });
  });

  it("[SYS-DOCS] a condition both stored and a status effect is removed from both", () => {
    expect(conditionToggle("dying", ["dying", "prone"], ["dying"])).toEqual({
      stored: ["prone"],
      statusActive: false,
    });
  });

  it("[SYS-DOCS] an absent condition is added as a status effect (the token shows it), the stored list untouched", () => {
    expect(conditionToggle("blinded", ["dying"], null)).toEqual({ stored: null, statusActive: true });
  });
});
