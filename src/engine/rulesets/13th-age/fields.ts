/** 13th Age's part of the actor data (added to the core actor fields). */
import { bool } from "../../fields.js";

export const ACTOR_FIELDS = {
  /** Took ongoing damage to 0 or below and has one last turn before dropping. */
  lastTurn: bool(false),
} as const;
