/**
 * [SYS-MONSTERS] Damage riders and natural-roll ranges, lists and at-most in the engine: an effect
 * row deals damage of its own type when its outcome and natural roll fire ("natural 16–19 hit:
 * +1d6 thunder"), rolled once on the card and added to each target it fires on as one more part
 * (so the target's traits meet it on its own); a target its trigger misses takes none. Recorded dice.
 */
import { describe, expect, it } from "vitest";
import {
  buildAttackCard,
  decideAttack,
  planAttack,
  rebuildCard,
  type RolledDamage,
} from "../../src/engine/plans/attack.js";
import { getRuleset } from "../../src/engine/registry.js";
import { packetFor } from "../../src/engine/plans/apply.js";
import type { PowerEffectSpec, RulesetId } from "../../src/engine/types.js";
import { npc, power, request, target } from "../workflows/attack-fixtures.js";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { standInViewer } from "../workflows/attack-card-fixture.js";

const rider = (over: Partial<PowerEffectSpec>): PowerEffectSpec => ({
  outcome: "hit",
  trigger: { kind: "range", value: 16, max: 19 },
  text: "",
  statuses: [],
  duration: "instant",
  save: "normal",
  sustain: null,
  ongoing: null,
  aftereffect: null,
  damage: { formula: "1d6", types: ["fire"] },
  ...over,
});

function rollAll(decided: ReturnType<typeof decideAttack>, faces: number[]): RolledDamage {
  const out: RolledDamage = {};
  for (const d of decided.damage) {
    const dice = d.recipe.roll.dice.flatMap((t) => Array.from({ length: t.count }, () => faces.shift()!));
    out[d.key] = { faces: dice, rolled: dice.reduce((s, f) => s + f, 0) + d.recipe.roll.flat };
  }
  return out;
}

describe("[SYS-MONSTERS] damage riders on natural-roll ranges", () => {
  it.each(["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"] as RulesetId[])(
    "[SYS-MONSTERS] %s: natural 16–19 hit adds +1d6 fire as its own part; a natural 12 hit adds nothing",
    (id) => {
      const R = getRuleset(id);
      const req = request(id, {
        power: power({ damage: "1d8 + 4", damageTypes: [], attackBonus: 20, effects: [rider({})] }),
        targets: [target("a", npc(R, 10), "A"), target("b", npc(R, 10), "B")],
      });
      const decided = decideAttack(req, [[17], [12]], planAttack(req));
      // One rider roll for the card, beside the hit's main roll.
      expect(decided.damage.map((d) => d.key)).toEqual(["hit", "hit~rider1"]);
      expect(decided.targets.map((t) => t.riders ?? [])).toEqual([["hit~rider1"], []]);
      const card = buildAttackCard(req, decided, rollAll(decided, [6, 5]), "AC");
      const main = card.targets[1]!.damage;
      expect(card.targets[0]!.damage).toBe(main + 5);
      expect(card.targets[0]!.parts).toEqual([
        { amount: main, types: [] },
        { amount: 5, types: ["fire"] },
      ]);
      expect(card.targets[1]!.parts).toBeUndefined();
      const view = attackCardContext(card, standInViewer());
      expect(view.damageRolls.map((d) => d.label)).toEqual(["Hit damage", "Hit damage (Fire)"]);
      // The GM's client re-decides the same card from the posted rolls.
      const again = rebuildCard(
        req,
        {
          attack: [
            { formula: "1d20 + 20", faces: [17] },
            { formula: "1d20 + 20", faces: [12] },
          ],
          damage: card.damageRolls.map((d) => ({ formula: d.formula, faces: d.faces })),
        },
        "AC",
      );
      expect(again.targets.map((t) => t.damage)).toEqual(card.targets.map((t) => t.damage));
    },
  );

  it("[SYS-MONSTERS] a list rider (natural 5, 10, 15, 20) and an at-most rider (natural 8 or less) fire on their rolls only", () => {
    const R = getRuleset("13th-age");
    const req = request("13th-age", {
      power: power({
        damage: "4",
        damageTypes: [],
        attackBonus: 20,
        effects: [
          rider({
            trigger: { kind: "list", value: 0, values: [5, 10, 15, 20] },
            damage: { formula: "2", types: ["cold"] },
          }),
          rider({ trigger: { kind: "atMost", value: 8 }, damage: { formula: "3", types: [] } }),
        ],
      }),
      targets: [target("a", npc(R, 10), "A"), target("b", npc(R, 10), "B"), target("c", npc(R, 10), "C")],
    });
    const decided = decideAttack(req, [[10], [7], [11]]);
    expect(decided.targets.map((t) => t.riders ?? [])).toEqual([["hit~rider1"], ["hit~rider2"], []]);
    const card = buildAttackCard(req, decided, rollAll(decided, []), "AC");
    expect(card.targets.map((t) => t.damage)).toEqual([6, 7, 4]);
  });

  it("[SYS-MONSTERS] a row's damage on an outcome that deals none is its blow: a natural 3 miss of a power without miss damage takes the miss row's 1d6 fire; a natural 8 miss takes nothing", () => {
    const R = getRuleset("hundred-dungeons");
    const req = request("hundred-dungeons", {
      power: power({ damage: "1d8", effects: [rider({ outcome: "miss", trigger: { kind: "atMost", value: 5 } })] }),
      targets: [target("a", npc(R, 30), "A"), target("b", npc(R, 30), "B")],
    });
    const decided = decideAttack(req, [[3], [8]]);
    expect(decided.targets.map((t) => [t.damageKey, t.riders ?? []])).toEqual([
      ["miss~rider1", ["miss~rider1"]],
      [null, []],
    ]);
    expect(decided.damage.map((d) => d.key)).toEqual(["miss~rider1"]);
    const card = buildAttackCard(req, decided, rollAll(decided, [4]), "AC");
    expect(card.targets.map((t) => [t.outcome.isHit, t.damage])).toEqual([
      [false, 4],
      [false, 0],
    ]);
    expect(card.targets[0]!.parts).toEqual([{ amount: 4, types: ["fire"] }]);
    // The damage button sends it as fire (a fire-resistant target halves it).
    expect(packetFor(card, card.targets[0]!, "full")).toMatchObject({ amount: 4, types: ["fire"], missed: true });
  });
});
