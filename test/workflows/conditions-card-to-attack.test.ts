/**
 * [SYS-MONSTERS] Each wider condition that changes an attack, from the card to the next attack
 * (issue 38): a card's hit puts the condition on (the GM's Apply decision, recorded dice: the
 * effect it creates carries it); then the same attack is rolled with the same recorded die by the
 * bearer, and against the bearer in melee and at range, with and without it. The differences are
 * written from each game's family rule (the 4th-edition family's combat advantage +2 and −5
 * defenses of the unconscious; 13th Age's −4; the 3rd-edition family's ability penalties), not read
 * from the condition table.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { decideApplication } from "../../src/engine/plans/apply.js";
import { missChanceRollsNeeded } from "../../src/engine/plans/attack.js";
import type { PowerEffectSpec, RulesetId } from "../../src/engine/types.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";
import { defaultOptions, npc, power, request, target } from "./attack-fixtures.js";

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

/**
 * What the condition changes: the bearer's own melee attack total (`own`), a melee and a ranged
 * attacker's margin over the bearer's defense (`melee`, `ranged`), the bearer's damage on a hit
 * (`damage`, of 10), and how much lower attacks on it crit (`crit`).
 */
interface AttackExpect {
  own: number;
  melee: number;
  ranged: number;
  damage?: number;
  crit?: number;
}

const ROWS: Partial<Record<RulesetId, [string, string, AttackExpect][]>> = {
  // 4th-edition family: dazed, dominated and helpless grant combat advantage (+2); prone −2 to its
  // attacks, combat advantage to melee, +2 defense at range; restrained −2 and combat advantage;
  // weakened half damage; unconscious −5 defenses with combat advantage (and prone); blinded −5
  // (every foe has total concealment) and grants combat advantage.
  ffd20: [
    ["[FF-CONDDAZED]", "dazed", { own: 0, melee: 2, ranged: 2 }],
    ["[FF-CONDDOMINATED]", "dominated", { own: 0, melee: 2, ranged: 2 }],
    ["[FF-CONDHELPLESS]", "helpless", { own: 0, melee: 2, ranged: 2 }],
    ["[FF-CONDPRONE]", "prone", { own: -2, melee: 2, ranged: -2 }],
    ["[FF-CONDRESTRAINED]", "restrained", { own: -2, melee: 2, ranged: 2 }],
    ["[FF-CONDWEAKENED]", "weakened", { own: 0, melee: 0, ranged: 0, damage: 5 }],
    ["[FF-CONDUNCONSCIOUS]", "unconscious", { own: -2, melee: 7, ranged: 5 }],
    ["[FF-CONDBLINDED]", "blinded", { own: -5, melee: 2, ranged: 2 }],
  ],
  // 13th Age: dazed, fear and grabbed (no grabber targeted) −4 to attacks; weakened −4 to attacks
  // and defenses; stunned, helpless and unconscious −4 to defenses; vulnerable: crits 2 lower.
  "13th-age": [
    ["[13A-CONDFEAR]", "fear", { own: -4, melee: 0, ranged: 0 }],
    ["[13A-CONDGRABBED]", "grabbed", { own: -4, melee: 0, ranged: 0 }],
    ["[13A-CONDHELPLESS]", "helpless", { own: 0, melee: 4, ranged: 4 }],
    ["[13A-CONDUNCONSCIOUS]", "unconscious", { own: 0, melee: 4, ranged: 4 }],
    ["[13A-CONDVULNERABLE]", "vulnerable", { own: 0, melee: 0, ranged: 0, crit: 2 }],
  ],
  // 3rd-edition family: shaken and frightened −2 to attacks; sickened −2 to attacks and damage;
  // dazzled −1; fatigued −1/−1 AC and exhausted −3/−3 AC (their Strength and Dexterity); entangled
  // and grappled −2/−2 AC; pinned −2 and −6 AC; prone −4 in melee, −4 AC to melee, +4 at range;
  // blinded, stunned and cowering −2 AC; helpless, paralyzed and unconscious +4 to melee attackers.
  "wounds-d20": [
    ["[WD-CONDSHAKEN]", "shaken", { own: -2, melee: 0, ranged: 0 }],
    ["[WD-CONDFRIGHTENED]", "frightened", { own: -2, melee: 0, ranged: 0 }],
    ["[WD-CONDSICKENED]", "sickened", { own: -2, melee: 0, ranged: 0, damage: 8 }],
    ["[WD-CONDDAZZLED]", "dazzled", { own: -1, melee: 0, ranged: 0 }],
    ["[WD-CONDFATIGUED]", "fatigued", { own: -1, melee: 1, ranged: 1 }],
    ["[WD-CONDEXHAUSTED]", "exhausted", { own: -3, melee: 3, ranged: 3 }],
    ["[WD-CONDENTANGLED]", "entangled", { own: -2, melee: 2, ranged: 2 }],
    ["[WD-CONDGRAPPLED]", "grappled", { own: -2, melee: 2, ranged: 2 }],
    ["[WD-CONDPINNED]", "pinned", { own: -2, melee: 6, ranged: 6 }],
    ["[WD-CONDPRONE]", "prone", { own: -4, melee: 4, ranged: -4 }],
    ["[WD-CONDBLINDED]", "blinded", { own: 0, melee: 2, ranged: 2 }],
    ["[WD-CONDSTUNNED]", "stunned", { own: 0, melee: 2, ranged: 2 }],
    ["[WD-CONDCOWERING]", "cowering", { own: 0, melee: 2, ranged: 2 }],
    ["[WD-CONDHELPLESS]", "helpless", { own: 0, melee: 4, ranged: 0 }],
    ["[WD-CONDPARALYZED]", "paralyzed", { own: 0, melee: 4, ranged: 0 }],
    ["[WD-CONDUNCONSCIOUS]", "unconscious", { own: 0, melee: 4, ranged: 0 }],
  ],
};

describe.each(Object.entries(ROWS) as [RulesetId, [string, string, AttackExpect][]][])(
  "[SYS-MONSTERS] %s: a card puts the condition on, the next attack reads it",
  (id, rows) => {
    const R = getRuleset(id);
    /** One attack (natural 15, +5, 10 damage) by `by` on `on`, each bearing its conditions. */
    const swing = (by: string[], on: string[], range: "melee" | "ranged") => {
      const req = request(id, {
        attacker: { ...npc(R, 10), conditions: by },
        power: power({ damage: "10", range }),
        weapon: null,
        targets: [target("t", { ...npc(R, 15), conditions: on }, "T")],
      });
      // [WD-MISSCHANCE] a blinded attacker's hit rolls its d100 too: 100 keeps it (the margin is read here).
      const missRolls = missChanceRollsNeeded(req, [[15]]).map(() => 100);
      const card = attackFromRecordedDice(req, [[15]], { "*": [] }, "", missRolls);
      const t = card.targets[0]!;
      return { margin: t.outcome.total - t.outcome.defense, damage: t.damage, crit: t.outcome.critThreshold };
    };

    it.each(rows)(
      `[SYS-MONSTERS] %s ${id} %s: the card's hit puts it on; the bearer's attack and attacks on it change as the family says`,
      async (_cite, condition, want) => {
        const victim = npc(R, 10, { hp: { value: 40, max: 40, temp: 0 } });
        const card = attackFromRecordedDice(
          request(id, {
            power: power({ damage: "3", effects: [onHit(condition)] }),
            weapon: null,
            targets: [target("victim", victim, "Victim")],
          }),
          [[15]],
          { "*": [] },
        );
        const applied = await decideApplication({
          ruleset: R,
          options: defaultOptions(R),
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
        expect(bearing).toEqual([condition]);

        const own = swing(bearing, [], "melee");
        const plain = swing([], [], "melee");
        expect(own.margin - plain.margin).toBe(want.own);
        expect(own.damage).toBe(want.damage ?? plain.damage);
        const melee = swing([], bearing, "melee");
        expect(melee.margin - plain.margin).toBe(want.melee);
        expect(plain.crit - melee.crit).toBe(want.crit ?? 0);
        expect(swing([], bearing, "ranged").margin - swing([], [], "ranged").margin).toBe(want.ranged);
      },
    );
  },
);
