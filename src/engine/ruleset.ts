/**
 * The Ruleset interface: one game's combat rules as data plus pure functions. The adapter only ever
 * talks to the active ruleset through it and never branches on the ruleset id.
 *
 * Each game is one folder under `rulesets/` with the same files: `index.ts` (the game assembled with
 * `defineRuleset()`, which fills what the game leaves out with the shared defaults), `data.ts` (its
 * defenses, saves, damage types, conditions with their mechanics, actions, options), `actor.ts`
 * (derived values), `attack.ts`, `damage.ts` (damage, healing, dying, saves and `resolveRoll`),
 * `turns.ts`, `procedures.ts` (table procedures), `powers.ts` and `scene.ts`; a game adds files of
 * its own beside them where it has more (Hundred Dungeons' `conditions.ts`, and `combat.ts` for its
 * economy, reactions, provoking and hiding).
 */
import type { CreatureSpend, SpendDecision } from "./creature-spends.js";
import type { GearRules } from "./gear.js";
import type { Progression } from "./build.js";
import type {
  AbilityKey,
  ActorSource,
  AttackInput,
  AttackOutcome,
  PreparedAttack,
  CombatantSource,
  ConditionSpec,
  DamagePacket,
  DamageRecipe,
  DamageRecipeInput,
  DamageResult,
  DefenseSpec,
  DerivedActor,
  EffectSource,
  ForcedMovement,
  HealingKind,
  InitiativeRules,
  InitiativeSlot,
  Modifier,
  NaturalTrigger,
  OptionSpec,
  PowerEffectSpec,
  PowerMoment,
  PowerRefresh,
  PowerSource,
  PowerUsageSpec,
  PowerUsageState,
  RestSpec,
  RollMode,
  RollRequest,
  RollResult,
  RuleOptions,
  RuleResult,
  RulesetId,
  SaveSpec,
  Square,
  Situation,
  TraitForms,
  TurnContext,
  EffectTiming,
  TurnStep,
  TurnStepResult,
  WeaponSource,
  ActInput,
  ActOutcome,
  ReactionOffer,
  RuleEvent,
} from "./types.js";
import type { DamageExpression } from "./dice.js";
import type { FieldDescs } from "./fields.js";
import type {
  ActionEconomy,
  AttackBandInput,
  AttackBandWarning,
  ProcedureInput,
  ProcedureOutcome,
  ProcedurePlan,
  ProcedureRoll,
  ProcedureSpec,
} from "./actions.js";
import type { SceneAttackInput, SceneBandsInput, SceneReading } from "./scene.js";
import type { ItemSheetType, RulesetWords } from "./words.js";
import type { StatBlockSpec } from "./stat-block.js";
import type { VocabularySpec } from "./vocabulary.js";

export interface Ruleset {
  readonly id: RulesetId;
  /** i18n key of the game's name. */
  readonly label: string;

  // ---- data --------------------------------------------------------------------------------
  /** Defenses attacks can target, in sheet order. */
  readonly defenses: readonly DefenseSpec[];
  /** Save kinds offered on the sheet. */
  readonly saves: readonly SaveSpec[];
  /** Damage type keys the game knows (validation refuses others). `untyped` is implicit. */
  readonly damageTypes: readonly string[];
  readonly traitForms: TraitForms;
  /**
   * This game's own actor fields, added to the core actor fields in every world's schema (so
   * switching games never drops them). Optional: absent = the game stores nothing of its own.
   */
  readonly actorFields?: FieldDescs;
  /** Conditions / status effects, with their mechanical effects as data. */
  readonly conditions: readonly ConditionSpec[];
  readonly initiative: InitiativeRules;
  /** Whether the escalation die is on by default in this game ([13A-ESC]). */
  readonly escalationByDefault: boolean;
  /** Action-economy labels (i18n keys) for sheets and chat. */
  readonly actions: readonly { key: string; label: string }[];
  /** The Open rules this game lets tables switch (registered as world settings). */
  readonly options: readonly OptionSpec[];
  /**
   * Situational modifiers the attack dialog offers in this game (keys of {@link Situation}).
   * Optional: absent = the dialog offers all of them.
   */
  readonly situational?: readonly (keyof Situation)[];
  /**
   * Cover levels the attack dialog offers when it offers `cover` (`none` first). Optional: absent =
   * every level of {@link Situation.cover}.
   */
  readonly coverLevels?: readonly Situation["cover"][];
  /**
   * Whether an attacker may knock a creature out instead of killing it when damage drops it
   * ([HD-ENEMYDEATH]): the card then offers a knock-out apply button that sends `knockOut` on the
   * damage packet. Optional: absent = false.
   */
  readonly knockOut?: boolean;
  /**
   * Speed a new actor starts with when its creation data gives none (HD: 60 ft, [HD-TURN]).
   * Optional: absent = the data model's default.
   */
  readonly defaultSpeed?: number;
  /**
   * Ability values a new actor starts with when its creation data names none: a game that reads
   * abilities as modifiers starts them at 0 (a blank creature is average). Optional: absent = the
   * data model's default scores of 10.
   */
  readonly defaultAbilities?: Readonly<Record<AbilityKey, number>>;
  /**
   * Recoveries a new actor of `level` starts with (left and most) when its creation data names
   * none: Hundred Dungeons' hit dice are one per level. Optional: absent = the data model's default.
   */
  readonly startingRecoveries?: (level: number) => number;

  // ---- the battlefield read from the scene ([SYS-CANVAS]) ------------------------------------
  /**
   * What the scene says about one attack against one target (cover, concealment, combat
   * advantage, reach, unseen attackers), each value with its reason. Optional: absent = the game
   * reads nothing from the scene and the dialog stays as the player sets it.
   */
  readScene?(input: SceneAttackInput): SceneReading;
  /**
   * The abstract range band (a key of the game's band procedure) the mover has to each enemy on
   * the scene, by token id. Optional: absent = the game keeps no bands.
   */
  readBands?(input: SceneBandsInput): Record<string, string>;

  // ---- actors --------------------------------------------------------------------------------
  /** Derive defenses, penalties, saves, bloodied/wounded… from source data ([FF-DEF], [WD-AC]…). */
  deriveActor(actor: ActorSource, options: RuleOptions): DerivedActor;

  // ---- attacks -------------------------------------------------------------------------------
  /** Base attack bonus of a power (with the weapon used, if any), itemised ([FF-ATKBONUS], [WD-ATK], [HD-ATK]). */
  attackBonus(actor: ActorSource, derived: DerivedActor, power: PowerSource, weapon: WeaponSource | null): Modifier[];
  /**
   * Hit damage expression of a power with a weapon: weapon dice, `N[W]`, ability and proficiency
   * bonuses, class dice (HD), Str multipliers (WD). Throws EngineError on a malformed formula.
   */
  damageExpression(
    actor: ActorSource,
    derived: DerivedActor,
    power: PowerSource,
    weapon: WeaponSource | null,
  ): DamageExpression | null;
  /**
   * The damage formula a weapon's own attack deals for a wielder of this kind, in roll-data
   * terms (`@level[W] + @str*@tier`, `1[W] + @dex`): [13A-DMG], [FF-WDICE]. Optional: absent =
   * `1[W]`, the ruleset's `damageExpression` adding what the game adds (HD nothing, WD Strength).
   */
  weaponDamageFormula?(weapon: WeaponSource, ability: AbilityKey, kind: ActorSource["kind"]): string;
  /** Net roll mode for an attack from conditions and the situation ([HD-MIGHTY], [HD-COND]). */
  attackMode(input: Omit<AttackInput, "dice">): RollMode;
  /** Decide an attack against one target. Throws EngineError on bad dice or numbers. */
  resolveAttack(input: AttackInput): AttackOutcome;
  /**
   * The same decision with the dice left open: the outcome for any dice, as `resolveAttack` would
   * give it, and the result of each kept natural without building an outcome. Exact odds ask it
   * for all twenty faces (optional: the shared default resolves the attack once per face).
   */
  prepareAttack?(input: Omit<AttackInput, "dice">): PreparedAttack;
  /** How to roll and total damage for an outcome (crit rule, miss rule). Null = no damage. */
  damageRecipe(input: DamageRecipeInput): DamageRecipe | null;

  // ---- damage and healing --------------------------------------------------------------------
  /** Apply damage: traits, temp HP first, HP, state transitions, rolls the rules now demand. */
  applyDamage(actor: ActorSource, packet: DamagePacket, options: RuleOptions, actorId: string): DamageResult;
  /**
   * The HP this creature may hold in this game (undo gives back no more and takes away no less):
   * Hundred Dungeons never below 0, Wounds d20 never above its maximum less its wounds. Optional:
   * absent = any number up to its maximum.
   */
  hpRange?(actor: ActorSource): { min: number; max: number };
  /** Heal or grant temporary HP. */
  applyHealing(
    actor: ActorSource,
    amount: number,
    kind: HealingKind,
    options: RuleOptions,
    actorId: string,
  ): RuleResult;
  /**
   * Spend a recovery (13A) / recovery dice (WD): returns the rolls to make (rally save, recovery
   * roll). `rally` = in-combat rally action; `inCombat` = the creature is in a running battle
   * (optional: absent = not known, read as out of combat; [WD-RECOVERY] recovery dice only out of it).
   */
  /**
   * Whether a natural 20 on this roll always succeeds and a natural 1 always fails, whatever the
   * total ([WD-SAVES] saves and death saves; [HD-UNARMED] the unarmed attack's options), so its
   * shown result follows the natural roll. Optional: absent = the total alone decides.
   */
  naturalDecides?(request: RollRequest): boolean;
  startRecovery(
    actor: ActorSource,
    rally: boolean,
    options: RuleOptions,
    actorId: string,
    inCombat?: boolean,
  ): RuleResult;
  /** A save or check of a given kind from the sheet ([13A-SAVE], [FF-SAVE], [WD-SAVES], HD abilities). */
  saveRequest(actor: ActorSource, derived: DerivedActor, kind: string, mode: RollMode, actorId: string): RollRequest;
  /**
   * Net roll mode of a save / ability roll of `kind` from the roller's conditions (exhaustion,
   * poisoned, restrained…) plus `extra` mighty/weak sources such as the sheet's click
   * ([HD-MIGHTY], [HD-COND]). Optional and additive: absent = the game has no roll modes for saves.
   */
  saveMode?(actor: ActorSource, kind: string, extra?: { mighty?: number; weak?: number }): RollMode;
  /** A death save / dying check from the sheet, or null when the actor is not making them. */
  deathSaveRequest(actor: ActorSource, derived: DerivedActor, actorId: string): RollRequest | null;
  /** Feed back a requested roll: death save tallies, recovery healing, save outcome… */
  resolveRoll(actor: ActorSource, request: RollRequest, roll: RollResult, options: RuleOptions): RuleResult;

  // ---- the turn cycle ------------------------------------------------------------------------
  onCombatStart(ctx: TurnContext): TurnStep[];
  onRoundStart(ctx: TurnContext): TurnStep[];
  onTurnStart(ctx: TurnContext): TurnStep[];
  onTurnEnd(ctx: TurnContext): TurnStep[];
  onRoundEnd(ctx: TurnContext): TurnStep[];
  /** `tough` = the GM counts the battle as two toward the heal-up ([13A-HEALUP]). */
  onCombatEnd(ctx: TurnContext, tough: boolean): TurnStep[];
  /** Resolve a `roll` step made during the turn cycle (save against an effect…). */
  resolveTurnRoll(ctx: TurnContext, request: RollRequest, roll: RollResult): TurnStepResult;
  /** Whether a combatant acts this round (surprise) — false = skip its turn. */
  actsThisRound(ctx: TurnContext, combatant: CombatantSource): boolean;
  /** Initiative roll formula for one combatant (`1d20 + 7`, `1d6 + 9`). */
  initiativeFormula(actor: ActorSource, derived: DerivedActor): string;
  /** Turn order from rolled initiative (ties, around-the-table). */
  order(ctx: TurnContext): InitiativeSlot[];
  /**
   * Add a new effect onto a list with the game's stacking rule ([FF-ONGOING] highest per type,
   * [FF-DURATION]); `timing` (the combat's turn order, absent out of combat) tells which copy ends later.
   */
  addEffect(existing: readonly EffectSource[], incoming: EffectSource, timing?: EffectTiming): EffectSource[];

  // ---- effects on sheets ([SYS-EFFECTS]) -----------------------------------------------------
  /**
   * The save the bearer rolls against one effect: the one its turn's end rolls, and the sheet's
   * "save now". Optional: absent = d20 + the effect's save modifier against 10.
   */
  effectSave?(actor: ActorSource, actorId: string, effect: EffectSource): RollRequest;

  // ---- reactions, provoking, targeting, round length ([SYS-ACTIONS]) ---------------------------
  // Optional: a game without them leaves them out and the adapter offers nothing.
  /** Seconds one combat round lasts in the fiction (world time advances by it). Absent = core's. */
  readonly roundSeconds?: number;
  /**
   * Reactions the defender of a decided attack may take ([HD-REACT] Parry). `weapons` are the
   * defender's equipped weapons; `reactionUsed` whether it already reacted this round.
   */
  attackReactions?(query: {
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
  resolveAttackReaction?(key: string, outcome: AttackOutcome, context?: { hasMissEffect: boolean }): AttackOutcome;
  /**
   * What an attack with this power counts as for `afterAct` ([HD-PROVOKE]: a spell provokes from
   * every foe whose reach it is cast in). Optional: absent = a ranged attack or an attack by range.
   */
  attackAct?(power: PowerSource, weapon: WeaponSource | null): ActInput["act"];
  /** What an act (a move, an attack, a spell) provokes from others and ends on the actor (hiding). */
  afterAct?(input: ActInput): ActOutcome;
  /**
   * What a creature's state, as it now is, ends on the other creatures of its combat (a grip its
   * grappler, now incapacitated, no longer holds), as steps on them. Optional: absent = nothing.
   */
  releasedBy?(holder: CombatantSource, others: readonly CombatantSource[]): TurnStep[];
  /**
   * Whether an attacker may target a creature at all (charmed by it, hidden from it), with the
   * reason key. Optional: absent = always.
   */
  mayTarget?(attacker: CombatantSource, target: CombatantSource): { allowed: boolean; reason: string | null };
  /**
   * A condition a power imposes that this game counts in levels on the creature rather than as an
   * effect ([HD-COND] exhaustion: one level through the game's own gain, death at 6), applied to
   * `actor`; null = an ordinary condition (it becomes an effect). Optional: absent = always null.
   */
  levelCondition?(actor: ActorSource, status: string, actorId: string): RuleResult | null;
  /** Changes an edit of the actor implies (exhaustion 6 is death). Optional: absent = none. */
  actorChanges?(before: ActorSource, after: ActorSource): Partial<ActorSource>;
  /** Attack-economy cost of attacking with `weapon` given the equipped `weapons` (dual wielding: quick). */
  attackCost?(weapon: WeaponSource | null, weapons: readonly WeaponSource[]): string;
  /**
   * A save / ability roll request against an effect from beyond cover ([HD-COVER]): the cover's
   * bonus and automatic success folded in. Optional: absent = cover never changes saves.
   */
  saveRequestWithCover?(request: RollRequest, cover: Situation["cover"]): RollRequest;

  // ---- between battles -----------------------------------------------------------------------
  /** Full heal-up / long rest: the actor changes ([13A-HEALUP]). */
  fullHealUp(actor: ActorSource): ActorSource;
  /** Whether the party may flee (13A: one PC conscious). */
  canFlee(combatants: readonly CombatantSource[]): boolean;

  // ---- action economy and table procedures (tracker, Actions panel) -------------------------
  // All optional: a game without them tracks no actions and lists no procedures.
  /** Actions per turn as data ([SYS-ACTIONS]); spends and resets use src/engine/actions.ts. */
  readonly economy?: ActionEconomy;
  /** The most actions a turn of this actor allows (Wounds d20 staggered: one); null = no cap. */
  actionCap?(actor: ActorSource): number | null;
  /**
   * Out-of-turn kinds this actor's state takes away at its turn's start though its turn is not
   * capped ([HD-COND] exhaustion 1: no reactions). Optional: absent = none.
   */
  lostAtTurnStart?(actor: ActorSource): readonly string[];
  /** Table procedures the sheet's Actions panel lists, each decided by the two functions below. */
  readonly procedures?: readonly ProcedureSpec[];
  /** A procedure's first step by id: refuse (why) or the rolls to make. */
  planProcedure?(id: string, input: ProcedureInput): ProcedurePlan;
  /** What a procedure did, from its rolls (in the order planned). */
  resolveProcedure?(id: string, input: ProcedureInput, rolls: readonly ProcedureRoll[]): ProcedureOutcome;
  /**
   * The combatant on whose turn this one acts when it takes no turn of its own, the most actions
   * it takes then, and the procedures the controller's Actions panel offers for it beside its
   * attacks ([HD-MOUNT] a ridden mount: on its rider's turn, one action or quick action: Dash,
   * Disengage, Dodge or an attack), or null. Optional: absent = every combatant acts on its own turn.
   */
  actsOnTurnOf?(
    ctx: TurnContext,
    combatant: CombatantSource,
  ): { id: string; cap: number; procedures?: readonly string[] } | null;
  /** Notes on this actor's turn the tracker and Actions panel show (i18n key, one number). */
  turnNotes?(actor: ActorSource): { key: string; value?: number }[];
  /** A roll the rules demand after spending `cost` (a staggered creature's major action), or null. */
  afterSpend?(actor: ActorSource, actorId: string, cost: string, options: RuleOptions): RollRequest | null;

  // ---- range bands on attacks ----------------------------------------------------------------
  /**
   * What the attacker's bands (its procedure memory) say about an attack of this range on one
   * target: warnings the attack dialog and the card show, never refusals. Absent = no bands.
   */
  attackBandWarnings?(input: AttackBandInput): AttackBandWarning[];

  // ---- powers: outcome effects, usage and rests ---------------------------------------------
  // Optional, with the shared defaults of `engine/powers.ts` (always read them through it).
  /** Usage kinds a power may have here, in sheet order. Absent = at-will, encounter, daily. */
  readonly powerUsages?: readonly PowerUsageSpec[];
  /** The game's rests, offered on the sheet and (for the party) the tracker. Absent = one full heal-up. */
  readonly rests?: readonly RestSpec[];
  /** Target a save against a save-ends effect of this difficulty must reach; null = the game judges it elsewhere. */
  effectSaveTarget?(save: "easy" | "normal" | "hard"): number | null;
  /**
   * Triggers a power's effect may have here, in the item sheet's order. Absent = the natural-roll
   * ones (any, even, odd, N+); a game adds its own (FFd20: combat advantage against the target).
   */
  readonly powerTriggers?: readonly NaturalTrigger["kind"][];
  /** Whether a power's effect applies to an outcome (its outcome and its natural-roll trigger). */
  powerEffectApplies?(effect: PowerEffectSpec, outcome: AttackOutcome): boolean;
  /** What a power's usage does at a moment (battle end, a rest): keep, reset, or roll its recharge. */
  refreshPower?(usage: PowerUsageState, moment: PowerMoment): PowerRefresh;
  /** Take a rest: the actor's changes and the rolls it asks for (recovery dice…). */
  rest?(actor: ActorSource, rest: string, options: RuleOptions, actorId: string): RuleResult;
  /** Whether a creature may rest while it sustains an effect. Absent = it may. */
  readonly restsWhileSustaining?: boolean;

  // ---- each game in its own words ([SYS-WORDS]) ----------------------------------------------
  // Optional, with the shared defaults of `engine/words.ts` (always read them through `wordsOf`).
  /** The game's words for the controls every game's sheet and tracker share; null = not in this game. */
  readonly words?: Partial<RulesetWords>;
  /** Item fields, by item type, that this game's rules never read: its item sheets leave them out. */
  readonly hiddenItemFields?: Partial<Record<ItemSheetType, readonly string[]>>;
  /** The damage die of a weapon by its class, where a weapon naming no dice deals its class's. */
  readonly weaponClassDice?: Readonly<Record<string, string>>;
  /** An NPC's stat block: its lines in the game's order and words (read through `statBlockOf`). */
  readonly statBlock?: StatBlockSpec;
  /** [SYS-CHARACTER] The class table deriving a character's numbers; absent = every number typed. */
  readonly progression?: Progression;
  /**
   * [SYS-IMPORT] The foreign system of this game's family, whose content the importer converts to
   * this game (docs/import.md): `archmage`, `dnd5e`, `dnd4e` or `pf1`. Absent = none.
   */
  readonly importFamily?: string;
  /** [SYS-CHARACTER] Potions, coins, identity fields and load (src/engine/gear.ts); absent = `gearOf`'s defaults. */
  readonly gear?: GearRules;
  /**
   * [SYS-RULESET] The game's own parts of the actor sheet: parts of their own rendered after the
   * sheet's (a module's game ships its screens this way), and parts the sheet writes at one of its
   * slots (src/engine/sheet-parts.ts: recoveries, death saves, wounds…). Absent = none: the sheet
   * shows only what every game shares.
   */
  readonly sheetParts?: readonly (SheetPartSpec | SheetSlotPart)[];

  // ---- forced movement ---------------------------------------------------------------------
  /**
   * The squares a push / pull / slide moves a target through, from `start`, by the creature at
   * `origin` (a slide goes in `direction`). Absent = the game has no forced movement.
   */
  forcedPath?(move: ForcedMovement, origin: Square, start: Square, direction?: Square | null): Square[];

  // ---- creatures (issue 40) ------------------------------------------------------------------
  /**
   * [SYS-MONSTERS] The roll a spell (an attack whose keywords include `spell`) must make to affect
   * this target (spell resistance: the caster's check against it), or null when nothing stands in
   * its way. Absent = the game has no spell resistance.
   */
  spellResistanceCheck?(
    target: ActorSource,
    properties: readonly string[],
    casterLevel: number,
    actorId: string,
  ): RollRequest | null;
  /**
   * [SYS-MONSTERS] What a creature can spend by the GM's button (action points, legendary actions
   * and resistances), with what is left; empty when it has none. Absent = nothing to spend.
   */
  creatureSpends?(actor: ActorSource): readonly CreatureSpend[];
  /** [SYS-MONSTERS] Spend one `key` of the combatant `combatantId` now: the steps, or why not. */
  spendCreature?(ctx: TurnContext, combatantId: string, key: string): SpendDecision;
  // ---- issue 45: each game's vocabulary ([SYS-WORDS]) ---------------------------------------
  /** The durations it offers and its own words for shared strings (read through `vocabularyOf` / `say`). */
  readonly vocabulary?: VocabularySpec;
  // ---- [SYS-MONSTERS] save-based attacks ---------------------------------------------------
  /**
   * Whether a power may be decided by the target's save of one of `saves` against the power's DC
   * (`PowerSource.saveAttack`) instead of an attack roll. Absent = never (attack against defense).
   */
  readonly saveAttacks?: boolean;
  /**
   * [SYS-MONSTERS] The creature's own way to turn a failed save against a save-based power into a
   * success ([HD-LEGENDARY] legendary resistance): the creature with one use spent and the event
   * saying so, or null when it has none left. The card decides with it, Apply spends it. Absent =
   * no such way in this game.
   */
  resistSaveAttack?(actor: ActorSource, actorId: string): { actor: ActorSource; event: RuleEvent } | null;
}

/**
 * [SYS-RULESET] One of a game's own parts of the actor sheet (see {@link Ruleset.sheetParts}).
 * @public (for modules' games)
 */
export interface SheetPartSpec {
  /** Unique within the game: the part renders as `game-<id>` and its data sits under `gameParts.<id>`. */
  readonly id: string;
  /** The Handlebars template Foundry loads, e.g. `modules/<module>/templates/sheet.hbs`. */
  readonly template: string;
  /** What the template reads under `gameParts.<id>`: from the actor's stored and derived values. */
  context(actor: ActorSource, derived: DerivedActor): Record<string, unknown>;
}

/**
 * [SYS-RULESET] One of a game's parts that the built-in actor sheet writes at one of its slots
 * (see {@link Ruleset.sheetParts}), reading the sheet's own context, for the holders listed.
 * @public (for modules' games)
 */
export interface SheetSlotPart {
  /** Unique within the game. */
  readonly id: string;
  /** Where on the sheet it is written (parts of one slot in the game's order). */
  readonly slot: SheetSlot;
  /** The Handlebars template Foundry loads; it reads the sheet's context. */
  readonly template: string;
  /** Whose sheets show it. Absent = every holder's. */
  readonly holders?: readonly SheetHolderKind[];
}

/**
 * The places of the built-in actor sheet where a game's parts are written: `hp` (the header's hit
 * points, replacing the shared HP block), `badges` (after the defense badges), `resources` (the
 * saves block's resources before the rests), `resourcesEnd` (after the rests), `combatEnd` (after
 * the saves block) and `bonuses` (the bonuses grid before the armor inputs).
 */
export type SheetSlot = "hp" | "badges" | "resources" | "resourcesEnd" | "combatEnd" | "bonuses";

/** Whose sheet: a character, an NPC, or an NPC the GM marked important. */
export type SheetHolderKind = "character" | "npc" | "importantNpc";
