/**
 * 13th Age through the attack workflow with recorded dice: the card's outcomes and damage, and
 * what the apply buttons do to the target, all decided by the real 13th Age ruleset.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { decideApplication, decideUndo } from "../../src/engine/plans/apply.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import type { ActorSource } from "../../src/engine/types.js";
import type { ApplyMode } from "../../src/engine/plans/card-data.js";
import { defaultOptions, derivedDefense, npc, power, request, target } from "./attack-fixtures.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";

const R = getRuleset("13th-age");
const OPTS = defaultOptions(R);

function apply(card: AttackCardData, actor: ActorSource, mode: ApplyMode = "full", i = 0) {
  const t = card.targets[i]!;
  return decideApplication({
    ruleset: R,
    options: OPTS,
    card,
    targetUuid: t.uuid,
    mode,
    actor,
    actorId: "orc",
    userId: "user1",
    recordId: "rec1",
    roll: recordedRoller([]),
  });
}

describe("13th Age attacks (recorded dice)", () => {
  it("[13A-ATK] the total is the natural plus the itemised bonus, against the target's derived defense", () => {
    const orc = npc(R, 15);
    const card = attackFromRecordedDice(request("13th-age", { targets: [target("orc", orc)] }), [[9]], { "*": [5] });
    const t = card.targets[0]!;
    expect(t.outcome.defense).toBe(derivedDefense(R, orc, "ac"));
    // Flat NPC power bonus of +5: 9 + 5 = 14 < 15 misses; the modifiers on the card add up to it.
    expect(t.outcome.total).toBe(14);
    expect(t.outcome.modifiers.reduce((s, m) => s + m.value, 0)).toBe(5);
    expect(t.outcome.result).toBe("miss");
  });

  it("[13A-NAT20] a natural 20 crits and doubles the damage the same dice make on a hit", () => {
    const req = request("13th-age", { targets: [target("orc", npc(R, 15))] });
    const hit = attackFromRecordedDice(req, [[12]], { "*": [5] });
    const crit = attackFromRecordedDice(req, [[20]], { "*": [5] });
    expect(hit.targets[0]!.outcome.result).toBe("hit");
    expect(hit.targets[0]!.damage).toBe(5 + 4);
    expect(crit.targets[0]!.outcome.result).toBe("crit");
    expect(crit.targets[0]!.damage).toBe(2 * (5 + 4));
  });

  it("[13A-NAT20] Open rule critDamage=doubleDice rolls twice the dice and adds the flat part once", () => {
    const req = request("13th-age", {
      targets: [target("orc", npc(R, 15))],
      options: { ...OPTS, critDamage: "doubleDice" },
    });
    const crit = attackFromRecordedDice(req, [[20]], { "*": [5, 3] });
    expect(crit.damageRolls[0]!.formula).toBe("2d8 + 4");
    expect(crit.targets[0]!.damage).toBe(5 + 3 + 4);
  });

  it("[13A-NAT1] a natural 1 misses with no miss damage, while a plain miss deals it ([13A-MISS])", () => {
    const p = power({ missEffect: "formula", missDamage: "3" });
    const req = request("13th-age", { power: p, targets: [target("orc", npc(R, 15))] });
    const nat1 = attackFromRecordedDice(req, [[1]], { "*": [] });
    expect(nat1.targets[0]!.outcome.result).toBe("autoMiss");
    expect(nat1.targets[0]!.damageKey).toBeNull();
    expect(nat1.targets[0]!.damage).toBe(0);
    const miss = attackFromRecordedDice(req, [[2]], { "*": [] });
    expect(miss.targets[0]!.outcome.result).toBe("miss");
    expect(miss.targets[0]!.damage).toBe(3);
  });

  it("[13A-VULN] a target vulnerable to the attack's type is critted on a natural 18; others only hit", () => {
    const fire = power({ damageTypes: ["fire"] });
    const weak = npc(R, 15, { vulnerabilities: [{ type: "fire", value: 0 }] });
    const plain = npc(R, 15);
    const req = request("13th-age", { power: fire, targets: [target("weak", weak), target("plain", plain)] });
    const card = attackFromRecordedDice(req, [[18], [18]], { "*": [6] });
    expect(card.targets[0]!.outcome.critThreshold).toBe(18);
    expect(card.targets[0]!.outcome.result).toBe("crit");
    expect(card.targets[0]!.damage).toBe(2 * (6 + 4));
    expect(card.targets[1]!.outcome.critThreshold).toBe(20);
    expect(card.targets[1]!.outcome.result).toBe("hit");
    expect(card.targets[1]!.damage).toBe(6 + 4);
    // One natural 17 is below the expanded range: a plain hit even against the vulnerable target.
    expect(attackFromRecordedDice(req, [[17], [17]], { "*": [6] }).targets[0]!.outcome.result).toBe("hit");
  });

  it("[13A-ESC] a PC adds the escalation die, shown as its own modifier", () => {
    const pc = npc(R, 10, { kind: "character" });
    const req = request("13th-age", { attacker: pc, escalation: 3, targets: [target("orc", npc(R, 15))] });
    const card = attackFromRecordedDice(req, [[10]], { "*": [1] });
    const esc = card.targets[0]!.outcome.modifiers.find((m) => m.key === "escalation");
    expect(esc?.value).toBe(3);
    const withoutEsc = attackFromRecordedDice({ ...req, escalation: 0 }, [[10]], { "*": [1] });
    expect(card.targets[0]!.outcome.total - withoutEsc.targets[0]!.outcome.total).toBe(3);
  });

  it("[SYS-TARGETS] one roll is decided per target: crit, hit and miss on one card, one damage roll per outcome", () => {
    const fire = power({ damageTypes: ["fire"] });
    const req = request("13th-age", {
      power: fire,
      targets: [
        target("a", npc(R, 15, { vulnerabilities: [{ type: "fire", value: 0 }] }), "Ash Imp"),
        target("b", npc(R, 15), "Bugbear"),
        target("c", npc(R, 25), "Cave Troll"),
      ],
    });
    const card = attackFromRecordedDice(req, [[19], [19], [19]], { crit: [4], hit: [4] });
    expect(card.targets.map((t) => t.outcome.result)).toEqual(["crit", "hit", "miss"]);
    expect(card.targets.map((t) => t.uuid)).toEqual(["Scene.s1.Token.a", "Scene.s1.Token.b", "Scene.s1.Token.c"]);
    expect(card.damageRolls.map((d) => d.key).sort()).toEqual(["crit", "hit"]);
    expect(card.targets.every((t) => t.odds !== null && t.odds.hit >= 0 && t.odds.hit <= 1)).toBe(true);
    // Odds are exact: +5 against 15 hits on a natural 10+ (11 faces), against 25 only on the auto-hit 20.
    expect(card.targets[1]!.odds!.hit).toBeCloseTo(11 / 20, 10);
    expect(card.targets[2]!.odds!.hit).toBeCloseTo(1 / 20, 10);
  });

  it("[SYS-TARGETS] with no target the roll still posts, read as it stands, with its damage", () => {
    const card = attackFromRecordedDice(request("13th-age"), [[11]], { "*": [3] });
    expect(card.targets).toEqual([]);
    expect(card.untargeted?.natural).toBe(11);
    expect(card.untargeted?.total).toBe(16);
    expect(card.damageRolls).toHaveLength(1);
    expect(card.damageRolls[0]!.total).toBe(3 + 4);
  });
});

describe("13th Age apply buttons", () => {
  const fire = power({ damageTypes: ["fire"], damage: "1d8 + 4" });
  const resistant = npc(R, 10, { resistances: [{ type: "fire", value: 16 }] });
  const req = request("13th-age", { power: fire, targets: [target("orc", resistant)] });

  it("[13A-RESIST] resist fire 16+: a natural 16 deals full damage", async () => {
    const card = attackFromRecordedDice(req, [[16]], { "*": [7] });
    const { next, record } = await apply(card, resistant);
    expect(record.dealt).toBe(11);
    expect(next.hp.value).toBe(30 - 11);
  });

  it("[13A-RESIST] resist fire 16+: a natural 15 deals half, rounded down", async () => {
    const card = attackFromRecordedDice(req, [[15]], { "*": [7] });
    const { next, record } = await apply(card, resistant);
    expect(record.dealt).toBe(Math.floor(11 / 2));
    expect(next.hp.value).toBe(30 - 5);
    expect(record.adjustments.some((m) => m.key === "resist")).toBe(true);
  });

  it("[13A-RESIST] the half button halves first, then resistance halves again below the threshold", async () => {
    const card = attackFromRecordedDice(req, [[15]], { "*": [7] });
    const { record } = await apply(card, resistant, "half");
    expect(record.amount).toBe(5);
    expect(record.dealt).toBe(2);
  });

  it("[SYS-TARGETS] [13A-RESIST] each target is read with its own roll's natural: 17 beats resist fire 16+, 15 on the other target does not", async () => {
    const other = npc(R, 10, { resistances: [{ type: "fire", value: 16 }] });
    const two = request("13th-age", { power: fire, targets: [target("orc", resistant), target("orc2", other)] });
    const card = attackFromRecordedDice(two, [[17], [15]], { "*": [7] });
    expect(card.targets.map((t) => t.outcome.natural)).toEqual([17, 15]);
    // Both hit the same defense, so they share the one hit damage roll (1d8 + 4 on a 7 = 11).
    expect(card.targets.map((t) => t.outcome.result)).toEqual(["hit", "hit"]);
    expect(card.damageRolls).toHaveLength(1);
    expect(card.targets.map((t) => t.damage)).toEqual([11, 11]);
    const first = await apply(card, resistant, "full", 0);
    const second = await apply(card, other, "full", 1);
    // 17 ≥ 16: the first target takes it all; 15 < 16: the second takes half, rounded down.
    expect(first.record.dealt).toBe(11);
    expect(second.record.dealt).toBe(Math.floor(11 / 2));
  });

  it("[SYS-TARGETS] two targets with the same defense get different outcomes from their own naturals", () => {
    const two = request("13th-age", { power: fire, targets: [target("orc", resistant), target("orc2", npc(R, 10))] });
    // A natural 1 on the first target's roll misses automatically; a natural 20 on the second crits.
    const card = attackFromRecordedDice(two, [[1], [20]], { crit: [7], miss: [], "*": [] });
    expect(card.targets.map((t) => t.outcome.natural)).toEqual([1, 20]);
    expect(card.targets.map((t) => t.outcome.result)).toEqual(["autoMiss", "crit"]);
    expect(card.targets[0]!.damage).toBe(0);
    expect(card.targets[1]!.damage).toBe(2 * 11);
    // Swapping the rolls swaps the outcomes: each target reads only its own roll.
    const swapped = attackFromRecordedDice(two, [[20], [1]], { crit: [7], miss: [], "*": [] });
    expect(swapped.targets.map((t) => t.outcome.result)).toEqual(["crit", "autoMiss"]);
  });

  it("[SYS-TARGETS] a missing or short roll is refused, naming the roll", () => {
    const two = request("13th-age", { power: fire, targets: [target("orc", resistant), target("orc2", npc(R, 10))] });
    expect(() => attackFromRecordedDice(two, [[12]], { "*": [7] })).toThrow(/attack\.dice/);
    try {
      attackFromRecordedDice(two, [[12], []], { "*": [7] });
      expect.unreachable();
    } catch (e) {
      expect((e as { field?: string }).field).toBe("attack.dice[1]");
    }
  });

  it("[13A-TEMPHP] temporary HP absorb the damage first", async () => {
    const withTemp = npc(R, 10, { hp: { value: 30, max: 30, temp: 5 } });
    const card = attackFromRecordedDice(request("13th-age", { targets: [target("orc", withTemp)] }), [[12]], {
      "*": [4],
    });
    const { next, record } = await apply(card, withTemp);
    expect(record.absorbedByTemp).toBe(5);
    expect(next.hp.temp).toBe(0);
    expect(next.hp.value).toBe(30 - (8 - 5));
  });

  it("[13A-TEMPHP] the temp HP button grants the amount as temporary HP, not real HP", async () => {
    const hurt = npc(R, 10, { hp: { value: 12, max: 30, temp: 0 } });
    const card = attackFromRecordedDice(request("13th-age", { targets: [target("orc", hurt)] }), [[12]], { "*": [4] });
    const { next } = await apply(card, hurt, "temp");
    expect(next.hp.temp).toBe(8);
    expect(next.hp.value).toBe(12);
    const healed = await apply(card, hurt, "heal");
    expect(healed.next.hp.value).toBe(20);
  });

  it("[SYS-TARGETS] undo restores the exact prior state and marks the record undone", async () => {
    const before = npc(R, 10, { hp: { value: 9, max: 30, temp: 3 }, conditions: ["dazed"] });
    const frozen = structuredClone(before);
    const card = attackFromRecordedDice(request("13th-age", { targets: [target("orc", before)] }), [[20]], {
      "*": [8],
    });
    const applied = await apply(card, before);
    expect(applied.next.hp.value).toBeLessThan(9);
    expect(before).toEqual(frozen); // the input was not mutated
    const undo = decideUndo(applied.card, applied.record.id, applied.next);
    expect(undo.restore).toEqual(frozen);
    expect(undo.changedSince).toBe(false);
    expect(undo.card.applied[0]!.undone).toBe(true);
    expect(() => decideUndo(undo.card, applied.record.id, undo.restore)).toThrow(/already undone/);
    // Something else changed the target since: undo still restores, and says so.
    const later = { ...applied.next, hp: { ...applied.next.hp, value: 1 } };
    expect(decideUndo(applied.card, applied.record.id, later).changedSince).toBe(true);
  });
});
