/**
 * [WD-NASTY] [WD-SAVES] [SYS-MONSTERS] Wounds d20: "wounds caused by critical hits or by critically
 * failing a saving throw are nasty wounds". A save-based power whose target's save comes up a
 * natural 1 fails whatever the total, the card says it is a critical failure, and the blow Apply
 * sends counts as critical for the wound it makes. A failure on any other face makes a plain
 * wound; Hundred Dungeons' ability rolls have no critical failure.
 */
import { describe, expect, it } from "vitest";
import { packetFor } from "../../src/engine/plans/apply.js";
import { buildAttackCard, decideAttack, planAttack, type RolledDamage } from "../../src/engine/plans/attack.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, PowerSource } from "../../src/engine/types.js";
import { defaultOptions, npc, power, request, target } from "../workflows/attack-fixtures.js";

const wd = getRuleset("wounds-d20");
const hd = getRuleset("hundred-dungeons");

const breath = (save: string): PowerSource =>
  power({ damage: "2d6", damageTypes: ["fire"], saveAttack: { save, dc: 13, onSuccess: "half" } });

/** A Wounds d20 creature 28 damage into its 40 HP: 2 short of its wounded threshold (30). */
const wdFoe = (baseSaveBonus: number): ActorSource =>
  npc(wd, 12, {
    hp: { value: 12, max: 40, temp: 0 },
    baseSaveBonus,
    abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 },
  });

function rollAll(decided: ReturnType<typeof decideAttack>, faces: number[]): RolledDamage {
  const out: RolledDamage = {};
  for (const d of decided.damage) {
    const dice = d.recipe.roll.dice.flatMap((t) => Array.from({ length: t.count }, () => faces.shift()!));
    out[d.key] = { faces: dice, rolled: dice.reduce((s, f) => s + f, 0) + d.recipe.roll.flat };
  }
  return out;
}

/** The breath against one target with its save's face, then Apply's packet on the rules' applyDamage. */
function breathe(actor: ActorSource, face: number) {
  const req = request("wounds-d20", { power: breath("reflex"), targets: [target("a", actor, "A")] });
  const decided = decideAttack(req, [[face]], planAttack(req));
  const card = buildAttackCard(req, decided, rollAll(decided, [5, 4]), "DC");
  const t = card.targets[0]!;
  const packet = packetFor(card, t, "full");
  const applied = wd.applyDamage(actor, packet, defaultOptions(wd), "a");
  return { outcome: t.outcome, damage: t.damage, packet, applied };
}

describe("[WD-NASTY] a critically failed save against a save-based power makes a nasty wound", () => {
  it("[WD-NASTY] [WD-SAVES] [SYS-MONSTERS] a natural 1 fails even with +20 to the save, the card says critical failure, and the wound past the threshold is nasty", () => {
    const { outcome, damage, packet, applied } = breathe(wdFoe(20), 1);
    expect(outcome.result).toBe("hit");
    expect(outcome.total).toBeGreaterThanOrEqual(13);
    expect(outcome.criticalFailure).toBe(true);
    expect(outcome.reasons).toContain("D20C.SaveAttack.Reason.criticalFailure");
    expect(damage).toBe(9);
    expect(packet.critical).toBe(true);
    // 28 + 9 = 37 damage: 7 past the wounded threshold of 30, a nasty wound.
    expect(applied.actor.wounds).toEqual([{ severity: 7, location: "", nasty: true }]);
    expect(applied.events.map((e) => e.key)).toContain("D20C.WD.Event.NastyWound");
  });

  it("[WD-NASTY] [WD-SAVES] [SYS-MONSTERS] a save failed on a 2 makes a plain wound: only the natural 1 is critical", () => {
    const { outcome, packet, applied } = breathe(wdFoe(0), 2);
    expect(outcome.result).toBe("hit");
    expect(outcome.criticalFailure).toBeUndefined();
    expect(outcome.reasons).not.toContain("D20C.SaveAttack.Reason.criticalFailure");
    expect(packet.critical).toBe(false);
    expect(applied.actor.wounds).toEqual([{ severity: 7, location: "", nasty: false }]);
  });

  it("[HD-ATK] [SYS-MONSTERS] Hundred Dungeons' ability roll has no critical failure: a natural 1 is only its total", () => {
    const foe = npc(hd, 12, { abilities: { str: 0, dex: 20, con: 0, int: 0, wis: 0, cha: 0 } });
    const req = request("hundred-dungeons", {
      power: breath("dex"),
      targets: [target("a", foe, "A")],
      options: defaultOptions(hd),
    });
    const outcome = decideAttack(req, [[1]]).targets[0]!.outcome;
    expect(outcome.result).toBe("miss");
    expect(outcome.criticalFailure).toBeUndefined();
  });
});
