/**
 * Each game in its own words (pure): the names a game gives the controls every game's sheet and
 * tracker share (its healing resource, its in-battle heal, its death roll and its tallies, the
 * tracker's battle controls), and the item fields its rules never read. A word set to null is
 * something the game does not count or do, so its control is not shown in it.
 */
import type { Ruleset } from "./ruleset.js";

/** i18n keys of a game's words; null = the game has no such thing. */
export interface RulesetWords {
  /** The healing resource (recoveries, healing surges, hit dice, recovery dice). */
  recoveries: string;
  /** Its roll or value, where the sheet asks for a formula; null = the rules work it out. */
  recoveryRoll: string | null;
  /** The sheet's button that spends one. */
  spendRecovery: string;
  /** The in-battle heal (rally, second wind); shown where the game's sheet shows `rallies`. */
  rally: string | null;
  /** How many of those this battle. */
  ralliesThisBattle: string | null;
  /** Battles fought since the last full heal-up, where the game counts them. */
  battlesSinceHealUp: string | null;
  /** Recoveries spent with none left, where that costs something. */
  noRecoveryUses: string | null;
  /** The roll a dying creature makes, as the sheet's button says it. */
  deathSave: string;
  /** Its tallies, where the game counts them. */
  deathSaveSuccesses: string | null;
  deathSaveFailures: string | null;
  /**
   * The save kind (a key of `saves`) that is also the death roll: its one button on the sheet rolls
   * the death save while the rules call for one and the plain save otherwise. Null = none.
   */
  deathSaveKind: string | null;
  /** The tracker's "this battle counts as two" control, where battles count toward a heal-up. */
  toughBattle: string | null;
  /** The tracker's flee control, where the party may flee a battle. */
  flee: string | null;
  /** The flat bonus every save of a creature adds (a "save bonus"; a "base save bonus" in some games). */
  saveBonus: string;
}

/** The words of a game that names none of its own. */
const DEFAULT_WORDS: RulesetWords = {
  recoveries: "D20C.Words.recoveries",
  recoveryRoll: "D20C.Words.recoveryRoll",
  spendRecovery: "D20C.Words.spendRecovery",
  rally: null,
  ralliesThisBattle: null,
  battlesSinceHealUp: null,
  noRecoveryUses: null,
  deathSave: "D20C.Words.deathSave",
  deathSaveSuccesses: null,
  deathSaveFailures: "D20C.Words.deathSaveFailures",
  deathSaveKind: null,
  toughBattle: null,
  flee: null,
  saveBonus: "D20C.Words.saveBonus",
};

/**
 * A game's words kept in its lang namespace, the one its name's key is in (`D20C.FF.Name` →
 * `D20C.FF.Words.<slot>` for each slot named); `absent` lists the slots the game does not have (null).
 */
export function wordsIn(
  nameKey: string,
  slots: readonly (keyof RulesetWords)[],
  absent: readonly (keyof RulesetWords)[] = [],
): Partial<RulesetWords> {
  const ns = `${nameKey.replace(/\.[^.]+$/, "")}.Words`;
  return {
    ...Object.fromEntries(absent.map((slot) => [slot, null])),
    ...Object.fromEntries(slots.map((slot) => [slot, `${ns}.${slot}`])),
  };
}

/** A game's words, its own over the shared defaults. */
export function wordsOf(ruleset: Pick<Ruleset, "words">): RulesetWords {
  return { ...DEFAULT_WORDS, ...ruleset.words };
}

/** Item types whose sheet fields a game may hide. */
export type ItemSheetType = "power" | "weapon" | "armor" | "feature" | "equipment";

/**
 * Whether the item sheet of `type` shows the field at `path` in this game: not when the game lists
 * it among the fields its rules never read.
 */
export function itemFieldShown(ruleset: Pick<Ruleset, "hiddenItemFields">, type: string, path: string): boolean {
  const hidden = ruleset.hiddenItemFields?.[type as ItemSheetType] ?? [];
  return !hidden.includes(path);
}
