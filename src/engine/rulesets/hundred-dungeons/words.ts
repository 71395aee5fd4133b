/**
 * Hundred Dungeons in its own words ([SYS-WORDS]): hit dice, and the dying check (a Constitution
 * check with no tallies); and the item fields its rules never read.
 */
import type { Ruleset } from "../../ruleset.js";
import { wordsIn } from "../../words.js";

export const words: Pick<Ruleset, "words" | "hiddenItemFields"> = {
  words: wordsIn(
    "D20C.HD.Name",
    ["recoveries", "recoveryRoll", "spendRecovery", "deathSave"],
    ["deathSaveSuccesses", "deathSaveFailures"],
  ),
  hiddenItemFields: {
    // [SYS-MONSTERS] crit multipliers are the 3rd-edition family's (Wounds d20).
    power: ["touch", "critMultiplier"],
    weapon: [
      "critMultiplier",
      ...(["proficient", "proficiencyBonus", "enhancement", "finesse", "twoHanded", "offHand"] as const),
      // The weapon decides the ability (melee and thrown Strength, ammunition Dexterity); no miss damage.
      ...(["attackAbility", "missDamage"] as const),
    ],
    armor: ["maxDex", "heavy"],
  },
};
