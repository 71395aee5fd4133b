/**
 * The pregens' attacks in the four character packs and the numbers each should deal, worked out by
 * hand from the printed lines and the four texts (not read from the engine): the ability modifiers,
 * the level, 13th Age's tier, the weapon's dice for `[W]`, each game's weapon-row rule, crit and
 * miss rules, with every damage die showing 3. Shared by the pure every-natural test
 * (test/packs/pregen-attacks-every-natural.test.ts) and the sheet row → card → Apply one
 * (test/workflows/pregen-attacks-card-apply.test.ts).
 */
import type { ActorSource, RulesetId } from "../../src/engine/types.js";
import { loadPacks, weaponFor, type PackActor, type PackItem } from "../packs/pack-sources.js";

const packs = loadPacks();

export function pregens(id: RulesetId): PackActor[] {
  const pack = packs.find((p) => p.entry.name === `characters-${id}`);
  if (!pack) throw new Error(`no character pack for ${id}`);
  return pack.docs.map((d) => d.doc as unknown as PackActor);
}

type Sys = Record<string, unknown>;
const str = (s: Sys, k: string): string => (typeof s[k] === "string" ? (s[k] as string) : "");
const num = (s: Sys, k: string): number => (typeof s[k] === "number" ? (s[k] as number) : 0);

/** The attacks a sheet lists as attack rolls: weapons and powers with damage, not save-based. */
export function attacks(a: PackActor): PackItem[] {
  return a.items.filter((i) => {
    if (i.type === "weapon") return true;
    if (i.type !== "power" || !str(i.system, "damage")) return false;
    const save = i.system.save as { ability?: unknown } | undefined;
    return !(save && save.ability);
  });
}

/** The ability modifier as each text gives it: Hundred Dungeons writes its scores as the modifier. */
export const mod = (id: RulesetId, score: number): number =>
  id === "hundred-dungeons" ? score : Math.floor((score - 10) / 2);
/** 13th Age's tier (the system's added rule: ×1 at 1–4, ×2 at 5–7, ×3 at 8–10); 1 elsewhere. */
export const tier = (id: RulesetId, level: number): number =>
  id !== "13th-age" ? 1 : level >= 8 ? 3 : level >= 5 ? 2 : 1;

/** Dice showing 3 (capped at the die's size): "NdM" → N × min(3, M). */
const rolled3 = (count: number, faces: number): number => count * Math.min(3, faces);
/** Maximum of "NdM". */
const maxOf = (count: number, faces: number): number => count * faces;

/** A weapon die "NdM" (Hundred Dungeons: the class die when the weapon prints none). */
export function weaponDie(id: RulesetId, w: PackItem): { count: number; faces: number } {
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
export interface Worked {
  roll: number;
  max: number;
}

/**
 * Work a printed formula out by hand: `@level[W]` and `N[W]` are that many weapon dice, `@abl` the
 * ability modifier, `@tier` the tier, `@level` the level, `NdM` dice, numbers flat; `a*b` multiplies.
 */
export function work(id: RulesetId, formula: string, a: ActorSource, w: PackItem | null): Worked {
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
export function weaponRow(id: RulesetId, a: ActorSource, w: PackItem): Worked {
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
export function wdWeaponFlat(a: ActorSource, w: PackItem): number {
  const s = w.system;
  const strMod = mod("wounds-d20", a.abilities.str);
  let strPart = s.ranged === true && s.thrown !== true ? 0 : strMod;
  if (strPart > 0 && s.offHand === true) strPart = Math.floor(strMod / 2);
  else if (strPart > 0 && s.twoHanded === true && s.light !== true) strPart = Math.floor(strMod * 1.5);
  const bcb = s.proficient === false ? 0 : (a as ActorSource & { baseCombatBonus: number }).baseCombatBonus;
  return strPart + bcb + num(s, "enhancement");
}

export interface Expected {
  hit: Worked;
  /** Extra critical dice (FFd20: rolled, not maximised) with dice showing 3. */
  critExtra: number;
  /** Damage on a plain miss (null = none). */
  miss: number | null;
  critAt: number;
}

export function expected(id: RulesetId, doc: PackActor, a: ActorSource, item: PackItem): Expected {
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

export const IDS: readonly RulesetId[] = ["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"];
export const CITED: Record<RulesetId, string> = {
  "13th-age": "[13A-ATK] [13A-DMG] [13A-NAT20] [13A-NAT1] [13A-MISS]",
  ffd20: "[FF-ATK] [FF-WDICE] [FF-NAT20] [FF-PRECISION] [FF-NAT1] [FF-CRITDMG] [FF-MISS]",
  "hundred-dungeons": "[HD-ATK] [HD-DMG] [HD-CRIT]",
  "wounds-d20": "[WD-ATK] [WD-DMG] [WD-NAT]",
};
