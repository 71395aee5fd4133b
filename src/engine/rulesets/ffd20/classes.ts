/**
 * FFd20's class table ([SYS-CHARACTER], a rule the system adds: the 4th-edition-style class facts,
 * our words): hit points at 1st level (a number + the Constitution score), hit points per level
 * after the first, healing surges per day (a number + Con modifier) and the class's defense
 * bonuses. A surge is worth a quarter of the maximum (rounded down), the value the sheet's
 * recovery formula holds. Defenses themselves keep the game's formula ([FF-DEF]); the class adds
 * its bonuses on top.
 */
import { abilityModifier } from "../../common.js";
import type { BuildNumbers, Progression } from "../../build.js";
import { abilityPart, skillOf, skillOptions, type SkillList } from "../../skill-checks.js";
import type { ActorSource } from "../../types.js";

interface FfClass {
  hpFirst: number;
  hpPerLevel: number;
  surges: number;
  defenses: Readonly<Record<string, number>>;
}

const FF_CLASSES: Readonly<Record<string, FfClass>> = {
  cleric: { hpFirst: 12, hpPerLevel: 5, surges: 7, defenses: { will: 2 } },
  fighter: { hpFirst: 15, hpPerLevel: 6, surges: 9, defenses: { fort: 2 } },
  paladin: { hpFirst: 15, hpPerLevel: 6, surges: 10, defenses: { fort: 1, ref: 1, will: 1 } },
  ranger: { hpFirst: 12, hpPerLevel: 5, surges: 6, defenses: { fort: 1, ref: 1 } },
  rogue: { hpFirst: 12, hpPerLevel: 5, surges: 6, defenses: { ref: 2 } },
  warlock: { hpFirst: 12, hpPerLevel: 5, surges: 6, defenses: { ref: 1, will: 1 } },
  warlord: { hpFirst: 12, hpPerLevel: 5, surges: 7, defenses: { fort: 1, will: 1 } },
  wizard: { hpFirst: 10, hpPerLevel: 4, surges: 6, defenses: { will: 2 } },
};

/** FFd20's skills and the ability each is checked with (a rule the system adds: the 4th-edition-style list). */
const FF_SKILLS: SkillList = {
  acrobatics: "dex",
  arcana: "int",
  athletics: "str",
  bluff: "cha",
  diplomacy: "cha",
  dungeoneering: "wis",
  endurance: "con",
  heal: "wis",
  history: "int",
  insight: "wis",
  intimidate: "cha",
  nature: "wis",
  perception: "wis",
  religion: "int",
  stealth: "dex",
  streetwise: "cha",
  thievery: "dex",
};

/** A trained skill's bonus. */
const TRAINED = 5;

function levelOf(actor: Pick<ActorSource, "level">): number {
  return Math.min(30, Math.max(1, Math.trunc(actor.level)));
}

function derive(actor: ActorSource, classKey: string): BuildNumbers | null {
  const c = FF_CLASSES[classKey];
  if (!c) return null;
  const hpMax = Math.max(1, c.hpFirst + actor.abilities.con + (levelOf(actor) - 1) * c.hpPerLevel);
  return {
    hpMax,
    recoveriesMax: Math.max(0, c.surges + abilityModifier(actor.abilities.con)),
    recoveryFormula: String(Math.floor(hpMax / 4)),
    defenseBonus: { ...c.defenses },
  };
}

/** A skill key's i18n label. */
const skillLabel = (key: string): string => `D20C.Build.FF.Skill.${key}`;

export const FF_PROGRESSION: Progression = {
  classes: Object.keys(FF_CLASSES),
  classLabel: (key) => `D20C.Build.FF.Class.${key}`,
  checkOption: "trained",
  skills: FF_SKILLS,
  skillLabel,
  maxLevel: 30,
  derive,
  hpGain(actor, classKey) {
    const c = FF_CLASSES[classKey];
    return c ? { fixed: c.hpPerLevel, roll: null } : null;
  },
  // [SYS-CHARACTER] a check: d20 + ½ level + ability modifier, +5 for a trained skill checked with its ability.
  checkOptions: (actor) => skillOptions(FF_SKILLS, skillLabel, actor),
  checkParts(actor, derived, ability, option) {
    const parts = [
      { key: "halfLevel", label: "D20C.Build.HalfLevel", value: Math.floor(Math.max(0, actor.level) / 2) },
      abilityPart(derived, ability),
    ];
    if (FF_SKILLS[option] === ability && skillOf(actor, option)?.trained)
      parts.push({ key: "trained", label: "D20C.Build.Trained", value: TRAINED });
    return parts;
  },
};
