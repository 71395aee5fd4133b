/** 13th Age's part of the actor data (added to the core actor fields). */
import { blankChoice, bool, choice, optional, text } from "../../fields.js";
import type { SourceOf } from "../../fields.js";

/** A monster's role: how it fights (blank = none given). */
/** [SYS-MONSTERS] Monster strength: how many normal monsters it counts as (its printed numbers are final). */
const MONSTER_STRENGTHS = ["weakling", "normal", "double", "triple"] as const;

const MONSTER_ROLES = ["mook", "troop", "wrecker", "spoiler", "archer", "blocker", "caster", "leader"] as const;

export const ACTOR_FIELDS = {
  /** Took ongoing damage to 0 or below and has one last turn before dropping. */
  lastTurn: bool(false),
  /** The stat block's role ("Large 4th level troop"); optional: older sources lack it. */
  monsterRole: optional(blankChoice(MONSTER_ROLES)),
  /** What kind of creature the stat block says it is (beast, humanoid, undead…), free text. */
  creatureType: optional(text()),
  /** [SYS-MONSTERS] Monster strength (weakling ½, normal 1, double 2, triple 3 in battle size). */
  strength: optional(choice(MONSTER_STRENGTHS, "normal")),
  /** [SYS-MONSTERS] A mook's mob: mooks with the same non-empty mob in one combat share damage. */
  mob: optional(text()),
} as const;

// [SYS-RULESET] This game's part of the actor's stored data, typed from its descriptions: merged
// into the core's `GameActorParts` so the core names no game (issue 35).
declare module "../../types.js" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the part is the base type
  interface GameActorParts extends SourceOf<typeof ACTOR_FIELDS> {}
}
