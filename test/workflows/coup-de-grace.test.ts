/**
 * [SYS-MONSTERS] Coup de grace outside FFd20 (issue 38), from the card to what it does next:
 * Wounds d20 plays its family's rule (a helpless target is hit and critically hit whatever the die
 * shows, and one that lives through the damage saves against death at 10 + the damage or dies);
 * Hundred Dungeons, with its world option on, makes a melee hit on a paralyzed (or unconscious)
 * creature critical. Every die is recorded; the expected numbers are written from the family's rules.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { decideApplication } from "../../src/engine/plans/apply.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import type { ActorSource, RulesetId } from "../../src/engine/types.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";
import { defaultOptions, npc, power, request, target } from "./attack-fixtures.js";

const WD = getRuleset("wounds-d20");
const HD = getRuleset("hundred-dungeons");

async function applyFull(
  id: RulesetId,
  card: AttackCardData,
  victim: ActorSource,
  rolls: { total: number; natural: number | null }[],
) {
  const R = getRuleset(id);
  return decideApplication({
    ruleset: R,
    options: defaultOptions(R),
    card,
    targetUuid: card.targets[0]!.uuid,
    mode: "full",
    actor: victim,
    actorId: "victim",
    userId: "gm",
    recordId: "r1",
    roll: recordedRoller(rolls),
  });
}

describe("Wounds d20 coup de grace, card → apply → the creature's fate", () => {
  const victim = (conditions: string[]) =>
    npc(WD, 25, { hp: { value: 40, max: 40, temp: 0 }, baseSaveBonus: 2, conditions });
  const swing = (conditions: string[], coupDeGrace: boolean, d20: number) =>
    attackFromRecordedDice(
      request("wounds-d20", {
        power: power({ damage: "1d8 + 2" }),
        targets: [target("v", victim(conditions), "Victim")],
        situation: { coupDeGrace },
      }),
      [[d20]],
      { "*": [4] },
    );

  it("[WD-COUPDEGRACE] the dialog's coup de grace on a paralyzed (so helpless) target hits and crits on a 2 against AC 25: double damage", () => {
    const card = swing(["paralyzed"], true, 2);
    const t = card.targets[0]!;
    expect(t.outcome.result).toBe("crit");
    expect(t.outcome.autoHit).toBe(true);
    expect(t.outcome.reasons).toContain("D20C.WD.Reason.CoupDeGrace");
    // 1d8 (4) + 2 = 6, doubled by the default critical rule.
    expect(t.damage).toBe(12);
    // The same die without the choice misses.
    expect(swing(["paralyzed"], false, 2).targets[0]!.outcome.isHit).toBe(false);
  });

  it("[WD-COUPDEGRACE] a target that is not helpless takes no coup de grace: the roll is read as any other and the card says why", () => {
    const t = swing([], true, 2).targets[0]!;
    expect(t.outcome.result).toBe("miss");
    expect(t.outcome.reasons).toContain("D20C.WD.Reason.CoupDeGraceNotHelpless");
    // An unconscious target is helpless too.
    expect(swing(["unconscious"], true, 2).targets[0]!.outcome.result).toBe("crit");
  });

  it("[WD-COUPDEGRACE] Apply asks the survivor's death save at 10 + the damage dealt: a failure kills it", async () => {
    const card = swing(["helpless"], true, 3);
    const applied = await applyFull("wounds-d20", card, victim(["helpless"]), [{ total: 21, natural: 19 }]);
    expect(applied.next.hp.value).toBe(28);
    expect(applied.rolls).toHaveLength(1);
    expect(applied.rolls[0]!.request.target).toBe(22);
    expect(applied.rolls[0]!.request.formula).toBe("1d20 + 2");
    expect(applied.next.state).toBe("dead");
  });

  it("[WD-COUPDEGRACE] meeting the DC leaves the creature alive with the damage; a natural 20 saves whatever the total", async () => {
    const card = swing(["helpless"], true, 3);
    const saved = await applyFull("wounds-d20", card, victim(["helpless"]), [{ total: 22, natural: 20 }]);
    expect(saved.next.state).toBe("active");
    expect(saved.next.hp.value).toBe(28);
    const lucky = await applyFull("wounds-d20", card, victim(["helpless"]), [{ total: 7, natural: 20 }]);
    expect(lucky.next.state).toBe("active");
  });

  it("[WD-COUPDEGRACE] the choice ticked against a target that is not helpless does nothing: its hit (even a natural 20) owes no save against death", async () => {
    const card = swing([], true, 20);
    const t = card.targets[0]!;
    expect(t.outcome.result).toBe("crit");
    expect(t.outcome.coupDeGrace).toBeUndefined();
    expect(t.outcome.reasons).toContain("D20C.WD.Reason.CoupDeGraceNotHelpless");
    const applied = await applyFull("wounds-d20", card, victim([]), []);
    expect(applied.rolls).toHaveLength(0);
    expect(applied.next.state).toBe("active");
    // the helpless one's hit is the coup de grace the outcome records
    expect(swing(["helpless"], true, 3).targets[0]!.outcome.coupDeGrace).toBe(true);
  });

  it("[WD-COUPDEGRACE] an ordinary crit asks no save against death", async () => {
    const card = swing(["helpless"], false, 20);
    expect(card.targets[0]!.outcome.result).toBe("crit");
    const applied = await applyFull("wounds-d20", card, victim(["helpless"]), []);
    expect(applied.rolls).toHaveLength(0);
    expect(applied.next.state).toBe("active");
  });
});

describe("Hundred Dungeons: melee hits on the paralyzed are critical (world option)", () => {
  const swing = (conditions: string[], range: "melee" | "ranged", paralyzedCrit: boolean) =>
    attackFromRecordedDice(
      request("hundred-dungeons", {
        power: power({ damage: "1d8 + 2", range }),
        targets: [target("v", npc(HD, 30, { conditions }), "Victim")],
        options: { ...defaultOptions(HD), paralyzedCrit },
      }),
      [[5, 5]],
      { "*": [4] },
    );

  it("[HD-PARALYZEDCRIT] option on: a melee attack on a paralyzed creature hits outright and is critical (double damage)", () => {
    const t = swing(["paralyzed"], "melee", true).targets[0]!;
    expect(t.outcome.result).toBe("crit");
    expect(t.outcome.autoHit).toBe(true);
    expect(t.outcome.reasons).toContain("D20C.HD.Reason.paralyzedCrit");
    expect(t.damage).toBe(12);
    // Unconscious includes paralyzed.
    expect(swing(["unconscious"], "melee", true).targets[0]!.outcome.result).toBe("crit");
  });

  it("[HD-PARALYZEDCRIT] option off (the default, the text's own rule): the melee attack only hits; a ranged one is rolled as any other", () => {
    expect(HD.options.find((o) => o.key === "paralyzedCrit")?.default).toBe(false);
    const off = swing(["paralyzed"], "melee", false).targets[0]!;
    expect(off.outcome.result).toBe("hit");
    expect(off.damage).toBe(6);
    expect(swing(["paralyzed"], "ranged", true).targets[0]!.outcome.isHit).toBe(false);
  });
});
