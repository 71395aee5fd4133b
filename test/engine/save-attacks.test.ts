/**
 * [SYS-MONSTERS] Save-based attacks in the engine: a power the target resists with its own save
 * against the power's DC. Hundred Dungeons rolls an ability ([HD-ATK] ability rolls, weak under
 * [HD-COND] conditions, +5 behind [HD-COVER] partial cover for Dexterity); Wounds d20 one of its five
 * saves ([WD-SAVES], natural 20 / natural 1). A failure is the power's hit, a success its miss: half
 * or no damage, and the miss effects. 13th Age and FFd20 keep the attack roll. Recorded dice.
 */
import { describe, expect, it } from "vitest";
import { buildAttackCard, decideAttack, planAttack, type RolledDamage } from "../../src/engine/plans/attack.js";
import { saveFailChance } from "../../src/engine/save-attacks.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, PowerEffectSpec, PowerSource } from "../../src/engine/types.js";
import { npc, power, request, target } from "../workflows/attack-fixtures.js";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { standInViewer } from "../workflows/attack-card-fixture.js";

const hd = getRuleset("hundred-dungeons");
const wd = getRuleset("wounds-d20");

const slowed: PowerEffectSpec = {
  outcome: "miss",
  trigger: { kind: "any", value: 0 },
  text: "",
  statuses: ["slowed"],
  duration: "endOfNextTurn",
  save: "normal",
  sustain: null,
  ongoing: null,
  aftereffect: null,
};

/** A breath: 2d6 fire, the target's Dexterity against DC 13, half on a success. */
const breath = (over: Partial<PowerSource> = {}): PowerSource =>
  power({
    damage: "2d6",
    damageTypes: ["fire"],
    saveAttack: { save: "dex", dc: 13, onSuccess: "half" },
    ...over,
  });

const hdFoe = (over: Partial<ActorSource> = {}) =>
  npc(hd, 12, { abilities: { str: 0, dex: 2, con: 1, int: 0, wis: 0, cha: 0 }, ...over });

/** Every damage roll of a decided attack thrown as `faces` (each die shows the next face). */
function rollAll(decided: ReturnType<typeof decideAttack>, faces: number[]): RolledDamage {
  const out: RolledDamage = {};
  for (const d of decided.damage) {
    const dice = d.recipe.roll.dice.flatMap((t) => Array.from({ length: t.count }, () => faces.shift()!));
    out[d.key] = { faces: dice, rolled: dice.reduce((s, f) => s + f, 0) + d.recipe.roll.flat };
  }
  return out;
}

describe("[SYS-MONSTERS] save-based attacks: Hundred Dungeons ability rolls", () => {
  it("[HD-ATK] [SYS-MONSTERS] each target rolls its Dexterity against DC 13: a failure takes the whole breath, a success half", () => {
    const req = request("hundred-dungeons", {
      power: breath(),
      targets: [target("a", hdFoe(), "A"), target("b", hdFoe(), "B")],
    });
    const plan = planAttack(req);
    // The targets' own rolls, not the attacker's attack bonus.
    expect(plan.formulas).toEqual(["1d20 + 2", "1d20 + 2"]);
    const decided = decideAttack(req, [[8], [12]], plan);
    expect(decided.targets.map((t) => [t.outcome.total, t.outcome.result, t.outcome.defense])).toEqual([
      [10, "hit", 13],
      [14, "miss", 13],
    ]);
    const card = buildAttackCard(req, decided, rollAll(decided, [4, 5, 4, 5]), "DC");
    expect(card.targets.map((t) => t.damage)).toEqual([9, 4]);
    expect(card.saveAttack).toEqual({ kind: "dex", label: "D20C.HD.Ability.dex", dc: 13, onSuccess: "half" });
    // The card says it in the save's words: "Target rolls Dexterity", each row "Fails" / "Saves" against the DC.
    const view = attackCardContext(card, standInViewer());
    expect(view.versus).toBe("Target rolls Dexterity");
    expect(view.targets.map((t) => [t.resultText, t.versus, t.defense])).toEqual([
      ["Fails", "DC", 13],
      ["Saves", "DC", 13],
    ]);
    expect(view.damageRolls.find((d) => d.key === "miss")!.notes).toEqual(["Half damage on a successful save"]);
    // The odds are the chance the save fails: 10 of 20 faces (1–10 + 2 < 13).
    expect(decided.targets[0]!.odds!.hit).toBeCloseTo(0.5, 6);
  });

  it("[HD-COND] [SYS-MONSTERS] a poisoned target's save is weak (two d20, the lower kept)", () => {
    const req = request("hundred-dungeons", {
      power: breath(),
      targets: [target("p", hdFoe({ conditions: ["poisoned"] }), "P")],
    });
    const plan = planAttack(req);
    expect(plan.formulas).toEqual(["2d20kl + 2"]);
    const decided = decideAttack(req, [[18, 6]], plan);
    expect(decided.targets[0]!.outcome).toMatchObject({ natural: 6, total: 8, result: "hit", mode: "weak" });
  });

  it("[HD-COVER] [SYS-MONSTERS] partial cover adds 5 to a Dexterity save; a Constitution save gains nothing", () => {
    const covered = (kind: string) =>
      planAttack(
        request("hundred-dungeons", {
          power: breath({ saveAttack: { save: kind, dc: 13, onSuccess: "half" } }),
          targets: [target("c", hdFoe(), "C")],
          situation: { cover: "partial" },
        }),
      ).formulas[0]!;
    expect(covered("dex")).toBe("1d20 + 2 + 5");
    expect(covered("con")).toBe("1d20 + 1");
  });

  it("[HD-CRIT] [SYS-MONSTERS] a save is no attack: a natural 1 that still reaches the DC saves, and nothing crits", () => {
    const req = request("hundred-dungeons", {
      power: breath({ saveAttack: { save: "dex", dc: 3, onSuccess: "none" } }),
      targets: [target("a", hdFoe(), "A")],
    });
    const decided = decideAttack(req, [[1]]);
    expect(decided.targets[0]!.outcome).toMatchObject({ result: "miss", isCrit: false });
    // "none": a success deals nothing.
    expect(decided.targets[0]!.damageKey).toBeNull();
  });
});

describe("[SYS-MONSTERS] save-based attacks: Wounds d20 saves", () => {
  const wdFoe = (over: Partial<ActorSource> = {}) =>
    npc(wd, 14, { baseSaveBonus: 1, abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 }, ...over });
  const spell = power({
    damage: "3d6",
    damageTypes: ["fire"],
    saveAttack: { save: "reflex", dc: 15, onSuccess: "none" },
    effects: [{ ...slowed, outcome: "hit", statuses: ["entangled"] }, slowed],
  });

  it("[WD-SAVES] [SYS-MONSTERS] the Reflex save (base + Dex) against DC 15: a failure takes the damage and the hit effect; a success none, but the lesser effect", () => {
    const req = request("wounds-d20", {
      power: spell,
      targets: [target("a", wdFoe(), "A"), target("b", wdFoe(), "B")],
    });
    const plan = planAttack(req);
    expect(plan.formulas).toEqual(["1d20 + 3", "1d20 + 3"]);
    const decided = decideAttack(req, [[11], [12]], plan);
    const card = buildAttackCard(req, decided, rollAll(decided, [3, 3, 3]), "DC");
    expect(card.targets.map((t) => [t.outcome.result, t.damage, t.effects])).toEqual([
      ["hit", 9, [0]],
      ["miss", 0, [1]],
    ]);
    expect(card.targets[1]!.damageKey).toBeNull();
  });

  it("[WD-SAVES] [SYS-MONSTERS] a natural 20 always saves and a natural 1 always fails, whatever the total", () => {
    const high = (dc: number) =>
      request("wounds-d20", {
        power: { ...spell, saveAttack: { save: "reflex", dc, onSuccess: "none" } },
        targets: [target("a", wdFoe(), "A")],
      });
    const saved = decideAttack(high(40), [[20]]).targets[0]!.outcome;
    expect(saved).toMatchObject({ result: "miss", reasons: ["D20C.SaveAttack.Reason.natural20"] });
    const failed = decideAttack(high(2), [[1]]).targets[0]!.outcome;
    // [WD-NASTY] and it is a critical failure (the wound it makes is nasty: save-attack-nasty.test.ts).
    expect(failed).toMatchObject({
      result: "hit",
      autoHit: true,
      reasons: ["D20C.SaveAttack.Reason.natural1", "D20C.SaveAttack.Reason.criticalFailure"],
    });
    // Against DC 40 only the natural 20 saves: the save fails 19 times in 20.
    const plan = planAttack(high(40));
    expect(saveFailChance(wd, plan.saves!.requests[0]!, plan.saves!.spec)).toBeCloseTo(19 / 20, 6);
  });

  it("[WD-SAVES] [SYS-MONSTERS] a stat block's own Reflex total replaces the text rule's", () => {
    const foe = wdFoe({ saveTotals: { charm: null, reflex: 7, death: null, fear: null, spell: null } } as never);
    const plan = planAttack(request("wounds-d20", { power: spell, targets: [target("a", foe, "A")] }));
    expect(plan.formulas).toEqual(["1d20 + 7"]);
  });
});

describe("[SYS-MONSTERS] games without save-based attacks keep the attack roll", () => {
  it.each(["13th-age", "ffd20"] as const)(
    "[SYS-MONSTERS] %s: a power naming a save still rolls its attack against the defense",
    (id) => {
      const r = getRuleset(id);
      const req = request(id, {
        power: breath({ saveAttack: { save: r.saves[0]?.key ?? "normal", dc: 13, onSuccess: "half" } }),
        targets: [target("a", npc(r, 12), "A")],
      });
      const plan = planAttack(req);
      expect(plan.saves).toBeUndefined();
      expect(plan.formulas).toEqual(["1d20 + 5"]);
      const card = buildAttackCard(req, decideAttack(req, [[3]], plan), {}, "AC");
      expect(card.saveAttack).toBeUndefined();
      expect(card.targets[0]!.outcome.result).toBe("miss");
    },
  );

  it("[SYS-MONSTERS] a Hundred Dungeons power naming a save the game lacks attacks by roll", () => {
    const plan = planAttack(
      request("hundred-dungeons", {
        power: breath({ saveAttack: { save: "reflex", dc: 13, onSuccess: "half" } }),
        targets: [target("a", hdFoe(), "A")],
      }),
    );
    expect(plan.saves).toBeUndefined();
  });
});
