/**
 * Every pregen's attacks in the four character packs (their weapon rows and their attack powers,
 * `@` and `[W]` formulas included), through the attack the sheet row and the card build (the
 * owner's roll data resolving the formula, `weaponAttackOf` / `powerSourceFrom`, `planAttack`),
 * each game's resolution, its damage recipe with recorded dice (every die showing 3) and the
 * target's `applyDamage`, for every natural roll 1–20 against a defense the attack bonus meets
 * exactly on a natural 11. The expected numbers are worked out here from the printed lines and the
 * texts' rules, not read from the engine: the ability modifiers, the level, 13th Age's tier, the
 * weapon's dice for `[W]`, each game's weapon-row rule, crit and miss rules.
 */
import { describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { recipeDamage } from "../../src/engine/odds.js";
import { planAttack } from "../../src/engine/plans/attack.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type { ActorSource, RulesetId } from "../../src/engine/types.js";
import { npc, target } from "../workflows/attack-fixtures.js";
import { engineActor, loadPacks, packAttackRequest, weaponFor, type PackActor, type PackItem } from "./pack-sources.js";

const packs = loadPacks();

function pregens(id: RulesetId): PackActor[] {
  const pack = packs.find((p) => p.entry.name === `characters-${id}`);
  if (!pack) throw new Error(`no character pack for ${id}`);
  return pack.docs.map((d) => d.doc as unknown as PackActor);
}

type Sys = Record<string, unknown>;
const str = (s: Sys, k: string): string => (typeof s[k] === "string" ? (s[k] as string) : "");
const num = (s: Sys, k: string): number => (typeof s[k] === "number" ? (s[k] as number) : 0);

/** The attacks a sheet lists as attack rolls: weapons and powers with damage, not save-based. */
function attacks(a: PackActor): PackItem[] {
  return a.items.filter((i) => {
    if (i.type === "weapon") return true;
    if (i.type !== "power" || !str(i.system, "damage")) return false;
    const save = i.system.save as { ability?: unknown } | undefined;
    return !(save && save.ability);
  });
}

/** The ability modifier as each text gives it: Hundred Dungeons writes its scores as the modifier. */
const mod = (id: RulesetId, score: number): number =>
  id === "hundred-dungeons" ? score : Math.floor((score - 10) / 2);
/** 13th Age's tier (the system's added rule: ×1 at 1–4, ×2 at 5–7, ×3 at 8–10); 1 elsewhere. */
const tier = (id: RulesetId, level: number): number => (id !== "13th-age" ? 1 : level >= 8 ? 3 : level >= 5 ? 2 : 1);

/** Dice showing 3 (capped at the die's size): "NdM" → N × min(3, M). */
const rolled3 = (count: number, faces: number): number => count * Math.min(3, faces);
/** Maximum of "NdM". */
const maxOf = (count: number, faces: number): number => count * faces;

/** A weapon die "NdM" (Hundred Dungeons: the class die when the weapon prints none). */
function weaponDie(id: RulesetId, w: PackItem): { count: number; faces: number } {
  const printed = str(w.system, "damageDice");
  const die =
    printed ||
    (id === "hundred-dungeons"
      ? ({ simple: "1d6", martial: "1d8", heavy: "1d10" }[str(w.system, "weaponClass")] ?? "1d6")
      : "");
  const m = /^(\d+)d(\d+)$/.exec(die);
  if (!m) throw new Error(`${w.name}: weapon die "${die}"`);
  return { count: Number(m[1]), faces: Number(m[2]) };
}

/** A formula's value with dice showing 3 (`roll`) and at its maximum (`max`), from the printed line. */
interface Worked {
  roll: number;
  max: number;
}

/**
 * Work a printed formula out by hand: `@level[W]` and `N[W]` are that many weapon dice, `@abl` the
 * ability modifier, `@tier` the tier, `@level` the level, `NdM` dice, numbers flat; `a*b` multiplies.
 */
function work(id: RulesetId, formula: string, a: ActorSource, w: PackItem | null): Worked {
  const die = w ? weaponDie(id, w) : null;
  const value = (atom: string): number => {
    if (atom === "@level" || atom === "@lvl") return a.level;
    if (atom === "@tier") return tier(id, a.level);
    const ab = /^@(str|dex|con|int|wis|cha)$/.exec(atom);
    if (ab) return mod(id, a.abilities[ab[1] as keyof ActorSource["abilities"]]);
    if (/^\d+$/.test(atom)) return Number(atom);
    throw new Error(`unknown atom ${atom} in ${formula}`);
  };
  let roll = 0;
  let max = 0;
  for (const term of formula.replace(/\s+/g, "").split("+")) {
    const w1 = /^(@level|\d+)\[W\]$/i.exec(term);
    const d = /^(\d+)d(\d+)$/.exec(term);
    if (w1) {
      if (!die) throw new Error(`${formula}: [W] with no weapon`);
      const n = value(w1[1]!) * die.count;
      roll += rolled3(n, die.faces);
      max += maxOf(n, die.faces);
    } else if (d) {
      roll += rolled3(Number(d[1]), Number(d[2]));
      max += maxOf(Number(d[1]), Number(d[2]));
    } else {
      const v = term.split("*").reduce((p, atom) => p * value(atom), 1);
      roll += v;
      max += v;
    }
  }
  return { roll, max };
}

/** A weapon row's printed line by each game's rule ([13A-DMG], [FF-WDICE], [HD-DMG], [WD-DMG]). */
function weaponRow(id: RulesetId, a: ActorSource, w: PackItem): Worked {
  const s = w.system;
  const die = weaponDie(id, w);
  const ranged = s.ranged === true;
  const ability = (str(s, "attackAbility") || (ranged ? "dex" : "str")) as keyof ActorSource["abilities"];
  const m = mod(id, a.abilities[ability]);
  switch (id) {
    case "13th-age": {
      // Level × the weapon's die + the ability × tier.
      const n = a.level * die.count;
      const flat = m * tier(id, a.level) + num(s, "enhancement");
      return { roll: rolled3(n, die.faces) + flat, max: maxOf(n, die.faces) + flat };
    }
    case "ffd20": {
      // 1[W] + the ability (Strength in melee, Dexterity at range) + the weapon's enhancement.
      const flat = m + num(s, "enhancement");
      return { roll: rolled3(die.count, die.faces) + flat, max: maxOf(die.count, die.faces) + flat };
    }
    case "hundred-dungeons":
      // The class die, no ability.
      return { roll: rolled3(die.count, die.faces), max: maxOf(die.count, die.faces) };
    case "wounds-d20": {
      const flat = wdWeaponFlat(a, w);
      return { roll: rolled3(die.count, die.faces) + flat, max: maxOf(die.count, die.faces) + flat };
    }
    default:
      throw new Error(`no weapon-row rule for ${id}`);
  }
}

/**
 * [WD-DMG] What a weapon adds to the die of an attack made with it: BCB (proficient) + Strength in
 * melee or thrown (½ off-hand, 1½ two-handed but not light; a penalty in full) + its enhancement.
 */
function wdWeaponFlat(a: ActorSource, w: PackItem): number {
  const s = w.system;
  const strMod = mod("wounds-d20", a.abilities.str);
  let strPart = s.ranged === true && s.thrown !== true ? 0 : strMod;
  if (strPart > 0 && s.offHand === true) strPart = Math.floor(strMod / 2);
  else if (strPart > 0 && s.twoHanded === true && s.light !== true) strPart = Math.floor(strMod * 1.5);
  const bcb = s.proficient === false ? 0 : (a as ActorSource & { baseCombatBonus: number }).baseCombatBonus;
  return strPart + bcb + num(s, "enhancement");
}

interface Expected {
  hit: Worked;
  /** Extra critical dice (FFd20: rolled, not maximised) with dice showing 3. */
  critExtra: number;
  /** Damage on a plain miss (null = none). */
  miss: number | null;
  critAt: number;
}

function expected(id: RulesetId, doc: PackActor, a: ActorSource, item: PackItem): Expected {
  const w = weaponFor(doc, item);
  const s = item.system;
  const hit =
    item.type === "weapon"
      ? weaponRow(id, a, item)
      : (() => {
          const h = work(id, str(s, "damage"), a, w);
          // FFd20: a weapon power adds the weapon's enhancement to its damage ([FF-ATKBONUS]'s
          // enhancement); Wounds d20: a power made with a weapon deals weapon damage, the die and
          // what the weapon adds to it ([WD-DMG]).
          const add = !w
            ? 0
            : id === "ffd20"
              ? num(w.system, "enhancement")
              : id === "wounds-d20"
                ? wdWeaponFlat(a, w)
                : 0;
          return { roll: h.roll + add, max: h.max + add };
        })();
  // Extra critical dice: the weapon's high-crit dice (FFd20) and the power's own crit damage.
  const extraDice = [
    w && id === "ffd20" ? str(w.system, "critDice") : "",
    item.type === "power" ? str(s, "critDamage") : "",
  ];
  const critExtra = extraDice.filter(Boolean).reduce((sum, f) => sum + work(id, f, a, w).roll, 0);
  const missEffect = str(s, "missEffect");
  const missDamage = str(s, "missDamage");
  const miss =
    item.type === "weapon"
      ? missDamage
        ? work(id, missDamage, a, w).roll
        : null
      : missEffect === "half"
        ? Math.floor(hit.roll / 2)
        : missEffect === "formula" && missDamage
          ? work(id, missDamage, a, w).roll
          : null;
  const critRange = num(s, "critRange") + (w && item.type !== "weapon" ? num(w.system, "critRange") : 0);
  return { hit, critExtra, miss, critAt: 20 - critRange };
}

/** One attack at a natural against a defense `defense`, its damage with dice showing 3, applied to a plain target. */
function play(r: Ruleset, doc: PackActor, item: PackItem, natural: number, defense: number) {
  const snapshot = target("victim", npc(r, defense));
  const req = packAttackRequest(r, doc, item, engineActor(doc), { targets: [snapshot] });
  const plan = planAttack(req);
  const input = plan.inputs.get(snapshot)!;
  const outcome = r.resolveAttack({ ...input, dice: plan.d20Counts[0] === 2 ? [natural, natural] : [natural] });
  const recipe = r.damageRecipe({
    outcome: outcome.result,
    hit: plan.hit,
    miss: plan.miss,
    missEffect: req.power.missEffect,
    missApplies: outcome.missEffect,
    critExtra: plan.critExtra,
    types: req.power.damageTypes,
    options: req.options,
  });
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

const IDS: readonly RulesetId[] = ["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"];
const CITED: Record<RulesetId, string> = {
  "13th-age": "[13A-ATK] [13A-DMG] [13A-NAT20] [13A-NAT1] [13A-MISS]",
  ffd20: "[FF-ATK] [FF-WDICE] [FF-NAT20] [FF-PRECISION] [FF-NAT1] [FF-CRITDMG] [FF-MISS]",
  "hundred-dungeons": "[HD-ATK] [HD-DMG] [HD-CRIT]",
  "wounds-d20": "[WD-ATK] [WD-DMG] [WD-NAT]",
};

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
