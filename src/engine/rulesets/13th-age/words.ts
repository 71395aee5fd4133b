/**
 * 13th Age in its own words ([SYS-WORDS]): recoveries and the rally, death saves counted as
 * failures (a passed one spends a recovery), battles toward the full heal-up (a tough one counts
 * two), fleeing the battle; and the item fields its rules never read.
 */
import type { Ruleset } from "../../ruleset.js";
import { wordsIn } from "../../words.js";
import { forecastWordsIn } from "../../forecast-words.js";

export const words: Pick<Ruleset, "words" | "hiddenItemFields" | "vocabulary"> = {
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
  // [SYS-WORDS] issue 45: 13th Age offers no sustained effects (its text has none), ends them with the battle, and has what follows an effect instead of an aftereffect.
  vocabulary: {
    durations: ["saveEnds", "startOfNextTurn", "endOfNextTurn", "endOfEncounter", "permanent", "instant"],
    words: {
      "D20C.Power.Text.aftereffect": "D20C.Age13.Vocab.aftereffectLine",
      "D20C.Effects.Aftereffect": "D20C.Age13.Vocab.aftereffectEffect",
      "D20C.Effects.Form.Aftereffect": "D20C.Age13.Vocab.aftereffectLabel",
      "D20C.Power.Editor.aftereffect": "D20C.Age13.Vocab.aftereffectLabel",
      "D20C.Effects.Form.AftereffectName": "D20C.Age13.Vocab.aftereffectName",
      "D20C.Effects.Form.AftereffectDuration": "D20C.Age13.Vocab.aftereffectDuration",
      "D20C.Effects.Form.AftereffectConditions": "D20C.Age13.Vocab.aftereffectConditions",
      "D20C.Effects.Kind.endOfEncounter": "D20C.Age13.Vocab.Kind.endOfEncounter",
      "D20C.Effects.Duration.endOfEncounter": "D20C.Age13.Vocab.Duration.endOfEncounter",
      // [SYS-FORECAST] issue 46: the forecast line, panel and planner in its words.
      ...forecastWordsIn("Age13"),
    },
    bonusKinds: ["D20C.Modifier.power", "D20C.Modifier.enhancement"],
  },
};
