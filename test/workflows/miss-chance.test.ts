/**
 * [SYS-MONSTERS] Wounds d20 miss chance (issue 38): the 3rd-edition family's concealment, a d100
 * rolled on the card for each target the d20 hit — 20% concealment, 50% total concealment (and
 * every foe of a blinded attacker). From the card's dice to the GM's re-decision and the bearer's
 * next attack; every die recorded, the numbers written from the family's rule.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { decideApplication } from "../../src/engine/plans/apply.js";
import { missChanceRollsNeeded, planAttack, rebuildCard } from "../../src/engine/plans/attack.js";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import type { PowerEffectSpec, Situation } from "../../src/engine/types.js";
import { EngineError } from "../../src/engine/errors.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";
import { defaultOptions, npc, power, request, target } from "./attack-fixtures.js";
import { standInViewer } from "./attack-card-fixture.js";

const WD = getRuleset("wounds-d20");

const onHit = (status: string): PowerEffectSpec => ({
  outcome: "hit",
  trigger: { kind: "any", value: 0 },
  text: "",
  statuses: [status],
  duration: "saveEnds",
  save: "normal",
  sustain: null,
  ongoing: null,
  aftereffect: null,
});

/** A +5 swing for 1d8 + 2 against AC 15 (a 15 on the d20 hits, a 5 misses). */
const swing = (concealment: Situation["concealment"], attackerConditions: string[] = []) =>
  request("wounds-d20", {
    attacker: npc(WD, 10, { conditions: attackerConditions }),
    power: power({ damage: "1d8 + 2" }),
    targets: [target("t", npc(WD, 15), "Target")],
    situation: { concealment },
  });

describe("Wounds d20 miss chance, card → GM → next attack", () => {
  it("[WD-MISSCHANCE] concealment: a hit with a d100 of 20 or less misses, 21 or more stands; the card says which", () => {
    const lost = attackFromRecordedDice(swing("partial"), [[15]], { "*": [4] }, "AC", [20]).targets[0]!;
    expect(lost.outcome.isHit).toBe(false);
    expect(lost.outcome.result).toBe("miss");
    expect(lost.damageKey).toBeNull();
    expect(lost.missChance).toEqual({ chance: 20, roll: 20 });
    const held = attackFromRecordedDice(swing("partial"), [[15]], { "*": [4] }, "AC", [21]).targets[0]!;
    expect(held.outcome.result).toBe("hit");
    expect(held.damage).toBe(6);
    const card = attackFromRecordedDice(swing("partial"), [[15]], { "*": [4] }, "AC", [20]);
    expect(attackCardContext(card, standInViewer()).targets[0]!.reasons[0]).toContain("20");
  });

  it("[WD-MISSCHANCE] total concealment is 50%: a 50 loses even a natural 20's critical hit, a 51 keeps it", () => {
    const lost = attackFromRecordedDice(swing("total"), [[20]], { "*": [4] }, "AC", [50]).targets[0]!;
    expect(lost.outcome.isHit).toBe(false);
    expect(lost.outcome.isCrit).toBe(false);
    const kept = attackFromRecordedDice(swing("total"), [[20]], { "*": [4] }, "AC", [51]).targets[0]!;
    expect(kept.outcome.result).toBe("crit");
    expect(kept.damage).toBe(12);
  });

  it("[WD-MISSCHANCE] a d100 is rolled only for a target the d20 hit: a miss rolls none, no concealment rolls none", () => {
    expect(missChanceRollsNeeded(swing("partial"), [[5]])).toEqual([]);
    expect(missChanceRollsNeeded(swing("partial"), [[15]])).toEqual([0]);
    expect(missChanceRollsNeeded(swing("none"), [[15]])).toEqual([]);
    expect(planAttack(swing("none")).missChances).toBeUndefined();
    // A card missing the d100 its hit needs is refused, naming the field.
    expect(() => attackFromRecordedDice(swing("partial"), [[15]], { "*": [4] })).toThrow(EngineError);
    expect(() => attackFromRecordedDice(swing("partial"), [[15]], { "*": [4] }, "AC", [101])).toThrow(/d100/);
  });

  it("[WD-MISSCHANCE] the odds count the miss chance: 55% to hit at 20% concealment is 44%", () => {
    const plain = attackFromRecordedDice(swing("none"), [[15]], { "*": [4] }).targets[0]!.odds!;
    const hidden = attackFromRecordedDice(swing("partial"), [[15]], { "*": [4] }, "AC", [90]).targets[0]!.odds!;
    expect(plain.hit).toBeCloseTo(0.55, 10);
    expect(hidden.hit).toBeCloseTo(0.44, 10);
    expect(hidden.expectedDamage).toBeCloseTo(plain.expectedDamage * 0.8, 10);
  });

  it("[WD-MISSCHANCE] the GM's client decides the posted card again from its rolls, the d100 after the attack roll; a forged d100 is refused", () => {
    const req = swing("partial");
    const card = attackFromRecordedDice(req, [[15]], { "*": [4] }, "AC", [7]);
    expect(card.targets[0]!.outcome.isHit).toBe(false);
    const again = rebuildCard(
      req,
      { attack: [{ formula: "1d20 + 5", faces: [15] }], damage: [{ formula: "1d100", faces: [7] }] },
      "AC",
    );
    expect(again.targets[0]!.outcome.isHit).toBe(false);
    expect(again.targets[0]!.missChance).toEqual({ chance: 20, roll: 7 });
    // The same rolls without the d100 (a client that skipped it) do not fit.
    expect(() => rebuildCard(req, { attack: [{ formula: "1d20 + 5", faces: [15] }], damage: [] }, "AC")).toThrow(
      EngineError,
    );
    expect(() =>
      rebuildCard(
        req,
        { attack: [{ formula: "1d20 + 5", faces: [15] }], damage: [{ formula: "1d20", faces: [7] }] },
        "AC",
      ),
    ).toThrow(/1d100/);
  });

  it("[WD-MISSCHANCE] a forged d20 (off the die, or none) on a concealed target is refused naming the attack roll, before any miss chance is read", () => {
    const req = swing("partial");
    for (const faces of [[0], [21], [Number.NaN], []]) {
      let thrown: unknown = null;
      try {
        rebuildCard(
          req,
          { attack: [{ formula: "1d20 + 5", faces }], damage: [{ formula: "1d100", faces: [50] }] },
          "AC",
        );
      } catch (err) {
        thrown = err;
      }
      expect(thrown, String(faces)).toBeInstanceOf(EngineError);
      expect((thrown as EngineError).field, String(faces)).toMatch(/^attack\.dice/);
    }
  });

  it("[WD-CONDBLINDED] [WD-MISSCHANCE] a card that blinds its target: the bearer's next attack has a 50% miss chance against every foe", async () => {
    const victim = npc(WD, 10, { hp: { value: 40, max: 40, temp: 0 } });
    const card = attackFromRecordedDice(
      request("wounds-d20", {
        power: power({ damage: "3", effects: [onHit("blinded")] }),
        targets: [target("victim", victim, "Victim")],
      }),
      [[15]],
      { "*": [] },
    );
    const applied = await decideApplication({
      ruleset: WD,
      options: defaultOptions(WD),
      card,
      targetUuid: card.targets[0]!.uuid,
      mode: "full",
      actor: victim,
      actorId: "victim",
      userId: "gm",
      recordId: "r1",
      roll: recordedRoller([]),
    });
    const bearing = applied.effects.create.flatMap((e) => e.statuses);
    expect(bearing).toEqual(["blinded"]);
    const next = swing("none", bearing);
    expect(planAttack(next).missChances).toEqual([50]);
    expect(attackFromRecordedDice(next, [[15]], { "*": [4] }, "AC", [50]).targets[0]!.outcome.isHit).toBe(false);
    expect(attackFromRecordedDice(next, [[15]], { "*": [4] }, "AC", [51]).targets[0]!.outcome.isHit).toBe(true);
  });
});
