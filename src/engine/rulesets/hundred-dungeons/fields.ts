/** Hundred Dungeons' part of the actor data (added to the core actor fields). */
import { int, key, list, num, onSheet, optional } from "../../fields.js";

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
} as const;
