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
import type { AllCapabilities } from "./capabilities.js";
import type { GearRules } from "./gear.js";
import type { Progression } from "./build.js";
import type {
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
  HealingKind,
  InitiativeRules,
  InitiativeSlot,
  Modifier,
  OptionSpec,
  PowerSource,
  PowerUsageSpec,
  RestSpec,
  RollMode,
  RollRequest,
  RollResult,
  RuleOptions,
  RuleResult,
  RulesetId,
  SaveSpec,
  Situation,
  TraitForms,
  TurnContext,
  EffectTiming,
  TurnStep,
  TurnStepResult,
  WeaponSource,
} from "./types.js";
import type { DamageExpression } from "./dice.js";
import type { FieldDescs } from "./fields.js";
import type { ActionEconomy } from "./actions.js";
import type { ItemSheetType, RulesetWords } from "./words.js";
import type { StatBlockSpec } from "./stat-block.js";
import type { VocabularySpec } from "./vocabulary.js";

/**
 * What every game answers. What only some games have is a capability they opt into
 * (`./capabilities.ts`), carried here as optional members.
 */
export interface Ruleset extends Partial<AllCapabilities> {
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

  // ---- the battlefield read from the scene ([SYS-CANVAS]) ------------------------------------

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
  startRecovery(
    actor: ActorSource,
    rally: boolean,
    options: RuleOptions,
    actorId: string,
    inCombat?: boolean,
  ): RuleResult;
  /** A save or check of a given kind from the sheet ([13A-SAVE], [FF-SAVE], [WD-SAVES], HD abilities). */
  saveRequest(actor: ActorSource, derived: DerivedActor, kind: string, mode: RollMode, actorId: string): RollRequest;
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
  /**
   * Whether an attacker may target a creature at all (charmed by it, hidden from it), with the
   * reason key. Optional: absent = always.
   */
  mayTarget?(attacker: CombatantSource, target: CombatantSource): { allowed: boolean; reason: string | null };
  /** Changes an edit of the actor implies (exhaustion 6 is death). Optional: absent = none. */
  actorChanges?(before: ActorSource, after: ActorSource): Partial<ActorSource>;

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
  /** Notes on this actor's turn the tracker and Actions panel show (i18n key, one number). */
  turnNotes?(actor: ActorSource): { key: string; value?: number }[];

  // ---- range bands on attacks ----------------------------------------------------------------

  // ---- powers: outcome effects, usage and rests ---------------------------------------------
  // Optional, with the shared defaults of `engine/powers.ts` (always read them through it).
  /** Usage kinds a power may have here, in sheet order. Absent = at-will, encounter, daily. */
  readonly powerUsages?: readonly PowerUsageSpec[];
  /** The game's rests, offered on the sheet and (for the party) the tracker. Absent = one full heal-up. */
  readonly rests?: readonly RestSpec[];
  /** Target a save against a save-ends effect of this difficulty must reach; null = the game judges it elsewhere. */
  effectSaveTarget?(save: "easy" | "normal" | "hard"): number | null;
  /** Take a rest: the actor's changes and the rolls it asks for (recovery dice…). */
  rest?(actor: ActorSource, rest: string, options: RuleOptions, actorId: string): RuleResult;

  // ---- each game in its own words ([SYS-WORDS]) ----------------------------------------------
  // Optional, with the shared defaults of `engine/words.ts` (always read them through `wordsOf`).
  /** The game's words for the controls every game's sheet and tracker share; null = not in this game. */
  readonly words?: Partial<RulesetWords>;
  /** Item fields, by item type, that this game's rules never read: its item sheets leave them out. */
  readonly hiddenItemFields?: Partial<Record<ItemSheetType, readonly string[]>>;
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

  // ---- creatures (issue 40) ------------------------------------------------------------------
  // ---- issue 45: each game's vocabulary ([SYS-WORDS]) ---------------------------------------
  /** The durations it offers and its own words for shared strings (read through `vocabularyOf` / `say`). */
  readonly vocabulary?: VocabularySpec;
  // ---- [SYS-MONSTERS] save-based attacks ---------------------------------------------------
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
 * the saves block), `bonuses` (the bonuses grid before the armor inputs) and `statBlock` (the end of
 * an NPC's stat block, for a monster rule only its game has, e.g. Hundred Dungeons' Pack Tactics).
 */
export type SheetSlot = "hp" | "badges" | "resources" | "resourcesEnd" | "combatEnd" | "bonuses" | "statBlock";

/** Whose sheet: a character, an NPC, or an NPC the GM marked important. */
export type SheetHolderKind = "character" | "npc" | "importantNpc";
