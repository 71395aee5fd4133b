/**
 * The plain data our chat cards keep in their messages' `system` (one message sub-type per card
 * kind: an attack card, its GM ledger, the numbers whispered to owners, a rule card). Each kind is
 * described once here with the field builders; its TypeScript type and, in the adapter, its
 * Foundry data model (src/data/chat-models.ts) come from that description. Everything the card
 * shows and every apply/undo button reads comes from here, so a card re-renders the same for every
 * viewer and survives reloads. JSON only: no documents, no classes.
 *
 * Values the engine builds whole (an outcome, a recipe, a situation, a record) are stored as JSON
 * objects; the keys an attack card itself is made of are fields, so Foundry keeps exactly these.
 */
import type { MissChanceRoll } from "../miss-chance.js";
import type { UsedTargetCount } from "../target-count.js";
import type { ActorChange } from "../changes.js";
import type { UndoShortfall } from "../undo-bounds.js";
import {
  bool,
  choice,
  group,
  json,
  list,
  num,
  omittable,
  orNull,
  text,
  type FieldDesc,
  type FieldDescs,
  type SourceOf,
} from "../fields.js";
import type {
  AttackOutcome,
  DamagePart,
  DamageRecipe,
  EffectSource,
  HookChange,
  Modifier,
  RangeKind,
  ReactionOffer,
  RuleEvent,
  RulesetId,
  Situation,
} from "../types.js";
import type { CardPower } from "./power-card.js";

/**
 * What a button does to the target: the outcome's damage, half or double of it, healing, temporary
 * HP, or the full damage with the choice to knock the creature out instead of killing it (only in
 * games that have that choice, see `Ruleset.knockOut`).
 */
export type ApplyMode = "full" | "half" | "double" | "knockOut" | "heal" | "temp";
/** Every apply mode, in button order. */
export const APPLY_MODES: readonly ApplyMode[] = ["full", "half", "double", "knockOut", "heal", "temp"];

/** Exact odds the attack had against one target (from src/engine/odds.ts). */
export interface CardOdds {
  /** Chance of any hit, crits included. */
  hit: number;
  crit: number;
  expectedDamage: number;
}

/** A text field whose values the engine types as `T` (a ruleset id, a range, an apply mode…). */
const textOf = <T extends string>(): FieldDesc<T> => text() as FieldDesc<T>;

/** One damage roll of the attack: each distinct recipe (hit, crit, miss) is rolled once. */
const CARD_DAMAGE_ROLL_FIELDS = {
  /** Stable key (the outcome it was rolled for: `hit`, `crit`, `miss`, `autoMiss`). */
  key: text(),
  recipe: json<DamageRecipe>(),
  /** The Foundry formula that was rolled (the recipe's dice and flat part). */
  formula: text(),
  /** Faces rolled, in the recipe's term order. */
  faces: list(num(0)),
  /** Total of the rolled formula (dice + flat part). */
  rolled: num(0),
  /** Final damage: the recipe's flat bonus, multiplier and minimum applied. */
  total: num(0),
};
export type CardDamageRoll = SourceOf<typeof CARD_DAMAGE_ROLL_FIELDS>;

/** One targeted token, decided at roll time. */
const CARD_TARGET_FIELDS = {
  /** Token document UUID (falls back to the actor UUID for tokenless actors). */
  uuid: text(),
  /** Actor UUID of the target (where damage goes). */
  actorUuid: text(),
  name: text(),
  img: text(),
  outcome: json<AttackOutcome>(),
  odds: orNull(json<CardOdds>()),
  /** Key of the damage roll this target takes (`CardDamageRoll.key`), null = none. */
  damageKey: orNull(text()),
  /** Damage this target takes from the outcome (0 when none). */
  damage: num(0),
  /**
   * [SYS-MONSTERS] The damage in parts of different types (the main damage first, then each of the
   * power's damage parts), adding up to `damage`. Absent = one part, the roll's types.
   */
  parts: omittable(list(json<DamagePart>())),
  /** Indexes into the card's `power.effects` this target's outcome and natural roll trigger. Absent = none. */
  effects: omittable(list(num(0))),
  /** Indexes into `power.effects` whose push / pull / slide this target's outcome triggers. Absent = none. */
  forced: omittable(list(num(0))),
  /**
   * Reactions the ruleset offered this target against the attack when it was decided ([HD-REACT]
   * Parry), each a card control for its owners; the GM checks the offer again when one is pressed.
   * Absent = none.
   */
  reactions: omittable(list(json<ReactionOffer>())),
  /** The reaction this target took (its key); its outcome is the re-decided one. Absent = none. */
  reacted: omittable(text()),
  /**
   * What viewers other than the GM see when the attack went to the wrong square of an unseen
   * target ([FF-INVIS]: the attacker is not told why it missed): the roll read as if the square
   * were right, shown as an ordinary miss. Absent = everyone sees `outcome`.
   */
  shown: omittable(json<ShownOutcome>()),
  /**
   * What the scene decided for this target and why ("superior cover: 3 of 4 lines blocked by a
   * wall"), each marked whether the attack kept it or it was changed in the dialog. Absent = the
   * scene was not read.
   */
  scene: omittable(list(json<CardSceneNote>())),
  /**
   * What the attacker's range bands said about attacking this target when it attacked ("nearby,
   * not engaged: a melee attack needs a move first"), localised; warnings only. Absent = none.
   */
  warnings: omittable(list(text())),
  /** This target's own situation (scene values) when it had one (the GM re-decides the card with it). */
  situation: omittable(json<Situation>()),
  /**
   * The public copy of the card carries no defense, crit threshold or odds for this target (they
   * live with the GM, and with the target's owners when the world lets them see them).
   */
  detailsHidden: omittable(bool(false)),
  /** [WD-MISSCHANCE] The d100 rolled against the target's miss chance after a hit, and the chance. Absent = none rolled. */
  missChance: omittable(json<MissChanceRoll>()),
};
export type CardTarget = SourceOf<typeof CARD_TARGET_FIELDS>;

/** One value the scene decided for a target, as the card lists it. */
export interface CardSceneNote {
  /** The localised reason. */
  text: string;
  /** False when the attacker changed it in the dialog. */
  kept: boolean;
}

/** A target's outcome as non-GM viewers see it (see {@link CardTarget.shown}). */
export interface ShownOutcome {
  outcome: AttackOutcome;
  odds: CardOdds | null;
  /** Hide the defense and odds: the roll would have hit, so the numbers would give the reason away. */
  hideDetails: boolean;
}

/** A power's ongoing damage as the card keeps it. */
export interface CardOngoing {
  amount: number;
  /** Damage type key, or `untyped` / empty for none. */
  type: string;
  save: "easy" | "normal" | "hard";
  /** The attacker's combatant in the combat at roll time (times the effect); null = none. */
  sourceCombatantId: string | null;
}

/** What applying damage did to the target's effects (ongoing damage), for the card and its undo. */
export interface AppliedEffects {
  /** Id of the ongoing effect created, or null when the game's stacking rule kept an older one instead. */
  addedId: string | null;
  /** Effects the stacking rule replaced (re-created on undo, with their ids). */
  removed: EffectSource[];
  /** The ongoing damage that was put on (for the card line). */
  amount: number;
  type: string;
}

/**
 * A button press that changed a target, recorded for the card and its undo. What it did is the
 * list of `changes` (engine/changes.ts): undo reverses exactly those and never restores a whole
 * prior state. Something new an application does (conditions imposed…) is one more change in it.
 */
export interface AppliedRecord {
  id: string;
  /** The application's identity (card, target, outcome, mode): applied at most once until undone. */
  key: string;
  targetUuid: string;
  actorUuid: string;
  mode: ApplyMode;
  /** The amount the button sent (before the target's traits). */
  amount: number;
  /** After traits (damage) or as healed (healing). */
  dealt: number;
  hpLost: number;
  absorbedByTemp: number;
  adjustments: Modifier[];
  events: RuleEvent[];
  /** What the press changed on the target, in order (fields and effects). */
  changes: ActorChange[];
  /** Fingerprint of the target as the press left it (to say whether anything changed it since). */
  left: string;
  /** The user the press was made for (as the transport named them, never as a payload claimed). */
  userId: string;
  undone: boolean;
  /** Ongoing damage the press put on the target (absent = none). */
  effects?: AppliedEffects;
  /** [SYS-HOOKS] What modules' hooks changed in the amount, on the GM's client (absent = none). */
  hooks?: HookChange[];
  /** What its undo could not give back, held to the game's bounds (absent = all of it, or not undone). */
  undoShortfalls?: UndoShortfall[];
}

/** The message sub-type each card kind is posted as (system.json `documentTypes.ChatMessage`). */
export const CARD_TYPES = { attack: "attack", ledger: "ledger", details: "details", rule: "rule" } as const;
export type CardKind = keyof typeof CARD_TYPES;

/** The version of a card kind's data shape. */
const version = num(1) as FieldDesc<1>;

/** Everything an attack card is made of: the `system` of an `attack` message. */
const ATTACK_CARD_FIELDS = {
  version,
  rulesetId: textOf<RulesetId>(),
  actorUuid: text(),
  actorName: text(),
  /** The item attacked with (the GM re-decides the card from it); absent on cards of older versions. */
  itemUuid: omittable(text()),
  itemName: text(),
  itemImg: text(),
  /** Defense key and i18n label the attack targets. */
  defenseKey: text(),
  defenseLabel: text(),
  range: textOf<RangeKind>(),
  /** The attack's formula, e.g. `1d20 + 7` (each target's own roll may keep the higher/lower of two d20s). */
  formula: text(),
  /** d20 faces of each attack roll, one roll per target in target order (one roll when untargeted; two faces for mighty/weak). */
  dice: list(list(num(0))),
  /** Base attack bonus, itemised (the rest is per target in each outcome). */
  bonusParts: list(json<Modifier>()),
  damageTypes: list(text()),
  nonlethal: bool(false),
  /**
   * The power's ongoing damage, put on a target the attack hit when its damage is applied
   * ([13A-ONGOING], [FF-ONGOING]): a save-ends effect timed by the attacker's combatant (when the
   * attacker was in the combat at roll time). Absent = the power has none.
   */
  ongoing: omittable(json<CardOngoing>()),
  /** The power's hit / miss / crit words and effects ([SYS-POWERS]). Absent = it has none. */
  power: omittable(json<CardPower>()),
  /** The attack went to the wrong square of an unseen target (only the GM learns it). Absent = no. */
  wrongSquare: omittable(bool(false)),
  /** The situation the attacker chose (the GM re-decides the card with it); absent on older cards. */
  situation: omittable(json<Situation>()),
  /** The game lets the attacker knock a creature out instead of killing it ([HD-ENEMYDEATH]). Absent = no. */
  knockOut: omittable(bool(false)),
  damageRolls: list(group(CARD_DAMAGE_ROLL_FIELDS)),
  targets: list(group(CARD_TARGET_FIELDS)),
  /** The roll as it reads without a target (natural, total, what it would count as). */
  untargeted: orNull(json<AttackOutcome>()),
  /** What each button press did (on the public card: what was dealt, not the changes behind it). */
  applied: list(json<AppliedRecord>()),
  /** [SYS-MONSTERS] The attack's keywords (magic, silver, fear…): trait bypass and keyword immunity read them. Absent = none. */
  properties: omittable(list(text())),
  /**
   * [SYS-MONSTERS] The power was decided by each target's save (kind, its i18n label, the DC, what a
   * success does): each target's roll is its save, a failure its "hit". Absent = an attack roll.
   */
  saveAttack: omittable(json<CardSaveAttack>()),
  /**
   * [SYS-MONSTERS] The saves of a save-based power its targets' owners rolled (src/workflows/owner-saves.ts):
   * each target's roll message, whose roll is the card's roll for that target. Absent = none.
   */
  saveRolls: omittable(list(group({ targetUuid: text(), messageId: text() }))),
  /**
   * [SYS-TARGETS] The power's target count as this attack used it: its formula and the number it
   * gave (rolled: the message's last roll). Absent = the power has none.
   */
  targetCount: omittable(json<UsedTargetCount>()),
};
export type AttackCardData = SourceOf<typeof ATTACK_CARD_FIELDS>;

/** [SYS-MONSTERS] A save-based attack's save as its card keeps it. */
interface CardSaveAttack {
  kind: string;
  /** i18n key of the save's name in the card's game ("Dexterity", "Reflex"). */
  label: string;
  dc: number;
  onSuccess: "none" | "half";
}

/**
 * What only GMs keep about an attack card, the `system` of a `ledger` message (GM-authored,
 * whispered to the GMs): the card as the active GM's client re-decided it from the message's own
 * rolls and the targets' data, whether the posted card matched, and the record of every
 * application. Applications and undo read only this; the author's message is display.
 */
const CARD_LEDGER_FIELDS = {
  version,
  /** The attack card's message id. */
  cardId: text(),
  /** `invalid`: the posted results don't match the rolls; nothing may be applied from the card. */
  status: choice(["valid", "invalid"], "valid"),
  /** Why the card was refused (what did not match). */
  reason: text(),
  /** The card as the GM decided it (true outcomes, defenses, odds) with the applications in `applied`. */
  card: group(ATTACK_CARD_FIELDS),
  /** The message's rolls as stored when the GM decided the card (none kept by older ledgers). */
  rolls: list(text()),
};
export type CardLedger = SourceOf<typeof CARD_LEDGER_FIELDS>;

/** Defense and odds of targets, whispered by the GM to the targets' owners: the `system` of a `details` message. */
const CARD_DETAILS_FIELDS = {
  version,
  cardId: text(),
  /** By target UUID (stored whole: the keys are UUIDs). */
  targets: json<Record<string, Pick<CardTarget, "outcome" | "odds">>>(),
};
export type CardDetails = SourceOf<typeof CARD_DETAILS_FIELDS>;

/** Outcomes a loose roll (chat `/roll`, macro, inline roll) met, added by the roll hook. */
export interface LooseRollData {
  version: 1;
  rulesetId: RulesetId;
  natural: number;
  total: number;
  defenseKey: string;
  defenseLabel: string;
  targets: { uuid: string; name: string; img: string; outcome: AttackOutcome }[];
  /** The targets' defenses and crit thresholds were left out (the world shows them to the GM or owners only). */
  detailsHidden?: boolean;
}

/** A save, death save, rally or recovery card: the `system` of a `rule` message. */
const RULE_CARD_FIELDS = {
  version,
  actorUuid: text(),
  actorName: text(),
  /** i18n key of the card title. */
  title: text(),
  rolls: list(
    group({
      label: text(),
      formula: text(),
      total: num(0),
      natural: orNull(num(0)),
      target: orNull(num(0)),
      against: choice(["natural", "total"], "total"),
      /** Whether the roll reached its target (null when it had none). */
      success: orNull(bool(false)),
    }),
  ),
  events: list(json<RuleEvent>()),
};
export type RuleCardData = SourceOf<typeof RULE_CARD_FIELDS>;

/** The description of each card kind's `system` (its data model's schema is built from it). */
export const CARD_FIELDS: Readonly<Record<CardKind, FieldDescs>> = {
  attack: ATTACK_CARD_FIELDS,
  ledger: CARD_LEDGER_FIELDS,
  details: CARD_DETAILS_FIELDS,
  rule: RULE_CARD_FIELDS,
};
