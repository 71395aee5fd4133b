/**
 * [SYS-FORECAST] The encounter forecast, through the Ruleset interface of every game: it converges
 * as samples grow, it is the same for a seed, mirror-image sides each win half the time, a foe
 * hitting more often never helps the party, and it agrees with a brute-force simulation of the
 * rules' own `resolveAttack` and `applyDamage`.
 */
import { describe, expect, it } from "vitest";
import { forecast, type ForecastCombatant, type ForecastInput } from "../../../src/engine/forecast/index.js";
import { recipeDamage } from "../../../src/engine/odds.js";
import { planAttack, plainSituation } from "../../../src/engine/plans/attack.js";
import { getRuleset } from "../../../src/engine/registry.js";
import type { Ruleset } from "../../../src/engine/ruleset.js";
import type { ActorSource, RulesetId } from "../../../src/engine/types.js";
import { rollExpression, rollFormula, seededRandom, type Random } from "../../../src/engine/forecast/random.js";
import { GAMES } from "../../content/content.js";
import { defaultOptions } from "../../packs/pack-sources.js";
import { packActor, packCombatant, packParty } from "./pack-fights.js";

function input(game: RulesetId, combatants: ForecastCombatant[], over: Partial<ForecastInput> = {}): ForecastInput {
  const ruleset = getRuleset(game);
  return {
    ruleset,
    options: defaultOptions(ruleset),
    combatants,
    escalation: 0,
    escalationOn: ruleset.escalationByDefault,
    ...over,
  };
}

/** The game's level-3 party against the four foes of its first fight (test/content). */
function firstFight(game: RulesetId): ForecastCombatant[] {
  const r = getRuleset(game);
  const row = GAMES.find((g) => g.id === game)!;
  return [
    ...packParty(game, 3).map((d) => packCombatant(r, d, "party")),
    ...row.foes.map((name, i) => packCombatant(r, packActor(game, name), "foes", i)),
  ];
}

/** One creature with only its at-will attacks and no rally (what the brute force below plays). */
function plain(c: ForecastCombatant, side: ForecastCombatant["side"], id: string): ForecastCombatant {
  const actor: ActorSource = structuredClone(c.actor);
  actor.recoveries.value = 0;
  return {
    ...c,
    id,
    name: id,
    side,
    actor,
    attacks: c.attacks.filter((a) => a.usage === null || a.usage.usage === "atWill").slice(0, 1),
  };
}

describe("[SYS-FORECAST] the forecast, in every game", () => {
  it.each(GAMES.map((g) => g.id))(
    "[SYS-FORECAST] %s: the same seed gives the same forecast, another seed another",
    (game) => {
      const fight = firstFight(game);
      const a = forecast(input(game, fight, { samples: 120, seed: 5 }));
      const b = forecast(input(game, fight, { samples: 120, seed: 5 }));
      const c = forecast(input(game, fight, { samples: 120, seed: 6 }));
      expect(b).toEqual(a);
      expect(c).not.toEqual(a);
      expect(a.party.wins + a.foes.wins + a.draw).toBeCloseTo(1, 10);
      expect(a.creatures).toHaveLength(fight.length);
    },
  );

  it("[SYS-FORECAST] converges as samples grow: the error shrinks and each estimate stays within it of a long run", () => {
    const game = "hundred-dungeons";
    const fight = firstFight(game);
    const long = forecast(input(game, fight, { samples: 6400, seed: 1000 }));
    let lastError = Number.POSITIVE_INFINITY;
    for (const [samples, seed] of [
      [100, 1],
      [400, 2],
      [1600, 3],
    ] as const) {
      const f = forecast(input(game, fight, { samples, seed }));
      expect(f.error).toBeLessThan(lastError);
      lastError = f.error;
      expect(Math.abs(f.party.wins - long.party.wins)).toBeLessThanOrEqual(f.error + long.error);
      // Rounds: a mean of a long-tailed count, held to one and a half times its 95% half-widths.
      expect(Math.abs(f.rounds - long.rounds)).toBeLessThanOrEqual(1.5 * (f.roundsError + long.roundsError));
      f.creatures.forEach((c, i) =>
        expect(Math.abs(c.dropChance - long.creatures[i]!.dropChance)).toBeLessThanOrEqual(f.error + long.error),
      );
    }
    expect(lastError).toBeLessThan(0.03);
  });

  it.each(GAMES.map((g) => [g.id, g.foes[3]!] as const))(
    "[SYS-FORECAST] %s: two mirror-image sides (%s and its twin against the same pair) each win half the time, within the reported error",
    (game, name) => {
      const r = getRuleset(game);
      const doc = packActor(game, name);
      const sides = ["party", "foes"] as const;
      const fight = sides.flatMap((side) =>
        [0, 1].map((i) => ({ ...packCombatant(r, doc, side, i), id: `${side}${i}` })),
      );
      const f = forecast(input(game, fight, { samples: 2000, seed: 46, escalationOn: false }));
      expect(f.draw).toBeLessThan(0.02);
      expect(Math.abs(f.party.wins - 0.5)).toBeLessThanOrEqual(f.error);
      expect(Math.abs(f.foes.wins - 0.5)).toBeLessThanOrEqual(f.error);
    },
  );

  it.each(GAMES.map((g) => g.id))(
    "[SYS-FORECAST] %s: raising a foe's attack bonus never lowers the PCs dropped nor raises the party's win chance",
    (game) => {
      const fight = firstFight(game);
      let before = forecast(input(game, fight, { samples: 600, seed: 9 }));
      for (const raise of [2, 4, 8]) {
        const stronger = fight.map((c) =>
          c.side === "foes"
            ? {
                ...c,
                attacks: c.attacks.map((a) => ({
                  ...a,
                  power: { ...a.power, attackBonus: a.power.attackBonus + raise },
                })),
              }
            : c,
        );
        const after = forecast(input(game, stronger, { samples: 600, seed: 9 }));
        expect(after.party.wins).toBeLessThanOrEqual(before.party.wins + after.error);
        expect(after.partyDropped).toBeGreaterThanOrEqual(before.partyDropped - after.partyDroppedError);
        before = after;
      }
    },
  );
});

// ---- brute force: the rules' own resolveAttack and applyDamage, blow by blow ---------------------

/** Plays a small fight with every attack planned, resolved and applied by the rules on the live actors. */
function bruteForce(
  r: Ruleset,
  fight: ForecastCombatant[],
  fights: number,
  seed: number,
): { wins: number; rounds: number } {
  const options = defaultOptions(r);
  const random: Random = seededRandom(seed);
  let wins = 0;
  let rounds = 0;
  const out = (a: ActorSource) => a.state !== "staggered" && (a.state !== "active" || a.hp.value <= 0);
  for (let s = 0; s < fights; s++) {
    const actors = fight.map((c) => structuredClone(c.actor));
    const order = fight
      .map((c, i) => {
        const roll = rollFormula(random, r.initiativeFormula(c.actor, r.deriveActor(c.actor, options)))!;
        return { i, init: roll.total, tie: random() };
      })
      .sort((a, b) => b.init - a.init || a.tie - b.tie)
      .map((o) => o.i);
    const sideOut = (side: string) => fight.every((c, i) => c.side !== side || out(actors[i]!));
    let round = 0;
    while (!sideOut("party") && !sideOut("foes") && round < 30) {
      round++;
      for (const i of order) {
        if (out(actors[i]!) || sideOut("party") || sideOut("foes")) continue;
        const c = fight[i]!;
        const attack = c.attacks[0]!;
        // The target: the standing enemy whose remaining hit points the attack takes the largest share of.
        const enemies = fight.map((e, j) => j).filter((j) => fight[j]!.side !== c.side && !out(actors[j]!));
        const req = (j: number) => ({
          ruleset: r,
          options,
          attacker: { uuid: c.id, name: c.name, actor: actors[i]!, id: c.id },
          item: { name: attack.name, img: "" },
          power: attack.power,
          weapon: attack.weapon,
          situation: plainSituation(),
          escalation: 0,
          targets: [
            {
              uuid: fight[j]!.id,
              actorUuid: fight[j]!.id,
              name: fight[j]!.name,
              img: "",
              actor: actors[j]!,
              id: fight[j]!.id,
            },
          ],
        });
        let best = enemies[0]!;
        if (enemies.length > 1) {
          // Expected damage is the same against each twin here; the share decides.
          best = enemies.reduce((a, b) =>
            actors[b]!.hp.value + actors[b]!.hp.temp < actors[a]!.hp.value + actors[a]!.hp.temp ? b : a,
          );
        }
        const rq = req(best);
        const plan = planAttack(rq);
        const attackInput = plan.inputs.get(rq.targets[0]!)!;
        const mode = r.attackMode(attackInput);
        const dice =
          mode === "normal"
            ? [1 + Math.floor(random() * 20)]
            : [1 + Math.floor(random() * 20), 1 + Math.floor(random() * 20)];
        const outcome = r.resolveAttack({ ...attackInput, dice });
        const recipe = r.damageRecipe({
          outcome: outcome.result,
          hit: plan.hit,
          miss: plan.miss,
          missEffect: attack.power.missEffect,
          missApplies: outcome.missEffect,
          critExtra: plan.critExtra,
          types: attack.power.damageTypes,
          options,
        });
        if (!recipe) continue;
        const amount = recipeDamage(recipe, rollExpression(random, recipe.roll));
        const result = r.applyDamage(
          actors[best]!,
          {
            amount,
            types: recipe.types,
            natural: outcome.natural,
            critical: outcome.result === "crit",
            ongoing: false,
            fromAttack: true,
            melee: attack.power.range === "melee",
            nonlethal: attack.power.nonlethal,
            knockOut: false,
          },
          options,
          fight[best]!.id,
        );
        let next = result.actor;
        const queue = [...result.requests];
        while (queue.length) {
          const request = queue.shift()!;
          const roll = rollFormula(random, request.formula)!;
          const answer = r.resolveRoll(next, request, roll, options);
          next = answer.actor;
          queue.push(...answer.requests);
        }
        actors[best] = next;
      }
    }
    if (sideOut("foes") && !sideOut("party")) wins++;
    rounds += round;
  }
  return { wins: wins / fights, rounds: rounds / fights };
}

describe("[SYS-FORECAST] agrees with a brute-force simulation of the rules' resolveAttack and applyDamage", () => {
  it.each(GAMES.map((g) => [g.id, g.foes[1]!, g.foes[3]!] as const))(
    "[SYS-FORECAST] %s: %s against two of %s, within the reported error",
    (game, hero, foe) => {
      const r = getRuleset(game);
      const fight = [
        plain(packCombatant(r, packActor(game, hero), "party"), "party", "p0"),
        plain(packCombatant(r, packActor(game, foe), "foes"), "foes", "f0"),
        plain(packCombatant(r, packActor(game, foe), "foes"), "foes", "f1"),
      ];
      // The hero made a match for the pair: its hit points raised until the forecast is not lopsided.
      const hp = fight[0]!.actor.hp.max;
      let f = forecast(input(game, fight, { samples: 300, seed: 30, escalationOn: false }));
      for (let k = 2; k <= 12 && f.party.wins < 0.25; k++) {
        fight[0]!.actor.hp.value = fight[0]!.actor.hp.max = Math.round((hp * k) / 2);
        f = forecast(input(game, fight, { samples: 300, seed: 30, escalationOn: false }));
      }
      f = forecast(input(game, fight, { samples: 1000, seed: 31, escalationOn: false }));
      const brute = bruteForce(r, fight, 1000, 77);
      const bruteError = 1.96 * Math.sqrt((Math.max(brute.wins, 0.01) * Math.max(1 - brute.wins, 0.01)) / 1000);
      expect(f.party.wins).toBeGreaterThan(0.05);
      expect(f.party.wins).toBeLessThan(0.95);
      expect(Math.abs(f.party.wins - brute.wins)).toBeLessThanOrEqual(f.error + bruteError);
      expect(Math.abs(f.rounds - brute.rounds)).toBeLessThanOrEqual(2 * f.roundsError + 0.1);
    },
  );
});
