/** FFd20's part of the actor data (added to the core actor fields). */
import { bool, onSheet } from "../../fields.js";

export const ACTOR_FIELDS = {
  /** Insubstantial: half damage from everything. */
  insubstantial: onSheet(bool(false)),
} as const;
