/**
 * Whose turn a duration counts ([FF-DURATION], [13A-SAVE], [HD-COND], [SYS-EFFECTS]): "until the
 * start/end of its next turn" is the affected creature's turn (`turnOf: "bearer"`), "of your next
 * turn" the creator's (absent `turnOf`, as every effect stored before the choice). Driven through
 * each game's turn hooks, the steps the tracker's turn automation carries out.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { effectFromForm, effectFormContext } from "../../src/engine/views/effects-context.js";
import type { EffectSource, RulesetId, TurnStep } from "../../src/engine/types.js";
import { combatantSource, effectSource, turnContext } from "../support/engine-fixtures.js";
import { powerEffectRows, powerEffectsFromForm } from "../../src/applications/sheets/power-effects.js";
import { cardPowerOf } from "../../src/engine/plans/power-card.js";

const GAMES: RulesetId[] = ["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"];

/** Attacker A made an effect on target B; the steps of B's turn start and end. */
function stepsOn(game: RulesetId, effect: Partial<EffectSource>) {
  const r = getRuleset(game);
  const actor = defaultActorSource({ kind: "npc" });
  const e = effectSource({ id: "fx", sourceCombatantId: "A", ...effect });
  const a = combatantSource("A", actor, { initiative: 20 });
  const b = combatantSource("B", actor, { initiative: 10, effects: [e] });
  const ctx = turnContext([a, b], { combatantId: "B" });
  const touches = (steps: TurnStep[]) =>
    steps
      .filter((s) => (s.kind === "removeEffect" || s.kind === "updateEffect") && s.effectId === "fx")
      .map((s) => s.kind);
  return {
    bStart: touches(r.onTurnStart(ctx)),
    bEnd: touches(r.onTurnEnd(ctx)),
    aStart: touches(r.onTurnStart({ ...ctx, combatantId: "A" })),
    aEnd: touches(r.onTurnEnd({ ...ctx, combatantId: "A" })),
  };
}

describe("whose turn a duration counts", () => {
  for (const game of GAMES) {
    it(`[FF-DURATION] [13A-SAVE] [HD-COND] ${game}: "until the end of its next turn" arms at the target's turn start and ends at its end`, () => {
      const fresh = stepsOn(game, { duration: "endOfNextTurn", turnOf: "bearer" });
      expect(fresh.bStart).toEqual(["updateEffect"]);
      expect(fresh.aStart).toEqual([]);
      const armed = stepsOn(game, { duration: "endOfNextTurn", turnOf: "bearer", armed: true });
      expect(armed.bEnd).toEqual(["removeEffect"]);
      expect(armed.aEnd).toEqual([]);
    });

    it(`[FF-DURATION] [SYS-EFFECTS] ${game}: "until the start of its next turn" ends at the target's turn start, not the creator's`, () => {
      const s = stepsOn(game, { duration: "startOfNextTurn", turnOf: "bearer" });
      expect(s.bStart).toEqual(["removeEffect"]);
      expect(s.aStart).toEqual([]);
    });

    it(`[FF-DURATION] [SYS-EFFECTS] ${game}: an effect stored without turnOf keeps the creator's timing`, () => {
      const s = stepsOn(game, { duration: "startOfNextTurn" });
      expect(s.aStart).toEqual(["removeEffect"]);
      expect(s.bStart).toEqual([]);
      const armed = stepsOn(game, { duration: "endOfNextTurn", armed: true });
      expect(armed.aEnd).toEqual(["removeEffect"]);
      expect(armed.bEnd).toEqual([]);
    });
  }

  it("[SYS-EFFECTS] the effect form offers both kinds and reads the affected creature's kind back as turnOf", () => {
    const ruleset = getRuleset("ffd20");
    const ctx = effectFormContext({
      ruleset,
      format: (k: string) => k,
      names: { A: "Ayla" },
      damageTypeLabel: (t: string) => t,
    } as unknown as Parameters<typeof effectFormContext>[0]);
    const values = ctx.durations.map((d: { value: string }) => d.value);
    expect(values).toContain("endOfNextTurn");
    expect(values).toContain("endOfItsNextTurn");
    expect(values).toContain("startOfItsNextTurn");
    const its = effectFromForm({ name: "Dazed", duration: "endOfItsNextTurn", creator: "A" }, ruleset, ["A"]);
    expect(its.duration).toBe("endOfNextTurn");
    expect(its.turnOf).toBe("bearer");
    const yours = effectFromForm({ name: "Dazed", duration: "endOfNextTurn", creator: "A" }, ruleset, ["A"]);
    expect(yours.turnOf).toBeUndefined();
  });
});

describe("a power that says 'its next turn'", () => {
  it("[FF-DURATION] [SYS-POWERS] the effects editor keeps 'its next turn' and the card times the effect by the target", () => {
    const ruleset = getRuleset("hundred-dungeons");
    const stored = powerEffectsFromForm({
      0: {
        outcome: "hit",
        trigger: { kind: "any" },
        statuses: ["deafened"],
        duration: "endOfItsNextTurn",
        save: "normal",
      },
    });
    expect(stored[0]?.duration).toBe("endOfItsNextTurn");
    const rows = powerEffectRows(stored, ruleset, (t) => t);
    expect(rows.durations.map((d) => d.value)).toEqual(expect.arrayContaining(["endOfNextTurn", "endOfItsNextTurn"]));
    expect(rows.rows[0]?.duration).toBe("endOfItsNextTurn");
    const card = cardPowerOf(ruleset, { effects: stored, texts: { hit: "", miss: "", crit: "" } }, "A");
    expect(card?.effects[0]?.duration).toBe("endOfNextTurn");
    expect(card?.effects[0]?.turnOf).toBe("bearer");
    // A plain next-turn duration stays the attacker's.
    const plain = cardPowerOf(ruleset, { effects: [{ ...stored[0]!, duration: "endOfNextTurn" }] }, "A");
    expect(plain?.effects[0]?.turnOf).toBeUndefined();
  });
});
