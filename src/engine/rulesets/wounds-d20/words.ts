/**
 * Wounds d20 in its own words ([SYS-WORDS]): recovery dice, and the Death save, which is both one
 * of the five saves and the roll of the dying (four successes stabilise, three failures kill); and
 * the item fields its rules never read.
 */
import type { Ruleset } from "../../ruleset.js";
import { wordsIn } from "../../words.js";
import { forecastWordsIn } from "../../forecast-words.js";
import { K } from "./data.js";

export const words: Pick<Ruleset, "words" | "hiddenItemFields" | "vocabulary"> = {
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
  // [SYS-WORDS] issue 45: Wounds d20 ends effects when a save against a DC succeeds; no sustain, no aftereffect; attacks and spells are its power type.
  vocabulary: {
    // An effect its maker keeps up each turn (the spell held, the grip kept): sustain, in its own words.
    durations: ["saveEnds", "startOfNextTurn", "endOfNextTurn", "sustain", "endOfEncounter", "permanent", "instant"],
    words: {
      "D20C.Power.Text.aftereffect": "D20C.WD.Vocab.aftereffectLine",
      "D20C.Effects.Aftereffect": "D20C.WD.Vocab.aftereffectEffect",
      "D20C.Effects.Form.Aftereffect": "D20C.WD.Vocab.aftereffectLabel",
      "D20C.Power.Editor.aftereffect": "D20C.WD.Vocab.aftereffectLabel",
      "D20C.Effects.Form.AftereffectName": "D20C.WD.Vocab.aftereffectName",
      "D20C.Effects.Form.AftereffectDuration": "D20C.WD.Vocab.aftereffectDuration",
      "D20C.Effects.Form.AftereffectConditions": "D20C.WD.Vocab.aftereffectConditions",
      "D20C.Effects.Kind.saveEnds": "D20C.WD.Vocab.Kind.saveEnds",
      "D20C.Effects.Duration.saveEnds": "D20C.WD.Vocab.Duration.saveEnds",
      "D20C.Effects.Duration.saveEndsPlain": "D20C.WD.Vocab.Duration.saveEndsPlain",
      "D20C.Power.Text.saveEnds": "D20C.WD.Vocab.Text.saveEnds",
      "D20C.Power.Text.saveEndsTarget": "D20C.WD.Vocab.Text.saveEndsTarget",
      "D20C.Power.Text.endOfEncounter": "D20C.WD.Vocab.Text.endOfEncounter",
      "D20C.Power.Duration.saveEnds": "D20C.WD.Vocab.PowerDuration.saveEnds",
      "D20C.Power.Duration.endOfEncounter": "D20C.WD.Vocab.PowerDuration.endOfEncounter",
      "D20C.Effects.Form.Save": "D20C.WD.Vocab.SaveRoll",
      "D20C.Effects.Kind.sustain": "D20C.WD.Vocab.Keep.Kind",
      "D20C.Effects.Duration.sustain": "D20C.WD.Vocab.Keep.Duration",
      "D20C.Power.Text.sustain": "D20C.WD.Vocab.Keep.Text",
      "D20C.Power.Duration.sustain": "D20C.WD.Vocab.Keep.PowerDuration",
      "D20C.Effects.Form.SustainAction": "D20C.WD.Vocab.Keep.Action",
      "D20C.Item.Power.FIELDS.effects.element.sustain.label": "D20C.WD.Vocab.Keep.Action",
      "D20C.Item.Power.FIELDS.effects.element.aftereffect.sustain.label": "D20C.WD.Vocab.Keep.Action",
      "D20C.Effects.Control.Sustain": "D20C.WD.Vocab.Keep.Control",
      "D20C.Item.Power.FIELDS.effects.element.save.label": "D20C.WD.Vocab.SaveRoll",
      "TYPES.Item.power": "D20C.WD.Vocab.power",
      "TYPES.Item.powerPl": "D20C.WD.Vocab.powerPl",
      "D20C.Sheet.NewPower": "D20C.WD.Vocab.NewPower",
      "D20C.Effects.Kind.endOfEncounter": "D20C.WD.Vocab.Kind.endOfEncounter",
      "D20C.Effects.Duration.endOfEncounter": "D20C.WD.Vocab.Duration.endOfEncounter",
      // [SYS-FORECAST] issue 46: the forecast line, panel and planner in its words.
      ...forecastWordsIn("WD"),
    },
    bonusKinds: ["D20C.WD.Mod.Power", "D20C.WD.Mod.BCB", "D20C.WD.Mod.Enhancement"],
  },
};
