/**
 * [SYS-RULESET] The capabilities a game opts into beside the {@link Ruleset} every game answers:
 * each is a few members that only make sense together (Parry's offer and its re-decision, a
 * procedure table and its planner and resolver), written by a game whole or not at all. The
 * `Ruleset` carries each as optional members (`Partial`), so a caller asks `hasCapability(ruleset,
 * "reactions")` or reads the member as before; `registerRuleset` refuses a game that writes half of
 * one, naming what is missing.
 */
import type { CreatureSpend, SpendDecision } from "./creature-spends.js";
import type {
  AbilityKey,
  ActorSource,
  AttackOutcome,
  CombatantSource,
  ActInput,
  ActOutcome,
  ForcedMovement,
  NaturalTrigger,
  PowerEffectSpec,
  PowerMoment,
  PowerRefresh,
  PowerSource,
  PowerUsageState,
  ReactionOffer,
  RollMode,
  RollRequest,
  RuleEvent,
  RuleResult,
  Situation,
  Square,
  TurnContext,
  TurnStep,
  WeaponSource,
  AttackInput,
  RuleOptions,
} from "./types.js";
import type {
  AttackBandInput,
  AttackBandWarning,
  ProcedureInput,
  ProcedureOutcome,
  ProcedurePlan,
  ProcedureRoll,
  ProcedureSpec,
} from "./actions.js";
import type { SceneAttackInput, SceneBandsInput, SceneReading } from "./scene.js";

/**
 * The speed a new actor of this game starts with when its creation data gives none.
 * @public (for modules' games)
 */
export interface StartingSpeedCapability {
  /**
   * Speed a new actor starts with when its creation data gives none (HD: 60 ft, [HD-TURN]).
   * Optional: absent = the data model's default.
   */
  readonly defaultSpeed: number;
}

/**
 * What a new actor of this game starts with when its creation data names none: abilities as
 * modifiers at 0, recoveries by level (Hundred Dungeons).
 * @public (for modules' games)
 */
export interface NewActorDefaultsCapability {
  /**
   * Ability values a new actor starts with when its creation data names none: a game that reads
   * abilities as modifiers starts them at 0 (a blank creature is average). Optional: absent = the
   * data model's default scores of 10.
   */
  readonly defaultAbilities: Readonly<Record<AbilityKey, number>>;
  /**
   * Recoveries a new actor of `level` starts with (left and most) when its creation data names
   * none: Hundred Dungeons' hit dice are one per level. Optional: absent = the data model's default.
   */
  readonly startingRecoveries: (level: number) => number;
}

/**
 * [SYS-CANVAS] The game reads cover, concealment and the like for an attack from the scene.
 * @public (for modules' games)
 */
export interface SceneReadingCapability {
  /**
   * What the scene says about one attack against one target (cover, concealment, combat
   * advantage, reach, unseen attackers), each value with its reason. Optional: absent = the game
   * reads nothing from the scene and the dialog stays as the player sets it.
   */
  readScene(input: SceneAttackInput): SceneReading;
}

/**
 * [SYS-CANVAS] The game keeps abstract range bands (13th Age): read from the scene, warned on attacks.
 * @public (for modules' games)
 */
export interface RangeBandsCapability {
  /**
   * The abstract range band (a key of the game's band procedure) the mover has to each enemy on
   * the scene, by token id. Optional: absent = the game keeps no bands.
   */
  readBands(input: SceneBandsInput): Record<string, string>;
  /**
   * What the attacker's bands (its procedure memory) say about an attack of this range on one
   * target: warnings the attack dialog and the card show, never refusals. Absent = no bands.
   */
  attackBandWarnings(input: AttackBandInput): AttackBandWarning[];
}

/**
 * [SYS-CHARACTER] A weapon's own attack deals a formula of the game's (weapon dice by level, `N[W]`).
 * @public (for modules' games)
 */
export interface WeaponFormulasCapability {
  /**
   * The damage formula a weapon's own attack deals for a wielder of this kind, in roll-data
   * terms (`@level[W] + @str*@tier`, `1[W] + @dex`): [13A-DMG], [FF-WDICE]. Optional: absent =
   * `1[W]`, the ruleset's `damageExpression` adding what the game adds (HD nothing, WD Strength).
   */
  weaponDamageFormula(weapon: WeaponSource, ability: AbilityKey, kind: ActorSource["kind"]): string;
}

/**
 * A weapon naming no dice deals its class's die.
 * @public (for modules' games)
 */
export interface WeaponClassDiceCapability {
  /** The damage die of a weapon by its class, where a weapon naming no dice deals its class's. */
  readonly weaponClassDice: Readonly<Record<string, string>>;
}

/**
 * The game bounds the HP a creature may hold (undo gives back no more and takes no less).
 * @public (for modules' games)
 */
export interface HpBoundsCapability {
  /**
   * The HP this creature may hold in this game (undo gives back no more and takes away no less):
   * Hundred Dungeons never below 0, Wounds d20 never above its maximum less its wounds. Optional:
   * absent = any number up to its maximum.
   */
  hpRange(actor: ActorSource): { min: number; max: number };
}

/**
 * Some rolls succeed on a natural 20 and fail on a natural 1 whatever the total.
 * @public (for modules' games)
 */
export interface NaturalRollsDecideCapability {
  /**
   * Whether a natural 20 on this roll always succeeds and a natural 1 always fails, whatever the
   * total ([WD-SAVES] saves and death saves; [HD-UNARMED] the unarmed attack's options), so its
   * shown result follows the natural roll. Optional: absent = the total alone decides.
   */
  naturalDecides(request: RollRequest): boolean;
}

/**
 * [HD-MIGHTY] [HD-COVER] Saves rolled mighty or weak from conditions, and cover folded into saves.
 * @public (for modules' games)
 */
export interface SaveAdjustmentsCapability {
  /**
   * Net roll mode of a save / ability roll of `kind` from the roller's conditions (exhaustion,
   * poisoned, restrained…) plus `extra` mighty/weak sources such as the sheet's click
   * ([HD-MIGHTY], [HD-COND]); `fearSourceUnseen`: the source of the roller's fear is out of its
   * line of sight (a condition that holds only while its source is seen then adds nothing).
   * Optional and additive: absent = the game has no roll modes for saves.
   */
  saveMode(
    actor: ActorSource,
    kind: string,
    extra?: { mighty?: number; weak?: number; fearSourceUnseen?: boolean },
  ): RollMode;
  /**
   * A save / ability roll request against an effect from beyond cover ([HD-COVER]): the cover's
   * bonus and automatic success folded in. Optional: absent = cover never changes saves.
   */
  saveRequestWithCover(request: RollRequest, cover: Situation["cover"]): RollRequest;
}

/**
 * A combat round lasts this long in the fiction (world time advances by it).
 * @public (for modules' games)
 */
export interface RoundLengthCapability {
  /** Seconds one combat round lasts in the fiction (world time advances by it). Absent = core's. */
  readonly roundSeconds: number;
}

/**
 * [SYS-ACTIONS] A defender may react to a decided attack ([HD-REACT] Parry) and the outcome is
 * decided again.
 * @public (for modules' games)
 */
export interface ReactionsCapability {
  /**
   * Reactions the defender of a decided attack may take ([HD-REACT] Parry). `weapons` are the
   * defender's equipped weapons; `reactionUsed` whether it already reacted this round.
   */
  attackReactions(query: {
    outcome: AttackOutcome;
    range: AttackInput["range"];
    defender: ActorSource;
    weapons: readonly WeaponSource[];
    reactionUsed: boolean;
    round: number;
  }): ReactionOffer[];
  /**
   * Re-decide one target's outcome after it takes the reaction `key` (Parry: +2 defense).
   * `hasMissEffect`: the power has a miss effect (a hit turned into a miss carries it).
   */
  resolveAttackReaction(key: string, outcome: AttackOutcome, context?: { hasMissEffect: boolean }): AttackOutcome;
}

/**
 * [SYS-ACTIONS] Acts provoke from others and end states on the actor ([HD-PROVOKE], hiding).
 * @public (for modules' games)
 */
export interface ProvokingCapability {
  /**
   * What an attack with this power counts as for `afterAct` ([HD-PROVOKE]: a spell provokes from
   * every foe whose reach it is cast in). Optional: absent = a ranged attack or an attack by range.
   */
  attackAct(power: PowerSource, weapon: WeaponSource | null): ActInput["act"];
  /** What an act (a move, an attack, a spell) provokes from others and ends on the actor (hiding). */
  afterAct(input: ActInput): ActOutcome;
}

/**
 * A creature's state ends what it held on others (a grapple).
 * @public (for modules' games)
 */
export interface GripsCapability {
  /**
   * What a creature's state, as it now is, ends on the other creatures of its combat (a grip its
   * grappler, now incapacitated, no longer holds), as steps on them. Optional: absent = nothing.
   */
  releasedBy(holder: CombatantSource, others: readonly CombatantSource[]): TurnStep[];
}

/**
 * [HD-COND] Some conditions are counted in levels on the creature (exhaustion), not as effects.
 * @public (for modules' games)
 */
export interface LevelledConditionsCapability {
  /**
   * A condition a power imposes that this game counts in levels on the creature rather than as an
   * effect ([HD-COND] exhaustion: one level through the game's own gain, death at 6), applied to
   * `actor`; null = an ordinary condition (it becomes an effect). Optional: absent = always null.
   */
  levelCondition(actor: ActorSource, status: string, actorId: string): RuleResult | null;
}

/**
 * Attacking with a weapon costs by the weapons equipped (dual wielding: a quick action).
 * @public (for modules' games)
 */
export interface DualWieldingCapability {
  /** Attack-economy cost of attacking with `weapon` given the equipped `weapons` (dual wielding: quick). */
  attackCost(weapon: WeaponSource | null, weapons: readonly WeaponSource[]): string;
}

/**
 * [SYS-ACTIONS] Table procedures the sheet's Actions panel lists, each planned and resolved by the game.
 * @public (for modules' games)
 */
export interface TableProceduresCapability {
  /** Table procedures the sheet's Actions panel lists, each decided by the two functions below. */
  readonly procedures: readonly ProcedureSpec[];
  /** A procedure's first step by id: refuse (why) or the rolls to make. */
  planProcedure(id: string, input: ProcedureInput): ProcedurePlan;
  /** What a procedure did, from its rolls (in the order planned). */
  resolveProcedure(id: string, input: ProcedureInput, rolls: readonly ProcedureRoll[]): ProcedureOutcome;
}

/**
 * A creature's state takes out-of-turn kinds away at its turn's start ([HD-COND] exhaustion 1).
 * @public (for modules' games)
 */
export interface TurnLossesCapability {
  /**
   * Out-of-turn kinds this actor's state takes away at its turn's start though its turn is not
   * capped ([HD-COND] exhaustion 1: no reactions). Optional: absent = none.
   */
  lostAtTurnStart(actor: ActorSource): readonly string[];
}

/**
 * [HD-MOUNT] Some combatants act on another's turn (a ridden mount).
 * @public (for modules' games)
 */
export interface MountsCapability {
  /**
   * The combatant on whose turn this one acts when it takes no turn of its own, the most actions
   * it takes then, and the procedures the controller's Actions panel offers for it beside its
   * attacks ([HD-MOUNT] a ridden mount: on its rider's turn, one action or quick action: Dash,
   * Disengage, Dodge or an attack), or null. Optional: absent = every combatant acts on its own turn.
   */
  actsOnTurnOf(
    ctx: TurnContext,
    combatant: CombatantSource,
  ): { id: string; cap: number; procedures?: readonly string[] } | null;
}

/**
 * Spending an action may demand a roll (a staggered creature's major action).
 * @public (for modules' games)
 */
export interface SpendRollsCapability {
  /** A roll the rules demand after spending `cost` (a staggered creature's major action), or null. */
  afterSpend(actor: ActorSource, actorId: string, cost: string, options: RuleOptions): RollRequest | null;
}

/**
 * [FF-DURATION] A game's own power rules: its triggers, when an effect applies, how a power's usage
 * refreshes, and whether a sustainer may rest.
 * @public (for modules' games)
 */
export interface PowerRulesCapability {
  /**
   * Triggers a power's effect may have here, in the item sheet's order. Absent = the natural-roll
   * ones (any, even, odd, N+); a game adds its own (FFd20: combat advantage against the target).
   */
  readonly powerTriggers: readonly NaturalTrigger["kind"][];
  /** Whether a power's effect applies to an outcome (its outcome and its natural-roll trigger). */
  powerEffectApplies(effect: PowerEffectSpec, outcome: AttackOutcome): boolean;
  /** What a power's usage does at a moment (battle end, a rest): keep, reset, or roll its recharge. */
  refreshPower(usage: PowerUsageState, moment: PowerMoment): PowerRefresh;
  /** Whether a creature may rest while it sustains an effect. Absent = it may. */
  readonly restsWhileSustaining: boolean;
}

/**
 * Push, pull and slide move targets through squares ([FF-FORCED]).
 * @public (for modules' games)
 */
export interface ForcedMovementCapability {
  /**
   * The squares a push / pull / slide moves a target through, from `start`, by the creature at
   * `origin` (a slide goes in `direction`). Absent = the game has no forced movement.
   */
  forcedPath(move: ForcedMovement, origin: Square, start: Square, direction?: Square | null): Square[];
}

/**
 * [SYS-MONSTERS] A spell must beat its target's spell resistance ([WD-SPELLRES]).
 * @public (for modules' games)
 */
export interface SpellResistanceCapability {
  /**
   * [SYS-MONSTERS] The roll a spell (an attack whose keywords include `spell`) must make to affect
   * this target (spell resistance: the caster's check against it), or null when nothing stands in
   * its way. Absent = the game has no spell resistance.
   */
  spellResistanceCheck(
    target: ActorSource,
    properties: readonly string[],
    casterLevel: number,
    actorId: string,
  ): RollRequest | null;
}

/**
 * [SYS-MONSTERS] Creatures spend by the GM's button (action points, legendary actions and resistances).
 * @public (for modules' games)
 */
export interface CreatureSpendingCapability {
  /**
   * [SYS-MONSTERS] What a creature can spend by the GM's button (action points, legendary actions
   * and resistances), with what is left; empty when it has none. Absent = nothing to spend.
   */
  creatureSpends(actor: ActorSource): readonly CreatureSpend[];
  /** [SYS-MONSTERS] Spend one `key` of the combatant `combatantId` now: the steps, or why not. */
  spendCreature(ctx: TurnContext, combatantId: string, key: string): SpendDecision;
}

/**
 * [SYS-MONSTERS] Powers may be decided by the target's save against a DC instead of an attack roll.
 * @public (for modules' games)
 */
export interface SaveAttacksCapability {
  /**
   * Whether a power may be decided by the target's save of one of `saves` against the power's DC
   * (`PowerSource.saveAttack`) instead of an attack roll. Absent = never (attack against defense).
   */
  readonly saveAttacks: boolean;
}

/**
 * [SYS-MONSTERS] A creature's own way to turn a failed save against a save-based power into a
 * success ([HD-LEGENDARY] legendary resistance).
 * @public (for modules' games)
 */
export interface SaveResistanceCapability {
  /**
   * The creature with one use spent and the event saying so, or null when it has none left. The
   * card decides with it, Apply spends it. Absent = no such way in this game.
   */
  resistSaveAttack(actor: ActorSource, actorId: string): { actor: ActorSource; event: RuleEvent } | null;
}

/**
 * [WD-TOUCH] [WD-FLAT] The game chooses which of the target's defenses an attack meets from the
 * situation (touch and flat-footed armor classes) instead of the power's own.
 * @public (for modules' games)
 */
export interface DefenseChoiceCapability {
  /** The defense the attack meets (key and value); throws EngineError when the target has none. */
  defenseAgainst(
    power: PowerSource,
    situation: Situation,
    defenses: Readonly<Record<string, number>>,
  ): { key: string; value: number };
}

/**
 * [WD-MISSCHANCE] Miss chance: the percent chance an attack that hits misses all the same
 * (concealment in the 3rd-edition family), rolled on a d100 for each target hit (src/engine/miss-chance.ts).
 * @public (for modules' games)
 */
export interface MissChanceCapability {
  /** The attack's miss chance in percent (0 = none). */
  missChance(input: Omit<AttackInput, "dice">): number;
}

/** Every capability by name. */
export interface Capabilities {
  startingSpeed: StartingSpeedCapability;
  newActorDefaults: NewActorDefaultsCapability;
  sceneReading: SceneReadingCapability;
  rangeBands: RangeBandsCapability;
  weaponFormulas: WeaponFormulasCapability;
  weaponClassDice: WeaponClassDiceCapability;
  hpBounds: HpBoundsCapability;
  naturalRollsDecide: NaturalRollsDecideCapability;
  saveAdjustments: SaveAdjustmentsCapability;
  roundLength: RoundLengthCapability;
  reactions: ReactionsCapability;
  provoking: ProvokingCapability;
  grips: GripsCapability;
  levelledConditions: LevelledConditionsCapability;
  dualWielding: DualWieldingCapability;
  tableProcedures: TableProceduresCapability;
  turnLosses: TurnLossesCapability;
  mounts: MountsCapability;
  spendRolls: SpendRollsCapability;
  powerRules: PowerRulesCapability;
  forcedMovement: ForcedMovementCapability;
  spellResistance: SpellResistanceCapability;
  creatureSpending: CreatureSpendingCapability;
  saveAttacks: SaveAttacksCapability;
  saveResistance: SaveResistanceCapability;
  defenseChoice: DefenseChoiceCapability;
  missChances: MissChanceCapability;
}

/** A capability's name. */
export type CapabilityName = keyof Capabilities;

/** Every capability's members together (the `Ruleset` carries them as optional members). */
export type AllCapabilities = StartingSpeedCapability &
  NewActorDefaultsCapability &
  SceneReadingCapability &
  RangeBandsCapability &
  WeaponFormulasCapability &
  WeaponClassDiceCapability &
  HpBoundsCapability &
  NaturalRollsDecideCapability &
  SaveAdjustmentsCapability &
  RoundLengthCapability &
  ReactionsCapability &
  ProvokingCapability &
  GripsCapability &
  LevelledConditionsCapability &
  DualWieldingCapability &
  TableProceduresCapability &
  TurnLossesCapability &
  MountsCapability &
  SpendRollsCapability &
  PowerRulesCapability &
  ForcedMovementCapability &
  SpellResistanceCapability &
  CreatureSpendingCapability &
  SaveAttacksCapability &
  SaveResistanceCapability &
  DefenseChoiceCapability &
  MissChanceCapability;

/** The members of each capability, as the registry checks them. */
export const CAPABILITY_MEMBERS = {
  startingSpeed: ["defaultSpeed"],
  newActorDefaults: ["defaultAbilities", "startingRecoveries"],
  sceneReading: ["readScene"],
  rangeBands: ["readBands", "attackBandWarnings"],
  weaponFormulas: ["weaponDamageFormula"],
  weaponClassDice: ["weaponClassDice"],
  hpBounds: ["hpRange"],
  naturalRollsDecide: ["naturalDecides"],
  saveAdjustments: ["saveMode", "saveRequestWithCover"],
  roundLength: ["roundSeconds"],
  reactions: ["attackReactions", "resolveAttackReaction"],
  provoking: ["attackAct", "afterAct"],
  grips: ["releasedBy"],
  levelledConditions: ["levelCondition"],
  dualWielding: ["attackCost"],
  tableProcedures: ["procedures", "planProcedure", "resolveProcedure"],
  turnLosses: ["lostAtTurnStart"],
  mounts: ["actsOnTurnOf"],
  spendRolls: ["afterSpend"],
  powerRules: ["powerTriggers", "powerEffectApplies", "refreshPower", "restsWhileSustaining"],
  forcedMovement: ["forcedPath"],
  spellResistance: ["spellResistanceCheck"],
  creatureSpending: ["creatureSpends", "spendCreature"],
  saveAttacks: ["saveAttacks"],
  saveResistance: ["resistSaveAttack"],
  defenseChoice: ["defenseAgainst"],
  missChances: ["missChance"],
} as const satisfies { readonly [K in CapabilityName]: readonly (keyof Capabilities[K])[] };

/** Every member of a capability is listed above (a member added to one must be added there). */
type Unlisted = {
  [K in CapabilityName]: Exclude<keyof Capabilities[K], (typeof CAPABILITY_MEMBERS)[K][number]>;
}[CapabilityName];
const everyMemberListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyMemberListed;

/** The capability names, in the order above. */
export const CAPABILITY_NAMES = Object.keys(CAPABILITY_MEMBERS) as CapabilityName[];

/** A game as far as capabilities go: any object carrying some of their members. */
type Carrier = Partial<AllCapabilities>;

/** Whether the game has the capability `name` whole (every one of its members). */
export function hasCapability<K extends CapabilityName>(game: Carrier, name: K): game is Carrier & Capabilities[K] {
  return CAPABILITY_MEMBERS[name].every((m) => (game as Record<string, unknown>)[m] !== undefined);
}

/** The capabilities a game has whole, in the order above. */
export function capabilitiesOf(game: Carrier): CapabilityName[] {
  return CAPABILITY_NAMES.filter((name) => hasCapability(game, name));
}

/**
 * The capabilities a game writes only part of, each with the members it leaves out (empty: every
 * capability whole or absent).
 */
export function halfCapabilities(game: Carrier): { name: CapabilityName; missing: string[] }[] {
  return CAPABILITY_NAMES.flatMap((name) => {
    const members: readonly string[] = CAPABILITY_MEMBERS[name];
    const missing = members.filter((m) => (game as Record<string, unknown>)[m] === undefined);
    return missing.length > 0 && missing.length < members.length ? [{ name, missing }] : [];
  });
}
