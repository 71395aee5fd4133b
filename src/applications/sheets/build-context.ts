/**
 * [SYS-CHARACTER] The character sheet's "Class and level" block as template data (pure;
 * templates/actor/build.hbs): the class choice of the active game's table, each number the class
 * derives with the override typed over it, and which of the sheet's own inputs the class now owns
 * (they are hidden: the block's override inputs replace them).
 */
import { buildOf, buildRows, derivedNumbers, levelUpPlan } from "../../engine/build.js";
import type { Ruleset } from "../../engine/ruleset.js";
import type { ActorKind, ActorSource } from "../../engine/types.js";
import { wordsOf } from "../../engine/words.js";

export const BUILD_TEMPLATE = "systems/d20-combat/templates/actor/build.hbs";

/** Form name and label of each non-defense number a class derives. */
const ROW_INPUTS: Readonly<Record<string, { name: string; label: (r: Pick<Ruleset, "words">) => string }>> = {
  hpMax: { name: "system.build.overrides.hpMax", label: () => "D20C.Actor.FIELDS.hp.max.label" },
  recoveriesMax: { name: "system.build.overrides.recoveriesMax", label: (r) => wordsOf(r).recoveries ?? "" },
  recoveryFormula: { name: "system.build.overrides.recoveryFormula", label: (r) => wordsOf(r).recoveryRoll ?? "" },
  baseCombatBonus: {
    name: "system.build.overrides.baseCombatBonus",
    label: () => "D20C.Actor.FIELDS.baseCombatBonus.label",
  },
  baseSaveBonus: { name: "system.build.overrides.baseSaveBonus", label: (r) => wordsOf(r).saveBonus },
  renown: { name: "system.build.overrides.renown", label: () => "D20C.Actor.FIELDS.renown.label" },
};

/** The sheet inputs a class owns while it derives their numbers. */
export interface BuildOwns {
  hpMax?: boolean;
  recoveries?: boolean;
  baseCombatBonus?: boolean;
  baseSaveBonus?: boolean;
  renown?: boolean;
}

export interface BuildBlock {
  classKey: string;
  classes: { value: string; label: string; selected: boolean }[];
  /** A class of the table is chosen: its numbers are derived. */
  active: boolean;
  rows: {
    key: string;
    label: string;
    name: string;
    derived: number | string;
    override: number | string;
    overridden: boolean;
    text: boolean;
  }[];
  /** Derived defense bases by key (the defenses table's placeholders), and which are overridden. */
  defenseDerived: Record<string, number | string>;
  /** The level-up button: shown while the class table goes higher. */
  canLevelUp: boolean;
  /** The last level-up, while it can still be undone (the actor is still at the level it reached). */
  undo: { from: number; to: number } | null;
}

/**
 * The block for a character in a game with a class table; null for a monster or a game without one.
 * `stored` = the source the inputs edit; `prepared` = the data the rules read (abilities, worn armor).
 */
export function buildBlock(
  ruleset: Pick<Ruleset, "progression" | "words">,
  kind: ActorKind,
  stored: ActorSource,
  prepared: ActorSource,
  lastLevelUp: { from: number; to: number } | null = null,
): { block: BuildBlock; owns: BuildOwns } | null {
  const progression = ruleset.progression;
  if (!progression || kind !== "character") return null;
  const build = buildOf(stored);
  // The class reads the prepared abilities and worn armor (13th Age's AC); a defense's override is its stored base.
  const view: ActorSource = { ...prepared, defenses: stored.defenses, build: buildOf(stored), kind };
  const numbers = derivedNumbers(progression, view);
  const active = numbers !== null;
  const rows = buildRows(progression, view)
    .filter((r) => !r.key.startsWith("defense."))
    .map((r) => {
      const input = ROW_INPUTS[r.key] as (typeof ROW_INPUTS)[string];
      return {
        key: r.key,
        label: input.label(ruleset),
        name: input.name,
        derived: r.derived,
        override: r.override ?? "",
        overridden: r.overridden,
        text: typeof r.derived === "string",
      };
    });
  const known = progression.classes.includes(build.classKey);
  const classes = [
    { value: "", label: "D20C.Build.NoClass", selected: build.classKey === "" },
    ...progression.classes.map((c) => ({
      value: c,
      label: `${progression.labelPrefix}.${c}`,
      selected: c === build.classKey,
    })),
    // Another game's class key is kept (and shown) until a class of this game is chosen.
    ...(build.classKey && !known ? [{ value: build.classKey, label: build.classKey, selected: true }] : []),
  ];
  const has = (key: string) => rows.some((r) => r.key === key);
  const owns: BuildOwns = active
    ? {
        hpMax: has("hpMax"),
        recoveries: has("recoveriesMax"),
        baseCombatBonus: has("baseCombatBonus"),
        baseSaveBonus: has("baseSaveBonus"),
        renown: has("renown"),
      }
    : {};
  return {
    block: {
      classKey: build.classKey,
      classes,
      active,
      rows,
      defenseDerived: { ...(numbers?.defenseBase ?? {}) },
      canLevelUp: levelUpPlan(progression, view) !== null,
      undo: lastLevelUp && lastLevelUp.to === stored.level ? { from: lastLevelUp.from, to: lastLevelUp.to } : null,
    },
    owns,
  };
}

/** The i18n label of a level-up line or build row key (`level`, `hpMax`, `defense.<key>`…). */
export function buildLineLabel(ruleset: Pick<Ruleset, "words" | "defenses">, key: string): string {
  if (key === "level") return "D20C.Actor.FIELDS.level.label";
  if (key.startsWith("defense.")) {
    const d = key.slice("defense.".length);
    return ruleset.defenses.find((x) => x.key === d)?.label ?? d;
  }
  return ROW_INPUTS[key]?.label(ruleset) ?? key;
}
