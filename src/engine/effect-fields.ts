/**
 * The fields of a system ActiveEffect's data (`flags["d20-combat"].effect`): the engine's
 * `EffectSource` minus what the effect document holds itself (id, name, statuses). The flag's
 * Foundry schema and the checks that repair bad stored data both come from these descriptions.
 */
import { bool, choice, int, key, list, nullableChoice, nullableGroup, nullableInt, text } from "./fields.js";
import { DURATION_KINDS, EFFECT_NUMBER_MAX, SAVE_DIFFICULTIES, SUSTAIN_KINDS, TURN_OF } from "./item-fields.js";

/** A save's bonus: a whole number within the cap either way. */
const SAVE_BONUS = int(0, { min: -EFFECT_NUMBER_MAX, max: EFFECT_NUMBER_MAX });

/** Ongoing damage an effect deals: an amount and a damage type; null = none. */
const ONGOING = nullableGroup({ amount: int(0, { min: 0, max: EFFECT_NUMBER_MAX }), type: key("untyped") });

/** What an aftereffect stores (it starts when the effect ends). */
export const AFTEREFFECT_FIELDS = {
  name: text(),
  /** Whose turns time it; null = the bearer's. */
  sourceCombatantId: key(null),
  duration: choice(DURATION_KINDS, "saveEnds"),
  /** Whose next turn times it: the creator's or the affected creature's (absent = the creator's). */
  turnOf: choice(TURN_OF, "creator"),
  save: choice(SAVE_DIFFICULTIES, "normal"),
  saveBonus: SAVE_BONUS,
  sustain: nullableChoice(SUSTAIN_KINDS),
  ongoing: ONGOING,
  statuses: list(key()),
} as const;

/** What the effect flag stores. */
export const EFFECT_FLAG_FIELDS = {
  /** Whose turns time it; null = the bearer's. */
  sourceCombatantId: key(null),
  duration: choice(DURATION_KINDS, "saveEnds"),
  /** Whose next turn times it: the creator's or the affected creature's (absent = the creator's). */
  turnOf: choice(TURN_OF, "creator"),
  save: choice(SAVE_DIFFICULTIES, "normal"),
  saveBonus: SAVE_BONUS,
  sustain: nullableChoice(SUSTAIN_KINDS),
  /** The round it was last sustained in; null = not yet. */
  sustainedRound: nullableInt({ min: 0 }),
  ongoing: ONGOING,
  aftereffect: nullableGroup(AFTEREFFECT_FIELDS),
  /** Whether its end-of-turn timing is armed (set at the timing creature's turn start). */
  armed: bool(false),
  /** A number the effect carries (a Hide result, rounds of a slow spell); null = none. */
  tally: nullableInt({ min: -EFFECT_NUMBER_MAX, max: EFFECT_NUMBER_MAX }),
  /** Feet its bearer has moved since it began (a Hide's running total); null = none. */
  moved: nullableInt({ min: 0, max: EFFECT_NUMBER_MAX }),
} as const;
