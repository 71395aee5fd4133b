/**
 * Wounds d20's class table ([SYS-CHARACTER], a rule the system adds: the 3rd-edition-style class
 * facts, our words): each class's hit die, its base combat bonus progression (good = level,
 * average = ¾ level, poor = ½ level, rounded down) and its base save bonus progression (the game
 * has one base save bonus: good = 2 + ½ level, poor = ⅓ level, rounded down). Hit points = the
 * die's highest face + Con modifier at 1st level, then the die's average rounded up + Con modifier
 * each level after (a table that rolls keeps the roll as the HP override); at least 1 a level.
 * Recovery dice: one per level, of the class's die ([WD-RECOVERY]).
 */
import { abilityModifier } from "../../common.js";
import type { BuildNumbers, Progression } from "../../build.js";
import { abilityPart, skillOf, skillOptions, type SkillList } from "../../skill-checks.js";
import type { ActorSource } from "../../types.js";

type Rate = "good" | "average" | "poor";

interface WdClass {
  die: number;
  combat: Rate;
  save: "good" | "poor";
}

const WD_CLASSES: Readonly<Record<string, WdClass>> = {
  barbarian: { die: 12, combat: "good", save: "poor" },
  bard: { die: 6, combat: "average", save: "good" },
  cleric: { die: 8, combat: "average", save: "good" },
  druid: { die: 8, combat: "average", save: "good" },
  fighter: { die: 10, combat: "good", save: "poor" },
  monk: { die: 8, combat: "average", save: "good" },
  paladin: { die: 10, combat: "good", save: "poor" },
  ranger: { die: 8, combat: "good", save: "good" },
  rogue: { die: 6, combat: "average", save: "good" },
  sorcerer: { die: 4, combat: "poor", save: "good" },
  wizard: { die: 4, combat: "poor", save: "good" },
};

/** Wounds d20's skills and their key abilities (a rule the system adds: the 3rd-edition-style list). */
const WD_SKILLS: SkillList = {
  climb: "str",
  concentration: "con",
  heal: "wis",
  hide: "dex",
  jump: "str",
  knowledge: "int",
  listen: "wis",
  movesilently: "dex",
  ride: "dex",
  search: "int",
  spellcraft: "int",
  spot: "wis",
  survival: "wis",
  swim: "str",
  tumble: "dex",
  diplomacy: "cha",
  bluff: "cha",
  intimidate: "cha",
};

function levelOf(actor: Pick<ActorSource, "level">): number {
  return Math.min(20, Math.max(1, Math.trunc(actor.level)));
}

function baseCombatBonusAt(rate: Rate, level: number): number {
  if (rate === "good") return level;
  return rate === "average" ? Math.floor((level * 3) / 4) : Math.floor(level / 2);
}

function baseSaveBonusAt(rate: "good" | "poor", level: number): number {
  return rate === "good" ? 2 + Math.floor(level / 2) : Math.floor(level / 3);
}

/** Hit points a level after the first adds: the die's average rounded up + Con modifier, at least 1. */
function laterLevelHp(die: number, conMod: number): number {
  return Math.max(1, die / 2 + 1 + conMod);
}

function derive(actor: ActorSource, classKey: string): BuildNumbers | null {
  const c = WD_CLASSES[classKey];
  if (!c) return null;
  const level = levelOf(actor);
  const con = abilityModifier(actor.abilities.con);
  return {
    hpMax: Math.max(1, c.die + con) + (level - 1) * laterLevelHp(c.die, con),
    recoveriesMax: level,
    recoveryFormula: `1d${c.die}`,
    baseCombatBonus: baseCombatBonusAt(c.combat, level),
    baseSaveBonus: baseSaveBonusAt(c.save, level),
  };
}

/** A skill key's i18n label. */
const skillLabel = (key: string): string => `D20C.Build.WD.Skill.${key}`;

export const WD_PROGRESSION: Progression = {
  classes: Object.keys(WD_CLASSES),
  classLabel: (key) => `D20C.Build.WD.Class.${key}`,
  checkOption: "ranks",
  skills: WD_SKILLS,
  skillLabel,
  maxLevel: 20,
  derive,
  hpGain(actor, classKey) {
    const c = WD_CLASSES[classKey];
    if (!c) return null;
    const con = abilityModifier(actor.abilities.con);
    return { fixed: laterLevelHp(c.die, con), roll: { formula: `1d${c.die}`, flat: con } };
  },
  // [SYS-CHARACTER] a check: d20 + ability modifier, + the skill's ranks when checked with its key ability.
  checkOptions: (actor) => skillOptions(WD_SKILLS, skillLabel, actor),
  checkParts(actor, derived, ability, option) {
    const parts = [abilityPart(derived, ability)];
    const ranks = WD_SKILLS[option] === ability ? (skillOf(actor, option)?.ranks ?? 0) : 0;
    if (ranks > 0) parts.push({ key: "ranks", label: "D20C.Build.Ranks", value: ranks });
    return parts;
  },
};
