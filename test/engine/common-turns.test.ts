import { describe, expect, it } from "vitest";
import { effectTimer, ongoingDamagePacket, plainDamagePacket } from "../../src/engine/common.js";

describe("shared turn-cycle helpers", () => {
  it("[SYS-TURNS] an ongoing tick has no attack roll, keeps its type and is never negative", () => {
    // 13A resist halves damage with no natural roll, so the packet must carry natural: null.
    expect(ongoingDamagePacket(5, "fire")).toMatchObject({ amount: 5, types: ["fire"], natural: null, ongoing: true });
    expect(ongoingDamagePacket(4, "untyped").types).toEqual([]);
    expect(ongoingDamagePacket(4, "").types).toEqual([]);
    expect(ongoingDamagePacket(-3, "acid").amount).toBe(0);
  });

  it("[SYS-TURNS] 'your next turn' follows the creator, or the bearer when no creator is named", () => {
    expect(effectTimer("bearer", { sourceCombatantId: "creator" })).toBe("creator");
    expect(effectTimer("bearer", { sourceCombatantId: null })).toBe("bearer");
    expect(effectTimer("bearer", { sourceCombatantId: "" })).toBe("bearer");
  });

  it("[SYS-DOCS] a token-HUD edit is untyped damage with no attack roll and no ongoing tick", () => {
    expect(plainDamagePacket(6)).toMatchObject({
      amount: 6,
      types: [],
      natural: null,
      ongoing: false,
      fromAttack: false,
    });
  });
});
