/**
 * Every monster attack in the packs, through the real attack plan (`planAttack` on the pack
 * document's items, as the sheet row and the card build it) and each game's resolution, for every
 * natural roll 1–20 against a defense the printed bonus meets exactly on a natural 11: the total is
 * the natural plus the printed bonus, the outcome is the one its game's text gives for that natural
 * (natural 1, plain miss, hit, natural 20), and the damage each outcome deals, worked out here from
 * the printed damage line and the text's crit and miss rules, is what the recipe deals with recorded
 * dice faces. The expected numbers are computed from the texts, not read from the engine.
 */
import { describe, expect, it } from "vitest";
import { parseDamage, type DamageExpression } from "../../src/engine/dice.js";
import { recipeDamage } from "../../src/engine/odds.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type { AttackOutcome, RulesetId } from "../../src/engine/types.js";
import { engineActor, loadPacks, playPackAttack, type PackActor, type PackItem } from "./pack-sources.js";

const packs = loadPacks();

function monsters(id: RulesetId): PackActor[] {
  const pack = packs.find((p) => p.entry.name === `monsters-${id}`);
  if (!pack) throw new Error(`no monster pack for ${id}`);
  return pack.docs.map((d) => d.doc as unknown as PackActor);
}

/** The attacks of a monster the stat block lists as attack rolls (not save-based powers). */
function attacks(m: PackActor): PackItem[] {
  return m.items.filter(
    (i) =>
      (i.type === "power" || i.type === "weapon") &&
      !(i.system.save && typeof i.system.save === "object" && (i.system.save as { ability?: unknown }).ability),
  );
}

/** Recorded faces for a damage expression: every die shows `face` (capped at its size), plus the flat part. */
function rolledWith(expr: DamageExpression, face: number): number {
  return expr.dice.reduce((s, d) => s + d.sign * d.count * Math.min(face, d.faces), expr.flat);
}
const maximum = (expr: DamageExpression): number =>
  expr.dice.reduce((s, d) => s + d.sign * d.count * (d.sign > 0 ? d.faces : 1), expr.flat);

interface Played {
  outcome: AttackOutcome;
  /** Damage dealt with every damage die showing 3 (null = no damage roll at all). */
  damage: number | null;
}

/** One attack of a monster at a natural roll, against a target whose defenses are `defense`. */
function play(r: Ruleset, m: PackActor, item: PackItem, natural: number, defense: number) {
  const { plan, req, outcome, recipe } = playPackAttack(r, m, item, natural, defense);
  const rolled = recipe ? rolledWith(recipe.roll, 3) : null;
  return {
    plan,
    req,
    played: { outcome, damage: recipe && rolled !== null ? recipeDamage(recipe, rolled) : null } as Played,
  };
}

/** What the printed damage line deals with every die showing 3. */
const printed = (formula: string): number => rolledWith(parseDamage(formula, null, "printed"), 3);

describe.each(["13th-age", "ffd20"] as const)("%s: every monster attack as printed, at every natural", (id) => {
  const r = getRuleset(id);
  it(`[SYS-CONTENT] [SYS-TARGETS] ${id === "13th-age" ? "[13A-ATK] [13A-NAT20] [13A-NAT1] [13A-MISS] [13A-DMG]" : "[FF-ATK] [FF-NAT20] [FF-NAT1] [FF-CRITDMG] [FF-MISS]"} each attack rolls its printed bonus; naturals decide as the text says; damage is the printed line, its crit and its miss`, () => {
    let checked = 0;
    for (const m of monsters(id)) {
      for (const item of attacks(m)) {
        const s = item.system as { attackBonus: number; damage: string; missEffect: string; missDamage: string };
        if (!s.damage || /@|\[W\]/i.test(s.damage) || item.type !== "power") continue;
        const bonus = s.attackBonus + (engineActor(m).attackBonus ?? 0);
        // The monster's own conditions may add to every attack (an invisible stalker's combat
        // advantage, [FF-INVIS]); a monster without any rolls its printed bonus alone.
        const extra = play(r, m, item, 10, 0).played.outcome.total - 10 - bonus;
        if (engineActor(m).conditions.length === 0) expect(extra, `${m.name}: ${item.name}`).toBe(0);
        const defense = bonus + extra + 11;
        const where = `${m.name}: ${item.name}`;
        for (let natural = 1; natural <= 20; natural++) {
          const { plan, played } = play(r, m, item, natural, defense);
          const critAt = 20 - Number((item.system as { critRange?: number }).critRange ?? 0);
          expect(plan.bonus, where).toBe(bonus);
          expect(played.outcome.total, `${where} natural ${natural}`).toBe(natural + bonus + extra);
          const hit = printed(s.damage);
          if (natural === 1) {
            // A natural 1 misses, and in 13th Age carries no miss damage either.
            expect(played.outcome.isHit, where).toBe(false);
            if (id === "13th-age") expect(played.damage ?? 0, where).toBe(0);
          } else if (natural >= critAt && natural >= 11) {
            expect(played.outcome.result, `${where} natural ${natural}`).toBe("crit");
            // 13th Age: double damage; FFd20: the most the expression can roll (no extra crit dice on monsters).
            const expected = id === "13th-age" ? hit * 2 : maximum(parseDamage(s.damage, null, "printed"));
            if (!plan.critExtra) expect(played.damage, `${where} crit`).toBe(expected);
          } else if (natural >= 11) {
            expect(played.outcome.result, `${where} natural ${natural}`).toBe("hit");
            expect(played.damage, `${where} hit`).toBe(hit);
          } else {
            expect(played.outcome.isHit, `${where} natural ${natural}`).toBe(false);
            const miss =
              s.missEffect === "half"
                ? Math.floor(hit / 2)
                : s.missEffect === "formula" && s.missDamage
                  ? printed(s.missDamage)
                  : null;
            if (miss !== null) expect(played.damage, `${where} miss`).toBe(miss);
            else expect(played.damage ?? 0, `${where} miss`).toBe(0);
          }
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe.each(["hundred-dungeons", "wounds-d20"] as const)("%s: every monster attack at the naturals", (id) => {
  const r = getRuleset(id);
  it(`[SYS-CONTENT] ${id === "hundred-dungeons" ? "[HD-CRIT] [HD-DMG]" : "[WD-NAT] [WD-DMG]"} a natural 1 always fails and a natural 20 is always a critical hit dealing double the hit's damage, whatever the defense`, () => {
    let checked = 0;
    for (const m of monsters(id)) {
      for (const item of attacks(m)) {
        const low = play(r, m, item, 1, -50).played;
        expect(low.outcome.isHit, `${m.name}: ${item.name} natural 1`).toBe(false);
        const high = play(r, m, item, 20, 99);
        expect(high.played.outcome.result, `${m.name}: ${item.name} natural 20`).toBe("crit");
        // A natural below any widened crit range (a crossbow's 19–20) hits a low defense plainly.
        const hit = play(r, m, item, 12, -50).played;
        expect(hit.outcome.result, `${m.name}: ${item.name} natural 12`).toBe("hit");
        expect(high.played.outcome.total, `${m.name}: ${item.name}`).toBe(20 + high.plan.bonus);
        // The critical hit doubles the hit's damage (Wounds d20: the world's default reading).
        if (hit.damage !== null && !high.plan.critExtra)
          expect(high.played.damage, `${m.name}: ${item.name} crit`).toBe(hit.damage * 2);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
