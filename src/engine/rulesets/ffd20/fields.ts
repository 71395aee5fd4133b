/** FFd20's part of the actor data (added to the core actor fields). */
import { bool, int, onSheet, optional } from "../../fields.js";

export const ACTOR_FIELDS = {
  /** Insubstantial: half damage from everything. */
  insubstantial: onSheet(bool(false)),
  /** Melee reach in squares (1 = adjacent; a reach weapon or a large foe's 2), read from the scene. */
  reach: onSheet(optional(int(1, { min: 1 }))),
} as const;
