/**
 * Wounds d20 in its own words ([SYS-WORDS]): recovery dice, and the Death save, which is both one
 * of the five saves and the roll of the dying (four successes stabilise, three failures kill); and
 * the item fields its rules never read.
 */
import type { Ruleset } from "../../ruleset.js";
import { wordsIn } from "../../words.js";
import { K } from "./data.js";

/** Its own words for shared strings (issue 45). */
const V = "D20C.WD.Vocab";

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
      "TYPES.Item.power": `${V}.power`,
      "TYPES.Item.powerPl": `${V}.powerPl`,
      "D20C.Sheet.NewPower": `${V}.NewPower`,
      "D20C.Effects.Kind.endOfEncounter": `${V}.Kind.endOfEncounter`,
      "D20C.Effects.Duration.endOfEncounter": `${V}.Duration.endOfEncounter`,
    },
    bonusKinds: ["D20C.WD.Mod.Power", "D20C.WD.Mod.BCB", "D20C.WD.Mod.Enhancement"],
  },
};
