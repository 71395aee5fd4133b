/**
 * Shared plain-data types of the rules engine. Everything here is JSON-shaped so the adapter can
 * build it from Foundry documents and tests can write it by hand. No Foundry globals, no DOM.
 *
 * Conventions:
 * - `label` fields are i18n keys (present in lang/en.json), never English prose.
 * - Engine functions never mutate their inputs; they return new objects.
 * - Dice results are inputs (`dice`, `faces`, `RollResult`); the engine never rolls.
 */
import type { DamageExpression } from "./dice.js";
import type { DAMAGE_TRAIT_FIELD, LIFE_STATES } from "./actor-fields.js";
import type { CORE_ACTOR_FIELDS } from "./actor-fields.js";
import type { SourceOf, ValueOf } from "./fields.js";
import type { AREA_SHAPES } from "./item-fields.js";

/** A registered game's id: a built-in one or one added through `registerRuleset`. */
export type RulesetId = string;

export const ABILITY_KEYS = ["str", "dex", "con", "int", "wis", "cha"] as const;
export type AbilityKey = (typeof ABILITY_KEYS)[number];

/** One labelled number that went into a total (shown itemised on cards and sheets). */
export interface Modifier {
  /** Stable machine key, e.g. `escalation`, `bloodied`, `cover`. */
  key: string;
  /** i18n key of the label. */
  label: string;
  value: number;
}

/** World-setting values for the active ruleset's Open rules (see {@link OptionSpec}). */
export type RuleOptions = Readonly<Record<string, string | number | boolean>>;

/** A rules choice a table may disagree on; the adapter registers each as a world setting. */
export interface OptionSpec {
  /** Setting key, unique within the ruleset, e.g. `critDamage`. */
  key: string;
  /** Rule ID it decides, e.g. `13A-NAT20`. */
  rule: string;
  label: string;
  hint: string;
  type: "boolean" | "choice" | "number";
  /** For `choice`: value → i18n label key. */
  choices?: Record<string, string>;
  default: string | number | boolean;
}

// ------------------------------------------------------------------------------------------------
// Actors
// ------------------------------------------------------------------------------------------------

export type ActorKind = "character" | "npc";

/**
 * Where a creature stands between fighting and dead. `active` = up and acting.
 * 13th Age: `unconscious` at exactly 0, `dying` below 0 (death saves). FFd20 (chosen rule): dying at
 * 0 or less. Hundred Dungeons: `dying` at 0 HP, `unconscious` when knocked out. Wounds d20:
 * `staggered`, `dying`, `stable`, `unconscious` (nonlethal) as the death save decides.
 */
export type LifeState = (typeof LIFE_STATES)[number];

/** A damage-type trait. How `value` is read is the ruleset's business (see {@link TraitForms}). */
type DamageTrait = ValueOf<typeof DAMAGE_TRAIT_FIELD>;

/** Armor worn and shield carried, aggregated by the adapter from equipped armor items. */
export type ArmorSummary = ActorSource["armor"];

/**
 * The games' parts of the stored actor data, typed from their field descriptions. Empty in the
 * core: each built-in game adds its part from its own `fields.ts` (`declare module` merging into
 * this interface), so the core names no game and a game's fields are typed where it defines them.
 * @public (filled by declaration merging, which knip does not count as a use)
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the games' declaration merging
export interface GameActorParts {}

/**
 * The source data of an actor the way every ruleset reads it: `kind` (the actor type) plus the
 * stored fields, derived from their descriptions (the core fields and each built-in game's part). The data
 * models store exactly these fields under `system`; derived values are NOT stored here.
 */
export type ActorSource = { kind: ActorKind } & SourceOf<typeof CORE_ACTOR_FIELDS> & {
    [K in keyof GameActorParts]: GameActorParts[K];
  };

/** Values a ruleset derives from an {@link ActorSource} for sheets, rolls and cards. */
export interface DerivedActor {
  /** Ability modifiers as the game uses them (HD: the score itself). */
  abilityMods: Record<AbilityKey, number>;
  /** Final defense values by key (incl. Wounds d20 `touch` and `flat`). */
  defenses: Record<string, number>;
  /** Penalties applying to every attack (bloodied, wounded, no-recovery…), itemised. */
  attackPenalties: Modifier[];
  /** Penalties applying to every defense, itemised (already included in `defenses`). */
  defensePenalties: Modifier[];
  /** Total initiative modifier (formula = `1d20 + this`, or the ruleset's own die). */
  initiative: number;
  /** Save bonus per save kind key. */
  saves: Record<string, number>;
  bloodied: boolean;
  wounded: boolean;
  /** HP bar helpers (Wounds d20 counts damage up from the same numbers). */
  damageTaken: number;
  /** Status labels (i18n keys) to show on the sheet, e.g. bloodied, staggered. */
  statusLabels: string[];
  /**
   * What an ability added to damage is multiplied by (13th Age: 1 at levels 1–4, 2 at champion
   * tier 5–7, 3 at epic tier 8–10, characters only). Absent = 1. Roll data `@tier`.
   */
  tier?: number;
}

// ------------------------------------------------------------------------------------------------
// Items (powers, weapons, armor) as the engine reads them
// ------------------------------------------------------------------------------------------------

export type RangeKind = "melee" | "ranged" | "close" | "area";
export type WeaponClass = "simple" | "martial" | "heavy";

export interface WeaponSource {
  /** Weapon damage dice, e.g. `1d8`, `2d6`. Empty = use the weapon class die (HD). */
  damageDice: string;
  weaponClass: WeaponClass;
  light: boolean;
  finesse: boolean;
  twoHanded: boolean;
  offHand: boolean;
  thrown: boolean;
  /** Ranged (ammunition) weapon. */
  ranged: boolean;
  proficient: boolean;
  /** FFd20 proficiency bonus to attack. */
  proficiencyBonus: number;
  enhancement: number;
  /** Extra dice rolled on a crit (FFd20 magic/high-crit weapons), e.g. `1d6`. */
  critDice: string;
  /** Lowers the crit threshold by this much (precision / high-crit). */
  critRange: number;
  name: string;
  /**
   * The ability the weapon's own attack rolls when the game lets a weapon name it (13th Age,
   * FFd20: a rogue's Dexterity melee); null or absent = the game's default (melee Strength,
   * ranged Dexterity).
   */
  attackAbility?: AbilityKey | null;
  /**
   * Miss damage of the weapon's own attack (13th Age "damage equal to your level" where the
   * character's basic attack says so), as stored (`@level`); "" or absent = none.
   */
  missDamage?: string;
  /** [SYS-MONSTERS] The weapon's keywords (magic, silver…); absent = none. */
  properties?: string[];
  /** [SYS-MONSTERS] Wounds d20 critical damage multiplier (2–4); absent = 2. */
  critMultiplier?: number;
}

export interface PowerSource {
  /** Ability used for the attack; null = flat `attackBonus` only (monster stat blocks). */
  attackAbility: AbilityKey | null;
  /** Flat bonus added to the attack (power/feat/item bonuses, NPC attack bonus). */
  attackBonus: number;
  /** Defense key targeted (`ac`, `pd`, `md`, `fort`, `ref`, `will`, `touch`…). */
  defense: string;
  range: RangeKind;
  /** Damage formula after @-references are resolved; may use `N[W]`. Empty = no damage. */
  damage: string;
  /** Damage type keys; empty = untyped. */
  damageTypes: string[];
  /** Damage ability added to damage where the game says so (FFd20 powers name it in the formula). */
  /** Miss: `none`, `half` (half the hit damage), or `formula` (use `missDamage`). */
  missEffect: "none" | "half" | "formula";
  missDamage: string;
  /** Extra crit damage formula of the power itself. */
  critDamage: string;
  /** Lowers the crit threshold (precision powers). */
  critRange: number;
  /** Ongoing damage inflicted on a hit, if any. */
  ongoing: { amount: number; type: string; save: "easy" | "normal" | "hard" } | null;
  /** Wounds d20: touch attack (ignores armor bonus). Nonlethal damage. */
  touch: boolean;
  nonlethal: boolean;
  /** What the power does on a hit, a miss and a crit beyond damage. Optional: absent = nothing. */
  effects?: PowerEffectSpec[];
  /** Free text of each outcome (shown on the sheet and the card). Optional: absent = none. */
  texts?: PowerTexts;
  /** A close or area power's area as it states it. Optional: absent = none stated. */
  area?: AreaSpec;
  /** [SYS-MONSTERS] The attack's keywords (magic, fear, poison…); absent = none. */
  properties?: string[];
  /** [SYS-MONSTERS] Wounds d20 critical damage multiplier (2–4); absent = 2 (or the weapon's). */
  critMultiplier?: number;
  /**
   * [SYS-MONSTERS] Damage parts dealt with the main damage, each with its own types (formulas with
   * `@references` resolved). Optional: absent or empty = the main damage alone.
   */
  damageParts?: DamagePartSource[];
  /**
   * [SYS-MONSTERS] The target's save that decides the power instead of an attack roll, in a game
   * with save-based attacks (`Ruleset.saveAttacks`). Optional: absent or null = an attack roll.
   */
  saveAttack?: SaveAttackSpec | null;
  /**
   * [SYS-TARGETS] How many targets one use may attack, as stored ("2", "1d3"). Optional: absent or
   * blank = every target the user picks.
   */
  targetCount?: string;
}

/**
 * [SYS-MONSTERS] A save-based power's save: the game's save kind (Hundred Dungeons an ability,
 * Wounds d20 one of its five saves), the DC, and what a success does to the damage (half, none).
 */
export interface SaveAttackSpec {
  save: string;
  dc: number;
  onSuccess: "none" | "half";
}

/** One part of a power's damage beyond the main one: its formula and its damage types. */
export interface DamagePartSource {
  formula: string;
  types: string[];
}

/** The shape of a power's area (`none`: not stated; the user's own template decides). */
type AreaShape = (typeof AREA_SHAPES)[number];

/** A power's area: its shape and its size in squares (burst N, blast N, a 20-ft radius = 4). */
export interface AreaSpec {
  shape: AreaShape;
  size: number;
}

/** A power's free text per outcome. */
export interface PowerTexts {
  hit: string;
  miss: string;
  crit: string;
}

// ---- what a power does on a hit, a miss and a crit, and how often it can be used ------------

/** Which outcome an effect of a power belongs to (a crit is also a hit; `miss` = the miss effect applies). */
type PowerOutcomeKey = "hit" | "miss" | "crit";

/**
 * A condition on the attack's natural roll: any, even, odd, or N or more (13th Age "natural 16+");
 * or, in a game that offers it, combat advantage against the target ([FF-CA]).
 */
export interface NaturalTrigger {
  kind: "any" | "even" | "odd" | "atLeast" | "combatAdvantage" | "atMost" | "range" | "list";
  /** For `atLeast` and `range`: the lowest natural roll that triggers it; for `atMost`, the highest. */
  value: number;
  /** [SYS-MONSTERS] For `range`: the highest natural roll that triggers it. Optional: absent = 0. */
  max?: number;
  /** [SYS-MONSTERS] For `list`: the natural rolls that trigger it. Optional: absent = none. */
  values?: number[];
}

/** The lasting part of a power's effect: the conditions it imposes, how long, any ongoing damage. */
export interface PowerEffectBody {
  /** Condition ids imposed (from the ruleset's `conditions`). */
  statuses: string[];
  /**
   * How long, as stored: a duration kind, or `startOfItsNextTurn` / `endOfItsNextTurn` — the
   * start / end of the affected creature's next turn; the plain next-turn kinds count the
   * attacker's turn (`durationOfChoice` splits it into the effect's duration and `turnOf`).
   */
  duration: DurationChoice;
  /** Save-ends difficulty (the game reads its own target from it). */
  save: "easy" | "normal" | "hard";
  /** Action that sustains a `sustain` duration. */
  sustain: "standard" | "move" | "minor" | null;
  /** Ongoing damage bundled into the effect (one save ends it all). */
  ongoing: { amount: number; type: string } | null;
}

/** One effect a power has on an outcome: data the system applies plus the words shown with it. */
export interface PowerEffectSpec extends PowerEffectBody {
  outcome: PowerOutcomeKey;
  trigger: NaturalTrigger;
  /** Free text shown with the effect (the part the system does not apply). */
  text: string;
  /** What replaces it once it is saved against (FFd20 aftereffect); null = nothing. */
  aftereffect: PowerEffectBody | null;
  /** Push, pull or slide of the target this outcome causes ([FF-FORCED]). Absent / null = none. */
  forced?: ForcedMovement | null;
  /**
   * [SYS-MONSTERS] Damage the effect deals when it fires (a rider), with its own types; rolled on
   * the card and added to the target's damage as one more part. Absent / null = none.
   */
  damage?: DamagePartSource | null;
}

/** How often a power can be used, as its item stores it. */
export interface PowerUsageState {
  /** Usage kind key (`atWill`, `encounter`, `daily`, `recharge`, `perRest`). */
  usage: string;
  /** Recharge roll target N (recharge N+); 0 = none. */
  recharge: number;
  used: boolean;
  /** Uses per rest: spent so far and the maximum (`perRest`). */
  uses: { spent: number; max: number };
  /** [SYS-MONSTERS] The recharge die (`d20` / `d6`). Optional: absent = d20. */
  rechargeDie?: "d20" | "d6";
  /** [SYS-MONSTERS] When a spent recharge power rolls. Optional: absent = after the battle. */
  rechargeAt?: "battleEnd" | "turnStart";
  /** [SYS-MONSTERS] It also comes back when its creature is first bloodied. Optional: absent = no. */
  rechargeBloodied?: boolean;
  /** [SYS-MONSTERS] Its creature's first bloodying this battle was counted. Optional: absent = not yet. */
  bloodiedSeen?: boolean;
}

/** A usage kind a game offers. */
export interface PowerUsageSpec {
  key: string;
  label: string;
  /** Whether using it spends it (false for at-will). */
  limited: boolean;
}

/** A rest a game offers on the sheet (and the tracker, for the party). */
export interface RestSpec {
  key: string;
  label: string;
  hint: string;
  /** Taken only out of combat ([WD-RECOVERY] catching one's breath). Optional: absent = any time. */
  outOfCombat?: boolean;
}

/** A moment usage may come back: the end of a battle, or one of the game's rests (by key). */
/**
 * When a power's usage may come back: the battle's end (with the world's rule options, where a game
 * lets a table decide what the end brings back) or one of the game's rests.
 */
export type PowerMoment = { kind: "combatEnd"; options?: RuleOptions } | { kind: "rest"; rest: string };

/** What happens to a power's usage at a moment: nothing, back to fresh, or a recharge roll. */
export type PowerRefresh = { kind: "keep" } | { kind: "reset" } | { kind: "recharge"; formula: string; target: number };

// ------------------------------------------------------------------------------------------------
// Attacks
// ------------------------------------------------------------------------------------------------

/** How many d20s to roll and which to keep ([HD-MIGHTY]). */
export type RollMode = "normal" | "mighty" | "weak";

/** Situational modifiers chosen in the attack dialog or derived from conditions. */
export interface Situation {
  combatAdvantage: boolean;
  cover: "none" | "partial" | "superior" | "total";
  concealment: "none" | "partial" | "total";
  /** Sources of mighty / weak beyond conditions (Help, Dodge, hiding, the dialog toggle). */
  mighty: number;
  weak: number;
  /** Free bonus (or penalty) typed in the dialog. */
  bonus: number;
  /** Attacker targeted the wrong square / space of an unseen target: automatic miss. */
  wrongSquare: boolean;
  /** HD: ranged attack made within an enemy's melee reach (weak). */
  withinMeleeReach: boolean;
  /** Target is caught off guard (Wounds d20 flat-footed). */
  offGuard: boolean;
  /**
   * The attack is a coup de grace on a helpless target (FFd20: an automatic critical hit,
   * [FF-CRITDMG]). Optional: absent = false; only games that list it in `situational` read it.
   */
  coupDeGrace?: boolean;
  /**
   * [HD-COND] The source of the attacker's fear is out of its line of sight, so frightened does not
   * weaken the attack. Optional: absent = in sight (or no fear); only games that list it in
   * `situational` read it.
   */
  fearSourceUnseen?: boolean;
  /**
   * [SYS-HOOKS] What modules' `preAttack` hooks changed (already counted in `bonus`), shown on the
   * card as "+2 from <module>". Optional: absent = none.
   */
  hooks?: HookChange[];
  /**
   * [HD-COND] Against a save-based power: the source of this target's fear is out of its line of
   * sight (the scene's answer), so frightened does not weaken its save. Optional: absent = in sight
   * (or no fear, or not read); only a per-target situation carries it.
   */
  targetFearSourceUnseen?: boolean;
}

/** One change a module's pre hook made ([SYS-HOOKS], src/engine/plans/hook-bounds.ts). */
export interface HookChange {
  /** The number it changed: an attack's situational bonus, an application's amount, a save's target. */
  field: "bonus" | "amount" | "target";
  /** The signed change (the new value minus the old one). */
  delta: number;
  /** The module's name as the card shows it (localised, one line, bounded). */
  source: string;
}

export interface AttackInput {
  /** d20 faces rolled: one, or two when the mode is mighty/weak. */
  dice: number[];
  /** Base attack bonus already totalled (for display, `bonusParts` may itemise it). */
  attackBonus: number;
  bonusParts?: Modifier[];
  defense: { key: string; value: number };
  range: RangeKind;
  situation: Situation;
  /** Current escalation die value (0 when not in combat or off). */
  escalation: number;
  attacker: {
    kind: ActorKind;
    usesEscalation: boolean;
    /** From `DerivedActor.attackPenalties`. */
    penalties: Modifier[];
    conditions: string[];
    exhaustion: number;
    /** HD: the attacker has a swim speed (no underwater weak attacks, [HD-WATER]). Absent = false. */
    swimSpeed?: boolean;
    /** The attacker's combatant id (or stand-alone id) and effects, for who-to-whom rules. Optional. */
    id?: string;
    effects?: EffectSource[];
  };
  target: {
    conditions: string[];
    vulnerabilities: DamageTrait[];
    exhaustion: number;
    /** Size category ([HD-COND] prone: ranged attacks weak only up to Medium). Optional: absent = medium. */
    size?: string;
    /** The target's combatant id (or stand-alone id) and effects (charmed by, hidden from). Optional. */
    id?: string;
    effects?: EffectSource[];
  };
  /** Ability the attack rolls, if any (HD charmed: the charmer's Charisma is mighty). Optional. */
  ability?: AbilityKey | null;
  damageTypes: string[];
  /** Total lowering of the crit threshold from weapon/power precision. */
  critRange: number;
  hasMissEffect: boolean;
  options: RuleOptions;
  /** Name of the weapon used, if any (HD underwater exemptions: dagger, net, spear, trident). */
  weaponName?: string;
  /** Made with a weapon (HD: a weaponless attack rolled with a spellcasting ability is a spell). Absent = armed. */
  armed?: boolean;
}

export type AttackResult = "crit" | "hit" | "miss" | "autoMiss";

export interface AttackOutcome {
  /** The kept d20 face. */
  natural: number;
  dice: number[];
  mode: RollMode;
  /** Every number added to the natural roll, itemised (bonus, escalation, penalties, situational). */
  modifiers: Modifier[];
  total: number;
  defenseKey: string;
  defense: number;
  /** Lowest natural roll that crits this target. */
  critThreshold: number;
  result: AttackResult;
  isHit: boolean;
  isCrit: boolean;
  /** Natural 20 (or rule) forced the hit although the total missed. */
  autoHit: boolean;
  autoMiss: boolean;
  /** Whether the power's miss effect applies (false on a hit and on the natural-1 veto). */
  missEffect: boolean;
  /** i18n keys explaining special decisions for the card. */
  reasons: string[];
  /**
   * [WD-NASTY] A save-based power's save failed on a natural 1 the game decides by its natural (a
   * critical failure): the blow counts as critical for the wound it makes. Absent = not one.
   */
  criticalFailure?: boolean;
  /**
   * [HD-LEGENDARY] A save-based power's failed save the target turned into a success (legendary
   * resistance): Apply spends the use. Absent = not turned.
   */
  saveResisted?: boolean;
  /**
   * [WD-COUPDEGRACE] The game decided this hit as a coup de grace (the dialog asked for one and the
   * target was helpless): Apply may owe a save against death. Absent = not one.
   */
  coupDeGrace?: boolean;
}

/** What one kept natural comes to, as exact odds read it: its result and whether the miss effect applies. */
export interface FaceResult {
  readonly result: AttackResult;
  readonly missEffect: boolean;
}

/**
 * An attack with everything but the d20 worked out. `outcome` gives for any dice what
 * `resolveAttack` gives for that input and those dice; `face` says what the kept natural `n` comes
 * to without building the outcome (exact odds ask it for all twenty faces), and agrees with
 * `outcome` on every face.
 */
export interface PreparedAttack {
  /** Roll mode: which natural the dice keep, and how the twenty faces are weighted. */
  readonly mode: RollMode;
  outcome(dice: readonly number[]): AttackOutcome;
  face(natural: number): FaceResult;
}

/** What to roll for damage and how to total it ([13A-NAT20], [FF-CRITDMG], …). */
export interface DamageRecipe {
  /** Dice to roll (plus its flat part). */
  roll: DamageExpression;
  /** Added after rolling (FFd20 maximised part). */
  flatBonus: number;
  /** Multiplies the total (2 = double, 0.5 = half); result rounded down. */
  multiplier: number;
  /** Lowest total the damage can come to (Wounds d20: 1 on a hit). */
  minimum: number;
  types: string[];
  /** i18n keys describing how it was built (crit rule, miss rule). */
  notes: string[];
}

export interface DamageRecipeInput {
  outcome: AttackResult;
  /** Hit damage, parsed with weapon dice already expanded. Null = the attack deals no damage. */
  hit: DamageExpression | null;
  /** Miss damage when the power's miss effect is a formula. */
  miss: DamageExpression | null;
  missEffect: PowerSource["missEffect"];
  /** Whether the miss effect applies (from the outcome; false on a natural 1). */
  missApplies: boolean;
  /** Extra crit dice (weapon + power), rolled not maximised. */
  critExtra: DamageExpression | null;
  types: string[];
  options: RuleOptions;
  /** [SYS-MONSTERS] Critical damage multiplier where the game's family has one (Wounds d20 ×3, ×4); absent = 2. */
  critMultiplier?: number;
}

// ------------------------------------------------------------------------------------------------
// Damage, healing, rolls requested by the rules
// ------------------------------------------------------------------------------------------------

export interface DamagePacket {
  /** Damage total before the target's traits (≥ 0). */
  amount: number;
  /** Damage type keys; empty = untyped. */
  types: string[];
  /** The attack's natural d20 (13A resist threshold); null when no attack roll (ongoing, flat). */
  natural: number | null;
  critical: boolean;
  ongoing: boolean;
  /** From an attack (FFd20 insubstantial halves "any attack"; ongoing is halved too). */
  fromAttack: boolean;
  melee: boolean;
  nonlethal: boolean;
  /** HD: the attacker chooses to knock the creature out instead of killing it. */
  knockOut: boolean;
  /** [SYS-MONSTERS] The attack's keywords (magic, silver…) that bypass traits; absent = none. */
  properties?: string[];
  /** [SYS-MONSTERS] The damage is a miss's (half damage or a miss effect); absent = no. */
  missed?: boolean;
  /**
   * [WD-COUPDEGRACE] The damage is a coup de grace's (the attack dialog's choice, on a helpless
   * target): a game whose family adds a save against death after it reads it. Absent = no.
   */
  coupDeGrace?: boolean;
  /**
   * [SYS-MONSTERS] The amount split into parts of different types (the main damage and each extra
   * part); the target's traits apply to each part on its own. Optional: absent = one part, `types`.
   */
  parts?: DamagePart[];
}

/** One part of a damage packet: its amount and its types. */
export interface DamagePart {
  amount: number;
  types: string[];
}

/** A roll the rules ask the adapter to make now (death save, save, recovery, dying check…). */
export interface RollRequest {
  kind: "save" | "deathSave" | "dyingCheck" | "stableCheck" | "rallySave" | "recovery" | "disengage" | "procedure";
  actorId: string;
  /** Effect the roll is about, if any. */
  effectId?: string;
  /** Foundry formula to roll, e.g. `1d20`, `1d20 + 3`, `2d20kh`, `5d10 + 2`. */
  formula: string;
  /** Total (or natural, per `against`) the roll must reach; null = no target (recovery). */
  target: number | null;
  /** Whether `target` is compared with the natural d20 or the total. */
  against: "natural" | "total";
  label: string;
  /** Extra data the resolver needs back (e.g. `{ rally: true }`). */
  data?: Record<string, string | number | boolean>;
}

export interface RollResult {
  total: number;
  /** Kept natural d20, or null for non-d20 rolls. */
  natural: number | null;
}

/** Something the rules did, for the chat line and undo. */
export interface RuleEvent {
  /** i18n key of the message. */
  key: string;
  /** Format data for the message. */
  data?: Record<string, string | number>;
  actorId?: string;
}

/** The answer of every state-changing engine function. */
export interface RuleResult {
  /** The new actor source (a fresh object; the input is untouched). */
  actor: ActorSource;
  events: RuleEvent[];
  /** Rolls to make right away, then feed to `resolveRoll`. */
  requests: RollRequest[];
}

export interface DamageResult extends RuleResult {
  /** Each adjustment from the packet's amount to what was dealt, itemised (resist, vulnerable…). */
  adjustments: Modifier[];
  /** Damage after traits, before temp HP. */
  dealt: number;
  absorbedByTemp: number;
  hpLost: number;
}

export type HealingKind = "heal" | "temp";

// ------------------------------------------------------------------------------------------------
// Effects and the turn cycle
// ------------------------------------------------------------------------------------------------

export type DurationKind =
  "instant" | "startOfNextTurn" | "endOfNextTurn" | "endOfEncounter" | "saveEnds" | "sustain" | "permanent";

/**
 * Whose turns time a start- or end-of-next-turn duration ([FF-DURATION], [13A-SAVE], [HD-COND]):
 * `creator` ("your next turn": the effect's creator) or `bearer` ("its next turn": the affected
 * creature). Absent = `creator`, as every effect made before the choice existed was timed.
 */
export type TurnOf = "creator" | "bearer";

/** A duration as a power or a form states it: a kind, or a next-turn kind counted on the affected creature's turn. */
export type DurationChoice = DurationKind | "startOfItsNextTurn" | "endOfItsNextTurn";

export interface EffectSource {
  id: string;
  name: string;
  /** Combatant whose turns time "your next turn" and sustain (the effect's creator). */
  sourceCombatantId: string | null;
  duration: DurationKind;
  /** Whose next turn a start/end-of-next-turn duration counts; absent = the creator's. */
  turnOf?: TurnOf;
  /** Save-ends difficulty (13A easy/normal/hard; others read their own target). */
  save: "easy" | "normal" | "hard";
  /** Modifier to saves against this effect. */
  saveBonus: number;
  sustain: "standard" | "move" | "minor" | null;
  /** Round in which it was last sustained (null = never). */
  sustainedRound: number | null;
  ongoing: { amount: number; type: string } | null;
  /** What replaces this effect once it is saved against (FFd20 aftereffect). */
  aftereffect: Omit<EffectSource, "id" | "aftereffect" | "armed" | "sustainedRound"> | null;
  /** Set at the creator's turn start; an armed end-of-next-turn/sustain effect ends at that turn's end. */
  armed: boolean;
  /** Condition ids the effect imposes. */
  statuses: string[];
  /**
   * A number the effect carries (a Hide result that persists while hidden, rounds a slow spell has
   * been concentrated on). Optional: absent = none.
   */
  tally?: number | null;
  /**
   * Feet its bearer has moved since the effect began ([HD-HIDE]: hiding ends once the hidden
   * creature has moved more than 10 ft in all). Optional: absent = none.
   */
  moved?: number | null;
}

export interface CombatantSource {
  /** Combatant id. */
  id: string;
  /** Actor id (steps and requests name this). */
  actorId: string;
  name: string;
  actor: ActorSource;
  effects: EffectSource[];
  initiative: number | null;
  /** Player side or the GM's side (HD around-the-table, 13A NPC death). */
  side: "player" | "gm";
  /** Aware at the start of battle (WD surprise round / HD surprised). */
  aware: boolean;
  defeated: boolean;
  /** Table seat for around-the-table order (HD); GM seat from options. */
  seat: number;
}

/**
 * Where a creature stands in the combat when an effect lands on it, for "the effect with the most
 * time remaining" ([FF-DURATION], [FF-ONGOING]): the combatant ids in turn order, whose turn it is
 * (null between turns or out of combat) and the bearer's combatant id.
 */
export interface EffectTiming {
  order: readonly string[];
  current: string | null;
  bearerId: string;
}

export interface TurnContext {
  round: number;
  /** Combatant whose turn starts/ends (absent for round/combat steps). */
  combatantId: string | null;
  combatants: CombatantSource[];
  /** True while the Wounds d20 surprise round is running. */
  surpriseRound: boolean;
  options: RuleOptions;
  /**
   * The escalation die as the combat shows it for `round` (the GM's offset and pause applied; 0
   * when the die is off). Optional: absent = the plain round-based value ([13A-ESC]).
   */
  escalation?: number;
  /**
   * Combatants whose turn in `round` Foundry walked past (Next Round mid-round, skip defeated).
   * Optional: absent = none; read by the round's end ([SYS-EFFECTS]).
   */
  walkedPast?: string[];
  /**
   * [WD-TIES] The combatants of the current initiative slot that could act when its first turn
   * began this round: simultaneous actions resolve together, so one killed in the slot by a partner
   * still acts in it. Optional: absent = none.
   */
  slotStarted?: string[];
}

/** One unit of turn-boundary work for the adapter to carry out, in order. */
export type TurnStep =
  | {
      kind: "damage";
      actorId: string;
      effectId?: string;
      packet: DamagePacket;
      label: string;
      /** Values the line's words name (`{effect}`: an aura's name). Optional: absent = none. */
      data?: Record<string, string | number>;
    }
  | { kind: "roll"; request: RollRequest }
  | { kind: "removeEffect"; actorId: string; effectId: string; label: string }
  | { kind: "addEffect"; actorId: string; effect: Omit<EffectSource, "id">; label: string }
  | { kind: "updateEffect"; actorId: string; effectId: string; changes: Partial<EffectSource> }
  | {
      kind: "updateActor";
      actorId: string;
      changes: Partial<ActorSource>;
      label: string;
      /**
       * What an effect's end leaves on its bearer (prone after a knock-out): it runs wherever the
       * effect timing runs, a turn not taken included. Optional: absent = the creature's own doing.
       */
      timing?: true;
      /** Values the label's words name (`{level}`). Optional: absent = none. */
      data?: Record<string, string | number>;
    }
  | { kind: "rerollInitiative"; combatantIds: string[] }
  | { kind: "notice"; event: RuleEvent };

export interface TurnStepResult extends RuleResult {
  /** Steps to run immediately after this one (before the rest of the plan). */
  followUps: TurnStep[];
  /** Steps to run after the whole plan (FFd20 aftereffects start after all saves). */
  deferred: TurnStep[];
}

// ------------------------------------------------------------------------------------------------
// Initiative
// ------------------------------------------------------------------------------------------------

export interface InitiativeRules {
  /** `once` (13A, FFd20), `everyRound` (Wounds d20), `aroundTable` (Hundred Dungeons). */
  mode: "once" | "everyRound" | "aroundTable";
  /** `individual` = every combatant rolls; `gmSingle` = one roll for the whole GM side (HD). */
  roll: "individual" | "gmSingle";
  /** `none`, `surpriseRound` (WD: aware act in an extra first round), `skipFirstRound` (HD surprised). */
  surprise: "none" | "surpriseRound" | "skipFirstRound";
  /** Equal initiative acts simultaneously (WD). */
  simultaneousTies: boolean;
}

/** A slot of the turn order; more than one id = acting at the same moment. */
export interface InitiativeSlot {
  combatantIds: string[];
  initiative: number | null;
}

// ------------------------------------------------------------------------------------------------
// Ruleset data
// ------------------------------------------------------------------------------------------------

export interface DefenseSpec {
  key: string;
  label: string;
  abbr: string;
}

export interface SaveSpec {
  key: string;
  label: string;
}

/** What a condition does, as data the engine and the adapter both read ([HD-COND]). */
/**
 * One condition of a game's table, with the mechanics every game's engine reads from it. A game
 * whose conditions do more (roll modes, combat advantage…) extends this in its own folder.
 */
export interface ConditionSpec {
  id: string;
  label: string;
  /** Icon path relative to the Foundry root (core icons) or the system. */
  img: string;
  /** Other condition ids this one includes (paralyzed → incapacitated). */
  implies: string[];
  /** Added to the bearer's attack rolls while it lasts (13th Age dazed: −4). */
  attack?: number;
  /** Added to the bearer's defenses while it lasts (13th Age stunned: −4). */
  defense?: number;
  /** The bearer takes no actions / no reactions. */
  noActions?: boolean;
  noReactions?: boolean;
  /** Only one action a turn (Wounds d20 staggered, Hundred Dungeons slowed). */
  oneAction?: boolean;
  /** The bearer is caught off guard (flat-footed, surprised, unconscious). */
  offGuard?: boolean;
  /** The bearer cannot see (blinded): it presses no foe it would flank. */
  blinds?: boolean;
  /** Speed cap in feet (slowed 20), or 0 (grappled, stuck). */
  speedMax?: number;
  /** The bearer is dead. */
  dead?: boolean;
  // ---- issue 38: the wider games' conditions ([SYS-MONSTERS]); read by src/engine/condition-rules.ts ----
  /** Added to the bearer's melee / ranged attack rolls only (Wounds d20 prone: −4 in melee). */
  meleeAttack?: number;
  rangedAttack?: number;
  /** Added to the bearer's defense against melee / ranged attacks only (prone: −4 / +4). */
  meleeDefense?: number;
  rangedDefense?: number;
  /** Added to the bearer's saving throws (Wounds d20 shaken: −2). */
  save?: number;
  /** Added to the bearer's damage rolls (Wounds d20 sickened: −2). */
  damage?: number;
  /** The bearer's attacks deal half damage (FFd20 weakened). */
  halfDamage?: boolean;
  /** −N to the bearer's attacks that don't include the effect's creator as a target (FFd20 marked: 2). */
  markPenalty?: number;
  /** Attacks against the bearer crit on a natural roll this much lower (13th Age vulnerable: 2). */
  critAgainst?: number;
  /** The bearer's attacks don't add the escalation die (13th Age fear). */
  noEscalation?: boolean;
  /** The bearer may not attack at all (Wounds d20 nauseated). */
  noAttacks?: boolean;
  /** The bearer may use no limited power: only at-will attacks (13th Age hampered, confused). */
  atWillOnly?: boolean;
  /** Nothing can target the bearer (FFd20 removed from play). */
  untargetable?: boolean;
  /** The bearer neither flanks nor threatens: it gives no combat advantage to allies and makes no opportunity attack. */
  noFlank?: boolean;
  /** The bearer can't be pushed, pulled or slid (FFd20 restrained). */
  noForcedMove?: boolean;
  /** The bearer moves at half speed (Wounds d20 entangled, blinded, exhausted). */
  halfSpeed?: boolean;
  /** Added to the bearer's initiative (Wounds d20 deafened: −4). */
  initiative?: number;
  /**
   * Its effect on the bearer's rolls holds only while the effect's source is in the bearer's line
   * of sight (Hundred Dungeons frightened): an attack whose situation says `fearSourceUnseen` is
   * not weakened, and the attack dialog asks whether the source is in sight.
   */
  whileSourceSeen?: boolean;
  /**
   * [FF-CONDDOMINATED] The effect's creator chooses the bearer's action on the bearer's turn (FFd20
   * dominated): its turn start prompts the creator's controllers (src/engine/dominion.ts). The value
   * is the i18n key of what the chooser may choose, in the game's words.
   */
  creatorChooses?: string;
}

/** How the sheet should label damage-trait values. */
export interface TraitForms {
  resist: "threshold" | "amount" | "halve";
  vulnerable: "critRange" | "amount" | "double";
}

// ------------------------------------------------------------------------------------------------
// Table procedures: grid squares and forced movement
// ------------------------------------------------------------------------------------------------

/** A grid square (column, row). */
export interface Square {
  x: number;
  y: number;
}

/** Forced movement a power causes on a hit: push, pull or slide so many squares ([FF-FORCED]). */
export interface ForcedMovement {
  kind: "push" | "pull" | "slide";
  squares: number;
}

// ------------------------------------------------------------------------------------------------
// Reactions, provoking and acts ([SYS-ACTIONS])
// ------------------------------------------------------------------------------------------------

/** A reaction the defender may take against one decided attack ([HD-REACT] Parry). */
export interface ReactionOffer {
  key: string;
  /** i18n key of the button. */
  label: string;
  /** Action-economy key it spends. */
  cost: string;
}

/** What a moving, attacking or casting creature's act does to others and to itself. */
export interface ActInput {
  act: "move" | "attack" | "castSpell" | "rangedAttack";
  /** Feet moved (moves only). */
  feet: number;
  round: number;
  actor: CombatantSource;
  /** Creatures whose reach the act happens in (or, for a move, the mover leaves). */
  within: CombatantSource[];
  /**
   * A move only: creatures the mover's own reach no longer holds where it now stands (left behind,
   * not moved with it). Optional: absent = not read.
   */
  released?: CombatantSource[];
  /**
   * A move only: the other creatures of the combat, for what the mover's own effects say about
   * them (a grip it drags along, the source of its fear). Optional: absent = not known.
   */
  others?: CombatantSource[];
  /**
   * A move only: ids among `others` the move brought the mover closer to, read from the scene.
   * Optional: absent = not read.
   */
  nearer?: string[];
  /** Ids of creatures that already took their reaction this round. Optional: absent = none. */
  reacted?: string[];
}

/** One provoked attack a creature may take, or why it can't. */
export interface Provocation {
  reactorId: string;
  canReact: boolean;
  /** i18n key of the reason. */
  reason: string;
}

/** The answer to an act: provoked attacks offered, and steps on the actor (hiding ends). */
export interface ActOutcome {
  provocations: Provocation[];
  steps: TurnStep[];
}
