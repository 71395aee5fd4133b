/** 13th Age's part of the actor data (added to the core actor fields). */
import { blankChoice, bool, optional, text } from "../../fields.js";

/** A monster's role: how it fights (blank = none given). */
const MONSTER_ROLES = ["mook", "troop", "wrecker", "spoiler", "archer", "blocker", "caster", "leader"] as const;

export const ACTOR_FIELDS = {
  /** Took ongoing damage to 0 or below and has one last turn before dropping. */
  lastTurn: bool(false),
  /** The stat block's role ("Large 4th level troop"); optional: older sources lack it. */
  monsterRole: optional(blankChoice(MONSTER_ROLES)),
  /** What kind of creature the stat block says it is (beast, humanoid, undead…), free text. */
  creatureType: optional(text()),
} as const;
