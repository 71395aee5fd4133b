/**
 * The core actor fields: what every game stores on a `character` or `npc` (level, abilities, HP,
 * defenses, armor, traits, conditions, recoveries and the life state machine). Each game adds its
 * own part through its ruleset's `actorFields`; the stored `system` is this core plus every
 * registered game's part, so switching games never drops a field.
 */
import {
  bool,
  blankChoice,
  choice,
  damageType,
  formula,
  group,
  int,
  key,
  list,
  nullableInt,
  num,
  optional,
  record,
  text,
} from "./fields.js";
import type { FieldDesc } from "./fields.js";
import { ABILITY_KEYS, type AbilityKey } from "./types.js";
import { BUILD_FIELD } from "./build-fields.js";
import { CURRENCY_FIELD, IDENTITY_FIELD } from "./gear-fields.js";

/** Size categories (`size` blank = the token's size decides). */
export const SIZE_KEYS = ["tiny", "small", "medium", "large", "huge", "gargantuan"] as const;

/** Life states the engine drives (see `LifeState`). */
export const LIFE_STATES = ["active", "unconscious", "dying", "staggered", "stable", "dead"] as const;

/** A damage-type trait: a damage type key (or `all`) and a value the ruleset's `traitForms` reads. */
export const DAMAGE_TRAIT_FIELD = group({ type: damageType("all"), value: num(0, { min: 0, minStoredOnly: true }) });

const abilities = Object.fromEntries(ABILITY_KEYS.map((k) => [k, int(10)])) as Record<AbilityKey, FieldDesc<number>>;

/** Who an aura touches, relative to its bearer's side (the bearer never). */
const AURA_WHO = ["enemies", "allies", "all"] as const;
/** When an aura acts: at an affected creature's turn start inside, when a move brings it in, while inside. */
const AURA_WHEN = ["turnStart", "enter", "within"] as const;
/** What an aura's modifier adds to, while within. */
const AURA_MODIFIER_TARGETS = ["none", "attacks", "defenses"] as const;

/** Movement modes, in feet (the contract: /work/contracts/wt-e.md, docs/data-model.md). */
const MOVEMENT_FIELDS = {
  fly: num(0, { min: 0 }),
  hover: bool(false),
  climb: num(0, { min: 0 }),
  swim: num(0, { min: 0 }),
  burrow: num(0, { min: 0 }),
} as const;

/** One aura: its name, radius in squares from the bearer's footprint, who, when and what. */
const AURA_FIELDS = {
  name: text(),
  radius: int(1, { min: 1 }),
  who: choice(AURA_WHO, "enemies"),
  when: choice(AURA_WHEN, "turnStart"),
  damage: group({ formula: formula("damage", ""), type: damageType("untyped") }),
  /** A condition id of the active game ("" = none). */
  condition: text(),
  modifier: group({ target: choice(AURA_MODIFIER_TARGETS, "none"), value: int(0) }),
  /** Only creatures whose HP is below this are touched (0 = any). */
  belowHp: int(0, { min: 0 }),
} as const;

/** The core of every actor's `system` (the engine's `ActorSource` minus `kind` and the games' parts). */
export const CORE_ACTOR_FIELDS = {
  level: int(1, { min: 0, minStoredOnly: true }),
  /** Scores as the game writes them (HD: small scores −5…+10; the others 3–30). */
  abilities: group(abilities),
  /** 13th Age may go below 0, so `value` has no minimum. */
  hp: group({ value: int(10), max: int(10, { min: 1 }), temp: int(0, { min: 0 }) }),
  /**
   * Defense inputs per defense key. `base` null = derive it from the rules (PCs); a number = the
   * stat block's value (NPCs). `bonus` = summed misc bonuses (Active Effects add here).
   */
  defenses: record(group({ base: nullableInt(), bonus: int(0) })),
  /** Flat attack bonus for NPC stat blocks and misc attack bonuses for PCs (AE target). */
  attackBonus: int(0),
  /** Extra initiative bonus on top of the ruleset's formula (13A: NPC initiative; AE target). */
  initiativeBonus: int(0),
  /** Wounds d20 base save bonus; FFd20/13A: flat bonus to saving throws. */
  baseSaveBonus: int(0),
  speed: num(30, { min: 0 }),
  /** Size category; blank = the token's size decides (optional: older sources lack it). */
  size: optional(blankChoice(SIZE_KEYS)),
  /** Armor worn and shield carried; equipped armor items are added onto these in the data model. */
  armor: group({
    armorBonus: int(0),
    shieldBonus: int(0),
    /** Highest Dex modifier the armor lets through to AC; null = no cap. */
    maxDex: nullableInt(),
    /** Heavy armor (FFd20: no Dex/Int to AC). */
    heavy: bool(false),
  }),
  resistances: list(DAMAGE_TRAIT_FIELD),
  vulnerabilities: list(DAMAGE_TRAIT_FIELD),
  immunities: list(damageType()),
  /** Condition / status ids currently on the actor (from the ruleset's `conditions`). */
  conditions: list(key()),
  /** NPC marked important: goes dying instead of dying outright (HD), or gets death saves (13A). */
  important: bool(false),
  /** NPC flag: adds the escalation die to attacks (PCs always do where the die is on). */
  usesEscalation: bool(false),
  recoveries: group({
    value: int(8, { min: 0 }),
    max: int(8, { min: 0 }),
    /** Roll formula of one recovery, resolved by the adapter (e.g. `5d10+2`). */
    formula: formula("damage", "1d8"),
    /** Recoveries used with none left since the last heal-up: −1 each to attacks and defenses. */
    noRecoveryUses: int(0, { min: 0 }),
    ralliesThisBattle: int(0, { min: 0 }),
    battlesSinceHealUp: int(0, { min: 0 }),
  }),
  deathSaves: group({ successes: int(0, { min: 0 }), failures: int(0, { min: 0 }) }),
  /** Turns taken since dying began (HD dying check target is 10 + this). */
  dyingTurns: int(0, { min: 0 }),
  state: choice(LIFE_STATES, "active"),
  // [SYS-MONSTERS] issue 40: what a creature shrugs off (optional: older sources lack them).
  /** Condition ids of the game's set that never take hold on it (a power effect naming one is refused). */
  conditionImmunities: optional(list(key())),
  /** Attack keywords (fear, charm, poison…) whose effects never take hold on it. */
  keywordImmunities: optional(list(key())),
  /** Its resistance / immunity / damage reduction to `type` does not apply against an attack with any of `keywords` (magic, silver…). */
  traitBypass: optional(list(group({ type: damageType("all"), keywords: list(key()) }))),
  // [SYS-MONSTERS] issue 41 (optional: older sources lack them; see src/engine/auras.ts).
  /** Speeds other than walking, in feet like `speed` (0 = none); `hover`: stays aloft whatever befalls it. */
  movement: optional(group(MOVEMENT_FIELDS)),
  /** Auras the creature gives off, read from the scene at turn starts and moves. */
  auras: optional(list(group(AURA_FIELDS))),
  /** [SYS-CHARACTER] class, backgrounds, skills and overrides (src/engine/build-fields.ts). */
  build: BUILD_FIELD,
  /** [SYS-CHARACTER] issue 44: ancestry, One Unique Thing, icon relationships (src/engine/gear-fields.ts). */
  identity: IDENTITY_FIELD,
  /** [SYS-CHARACTER] issue 44: coins carried. */
  currency: CURRENCY_FIELD,
  /**
   * [HD-MIGHTY] issue 42: attack traits its game reads from the scene (Hundred Dungeons
   * `packTactics`: its attacks are mighty against a creature an ally able to act stands next to).
   * Optional: older sources lack it.
   */
  attackTraits: optional(list(key())),
} as const;
