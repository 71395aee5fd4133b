/**
 * 13th Age's class table ([SYS-CHARACTER], a rule the system adds: the published class facts, our
 * words): each class's base hit points, its AC in light and heavy armor, PD, MD, recovery die and
 * recovery count, and the hit point multiplier by level. A character's numbers:
 * - HP = (class base + Con modifier) × the level's multiplier;
 * - AC = the class's AC for its armor (heavy armor worn, else light) + the middle modifier of
 *   Con / Dex / Wis + level, +1 with a shield; PD = base + middle of Str / Con / Dex + level;
 *   MD = base + middle of Int / Wis / Cha + level;
 * - recoveries: the class's count; one recovery rolls level × the recovery die + Con modifier
 *   (×2 from 5th level, ×3 from 8th, as damage).
 */
import { abilityModifier } from "../../common.js";
import { buildOf, type BuildNumbers, type Progression } from "../../build.js";
import { abilityPart } from "../../skill-checks.js";
import type { ActorSource } from "../../types.js";

interface Age13Class {
  hp: number;
  acLight: number;
  acHeavy: number;
  pd: number;
  md: number;
  die: number;
  recoveries: number;
}

const AGE13_CLASSES: Readonly<Record<string, Age13Class>> = {
  barbarian: { hp: 7, acLight: 12, acHeavy: 13, pd: 11, md: 10, die: 10, recoveries: 8 },
  bard: { hp: 7, acLight: 12, acHeavy: 13, pd: 10, md: 11, die: 8, recoveries: 8 },
  cleric: { hp: 7, acLight: 12, acHeavy: 14, pd: 11, md: 11, die: 8, recoveries: 8 },
  fighter: { hp: 8, acLight: 13, acHeavy: 15, pd: 10, md: 10, die: 10, recoveries: 9 },
  paladin: { hp: 8, acLight: 12, acHeavy: 16, pd: 10, md: 12, die: 10, recoveries: 8 },
  ranger: { hp: 7, acLight: 14, acHeavy: 15, pd: 11, md: 10, die: 8, recoveries: 8 },
  rogue: { hp: 6, acLight: 12, acHeavy: 13, pd: 12, md: 10, die: 8, recoveries: 8 },
  sorcerer: { hp: 6, acLight: 10, acHeavy: 11, pd: 11, md: 10, die: 6, recoveries: 8 },
  wizard: { hp: 6, acLight: 10, acHeavy: 11, pd: 10, md: 12, die: 6, recoveries: 8 },
};

/** The HP multiplier at levels 1–10. */
const AGE13_HP_MULTIPLIER = [3, 4, 5, 6, 8, 10, 12, 16, 20, 24] as const;

function middle(a: number, b: number, c: number): number {
  return [a, b, c].sort((x, y) => x - y)[1] as number;
}

function levelOf(actor: Pick<ActorSource, "level">): number {
  return Math.min(10, Math.max(1, Math.trunc(actor.level)));
}

/** The Con modifier a recovery adds: ×2 from champion (5th), ×3 from epic (8th). */
function recoveryCon(level: number, con: number): number {
  return con * (level >= 8 ? 3 : level >= 5 ? 2 : 1);
}

function signed(n: number): string {
  return n === 0 ? "" : n > 0 ? ` + ${n}` : ` - ${-n}`;
}

function derive(actor: ActorSource, classKey: string): BuildNumbers | null {
  const c = AGE13_CLASSES[classKey];
  if (!c) return null;
  const level = levelOf(actor);
  const m = (k: keyof ActorSource["abilities"]): number => abilityModifier(actor.abilities[k]);
  const shield = actor.armor.shieldBonus > 0 ? 1 : 0;
  return {
    hpMax: Math.max(1, (c.hp + m("con")) * (AGE13_HP_MULTIPLIER[level - 1] as number)),
    defenseBase: {
      ac: (actor.armor.heavy ? c.acHeavy : c.acLight) + middle(m("con"), m("dex"), m("wis")) + level + shield,
      pd: c.pd + middle(m("str"), m("con"), m("dex")) + level,
      md: c.md + middle(m("int"), m("wis"), m("cha")) + level,
    },
    recoveriesMax: c.recoveries,
    recoveryFormula: `${level}d${c.die}${signed(recoveryCon(level, m("con")))}`,
  };
}

export const AGE13_PROGRESSION: Progression = {
  classes: Object.keys(AGE13_CLASSES),
  classLabel: (key) => `D20C.Build.Age13.Class.${key}`,
  checkOption: "background",
  maxLevel: 10,
  derive,
  hpGain(actor, classKey) {
    const now = derive(actor, classKey)?.hpMax;
    const next = derive({ ...actor, level: actor.level + 1 }, classKey)?.hpMax;
    if (now === undefined || next === undefined) return null;
    return { fixed: next - now, roll: null };
  },
  // [SYS-CHARACTER] a check: d20 + ability modifier + level + the points of one background (any ability).
  checkOptions: (actor) =>
    buildOf(actor).backgrounds.map((b, i) => ({
      value: String(i),
      label: `${b.name} +${b.points}`,
      ability: null,
      own: true,
    })),
  checkParts(actor, derived, ability, option) {
    const parts = [
      abilityPart(derived, ability),
      { key: "level", label: "D20C.Actor.FIELDS.level.label", value: actor.level },
    ];
    const bg = option === "" ? undefined : buildOf(actor).backgrounds[Number(option)];
    if (bg) parts.push({ key: "background", label: bg.name, value: bg.points });
    return parts;
  },
};
