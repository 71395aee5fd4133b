/**
 * [SYS-CHARACTER] Class and level as data: what a game's class table derives for a character
 * (hit points, defenses, recoveries, base bonuses, renown), the override typed over each number,
 * and what a level-up changes. Pure: the data model applies {@link applyBuild} to the prepared
 * actor before Active Effects, so every rule reads the derived numbers as if typed; the sheet
 * shows {@link buildRows} (derived, override, shown) and the level-up dialog {@link levelUpPlan}.
 */
import type { AbilityKey, ActorSource, DerivedActor, Modifier } from "./types.js";

/** The numbers a class derives at the actor's level (each absent where the game derives none). */
export interface BuildNumbers {
  hpMax?: number;
  recoveriesMax?: number;
  recoveryFormula?: string;
  /** A defense's base by key (replaces the stat-block value / the rules' default). */
  defenseBase?: Record<string, number>;
  /** Added to a defense's bonus by key (a class's defense bonuses). */
  defenseBonus?: Record<string, number>;
  baseCombatBonus?: number;
  baseSaveBonus?: number;
  renown?: number;
}

/** How a game's level-up adds hit points. */
interface HpGain {
  /** The fixed gain (13th Age's multiplier step, FFd20's per level, HD / WD's average). */
  fixed: number;
  /** The die a table may roll instead (HD / WD), with the flat part added to it; null = fixed only. */
  roll: { formula: string; flat: number } | null;
}

/** A game's class table ([SYS-CHARACTER]): one per ruleset, as `Ruleset.progression`. */
export interface Progression {
  /** Class keys in display order. */
  readonly classes: readonly string[];
  /** A class key's i18n label. */
  readonly classLabel: (classKey: string) => string;
  /**
   * What a check may add and how the sheet edits it: 13th Age's backgrounds (name and points),
   * skills marked trained / had (FFd20, Hundred Dungeons) or skill ranks (Wounds d20).
   */
  readonly checkOption: "background" | "trained" | "ranks";
  /** The game's skill list (key → ability) and its labels; absent where checks add backgrounds. */
  readonly skills?: Readonly<Record<string, AbilityKey>>;
  readonly skillLabel?: (skillKey: string) => string;
  /** Highest level the table covers. */
  readonly maxLevel: number;
  /** What the class `classKey` derives for `actor` at its level; null for a key the table lacks. */
  derive(actor: ActorSource, classKey: string): BuildNumbers | null;
  /** The hit points gained by going from `actor.level` to the next level; null = the table can't say. */
  hpGain(actor: ActorSource, classKey: string): HpGain | null;
  /** What a check may add beside the ability ([SYS-CHARACTER]): 13th Age's backgrounds, the others' skills. */
  checkOptions(actor: ActorSource): CheckOption[];
  /**
   * The itemised bonus of a check of `ability` with the option `option` ("" = none) before the
   * actor's penalties: the option is counted only where the game lets it apply to that ability.
   */
  checkParts(actor: ActorSource, derived: DerivedActor, ability: AbilityKey, option: string): Modifier[];
}

/** One choice a check may add (a background, a skill). */
export interface CheckOption {
  value: string;
  /** i18n key or the player's own words (a background's name). */
  label: string;
  /** The ability it goes with (skills), or null (a 13th Age background goes with any). */
  ability: AbilityKey | null;
  /** The label is the player's own words (a background), not an i18n key. */
  own?: boolean;
}

/** The build of an actor, with every part present (older sources lack it). */
export function buildOf(actor: Pick<ActorSource, "build">): NonNullable<ActorSource["build"]> {
  const b = actor.build;
  return {
    classKey: b?.classKey ?? "",
    backgrounds: b?.backgrounds ?? [],
    skills: b?.skills ?? [],
    overrides: {
      hpMax: b?.overrides?.hpMax ?? null,
      recoveriesMax: b?.overrides?.recoveriesMax ?? null,
      recoveryFormula: b?.overrides?.recoveryFormula ?? "",
      baseCombatBonus: b?.overrides?.baseCombatBonus ?? null,
      baseSaveBonus: b?.overrides?.baseSaveBonus ?? null,
      renown: b?.overrides?.renown ?? null,
    },
  };
}

/** The class numbers of a character, or null: a monster, no class, a class the game lacks, or no table. */
export function derivedNumbers(progression: Progression | undefined, actor: ActorSource): BuildNumbers | null {
  if (!progression || actor.kind !== "character") return null;
  const classKey = buildOf(actor).classKey;
  if (!classKey || !progression.classes.includes(classKey)) return null;
  return progression.derive(actor, classKey);
}

/** One number the sheet shows: what the class derives, what was typed over it, and what counts. */
export interface BuildRow {
  /** Stable key (`hpMax`, `defense.ac`, `recoveriesMax`…). */
  key: string;
  derived: number | string;
  override: number | string | null;
  shown: number | string;
  overridden: boolean;
}

function row(key: string, derived: number | string, override: number | string | null): BuildRow {
  const overridden = override !== null && override !== "";
  return { key, derived, override, shown: overridden ? override : derived, overridden };
}

/** The derived numbers of a character with their overrides, in sheet order (empty without a class). */
export function buildRows(progression: Progression | undefined, actor: ActorSource): BuildRow[] {
  const n = derivedNumbers(progression, actor);
  if (!n) return [];
  const ov = buildOf(actor).overrides;
  const out: BuildRow[] = [];
  if (n.hpMax !== undefined) out.push(row("hpMax", n.hpMax, ov.hpMax));
  for (const [k, v] of Object.entries(n.defenseBase ?? {}))
    out.push(row(`defense.${k}`, v, actor.defenses[k]?.base ?? null));
  if (n.recoveriesMax !== undefined) out.push(row("recoveriesMax", n.recoveriesMax, ov.recoveriesMax));
  if (n.recoveryFormula !== undefined) out.push(row("recoveryFormula", n.recoveryFormula, ov.recoveryFormula));
  if (n.baseCombatBonus !== undefined) out.push(row("baseCombatBonus", n.baseCombatBonus, ov.baseCombatBonus));
  if (n.baseSaveBonus !== undefined) out.push(row("baseSaveBonus", n.baseSaveBonus, ov.baseSaveBonus));
  if (n.renown !== undefined) out.push(row("renown", n.renown, ov.renown));
  return out;
}

/**
 * The actor with its class's numbers in place ([SYS-CHARACTER]): each derived number unless an
 * override is typed (a defense's override is its stored `base`); a class's defense bonuses add to
 * the stored bonus. A monster, or a character without a class, comes back unchanged (the same object).
 */
export function applyBuild(progression: Progression | undefined, actor: ActorSource): ActorSource {
  const n = derivedNumbers(progression, actor);
  if (!n) return actor;
  const ov = buildOf(actor).overrides;
  const out: ActorSource = {
    ...actor,
    hp: { ...actor.hp },
    recoveries: { ...actor.recoveries },
    defenses: { ...actor.defenses },
  };
  if (n.hpMax !== undefined) out.hp.max = ov.hpMax ?? n.hpMax;
  if (n.recoveriesMax !== undefined) out.recoveries.max = ov.recoveriesMax ?? n.recoveriesMax;
  if (n.recoveryFormula !== undefined) out.recoveries.formula = ov.recoveryFormula || n.recoveryFormula;
  for (const [k, v] of Object.entries(n.defenseBase ?? {})) {
    const d = actor.defenses[k] ?? { base: null, bonus: 0 };
    out.defenses[k] = { base: d.base ?? v, bonus: d.bonus };
  }
  for (const [k, v] of Object.entries(n.defenseBonus ?? {})) {
    const d = out.defenses[k] ?? { base: null, bonus: 0 };
    out.defenses[k] = { base: d.base, bonus: d.bonus + v };
  }
  if (n.baseCombatBonus !== undefined) out.baseCombatBonus = ov.baseCombatBonus ?? n.baseCombatBonus;
  if (n.baseSaveBonus !== undefined) out.baseSaveBonus = ov.baseSaveBonus ?? n.baseSaveBonus;
  if (n.renown !== undefined) out.renown = ov.renown ?? n.renown;
  return out;
}

/** One line of a level-up: a number before and after. */
interface LevelUpLine {
  key: string;
  before: number | string;
  after: number | string;
}

/** What raising a character one level changes ([SYS-CHARACTER]); null when it can't be raised. */
export interface LevelUpPlan {
  from: number;
  to: number;
  /** The numbers the sheet shows before and after (only those that change). */
  lines: LevelUpLine[];
  /** Hit points gained with the fixed gain (the current HP rise by as much). */
  hpGain: HpGain;
}

/**
 * The level-up of a character with a class ([SYS-CHARACTER]): the shown numbers at this level and
 * the next (overrides stay typed, so an overridden number does not move), and the hit point gain
 * the game gives (fixed, or a die the table may roll instead). Null: no class, a monster, or the
 * table's top level reached.
 */
export function levelUpPlan(progression: Progression | undefined, actor: ActorSource): LevelUpPlan | null {
  const n = derivedNumbers(progression, actor);
  if (!n || !progression || actor.level >= progression.maxLevel) return null;
  const classKey = buildOf(actor).classKey;
  const gain = progression.hpGain(actor, classKey);
  if (!gain) return null;
  const next: ActorSource = { ...actor, level: actor.level + 1 };
  const before = new Map(buildRows(progression, actor).map((r) => [r.key, r.shown]));
  const lines: LevelUpLine[] = [{ key: "level", before: actor.level, after: next.level }];
  for (const r of buildRows(progression, next)) {
    const was = before.get(r.key);
    if (was !== undefined && was !== r.shown) lines.push({ key: r.key, before: was, after: r.shown });
  }
  return { from: actor.level, to: next.level, lines, hpGain: gain };
}

/**
 * The source changes of an applied level-up ([SYS-CHARACTER]): the new level, and the current hit
 * points raised by the gain (`gained`: the fixed gain or the rolled one). Where the game rolls hit
 * points and the roll differs from the fixed gain, the derived maximum (which counts fixed gains)
 * would not match, so the new maximum is written as the HP override and the sheet shows it.
 */
export function levelUpChanges(
  progression: Progression,
  actor: ActorSource,
  gained: number,
): { level: number; hp: { value: number }; build?: { overrides: { hpMax: number } } } {
  const plan = levelUpPlan(progression, actor);
  if (!plan) throw new Error("level: this character can't be raised (no class, or the table's top level)");
  const prepared = applyBuild(progression, actor);
  const nextPrepared = applyBuild(progression, { ...actor, level: plan.to });
  const out: { level: number; hp: { value: number }; build?: { overrides: { hpMax: number } } } = {
    level: plan.to,
    hp: { value: actor.hp.value + gained },
  };
  const overridden = buildOf(actor).overrides.hpMax !== null;
  if (overridden || gained !== plan.hpGain.fixed) {
    const max = prepared.hp.max + gained;
    if (max !== nextPrepared.hp.max || overridden) out.build = { overrides: { hpMax: max } };
  }
  return out;
}

/** What an applied level-up recorded, for its one undo. */
export interface LevelUpRecord {
  from: number;
  to: number;
  /** Hit points the level-up added to the current HP (and to the maximum). */
  gained: number;
  /** The HP override before the level-up (null = none). */
  hpMaxBefore: number | null;
}

/** The record of a level-up applied with `changes` to `actor` (its state before). */
export function levelUpRecord(
  actor: ActorSource,
  changes: ReturnType<typeof levelUpChanges>,
  gained: number,
): LevelUpRecord {
  return { from: actor.level, to: changes.level, gained, hpMaxBefore: buildOf(actor).overrides.hpMax };
}

/**
 * The undo of a recorded level-up ([SYS-CHARACTER]): the level back, the HP override as it was, and
 * the current hit points lowered by what the level-up added (never below what the rules allow to be
 * typed: later damage and healing stay). Null when the actor is no longer at the level it reached
 * (the level was changed since): nothing is undone.
 */
export function levelUpUndo(
  record: LevelUpRecord,
  actor: ActorSource,
): { level: number; hp: { value: number }; build: { overrides: { hpMax: number | null } } } | null {
  if (actor.level !== record.to) return null;
  return {
    level: record.from,
    hp: { value: actor.hp.value - record.gained },
    build: { overrides: { hpMax: record.hpMaxBefore } },
  };
}

/** What choosing a class writes besides the key: typed numbers kept as overrides, defenses the class now gives. */
export interface ClassChoice {
  overrides: Partial<NonNullable<ActorSource["build"]>["overrides"]>;
  defenses: Record<string, { base?: null; bonus?: number }>;
}

/**
 * Choosing a class for a character whose numbers were typed ([SYS-CHARACTER], the migration of an
 * older actor to the class table): nothing typed is lost. Each typed number that differs from what
 * the class derives becomes its override (a number still at the blank actor's starting value was
 * never typed, and is left to the class); a defense whose typed base equals the class's number is
 * handed to the class (its base cleared), one that differs stays typed as the override it now is;
 * a typed defense bonus that already held the class's defense bonus (FFd20) gives that part to the class.
 * `actor` = the actor before the choice (stored numbers, prepared abilities and armor).
 */
export function classChoice(
  progression: Progression | undefined,
  actor: ActorSource,
  classKey: string,
  blank: Pick<ActorSource, "hp" | "recoveries" | "baseCombatBonus" | "baseSaveBonus" | "renown">,
): ClassChoice {
  const out: ClassChoice = { overrides: {}, defenses: {} };
  if (derivedNumbers(progression, actor)) return out; // already derived: the numbers are the class's
  const n = derivedNumbers(progression, { ...actor, build: { ...buildOf(actor), classKey } });
  if (!n) return out;
  const typed = <T>(value: T, start: T, derived: T | undefined): boolean =>
    derived !== undefined && value !== start && value !== derived;
  if (typed(actor.hp.max, blank.hp.max, n.hpMax)) out.overrides.hpMax = actor.hp.max;
  if (typed(actor.recoveries.max, blank.recoveries.max, n.recoveriesMax))
    out.overrides.recoveriesMax = actor.recoveries.max;
  const formula = actor.recoveries.formula.replace(/\s+/g, "");
  if (typed(formula, blank.recoveries.formula.replace(/\s+/g, ""), n.recoveryFormula?.replace(/\s+/g, "")))
    out.overrides.recoveryFormula = actor.recoveries.formula;
  if (typed(actor.baseCombatBonus, blank.baseCombatBonus, n.baseCombatBonus))
    out.overrides.baseCombatBonus = actor.baseCombatBonus;
  if (typed(actor.baseSaveBonus, blank.baseSaveBonus, n.baseSaveBonus))
    out.overrides.baseSaveBonus = actor.baseSaveBonus;
  if (typed(actor.renown, blank.renown, n.renown)) out.overrides.renown = actor.renown;
  for (const [k, v] of Object.entries(n.defenseBase ?? {})) {
    if (actor.defenses[k]?.base === v) out.defenses[k] = { base: null };
  }
  for (const [k, v] of Object.entries(n.defenseBonus ?? {})) {
    const bonus = actor.defenses[k]?.bonus ?? 0;
    if (v > 0 && bonus >= v) out.defenses[k] = { ...out.defenses[k], bonus: bonus - v };
  }
  return out;
}
