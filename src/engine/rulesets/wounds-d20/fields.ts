/** Wounds d20's part of the actor data (added to the core actor fields). */
import { bool, group, int, key, list, nullableInt, optional, text } from "../../fields.js";
import type { SourceOf, ValueOf } from "../../fields.js";

/** A wound: points past the wounded threshold dealt by one blow. */
const WOUND_FIELD = group({
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
  // [SYS-MONSTERS] issue 40 (optional: older sources lack them).
  /** Damage reduction: `amount` off each attack's damage unless the attack has any (or, `needsAll`, every) bypass keyword. */
  damageReduction: optional(list(group({ amount: int(0, { min: 0 }), bypass: list(key()), needsAll: bool(false) }))),
  /** Spell resistance (0 = none). */
  spellResistance: optional(int(0, { min: 0 })),
  /** A save kind's own total bonus from the stat block; null = the text rule (base save bonus + ability). */
  saveTotals: optional(
    group({
      charm: nullableInt(),
      reflex: nullableInt(),
      death: nullableInt(),
      fear: nullableInt(),
      spell: nullableInt(),
    }),
  ),
} as const;

// [SYS-RULESET] This game's part of the actor's stored data, typed from its descriptions: merged
// into the core's `GameActorParts` so the core names no game (issue 35).
declare module "../../types.js" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the part is the base type
  interface GameActorParts extends SourceOf<typeof ACTOR_FIELDS> {}
}

/** A Wounds d20 wound: points past the wounded threshold dealt by one blow. */
export type Wound = ValueOf<typeof WOUND_FIELD>;
