/**
 * The plain data an attack card keeps in its chat message flags (`flags["d20-combat"].attack`).
 * Everything the card shows and every apply/undo button reads comes from here, so a card
 * re-renders the same for every viewer and survives reloads. JSON only: no documents, no classes.
 */
import type { ActorChange } from "../changes.js";
import type {
  AttackOutcome,
  DamageRecipe,
  EffectSource,
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

/** One damage roll of the attack: each distinct recipe (hit, crit, miss) is rolled once. */
export interface CardDamageRoll {
  /** Stable key (the outcome it was rolled for: `hit`, `crit`, `miss`, `autoMiss`). */
  key: string;
  recipe: DamageRecipe;
  /** The Foundry formula that was rolled (the recipe's dice and flat part). */
  formula: string;
  /** Faces rolled, in the recipe's term order. */
  faces: number[];
  /** Total of the rolled formula (dice + flat part). */
  rolled: number;
  /** Final damage: the recipe's flat bonus, multiplier and minimum applied. */
  total: number;
}

/** One targeted token, decided at roll time. */
export interface CardTarget {
  /** Token document UUID (falls back to the actor UUID for tokenless actors). */
  uuid: string;
  /** Actor UUID of the target (where damage goes). */
  actorUuid: string;
  name: string;
  img: string;
  outcome: AttackOutcome;
  odds: CardOdds | null;
  /** Key of the damage roll this target takes (`CardDamageRoll.key`), null = none. */
  damageKey: string | null;
  /** Damage this target takes from the outcome (0 when none). */
  damage: number;
  /** Indexes into the card's `power.effects` this target's outcome and natural roll trigger. Absent = none. */
  effects?: number[];
  /** Indexes into `power.effects` whose push / pull / slide this target's outcome triggers. Absent = none. */
  forced?: number[];
  /**
   * Reactions the ruleset offered this target against the attack when it was decided ([HD-REACT]
   * Parry), each a card control for its owners; the GM checks the offer again when one is pressed.
   * Absent = none.
   */
  reactions?: ReactionOffer[];
  /** The reaction this target took (its key); its outcome is the re-decided one. Absent = none. */
  reacted?: string;
  /**
   * What viewers other than the GM see when the attack went to the wrong square of an unseen
   * target ([FF-INVIS]: the attacker is not told why it missed): the roll read as if the square
   * were right, shown as an ordinary miss. Absent = everyone sees `outcome`.
   */
  shown?: ShownOutcome;
  /**
   * What the scene decided for this target and why ("superior cover: 3 of 4 lines blocked by a
   * wall"), each marked whether the attack kept it or it was changed in the dialog. Absent = the
   * scene was not read.
   */
  scene?: CardSceneNote[];
  /**
   * What the attacker's range bands said about attacking this target when it attacked ("nearby,
   * not engaged: a melee attack needs a move first"), localised; warnings only. Absent = none.
   */
  warnings?: string[];
  /** This target's own situation (scene values) when it had one (the GM re-decides the card with it). */
  situation?: Situation;
  /**
   * The public copy of the card carries no defense, crit threshold or odds for this target (they
   * live with the GM, and with the target's owners when the world lets them see them).
   */
  detailsHidden?: boolean;
}

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
}

/** Everything an attack card is made of. */
export interface AttackCardData {
  version: 1;
  rulesetId: RulesetId;
  actorUuid: string;
  actorName: string;
  /** The item attacked with (the GM re-decides the card from it); absent on cards of older versions. */
  itemUuid?: string;
  itemName: string;
  itemImg: string;
  /** Defense key and i18n label the attack targets. */
  defenseKey: string;
  defenseLabel: string;
  range: RangeKind;
  /** The attack's formula, e.g. `1d20 + 7` (each target's own roll may keep the higher/lower of two d20s). */
  formula: string;
  /** d20 faces of each attack roll, one roll per target in target order (one roll when untargeted; two faces for mighty/weak). */
  dice: number[][];
  /** Base attack bonus, itemised (the rest is per target in each outcome). */
  bonusParts: Modifier[];
  damageTypes: string[];
  nonlethal: boolean;
  /**
   * The power's ongoing damage, put on a target the attack hit when its damage is applied
   * ([13A-ONGOING], [FF-ONGOING]): a save-ends effect timed by the attacker's combatant (when the
   * attacker was in the combat at roll time). Absent = the power has none.
   */
  ongoing?: CardOngoing;
  /** The power's hit / miss / crit words and effects ([SYS-POWERS]). Absent = it has none. */
  power?: CardPower;
  /** The attack went to the wrong square of an unseen target (only the GM learns it). Absent = no. */
  wrongSquare?: boolean;
  /** The situation the attacker chose (the GM re-decides the card with it); absent on older cards. */
  situation?: Situation;
  /** The game lets the attacker knock a creature out instead of killing it ([HD-ENEMYDEATH]). Absent = no. */
  knockOut?: boolean;
  damageRolls: CardDamageRoll[];
  targets: CardTarget[];
  /** The roll as it reads without a target (natural, total, what it would count as). */
  untargeted: AttackOutcome | null;
  applied: AppliedRecord[];
}

/**
 * What only GMs keep about an attack card, in a GM-authored message whispered to the GMs
 * (`flags["d20-combat"].ledger`): the card as the active GM's client re-decided it from the
 * message's own rolls and the targets' data, whether the posted card matched, and the record of
 * every application. Applications and undo read only this; the author's message is display.
 */
export interface CardLedger {
  version: 1;
  /** The attack card's message id. */
  cardId: string;
  /** `invalid`: the posted results don't match the rolls; nothing may be applied from the card. */
  status: "valid" | "invalid";
  /** Why the card was refused (what did not match). */
  reason: string;
  /** The card as the GM decided it (true outcomes, defenses, odds) with the applications in `applied`. */
  card: AttackCardData;
}

/** Defense and odds of targets, whispered by the GM to the targets' owners (`flags["d20-combat"].details`). */
export interface CardDetails {
  version: 1;
  cardId: string;
  targets: Record<string, Pick<CardTarget, "outcome" | "odds">>;
}

/** Outcomes a loose roll (chat `/roll`, macro, inline roll) met, added by the roll hook. */
export interface LooseRollData {
  version: 1;
  rulesetId: RulesetId;
  natural: number;
  total: number;
  defenseKey: string;
  defenseLabel: string;
  targets: { uuid: string; name: string; img: string; outcome: AttackOutcome }[];
}

/** A save, death save, rally or recovery card. */
export interface RuleCardData {
  version: 1;
  actorUuid: string;
  actorName: string;
  /** i18n key of the card title. */
  title: string;
  rolls: {
    label: string;
    formula: string;
    total: number;
    natural: number | null;
    target: number | null;
    against: "natural" | "total";
    /** Whether the roll reached its target (null when it had none). */
    success: boolean | null;
  }[];
  events: RuleEvent[];
}
