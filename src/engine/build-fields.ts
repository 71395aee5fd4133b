/**
 * [SYS-CHARACTER] A character's build: its class (a key of the active game's class table), the
 * 13th Age backgrounds, the skills the other games read, and the numbers typed over what the class
 * derives. Optional: older sources lack it (no class = every number typed by hand, as before).
 * Monsters never derive from it: they keep their printed numbers.
 */
import { bool, formula, group, int, key, list, nullableInt, optional, text } from "./fields.js";

/** A 13th Age background: a few words and the points it gives (one background per check). */
const BACKGROUND_FIELD = group({ name: text(), points: int(0, { min: 0, max: 8 }) });

/** A skill: its key in the game's skill list, trained (FFd20 +5; HD: covered, renown added), ranks (Wounds d20). */
const SKILL_FIELD = group({ key: key("perception"), trained: bool(true), ranks: int(0, { min: 0 }) });

export const BUILD_FIELD = optional(
  group({
    /** "" = no class (the numbers are typed); else a key of the active game's class table. */
    classKey: text(),
    backgrounds: list(BACKGROUND_FIELD),
    skills: list(SKILL_FIELD),
    /** Numbers typed over the derived ones (null / "" = derived). Defense overrides are `defenses.<key>.base`. */
    overrides: group({
      hpMax: nullableInt({ min: 1 }),
      recoveriesMax: nullableInt({ min: 0 }),
      recoveryFormula: formula("damage", ""),
      baseCombatBonus: nullableInt(),
      baseSaveBonus: nullableInt(),
      renown: nullableInt({ min: 0 }),
    }),
  }),
);
