/**
 * Follow-ups of the attack workflow, each through the pure workflow code with the real
 * rulesets and recorded dice: touch attacks on a target caught off guard, wrong-square misses as
 * the attacker sees them, coup de grace, ongoing damage put on the target by the damage button.
 */
import { describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type { ActorSource, PowerSource, Situation } from "../../src/engine/types.js";
import { situationFromForm } from "../../src/engine/views/situation-dialog.js";
import { derivedDefense, npc, power, request, target } from "./attack-fixtures.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";

/** The defense a card's attack met (key and value), planned and decided by the product's attack steps. */
function metDefense(
  ruleset: Ruleset,
  p: PowerSource,
  situation: Partial<Situation>,
  foe: ActorSource,
): { key: string; value: number } {
  const req = { ...request("wounds-d20", { power: p, situation, targets: [target("foe", foe)] }), ruleset };
  const outcome = attackFromRecordedDice(req, [[10]], { "*": [3] }).targets[0]!.outcome;
  return { key: outcome.defenseKey, value: outcome.defense };
}

describe("touch attacks on a target caught off guard", () => {
  const WD = getRuleset("wounds-d20");
  // Armor 4, Dex 16 (+3): every one of AC, touch, flat and touch-flat differs.
  const knight = defaultActorSource({
    kind: "character",
    level: 1,
    abilities: { str: 10, dex: 16, con: 10, int: 10, wis: 10, cha: 10 },
    armor: { armorBonus: 4, shieldBonus: 0, maxDex: null, heavy: false },
  });

  it("[WD-TOUCH] [WD-FLAT] a touch attack on an off-guard target meets neither armor nor the Dex bonus", () => {
    const d = WD.deriveActor(knight, {});
    const touch = d.defenses.touch!;
    const flat = d.defenses.flat!;
    // Reasoned from the rules: touch drops the armor (4), off guard drops the Dex bonus (3).
    expect(d.defenses.ac! - touch).toBe(4);
    expect(d.defenses.ac! - flat).toBe(3);
    const chosen = metDefense(WD, power({ touch: true }), { offGuard: true }, knight);
    expect(chosen).toEqual({ key: "touchFlat", value: d.defenses.ac! - 4 - 3 });
    expect(chosen.value).toBeLessThan(Math.min(touch, flat));
  });

  it("[WD-TOUCH] [WD-FLAT] the attack card's total is measured against that defense", () => {
    const expected = derivedDefense(WD, knight, "ac") - 4 - 3; // 10 + 0
    const req = request("wounds-d20", {
      power: power({ touch: true, attackBonus: 0 }),
      situation: { offGuard: true },
      targets: [target("knight", knight)],
    });
    // Natural 10 + bonus 0: hits touch-flat (10) but neither touch (13) nor flat (11).
    const card = attackFromRecordedDice(req, [[10]], { "*": [3] });
    const t = card.targets[0]!;
    expect(t.outcome.defense).toBe(expected);
    expect(t.outcome.total).toBeGreaterThanOrEqual(expected);
    expect(t.outcome.isHit).toBe(true);
  });

  it("[WD-TOUCH] falls back to touch alone, or to the lower of touch and flat where no touch-flat is derived", () => {
    // A game deriving exactly these defenses for its target.
    const deriving = (defenses: Record<string, number>): Ruleset => ({
      ...WD,
      deriveActor: (actor, options) => ({ ...WD.deriveActor(actor, options), defenses }),
    });
    const all = deriving({ ac: 18, touch: 13, flat: 15, touchFlat: 10 });
    expect(metDefense(all, power({ touch: true }), {}, knight)).toEqual({ key: "touch", value: 13 });
    const noTouchFlat = deriving({ ac: 18, touch: 13, flat: 12 });
    expect(metDefense(noTouchFlat, power({ touch: true }), { offGuard: true }, knight)).toEqual({
      key: "flat",
      value: 12,
    });
    expect(metDefense(all, power(), { offGuard: true }, knight)).toEqual({ key: "flat", value: 15 });
  });

  it("[WD-TOUCH] a game without touch defenses keeps the power's own defense", () => {
    const FF = getRuleset("ffd20");
    const t = npc(FF, 14);
    const card = attackFromRecordedDice(
      request("ffd20", { power: power({ touch: true }), situation: { offGuard: true }, targets: [target("t", t)] }),
      [[9]],
      { "*": [3] },
    );
    expect(card.targets[0]!.outcome.defenseKey).toBe("ac");
  });
});

describe("coup de grace (FFd20)", () => {
  const FF = getRuleset("ffd20");

  it("[FF-CRITDMG] a coup de grace is a critical hit even when the total misses: maximum damage plus extra crit dice", () => {
    const foe = npc(FF, 30);
    const req = request("ffd20", {
      power: power({ damage: "2d6 + 3", critDamage: "1d8" }),
      situation: { coupDeGrace: true },
      targets: [target("helpless", foe)],
    });
    const card = attackFromRecordedDice(req, [[7]], { crit: [5] });
    const t = card.targets[0]!;
    expect(t.outcome.total).toBe(7 + 5);
    expect(t.outcome.total).toBeLessThan(derivedDefense(FF, foe, "ac"));
    expect(t.outcome.result).toBe("crit");
    expect(t.outcome.isHit && t.outcome.isCrit).toBe(true);
    // [FF-CRITDMG] 2d6 + 3 maximised = 15, plus the extra 1d8 rolled (5).
    expect(t.damage).toBe(12 + 3 + 5);
    expect(t.odds?.crit).toBe(1);
  });

  it("[FF-CRITDMG] without the coup de grace the same roll misses (the option is what makes the crit)", () => {
    const card = attackFromRecordedDice(request("ffd20", { targets: [target("foe", npc(FF, 30))] }), [[7]], {
      "*": [5],
    });
    expect(card.targets[0]!.outcome.result).toBe("miss");
  });

  it("[FF-CRITDMG] FFd20's dialog offers it; games without the rule ignore a form that claims it", () => {
    expect(FF.situational).toContain("coupDeGrace");
    expect(situationFromForm({ coupDeGrace: "on" }, FF).coupDeGrace).toBe(true);
    expect(situationFromForm({}, FF).coupDeGrace).toBeFalsy();
    // Wounds d20 has its own coup de grace ([WD-COUPDEGRACE], test/workflows/coup-de-grace.test.ts).
    for (const id of ["13th-age", "hundred-dungeons"] as const) {
      const R = getRuleset(id);
      expect(R.situational ?? []).not.toContain("coupDeGrace");
      expect(situationFromForm({ coupDeGrace: "on" }, R).coupDeGrace).toBeFalsy();
    }
  });
});
