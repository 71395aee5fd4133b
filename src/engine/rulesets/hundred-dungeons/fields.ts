/** Hundred Dungeons' part of the actor data (added to the core actor fields). */
import { blankChoice, group, int, key, list, num, onSheet, optional, text } from "../../fields.js";
import type { SourceOf } from "../../fields.js";

/** Challenge ratings a stat block may give, lowest first (blank = none given). */
const CHALLENGE_RATINGS = ["0", "1/8", "1/4", "1/2", ...Array.from({ length: 30 }, (_v, i) => String(i + 1))] as const;

export const ACTOR_FIELDS = {
  /** Renown, added when a weapon skill applies. */
  renown: int(0, { min: 0 }),
  /** Weapon skills: weapon classes or names the skill covers. */
  weaponSkills: list(key()),
  /** Exhaustion level 0–6. */
  exhaustion: int(0, { min: 0 }),
  /** Swim speed in feet (underwater attacks); optional: older sources lack it (= 0). */
  swimSpeed: optional(num(0, { min: 0 })),
  /** Melee reach in squares (1 = 5 ft; a reach weapon's 10 ft = 2), read from the scene. */
  reach: onSheet(optional(int(1, { min: 1 }))),
  // The stat block's words (optional: older sources lack them): what it is, its challenge and the
  // experience it is worth, its senses and skills as the GM writes them.
  creatureType: optional(text()),
  alignment: optional(text()),
  challenge: optional(blankChoice(CHALLENGE_RATINGS)),
  xp: optional(int(0, { min: 0 })),
  senses: optional(text()),
  skills: optional(text()),
  /**
   * [SYS-MONSTERS] Legendary actions per round (spent at the end of other creatures' turns) and
   * legendary resistance per day (a failed save becomes a success), each with what is left.
   */
  legendary: optional(
    group({
      actions: int(0, { min: 0 }),
      actionsLeft: int(0, { min: 0 }),
      resistances: int(0, { min: 0 }),
      resistancesLeft: int(0, { min: 0 }),
    }),
  ),
} as const;

// [SYS-RULESET] This game's part of the actor's stored data, typed from its descriptions: merged
// into the core's `GameActorParts` so the core names no game (issue 35).
declare module "../../types.js" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the part is the base type
  interface GameActorParts extends SourceOf<typeof ACTOR_FIELDS> {}
}
