/**
 * FFd20 in its own words ([SYS-WORDS]): healing surges (worth a quarter of the maximum HP, so no
 * roll to write) and second wind, death saves counted as failures; and the item fields its rules
 * never read.
 */
import type { Ruleset } from "../../ruleset.js";
import { wordsIn } from "../../words.js";
import { forecastWordsIn } from "../../forecast-words.js";

export const words: Pick<Ruleset, "words" | "hiddenItemFields" | "vocabulary"> = {
  words: wordsIn(
    "D20C.FF.Name",
    ["recoveries", "spendRecovery", "rally", "ralliesThisBattle", "deathSave", "deathSaveFailures"],
    ["recoveryRoll", "deathSaveSuccesses"],
  ),
  hiddenItemFields: {
    // [SYS-MONSTERS] crit multipliers are the 3rd-edition family's (Wounds d20).
    power: ["touch", "critMultiplier"],
    weapon: ["light", "finesse", "twoHanded", "offHand", "thrown", "weaponClass", "missDamage", "critMultiplier"],
    // heavy armor drops the ability bonus to AC outright; no armor caps it
    armor: ["maxDex"],
  },
  // [SYS-WORDS] issue 45: FFd20 offers every duration its text names (save ends, sustain, until the end of the encounter, aftereffects) and itemises its typed attack bonuses.
  vocabulary: {
    words: {
      "D20C.Power.Text.endOfEncounter": "D20C.FF.Vocab.endOfEncounterText",
      "D20C.Power.Duration.endOfEncounter": "D20C.FF.Vocab.endOfEncounterKind",
      // [SYS-FORECAST] issue 46: the forecast line, panel and planner in its words.
      ...forecastWordsIn("FF"),
    },
    bonusKinds: ["D20C.FF.Mod.Power", "D20C.FF.Mod.Enhancement", "D20C.FF.Mod.Proficiency", "D20C.FF.Mod.HalfLevel"],
  },
};
