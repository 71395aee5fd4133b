/**
 * Hundred Dungeons in its own words ([SYS-WORDS]): hit dice, and the dying check (a Constitution
 * check with no tallies); and the item fields its rules never read.
 */
import type { Ruleset } from "../../ruleset.js";
import { wordsIn } from "../../words.js";

/** Its own words for shared strings (issue 45). */
const V = "D20C.HD.Vocab";

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
      "D20C.Power.Text.aftereffect": `${V}.aftereffectLine`,
      "D20C.Effects.Aftereffect": `${V}.aftereffectEffect`,
      "D20C.Effects.Form.Aftereffect": `${V}.aftereffectLabel`,
      "D20C.Power.Editor.aftereffect": `${V}.aftereffectLabel`,
      "D20C.Effects.Form.AftereffectName": `${V}.aftereffectName`,
      "D20C.Effects.Form.AftereffectDuration": `${V}.aftereffectDuration`,
      "D20C.Effects.Form.AftereffectConditions": `${V}.aftereffectConditions`,
      "D20C.Effects.Kind.saveEnds": `${V}.Kind.saveEnds`,
      "D20C.Effects.Duration.saveEnds": `${V}.Duration.saveEnds`,
      "D20C.Effects.Duration.saveEndsPlain": `${V}.Duration.saveEndsPlain`,
      "D20C.Power.Text.saveEnds": `${V}.Text.saveEnds`,
      "D20C.Power.Text.saveEndsTarget": `${V}.Text.saveEndsTarget`,
      "D20C.Power.Text.endOfEncounter": `${V}.Text.endOfEncounter`,
      "D20C.Power.Duration.saveEnds": `${V}.PowerDuration.saveEnds`,
      "D20C.Power.Duration.endOfEncounter": `${V}.PowerDuration.endOfEncounter`,
      "D20C.Effects.Form.Save": `${V}.SaveRoll`,
      "D20C.Effects.Kind.sustain": `${V}.Keep.Kind`,
      "D20C.Effects.Duration.sustain": `${V}.Keep.Duration`,
      "D20C.Power.Text.sustain": `${V}.Keep.Text`,
      "D20C.Power.Duration.sustain": `${V}.Keep.PowerDuration`,
      "D20C.Effects.Form.SustainAction": `${V}.Keep.Action`,
      "D20C.Item.Power.FIELDS.effects.element.sustain.label": `${V}.Keep.Action`,
      "D20C.Item.Power.FIELDS.effects.element.aftereffect.sustain.label": `${V}.Keep.Action`,
      "D20C.Effects.Control.Sustain": `${V}.Keep.Control`,
      "D20C.Item.Power.FIELDS.effects.element.save.label": `${V}.SaveRoll`,
      "D20C.Item.Power.FIELDS.uses.label": "D20C.HD.Usage.perRest",
      "D20C.Item.Power.FIELDS.uses.max.label": "D20C.HD.Usage.perRest",
      "TYPES.Item.power": `${V}.power`,
      "TYPES.Item.powerPl": `${V}.powerPl`,
      "D20C.Sheet.NewPower": `${V}.NewPower`,
      "D20C.Effects.Kind.endOfEncounter": `${V}.Kind.endOfEncounter`,
      "D20C.Effects.Duration.endOfEncounter": `${V}.Duration.endOfEncounter`,
    },
    bonusKinds: ["D20C.HD.Attack.power", "D20C.HD.Attack.renown"],
  },
};
