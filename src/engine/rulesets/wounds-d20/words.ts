/**
 * Wounds d20 in its own words ([SYS-WORDS]): recovery dice, and the Death save, which is both one
 * of the five saves and the roll of the dying (four successes stabilise, three failures kill); and
 * the item fields its rules never read.
 */
import type { Ruleset } from "../../ruleset.js";
import { wordsIn } from "../../words.js";
import { K } from "./data.js";

export const words: Pick<Ruleset, "words" | "hiddenItemFields"> = {
  words: {
    ...wordsIn(`${K}.Name`, [
      "recoveries",
      "recoveryRoll",
      "spendRecovery",
      "deathSave",
      "deathSaveSuccesses",
      "deathSaveFailures",
      "saveBonus",
    ]),
    deathSaveKind: "death",
  },
  hiddenItemFields: {
    power: ["recharge"],
    // The weapon decides the ability (light or finesse: Dexterity when higher); no miss damage.
    weapon: ["proficiencyBonus", "weaponClass", "attackAbility", "missDamage"],
    armor: ["heavy"],
  },
};
