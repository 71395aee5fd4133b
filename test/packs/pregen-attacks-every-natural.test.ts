/**
 * Every pregen's attacks in the four character packs (their weapon rows and their attack powers,
 * `@` and `[W]` formulas included), through the attack the sheet row and the card build (the
 * owner's roll data resolving the formula, `weaponAttackOf` / `powerSourceFrom`, `planAttack`),
 * each game's resolution, its damage recipe with recorded dice (every die showing 3) and the
 * target's `applyDamage`, for every natural roll 1–20 against a defense the attack bonus meets
 * exactly on a natural 11. The expected numbers are worked out (test/support/pregen-attacks.ts) from the printed lines and the
 * texts' rules, not read from the engine: the ability modifiers, the level, 13th Age's tier, the
 * weapon's dice for `[W]`, each game's weapon-row rule, crit and miss rules.
 */
import { describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { recipeDamage } from "../../src/engine/odds.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import { engineActor, playPackAttack, type PackActor, type PackItem } from "./pack-sources.js";
import { attacks, CITED, expected, IDS, pregens } from "../support/pregen-attacks.js";

/** One attack at a natural against a defense `defense`, its damage with dice showing 3, applied to a plain target. */
function play(r: Ruleset, doc: PackActor, item: PackItem, natural: number, defense: number) {
  const { plan, req, outcome, recipe } = playPackAttack(r, doc, item, natural, defense);
  const faces3 = (e: { dice: { count: number; faces: number; sign: number }[]; flat: number }) =>
    e.dice.reduce((sum, d) => sum + d.sign * d.count * Math.min(3, d.faces), e.flat);
  const damage = recipe ? recipeDamage(recipe, faces3(recipe.roll)) : null;
  // The card's Apply: the damage on a plain target with hit points to spare.
  const victim = defaultActorSource({ kind: "npc", hp: { value: 500, max: 500, temp: 0 } });
  const applied =
    damage === null
      ? 0
      : 500 -
        r.applyDamage(
          victim,
          {
            amount: damage,
            types: [],
            natural,
            critical: outcome.result === "crit",
            ongoing: false,
            fromAttack: true,
            melee: req.power.range === "melee",
            nonlethal: false,
            knockOut: false,
          },
          req.options,
          "victim",
        ).actor.hp.value;
  return { plan, outcome, damage, applied };
}

describe.each(IDS)("%s: every pregen attack from its sheet row, at every natural", (id) => {
  const r = getRuleset(id);
  it(`[SYS-CONTENT] [SYS-TARGETS] ${CITED[id]} each weapon row and attack power deals the printed line worked out from the wielder and the weapon; naturals, crits and misses as the text says; the Apply takes that much`, () => {
    let checked = 0;
    for (const doc of pregens(id)) {
      const a = engineActor(doc);
      for (const item of attacks(doc)) {
        const where = `${doc.name} (level ${a.level}): ${item.name}`;
        const want = expected(id, doc, a, item);
        const bonus = play(r, doc, item, 10, 0).plan.bonus;
        const defense = bonus + 11;
        for (let natural = 1; natural <= 20; natural++) {
          const { outcome, damage, applied } = play(r, doc, item, natural, defense);
          const at = `${where}, natural ${natural}`;
          expect(outcome.total, at).toBe(natural + bonus);
          if (natural === 1) {
            expect(outcome.isHit, at).toBe(false);
            // 13th Age: a natural 1 has no effect, not even miss damage.
            if (id === "13th-age") expect(damage ?? 0, at).toBe(0);
          } else if (natural === 20 || (natural >= want.critAt && natural >= 11)) {
            expect(outcome.result, at).toBe("crit");
            const crit =
              id === "ffd20"
                ? want.hit.max + want.critExtra // the most the expression rolls, extra crit dice rolled
                : id === "wounds-d20"
                  ? 2 * Math.max(1, want.hit.roll + want.critExtra)
                  : 2 * (want.hit.roll + want.critExtra); // double damage, the extra dice rolled once and doubled
            expect(damage, `${at} (crit)`).toBe(crit);
            expect(applied, `${at} (applied)`).toBe(crit);
          } else if (natural >= 11) {
            expect(outcome.result, at).toBe("hit");
            const hit = id === "wounds-d20" ? Math.max(1, want.hit.roll) : want.hit.roll;
            expect(damage, `${at} (hit)`).toBe(hit);
            expect(applied, `${at} (applied)`).toBe(hit);
          } else {
            expect(outcome.isHit, at).toBe(false);
            expect(damage ?? 0, `${at} (miss)`).toBe(want.miss ?? 0);
            expect(applied, `${at} (applied)`).toBe(want.miss ?? 0);
          }
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(8);
  });
});
