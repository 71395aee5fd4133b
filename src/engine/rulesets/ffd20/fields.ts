/** FFd20's part of the actor data (added to the core actor fields). */
import { blankChoice, bool, choice, group, int, onSheet, optional, text } from "../../fields.js";
import type { SourceOf } from "../../fields.js";

/** A monster's combat role (blank = none given). */
const COMBAT_ROLES = ["artillery", "brute", "controller", "lurker", "skirmisher", "soldier"] as const;
/** How much of a threat one monster is: a minion, a standard monster, an elite (two) or a solo (five). */
const THREAT_RANKS = ["minion", "standard", "elite", "solo"] as const;

export const ACTOR_FIELDS = {
  /** Insubstantial: half damage from everything. */
  insubstantial: onSheet(bool(false)),
  /** Melee reach in squares (1 = adjacent; a reach weapon or a large foe's 2), read from the scene. */
  reach: onSheet(optional(int(1, { min: 1 }))),
  /** The stat block's role and rank ("Level 8 elite brute"); optional: older sources lack them. */
  role: optional(blankChoice(COMBAT_ROLES)),
  rank: optional(choice(THREAT_RANKS, "standard")),
  /** Experience the party earns for defeating it. */
  xp: optional(int(0, { min: 0 })),
  /** Origin and kind as the stat block prints them (natural humanoid, elemental beast…), free text. */
  creatureType: optional(text()),
  /** [SYS-MONSTERS] Action points: each spent for an extra action on its turn. */
  actionPoints: optional(group({ value: int(0, { min: 0 }), max: int(0, { min: 0 }) })),
} as const;

// [SYS-RULESET] This game's part of the actor's stored data, typed from its descriptions: merged
// into the core's `GameActorParts` so the core names no game (issue 35).
declare module "../../types.js" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the part is the base type
  interface GameActorParts extends SourceOf<typeof ACTOR_FIELDS> {}
}
