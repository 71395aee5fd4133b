/**
 * Hundred Dungeons' class table ([SYS-CHARACTER], a rule the system adds: the 5th-edition-style
 * hit dice, our words): each class's hit die. Hit points = the die's highest face + Constitution at
 * 1st level, then the die's average rounded up (half the faces + 1) + Constitution each level after
 * (a table that rolls instead rolls the die at level-up, and the sheet keeps what it rolled as the
 * HP override). Hit dice for recovering: one per level, of the class's die. Renown follows level on
 * the pack's scale, ⌈level / 2⌉ ([HD-ATK]). Abilities are stored as the small scores, which are
 * the modifiers.
 */
import type { BuildNumbers, Progression } from "../../build.js";
import { abilityPart, skillOf, skillOptions, type SkillList } from "../../skill-checks.js";
import type { ActorSource } from "../../types.js";

const HD_HIT_DIE: Readonly<Record<string, number>> = {
  barbarian: 12,
  bard: 8,
  cleric: 8,
  druid: 8,
  fighter: 10,
  monk: 8,
  paladin: 10,
  ranger: 10,
  rogue: 8,
  sorcerer: 6,
  warlock: 8,
  wizard: 6,
};

/**
 * The skills a Hundred Dungeons character may have, each covering rolls of one ability (a rule the
 * system adds: the 5th-edition-style family's list). A skill the character has adds renown to the
 * ability rolls it covers; weapon skills stay with attacks.
 */
const HD_SKILLS: SkillList = {
  athletics: "str",
  acrobatics: "dex",
  sleight: "dex",
  stealth: "dex",
  arcana: "int",
  history: "int",
  investigation: "int",
  nature: "int",
  religion: "int",
  animals: "wis",
  insight: "wis",
  medicine: "wis",
  perception: "wis",
  survival: "wis",
  deception: "cha",
  intimidation: "cha",
  performance: "cha",
  persuasion: "cha",
};

/** Exhaustion from this level on takes away the benefit of skills ([HD-COND]). */
const SKILLS_DENIED_AT = 2;

function levelOf(actor: Pick<ActorSource, "level">): number {
  return Math.min(20, Math.max(1, Math.trunc(actor.level)));
}

/** [HD-ATK] renown by level, the scale the packs use. */
function renownAtLevel(level: number): number {
  return Math.max(1, Math.ceil(level / 2));
}

function derive(actor: ActorSource, classKey: string): BuildNumbers | null {
  const die = HD_HIT_DIE[classKey];
  if (!die) return null;
  const level = levelOf(actor);
  const con = actor.abilities.con;
  const later = Math.max(1, die / 2 + 1 + con);
  return {
    hpMax: Math.max(1, die + con + (level - 1) * later),
    recoveriesMax: level,
    recoveryFormula: `1d${die}`,
    renown: renownAtLevel(level),
  };
}

/** A skill key's i18n label. */
const skillLabel = (key: string): string => `D20C.Build.HD.Skill.${key}`;

export const HD_PROGRESSION: Progression = {
  classes: Object.keys(HD_HIT_DIE),
  classLabel: (key) => `D20C.Build.HD.Class.${key}`,
  checkOption: "trained",
  skills: HD_SKILLS,
  skillLabel,
  maxLevel: 20,
  derive,
  hpGain(actor, classKey) {
    const die = HD_HIT_DIE[classKey];
    if (!die) return null;
    const con = actor.abilities.con;
    return { fixed: Math.max(1, die / 2 + 1 + con), roll: { formula: `1d${die}`, flat: con } };
  },
  // [SYS-CHARACTER] an ability roll: d20 + the ability, + renown when one of the character's skills covers it.
  checkOptions: (actor) => skillOptions(HD_SKILLS, skillLabel, actor, true),
  checkParts(actor, derived, ability, option) {
    const parts = [abilityPart(derived, ability)];
    if (HD_SKILLS[option] === ability && skillOf(actor, option) && actor.exhaustion < SKILLS_DENIED_AT)
      parts.push({ key: "renown", label: "D20C.Actor.FIELDS.renown.label", value: actor.renown });
    return parts;
  },
};
