/**
 * [SYS-FORECAST] [SYS-MONSTERS] The forecast plays a save-based power as the card decides it: the
 * target's own save against the DC ([HD-ATK] an ability roll; [WD-SAVES] one of the five saves,
 * natural 20 / natural 1), a failure dealing the power's damage, a success half or none. Its
 * damage per round is the card's exact expectation for that target, not an attack roll's.
 */
import { describe, expect, it } from "vitest";
import { forecast, type ForecastCombatant } from "../../../src/engine/forecast/index.js";
import { decideAttack, planAttack } from "../../../src/engine/plans/attack.js";
import { getRuleset } from "../../../src/engine/registry.js";
import type { ActorSource, PowerSource, RulesetId } from "../../../src/engine/types.js";
import { defaultOptions, npc, power, request, target } from "../../workflows/attack-fixtures.js";

interface Case {
  game: RulesetId;
  rule: string;
  breath: PowerSource;
  /** A target whose save is d20 + 2. */
  foe: Partial<ActorSource>;
  /** A target whose save beats the DC on every face the game lets it. */
  safe: Partial<ActorSource>;
}

const CASES: Case[] = [
  {
    game: "hundred-dungeons",
    rule: "[HD-ATK]",
    breath: power({ damage: "2d6", damageTypes: ["fire"], saveAttack: { save: "dex", dc: 13, onSuccess: "half" } }),
    foe: { abilities: { str: 0, dex: 2, con: 0, int: 0, wis: 0, cha: 0 } },
    safe: { abilities: { str: 0, dex: 20, con: 0, int: 0, wis: 0, cha: 0 } },
  },
  {
    game: "wounds-d20",
    rule: "[WD-SAVES]",
    breath: power({ damage: "2d6", damageTypes: ["fire"], saveAttack: { save: "reflex", dc: 13, onSuccess: "half" } }),
    foe: { baseSaveBonus: 0, abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 } },
    safe: { baseSaveBonus: 20, abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 } },
  },
];

/** A breathing drake (no other attack) against one target that never falls and never strikes back. */
function fight(c: Case, breath: PowerSource, foe: Partial<ActorSource>): ForecastCombatant[] {
  const R = getRuleset(c.game);
  const tough = { hp: { value: 100000, max: 100000, temp: 0 } };
  return [
    {
      id: "drake",
      name: "Drake",
      side: "foes",
      actor: npc(R, 10),
      attacks: [{ name: "Breath", power: breath, weapon: null, usage: null }],
    },
    {
      id: "hero",
      name: "Hero",
      side: "party",
      actor: npc(R, 10, { ...foe, ...tough } as Partial<ActorSource>),
      attacks: [],
    },
  ];
}

function run(c: Case, breath: PowerSource, foe: Partial<ActorSource>, samples: number) {
  const R = getRuleset(c.game);
  return forecast({
    ruleset: R,
    options: defaultOptions(R),
    combatants: fight(c, breath, foe),
    escalation: 0,
    escalationOn: false,
    samples,
    seed: 39,
    maxRounds: 30,
  });
}

for (const c of CASES) {
  describe(`[SYS-FORECAST] [SYS-MONSTERS] ${c.rule} save-based powers in the forecast (${c.game})`, () => {
    const R = getRuleset(c.game);

    it(`[SYS-FORECAST] [SYS-MONSTERS] ${c.rule} the damage per round is the card's save-based expectation (the chance the save fails), within the error`, () => {
      const f = run(c, c.breath, c.foe, 300);
      const drake = f.creatures.find((x) => x.id === "drake")!;
      // The card's own odds for this target: the chance its save fails and the damage to expect.
      const req = request(c.game, {
        power: c.breath,
        targets: [target("hero", fight(c, c.breath, c.foe)[1]!.actor)],
      });
      const plan = planAttack(req);
      const odds = decideAttack(req, [[10]], plan).targets[0]!.odds!;
      expect(plan.saves).toBeTruthy();
      expect(odds.hit).toBeGreaterThan(0.3);
      expect(odds.hit).toBeLessThan(0.7);
      // 9000 breaths: 2d6 (sd ≈ 2.4, halved on a success) keeps the mean within 0.15 of its expectation.
      expect(f.draw).toBe(1);
      expect(Math.abs(drake.damagePerRound - odds.expectedDamage)).toBeLessThan(0.15);
      // An attack roll against the same target (AC/defense 10) would expect more: the save is what is played.
      const rolled = decideAttack(
        request(c.game, {
          power: { ...c.breath, saveAttack: null },
          targets: [target("hero", fight(c, c.breath, c.foe)[1]!.actor)],
        }),
        [[10]],
      ).targets[0]!.odds!;
      expect(Math.abs(rolled.expectedDamage - odds.expectedDamage)).toBeGreaterThan(0.5);
    });

    it(`[SYS-FORECAST] [SYS-MONSTERS] ${c.rule} a target whose save always succeeds takes only the success's damage: none when the power says none`, () => {
      const none = { ...c.breath, saveAttack: { ...c.breath.saveAttack!, onSuccess: "none" as const } };
      const f = run(c, none, c.safe, 200);
      const drake = f.creatures.find((x) => x.id === "drake")!;
      const hero = f.creatures.find((x) => x.id === "hero")!;
      if (R.id === "wounds-d20") {
        // [WD-SAVES] a natural 1 always fails: one breath in twenty still lands whole (2d6 = 7 on average).
        expect(drake.damagePerRound).toBeGreaterThan(0.15);
        expect(drake.damagePerRound).toBeLessThan(0.55);
      } else {
        expect(drake.damagePerRound).toBe(0);
        expect(hero.damageTaken).toBe(0);
      }
    });
  });
}

describe("[SYS-FORECAST] [HD-LEGENDARY] legendary resistance against save-based powers in the forecast", () => {
  it("[SYS-FORECAST] [HD-LEGENDARY] [SYS-MONSTERS] a legend turns its first failed saves into successes, one use each: three uses spare it three breaths a fight", () => {
    const c = CASES[0]!;
    const none = { ...c.breath, saveAttack: { ...c.breath.saveAttack!, onSuccess: "none" as const } };
    // Its Dexterity is hopeless: every save fails unless turned.
    const hopeless = { abilities: { str: 0, dex: -30, con: 0, int: 0, wis: 0, cha: 0 } };
    const legend = (left: number) =>
      ({
        ...hopeless,
        legendary: { actions: 0, actionsLeft: 0, resistances: 3, resistancesLeft: left },
      }) as Partial<ActorSource>;
    const taken = (left: number) => run(c, none, legend(left), 400).creatures.find((x) => x.id === "hero")!.damageTaken;
    const plain = taken(0);
    // 30 breaths of 2d6 (7 on average) a fight.
    expect(plain).toBeGreaterThan(205);
    expect(plain).toBeLessThan(215);
    // Three turned: 27 breaths land.
    expect(plain - taken(3)).toBeGreaterThan(21 - 3);
    expect(plain - taken(3)).toBeLessThan(21 + 3);
  });
});
