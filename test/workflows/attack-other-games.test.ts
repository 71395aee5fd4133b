/**
 * FFd20, Hundred Dungeons and Wounds d20 through the attack workflow with recorded dice, each
 * against its real ruleset: crit damage rules, natural 20s, mighty/weak, minimum damage and the
 * death save excess damage calls for.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, RulesetId } from "../../src/engine/types.js";
import { planAttack } from "../../src/engine/plans/attack.js";
import { decideApplication, decideUndo } from "../../src/engine/plans/apply.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import { defaultOptions, derivedDefense, npc, power, request, target, weapon } from "./attack-fixtures.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";

function applyFull(
  id: RulesetId,
  card: AttackCardData,
  actor: ActorSource,
  rolls: { total: number; natural: number | null }[] = [],
) {
  const ruleset = getRuleset(id);
  return decideApplication({
    ruleset,
    options: defaultOptions(ruleset),
    card,
    targetUuid: card.targets[0]!.uuid,
    mode: "full",
    actor,
    actorId: "t1",
    userId: "u1",
    recordId: "r1",
    roll: recordedRoller(rolls),
  });
}

describe("FFd20 (recorded dice)", () => {
  const R = getRuleset("ffd20");

  it("[FF-NAT20] a natural 20 whose total misses still hits, but is not a critical hit", () => {
    const fortress = npc(R, 40);
    const card = attackFromRecordedDice(request("ffd20", { targets: [target("wall", fortress)] }), [[20]], {
      "*": [6],
    });
    const t = card.targets[0]!;
    expect(t.outcome.total).toBeLessThan(derivedDefense(R, fortress, "ac"));
    expect(t.outcome.result).toBe("hit");
    expect(t.outcome.isCrit).toBe(false);
    expect(t.outcome.autoHit).toBe(true);
    expect(t.damage).toBe(6 + 4); // ordinary hit damage, not the crit rule
  });

  it("[FF-CRITDMG] a natural 20 that hits deals the expression's maximum, plus extra crit dice rolled", () => {
    const p = power({ damage: "2[W] + 3" });
    const w = weapon({ damageDice: "1d6", critDice: "1d8" });
    const card = attackFromRecordedDice(
      request("ffd20", { power: p, weapon: w, targets: [target("orc", npc(R, 10))] }),
      [[20]],
      {
        crit: [5],
      },
    );
    const t = card.targets[0]!;
    expect(t.outcome.result).toBe("crit");
    // 2[W] with a d6 weapon = 2d6 (+3): maximum 15; the magic weapon's 1d8 is rolled (5), not maximised.
    expect(card.damageRolls[0]!.formula).toBe("1d8");
    expect(t.damage).toBe(12 + 3 + 5);
  });

  it("[FF-WDICE] N[W] expands to N times the weapon's dice on a hit", () => {
    const p = power({ damage: "2[W] + 3" });
    const w = weapon({ damageDice: "2d6" });
    const card = attackFromRecordedDice(
      request("ffd20", { power: p, weapon: w, targets: [target("orc", npc(R, 10))] }),
      [[15]],
      {
        hit: [1, 2, 3, 4],
      },
    );
    expect(card.damageRolls[0]!.formula).toBe("4d6 + 3");
    expect(card.targets[0]!.damage).toBe(1 + 2 + 3 + 4 + 3);
  });

  it("[FF-NAT1] a natural 1 misses even against a trivial defense", () => {
    const card = attackFromRecordedDice(request("ffd20", { targets: [target("orc", npc(R, 1))] }), [[1]], { "*": [] });
    expect(card.targets[0]!.outcome.result).toBe("autoMiss");
  });
});

describe("Hundred Dungeons (recorded dice)", () => {
  const R = getRuleset("hundred-dungeons");
  const foe = (def: number) => target("foe", npc(R, def));

  it("[HD-MIGHTY] a mighty attack rolls two d20 and keeps the higher", () => {
    const req = request("hundred-dungeons", { situation: { mighty: 1 }, targets: [foe(14)] });
    expect(planAttack(req).d20Counts).toEqual([2]);
    expect(planAttack(req).formula.startsWith("2d20kh")).toBe(true);
    const card = attackFromRecordedDice(req, [[4, 15]], { "*": [3] });
    expect(card.targets[0]!.outcome.mode).toBe("mighty");
    expect(card.targets[0]!.outcome.natural).toBe(15);
  });

  it("[SYS-TARGETS] [HD-MIGHTY] [HD-COND] mighty is decided per target: a melee roll against a prone foe keeps the higher of its own two d20, the standing foe's roll is a single d20", () => {
    const prone = target("prone", npc(R, 14, { conditions: ["prone"] }));
    const standing = target("standing", npc(R, 14));
    const req = request("hundred-dungeons", { power: power({ range: "melee" }), targets: [prone, standing] });
    const plan = planAttack(req);
    expect(plan.modes).toEqual(["mighty", "normal"]);
    expect(plan.d20Counts).toEqual([2, 1]);
    expect(plan.formulas[0]!.startsWith("2d20kh")).toBe(true);
    expect(plan.formulas[1]!.startsWith("1d20")).toBe(true);
    const card = attackFromRecordedDice(req, [[4, 15], [4]], { "*": [3] });
    expect(card.targets.map((t) => t.outcome.mode)).toEqual(["mighty", "normal"]);
    expect(card.targets.map((t) => t.outcome.natural)).toEqual([15, 4]);
    // A single face is too few for the mighty roll against the prone foe.
    expect(() => attackFromRecordedDice(req, [[15], [4]], { "*": [3] })).toThrow(/attack\.dice\[0\]/);
  });

  it("[HD-MIGHTY] a weak attack keeps the lower of two d20", () => {
    const req = request("hundred-dungeons", { situation: { weak: 1 }, targets: [foe(14)] });
    const card = attackFromRecordedDice(req, [[4, 15]], { "*": [3] });
    expect(card.targets[0]!.outcome.mode).toBe("weak");
    expect(card.targets[0]!.outcome.natural).toBe(4);
  });

  it("[HD-MIGHTY] one mighty and one weak source cancel: a single d20", () => {
    const req = request("hundred-dungeons", { situation: { mighty: 1, weak: 1 }, targets: [foe(14)] });
    expect(planAttack(req).d20Counts).toEqual([1]);
    const card = attackFromRecordedDice(req, [[4]], { "*": [3] });
    expect(card.targets[0]!.outcome.mode).toBe("normal");
    expect(card.targets[0]!.outcome.natural).toBe(4);
  });

  it("[HD-CRIT] a 20 on the die is a critical hit for double damage, even against a defense it cannot reach", () => {
    const req = request("hundred-dungeons", { targets: [foe(40)] });
    const crit = attackFromRecordedDice(req, [[20]], { "*": [5] });
    expect(crit.targets[0]!.outcome.result).toBe("crit");
    const hit = attackFromRecordedDice(request("hundred-dungeons", { targets: [foe(5)] }), [[12]], { "*": [5] });
    expect(hit.targets[0]!.outcome.result).toBe("hit");
    expect(crit.targets[0]!.damage).toBe(2 * hit.targets[0]!.damage);
  });
});

describe("Wounds d20 (recorded dice)", () => {
  const R = getRuleset("wounds-d20");

  it("[WD-NAT] a natural 20 is always a critical hit; default Open rule doubles the damage", () => {
    const req = request("wounds-d20", { targets: [target("orc", npc(R, 40))] });
    const crit = attackFromRecordedDice(req, [[20]], { "*": [5] });
    expect(crit.targets[0]!.outcome.result).toBe("crit");
    const hit = attackFromRecordedDice(request("wounds-d20", { targets: [target("orc", npc(R, 5))] }), [[12]], {
      "*": [5],
    });
    expect(hit.targets[0]!.outcome.result).toBe("hit");
    expect(crit.targets[0]!.damage).toBe(2 * hit.targets[0]!.damage);
  });

  it("[WD-DMG] a hit deals at least 1 even when the dice and modifiers come to less", () => {
    const req = request("wounds-d20", { power: power({ damage: "1d4 - 3" }), targets: [target("orc", npc(R, 5))] });
    const card = attackFromRecordedDice(req, [[15]], { "*": [1] });
    expect(card.damageRolls[0]!.rolled).toBe(-2);
    expect(card.targets[0]!.damage).toBe(1);
  });

  it("[WD-DEATHDC] damage past maximum HP calls for a death save at 10 + half the excess; failing by less than 10 means dying", async () => {
    const victim = npc(R, 5, { hp: { value: 5, max: 20, temp: 0 } });
    const req = request("wounds-d20", { power: power({ damage: "20" }), targets: [target("orc", victim)] });
    const card = attackFromRecordedDice(req, [[15]], { "*": [] });
    expect(card.targets[0]!.damage).toBe(20);
    // 20 damage on 5 HP left: 35 damage taken against 20 maximum, 15 past it → DC 10 + 7 = 17.
    const dying = await applyFull("wounds-d20", card, victim, [{ total: 12, natural: 12 }]);
    expect(dying.rolls).toHaveLength(1);
    expect(dying.rolls[0]!.request.kind).toBe("deathSave");
    expect(dying.rolls[0]!.request.target).toBe(17);
    expect(dying.rolls[0]!.success).toBe(false);
    expect(dying.next.state).toBe("dying");
    // The same blow with a roll that fails by 10 or more kills; one that makes the DC staggers.
    expect((await applyFull("wounds-d20", card, victim, [{ total: 7, natural: 7 }])).next.state).toBe("dead");
    expect((await applyFull("wounds-d20", card, victim, [{ total: 17, natural: 17 }])).next.state).toBe("staggered");
  });

  it("[WD-WOUNDPTS] undo after a blow that wounded and dropped the target restores the exact prior state", async () => {
    const victim = npc(R, 5, { hp: { value: 5, max: 20, temp: 0 } });
    const frozen = structuredClone(victim);
    const card = attackFromRecordedDice(
      request("wounds-d20", { power: power({ damage: "20" }), targets: [target("orc", victim)] }),
      [[15]],
      { "*": [] },
    );
    const applied = await applyFull("wounds-d20", card, victim, [{ total: 12, natural: 12 }]);
    expect(applied.next.wounds.length).toBeGreaterThan(0);
    expect(applied.next.state).toBe("dying");
    const undo = decideUndo(applied.card, applied.record.id, applied.next);
    expect(undo.restore).toEqual(frozen);
  });

  it("[WD-FLAT] an attack on a target caught off guard meets its flat-footed defense", () => {
    const nimble = npc(R, 10, { abilities: { str: 10, dex: 18, con: 10, int: 10, wis: 10, cha: 10 }, defenses: {} });
    const req = request("wounds-d20", { situation: { offGuard: true }, targets: [target("elf", nimble)] });
    const card = attackFromRecordedDice(req, [[10]], { "*": [1] });
    expect(card.targets[0]!.outcome.defenseKey).toBe("flat");
    expect(card.targets[0]!.outcome.defense).toBe(derivedDefense(R, nimble, "flat"));
    expect(derivedDefense(R, nimble, "flat")).toBeLessThan(derivedDefense(R, nimble, "ac"));
  });
});
