/**
 * 13th Age in its own words ([SYS-WORDS]): recoveries and the rally, death saves counted as
 * failures (a passed one spends a recovery), battles toward the full heal-up (a tough one counts
 * two), fleeing the battle; and the item fields its rules never read.
 */
import type { Ruleset } from "../../ruleset.js";
import { wordsIn } from "../../words.js";

export const words: Pick<Ruleset, "words" | "hiddenItemFields"> = {
  words: wordsIn(
    "D20C.Age13.Name",
    [
      ...(["recoveries", "recoveryRoll", "spendRecovery", "rally", "ralliesThisBattle"] as const),
      ...(["battlesSinceHealUp", "noRecoveryUses", "deathSave", "deathSaveFailures", "toughBattle", "flee"] as const),
    ],
    ["deathSaveSuccesses"],
  ),
  hiddenItemFields: {
    // [SYS-MONSTERS] crit multipliers are the 3rd-edition family's (Wounds d20).
    power: ["touch", "nonlethal", "critMultiplier"],
    weapon: [
      ...([
        "proficient",
        "proficiencyBonus",
        "light",
        "finesse",
        "twoHanded",
        "offHand",
        "thrown",
        "weaponClass",
      ] as const),
      "critMultiplier",
    ],
    // The class's armor table gives the Armor Class base (written on the defense): armor adds no number.
    armor: ["armorBonus", "shieldBonus", "maxDex", "heavy"],
  },
};
