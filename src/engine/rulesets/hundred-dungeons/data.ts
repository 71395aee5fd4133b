/**
 * Hundred Dungeons as data: the one Defense, ability rolls as saves, damage types, initiative and
 * how resistances read. A leaf module: the engine's list of every game's damage types reads it.
 * The conditions are in `conditions.ts`, the Open-rule options in `options.ts`.
 */
import type { AbilityKey, DefenseSpec, InitiativeRules, SaveSpec, TraitForms } from "../../types.js";
import { ABILITY_KEYS } from "../../types.js";

export const HD_ID = "hundred-dungeons" as const;

/** i18n label of an ability (its rolls are this game's saves). */
export const ABILITY_LABEL = (k: AbilityKey): string => `D20C.HD.Ability.${k}`;

/** [HD-ATK] One Defense every attack targets. */
export const HD_DEFENSES: readonly DefenseSpec[] = [
  { key: "def", label: "D20C.HD.Defense.def", abbr: "D20C.HD.Defense.defAbbr" },
];

/** Ability rolls stand in for saves. */
export const HD_SAVES: readonly SaveSpec[] = ABILITY_KEYS.map((k) => ({ key: k, label: ABILITY_LABEL(k) }));

/** [HD-INIT] Around the table from the GM's seat; surprised creatures skip the first round. */
export const HD_INITIATIVE: InitiativeRules = {
  mode: "aroundTable",
  roll: "gmSingle",
  surprise: "skipFirstRound",
  simultaneousTies: false,
};

/** Resistance halves, vulnerability doubles ([HD-RESIST]). */
export const HD_TRAIT_FORMS: TraitForms = { resist: "halve", vulnerable: "double" };

/** Damage types the game knows. */
export const HD_DAMAGE_TYPES = [
  "acid",
  "bludgeoning",
  "cold",
  "fire",
  "force",
  "lightning",
  "necrotic",
  "piercing",
  "poison",
  "psychic",
  "radiant",
  "slashing",
  "thunder",
] as const;
