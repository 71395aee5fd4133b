/**
 * Hundred Dungeons in its own words ([SYS-WORDS]): hit dice, and the dying check (a Constitution
 * check with no tallies); and the item fields its rules never read.
 */
import type { Ruleset } from "../../ruleset.js";
import { wordsIn } from "../../words.js";
import { forecastWordsIn } from "../../forecast-words.js";

export const words: Pick<Ruleset, "words" | "hiddenItemFields" | "vocabulary"> = {
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
  // [SYS-WORDS] issue 45: Hundred Dungeons has no saving throws: an effect lasts until a roll at the end of the bearer's turn succeeds; no sustain, no aftereffect; attacks and spells are its power type.
  vocabulary: {
    // An effect its maker keeps up each turn (the spell held, the grip kept): sustain, in its own words.
    durations: ["saveEnds", "startOfNextTurn", "endOfNextTurn", "sustain", "endOfEncounter", "permanent", "instant"],
    words: {
      "D20C.Power.Text.aftereffect": "D20C.HD.Vocab.aftereffectLine",
      "D20C.Effects.Aftereffect": "D20C.HD.Vocab.aftereffectEffect",
      "D20C.Effects.Form.Aftereffect": "D20C.HD.Vocab.aftereffectLabel",
      "D20C.Power.Editor.aftereffect": "D20C.HD.Vocab.aftereffectLabel",
      "D20C.Effects.Form.AftereffectName": "D20C.HD.Vocab.aftereffectName",
      "D20C.Effects.Form.AftereffectDuration": "D20C.HD.Vocab.aftereffectDuration",
      "D20C.Effects.Form.AftereffectConditions": "D20C.HD.Vocab.aftereffectConditions",
      "D20C.Effects.Kind.saveEnds": "D20C.HD.Vocab.Kind.saveEnds",
      "D20C.Effects.Duration.saveEnds": "D20C.HD.Vocab.Duration.saveEnds",
      "D20C.Effects.Duration.saveEndsPlain": "D20C.HD.Vocab.Duration.saveEndsPlain",
      "D20C.Power.Text.saveEnds": "D20C.HD.Vocab.Text.saveEnds",
      "D20C.Power.Text.saveEndsTarget": "D20C.HD.Vocab.Text.saveEndsTarget",
      "D20C.Power.Text.endOfEncounter": "D20C.HD.Vocab.Text.endOfEncounter",
      "D20C.Power.Duration.saveEnds": "D20C.HD.Vocab.PowerDuration.saveEnds",
      "D20C.Power.Duration.endOfEncounter": "D20C.HD.Vocab.PowerDuration.endOfEncounter",
      "D20C.Effects.Form.Save": "D20C.HD.Vocab.SaveRoll",
      "D20C.Effects.Kind.sustain": "D20C.HD.Vocab.Keep.Kind",
      "D20C.Effects.Duration.sustain": "D20C.HD.Vocab.Keep.Duration",
      "D20C.Power.Text.sustain": "D20C.HD.Vocab.Keep.Text",
      "D20C.Power.Duration.sustain": "D20C.HD.Vocab.Keep.PowerDuration",
      "D20C.Effects.Form.SustainAction": "D20C.HD.Vocab.Keep.Action",
      "D20C.Item.Power.FIELDS.effects.element.sustain.label": "D20C.HD.Vocab.Keep.Action",
      "D20C.Item.Power.FIELDS.effects.element.aftereffect.sustain.label": "D20C.HD.Vocab.Keep.Action",
      "D20C.Effects.Control.Sustain": "D20C.HD.Vocab.Keep.Control",
      "D20C.Item.Power.FIELDS.effects.element.save.label": "D20C.HD.Vocab.SaveRoll",
      "D20C.Item.Power.FIELDS.uses.label": "D20C.HD.Usage.perRest",
      "D20C.Item.Power.FIELDS.uses.max.label": "D20C.HD.Usage.perRest",
      "TYPES.Item.power": "D20C.HD.Vocab.power",
      "TYPES.Item.powerPl": "D20C.HD.Vocab.powerPl",
      "D20C.Sheet.NewPower": "D20C.HD.Vocab.NewPower",
      "D20C.Effects.Kind.endOfEncounter": "D20C.HD.Vocab.Kind.endOfEncounter",
      "D20C.Effects.Duration.endOfEncounter": "D20C.HD.Vocab.Duration.endOfEncounter",
      // [SYS-FORECAST] issue 46: the forecast line, panel and planner in its words.
      ...forecastWordsIn("HD"),
    },
    bonusKinds: ["D20C.HD.Attack.power", "D20C.HD.Attack.renown"],
  },
};
