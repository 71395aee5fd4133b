/**
 * [HD-LEGENDARY] [SYS-MONSTERS] Legendary resistance against a save-based attack, in the engine: a
 * legend with a resistance left turns its failed save into a success (the card's odds say it cannot
 * fail), and the Apply that follows spends the use; with none left the save fails as rolled. The
 * whole path through the sheet, Apply and Undo is test/workflows/monster-save-legendary.test.ts.
 */
import { describe, expect, it } from "vitest";
import { decideApplication } from "../../src/engine/plans/apply.js";
import { buildAttackCard, decideAttack, planAttack } from "../../src/engine/plans/attack.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource } from "../../src/engine/types.js";
import { defaultOptions, npc, power, request, target } from "../workflows/attack-fixtures.js";

const hd = getRuleset("hundred-dungeons");
const breath = power({ damage: "2d6", damageTypes: ["fire"], saveAttack: { save: "dex", dc: 13, onSuccess: "half" } });
const legend = (left: number): ActorSource =>
  npc(hd, 12, {
    hp: { value: 40, max: 40, temp: 0 },
    abilities: { str: 0, dex: 2, con: 0, int: 0, wis: 0, cha: 0 },
    legendary: { actions: 0, actionsLeft: 0, resistances: 3, resistancesLeft: left },
  } as Partial<ActorSource>);

function decide(actor: ActorSource, face: number) {
  const req = request("hundred-dungeons", { power: breath, targets: [target("a", actor, "A")] });
  const decided = decideAttack(req, [[face]], planAttack(req));
  return { req, decided, t: decided.targets[0]! };
}

describe("[HD-LEGENDARY] legendary resistance against a save-based attack (engine)", () => {
  it("[HD-LEGENDARY] [SYS-MONSTERS] a failed save with a resistance left succeeds: the miss's half, its reason, odds of failing 0", () => {
    const { t } = decide(legend(2), 8);
    expect(t.outcome).toMatchObject({ total: 10, result: "miss", isHit: false, missEffect: true, saveResisted: true });
    expect(t.outcome.reasons).toContain("D20C.SaveAttack.Reason.legendaryResistance");
    expect(t.odds?.hit).toBe(0);
  });

  it("[HD-LEGENDARY] [SYS-MONSTERS] with none left the failed save stands, and a save that succeeds spends nothing", () => {
    const spent = decide(legend(0), 8).t;
    expect(spent.outcome).toMatchObject({ result: "hit", isHit: true });
    expect(spent.outcome.saveResisted).toBeUndefined();
    expect(spent.odds?.hit).toBeCloseTo(0.5, 6);
    const saved = decide(legend(2), 15).t;
    expect(saved.outcome).toMatchObject({ result: "miss" });
    expect(saved.outcome.saveResisted).toBeUndefined();
  });

  it("[HD-LEGENDARY] [SYS-MONSTERS] Apply of the turned save spends one use and deals the success's half", async () => {
    const actor = legend(2);
    const { req, decided } = decide(actor, 8);
    const rolled = Object.fromEntries(decided.damage.map((d) => [d.key, { faces: [4, 5], rolled: 9 }]));
    const card = buildAttackCard(req, decided, rolled, "DC");
    const applied = await decideApplication({
      ruleset: hd,
      options: defaultOptions(hd),
      card,
      targetUuid: card.targets[0]!.uuid,
      mode: "full",
      actor,
      actorId: "a",
      recordId: "r1",
      userId: "gm",
      roll: () => Promise.reject(new Error("no roll expected")),
    } as Parameters<typeof decideApplication>[0]);
    expect(applied.next.hp.value).toBe(36);
    expect(applied.next.legendary?.resistancesLeft).toBe(1);
    expect(applied.record.events.map((e) => e.key)).toContain("D20C.Creature.Event.legendaryResistanceSaveAttack");
  });
});
