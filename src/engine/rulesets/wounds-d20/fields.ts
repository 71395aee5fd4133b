/** Wounds d20's part of the actor data (added to the core actor fields). */
import { bool, group, int, list, optional, text } from "../../fields.js";

/** A wound: points past the wounded threshold dealt by one blow. */
export const WOUND_FIELD = group({
  severity: int(0, { min: 0 }),
  /** Free text chosen by the GM (arm, torso…); empty until chosen. */
  location: text(),
  nasty: bool(false),
});

export const ACTOR_FIELDS = {
  /** Base combat bonus. */
  baseCombatBonus: int(0),
  wounds: list(WOUND_FIELD),
  /** Constitution damage taken from death saves. */
  constitutionDamage: int(0, { min: 0 }),
  /** What kind of creature the stat block says it is (animal, undead, humanoid…); optional: older sources lack it. */
  creatureType: optional(text()),
} as const;
