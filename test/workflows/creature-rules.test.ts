/**
 * [SYS-MONSTERS] The creature rules each game's family has, through the entry points with recorded
 * dice: Wounds d20 damage reduction with its bypass and crit multipliers (attack card → Apply),
 * FFd20 minions (a miss never damages them), elite and solo saving throws (the tracker's end of
 * turn), Wounds d20 stat-block save totals (the sheet's save roll).
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, RulesetId } from "../../src/engine/types.js";
import { decideApplication, decideUndo } from "../../src/engine/plans/apply.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import { defaultOptions, npc, power, request, target, weapon } from "./attack-fixtures.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";
import { StandInCombat, StandInDice } from "../stand-ins/combat-loop.js";
import { combatant, effect } from "./combat-fixtures.js";

function press(id: RulesetId, card: AttackCardData, actor: ActorSource, mode: "full" | "half" = "full") {
  const ruleset = getRuleset(id);
  return decideApplication({
    ruleset,
    options: defaultOptions(ruleset),
    card,
    targetUuid: card.targets[0]!.uuid,
    mode,
    actor,
    actorId: "t1",
    userId: "u1",
    recordId: "r1",
    // Wounds d20 may ask for a death save; none of these presses reach max HP.
    roll: recordedRoller([]),
  });
}

describe("[SYS-MONSTERS] Wounds d20 damage reduction (attack card → Apply, recorded dice)", () => {
  const WD = getRuleset("wounds-d20");
  const big = (damageReduction: NonNullable<ActorSource["damageReduction"]>) =>
    npc(WD, 5, { hp: { value: 60, max: 60, temp: 0 }, damageReduction });
  const swing = (foe: ActorSource, w = weapon(), p = power({ damage: "1d8 + 4", damageTypes: ["slashing"] })) =>
    attackFromRecordedDice(
      request("wounds-d20", { power: p, weapon: w, targets: [target("troll", foe, "Troll")] }),
      [[15]],
      {
        "*": [6],
      },
    );

  it("[SYS-MONSTERS] [WD-DMG] DR 5/magic takes 5 off a plain weapon's damage, nothing off a magic one; undo gives the HP back", async () => {
    const foe = big([{ amount: 5, bypass: ["magic"], needsAll: false }]);
    const plain = swing(foe);
    expect(plain.targets[0]!.damage).toBe(10);
    const hit = await press("wounds-d20", plain, foe);
    expect(hit.record.dealt).toBe(5);
    expect(hit.record.adjustments).toContainEqual({
      key: "damageReduction",
      label: "D20C.Creature.WD.DamageReduction",
      value: -5,
    });
    expect(decideUndo(hit.card, "r1", hit.next).restore.hp.value).toBe(60);
    const magic = swing(foe, weapon({ enhancement: 1 }));
    expect((await press("wounds-d20", magic, foe)).record.dealt).toBe(magic.targets[0]!.damage);
  });

  it("[SYS-MONSTERS] [WD-DMG] DR 10/— stops everything physical; DR 10/cold iron and good needs both; energy and spells pass", async () => {
    const none = big([{ amount: 10, bypass: [], needsAll: false }]);
    const plus3 = swing(none, weapon({ enhancement: 3 }));
    expect((await press("wounds-d20", plus3, none)).record.dealt).toBe(plus3.targets[0]!.damage - 10);
    expect((await press("wounds-d20", swing(none), none)).record.dealt).toBe(0);
    const both = big([{ amount: 10, bypass: ["coldIron", "good"], needsAll: true }]);
    const iron = swing(both, weapon({ properties: ["coldIron"] }));
    expect((await press("wounds-d20", iron, both)).record.dealt).toBe(0);
    const holyIron = swing(both, weapon({ properties: ["coldIron", "good"] }));
    expect((await press("wounds-d20", holyIron, both)).record.dealt).toBe(holyIron.targets[0]!.damage);
    const fire = swing(both, weapon(), power({ damage: "1d8 + 4", damageTypes: ["fire"] }));
    expect((await press("wounds-d20", fire, both)).record.dealt).toBe(fire.targets[0]!.damage);
    const spell = swing(both, weapon(), power({ damage: "1d8 + 4", properties: ["spell"] }));
    expect((await press("wounds-d20", spell, both)).record.dealt).toBe(spell.targets[0]!.damage);
  });

  it("[SYS-MONSTERS] [WD-DMG] of two reductions the highest one the attack does not bypass counts", async () => {
    const foe = big([
      { amount: 10, bypass: ["silver"], needsAll: false },
      { amount: 3, bypass: [], needsAll: false },
    ]);
    expect((await press("wounds-d20", swing(foe), foe)).record.dealt).toBe(0);
    expect((await press("wounds-d20", swing(foe, weapon({ properties: ["silver"] })), foe)).record.dealt).toBe(7);
  });
});

describe("[SYS-MONSTERS] Wounds d20 crit multipliers (attack card, recorded dice)", () => {
  const WD = getRuleset("wounds-d20");
  const foe = npc(WD, 5, { hp: { value: 80, max: 80, temp: 0 } });
  const crit = (w: ReturnType<typeof weapon>, options?: Record<string, string>) =>
    attackFromRecordedDice(
      request("wounds-d20", {
        power: power({ damage: "1d8 + 4" }),
        weapon: w,
        targets: [target("ogre", foe)],
        ...(options ? { options: { ...defaultOptions(WD), ...options } } : {}),
      }),
      [[20]],
      { "*": [6, 6, 6, 6] },
    );

  it("[SYS-MONSTERS] [WD-NAT] a ×3 weapon's critical hit triples the damage, a ×4 quadruples it, an ordinary weapon doubles", () => {
    expect(crit(weapon()).targets[0]!.outcome.result).toBe("crit");
    expect(crit(weapon()).targets[0]!.damage).toBe(20);
    expect(crit(weapon({ critMultiplier: 3 })).targets[0]!.damage).toBe(30);
    expect(crit(weapon({ critMultiplier: 4 })).targets[0]!.damage).toBe(40);
    expect(crit(weapon({ critMultiplier: 3 })).damageRolls[0]!.recipe.notes).toContain("D20C.Creature.WD.CritTimes3");
  });

  it("[SYS-MONSTERS] [WD-NAT] under 'dice rolled twice' a ×3 weapon rolls its dice three times (flat part once)", () => {
    const card = crit(weapon({ critMultiplier: 3 }), { critDamage: "doubleDice" });
    expect(card.damageRolls[0]!.formula).toBe("3d8 + 4");
    expect(card.targets[0]!.damage).toBe(6 * 3 + 4);
  });
});

describe("[SYS-MONSTERS] FFd20 minions (attack card → Apply, recorded dice)", () => {
  const FF = getRuleset("ffd20");
  const minion = () => npc(FF, 18, { rank: "minion", hp: { value: 1, max: 1, temp: 0 } });
  const standard = () => npc(FF, 18, { hp: { value: 30, max: 30, temp: 0 } });
  const halfOnMiss = power({ damage: "2d6 + 4", missEffect: "half" });

  it("[SYS-MONSTERS] a minion takes no damage from a miss's half damage; a standard monster takes it; a hit kills the minion", async () => {
    const card = (foe: ActorSource) =>
      attackFromRecordedDice(
        request("ffd20", { power: halfOnMiss, targets: [target("m", foe, "Kobold Minion")] }),
        [[3]],
        {
          "*": [6, 6],
        },
      );
    const missed = card(minion());
    expect(missed.targets[0]!.outcome.isHit).toBe(false);
    expect(missed.targets[0]!.damage).toBeGreaterThan(0);
    const onMinion = await press("ffd20", missed, minion());
    expect(onMinion.record.dealt).toBe(0);
    expect(onMinion.next.hp.value).toBe(1);
    expect(onMinion.record.adjustments.map((a) => a.key)).toEqual(["minion"]);
    const onStandard = await press("ffd20", card(standard()), standard());
    expect(onStandard.record.dealt).toBe(missed.targets[0]!.damage);

    const hitCard = attackFromRecordedDice(
      request("ffd20", { power: halfOnMiss, targets: [target("m", minion())] }),
      [[19]],
      {
        "*": [1, 1],
      },
    );
    expect(hitCard.targets[0]!.outcome.isHit).toBe(true);
    const hit = await press("ffd20", hitCard, minion());
    expect(hit.next.hp.value).toBeLessThanOrEqual(0);
    expect(hit.next.state).toBe("dead");
  });
});

describe("[SYS-MONSTERS] FFd20 elite and solo saving throws (tracker turn change, recorded dice)", () => {
  const ff = getRuleset("ffd20");
  const brute = (rank: "standard" | "elite" | "solo") =>
    combatant("brute", {
      side: "gm",
      initiative: 9,
      actor: { kind: "npc", rank, hp: { value: 40, max: 40, temp: 0 } },
      effects: [effect("dazed1", { statuses: ["dazed"] })],
    });

  for (const [rank, bonus] of [
    ["standard", 0],
    ["elite", 2],
    ["solo", 5],
  ] as const) {
    it(`[SYS-MONSTERS] [FF-SAVE] a ${rank} monster's end-of-turn save adds +${bonus}: a natural 8 ${bonus >= 2 ? "saves" : "fails"}`, async () => {
      const dice = new StandInDice([8]);
      const c = new StandInCombat(ff, [combatant("cleric", { initiative: 18 }), brute(rank)], { dice });
      await c.start();
      await c.nextTurn(); // the brute's turn
      await c.nextTurn(); // its end: one save against the effect
      expect(dice.used).toHaveLength(1);
      expect(dice.used[0]!.result.total).toBe(8 + bonus);
      expect(c.byId("brute").effects.map((e) => e.id)).toEqual(bonus >= 2 ? [] : ["dazed1"]);
      expect(ff.deriveActor(c.byId("brute").actor, defaultOptions(ff)).saves.save).toBe(bonus);
    });
  }
});

describe("[SYS-MONSTERS] Wounds d20 stat-block save totals (the sheet's save roll)", () => {
  const WD = getRuleset("wounds-d20");
  it("[SYS-MONSTERS] [WD-SAVES] a creature's own total replaces the text rule for that kind only; the rest keep base + ability", () => {
    const base = npc(WD, 10, { baseSaveBonus: 2, abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 } });
    const plain = WD.deriveActor(base, defaultOptions(WD));
    expect(plain.saves).toMatchObject({ reflex: 4, death: 2, charm: 2 });
    const troll = { ...base, saveTotals: { charm: null, reflex: null, death: 11, fear: 4, spell: null } };
    const derived = WD.deriveActor(troll, defaultOptions(WD));
    expect(derived.saves).toEqual({ charm: 2, reflex: 4, death: 11, fear: 4, spell: 2 });
    expect(WD.saveRequest(troll, derived, "death", "normal", "t1").formula).toBe("1d20 + 11");
    expect(WD.saveRequest(troll, derived, "reflex", "normal", "t1").formula).toBe("1d20 + 4");
  });
});

describe("[SYS-MONSTERS] FFd20 action points in the tracker (turn change)", () => {
  it("[SYS-MONSTERS] at the start of a solo's turn the tracker tells the GM its action points; none for a monster without", async () => {
    const ff = getRuleset("ffd20");
    const tyrant = combatant("tyrant", {
      side: "gm",
      initiative: 9,
      actor: { kind: "npc", rank: "solo", hp: { value: 90, max: 90, temp: 0 }, actionPoints: { value: 2, max: 2 } },
    });
    const c = new StandInCombat(ff, [combatant("cleric", { initiative: 18 }), tyrant], { dice: new StandInDice([]) });
    await c.start();
    const notices = () => c.lines.filter((l) => l.key === "D20C.Creature.Event.actionPoints");
    expect(notices()).toEqual([]);
    await c.nextTurn(); // the tyrant's turn starts
    expect(notices().map((l) => l.data)).toEqual([{ name: "tyrant", left: 2 }]);
    expect(c.errors).toEqual([]);
  });
});
