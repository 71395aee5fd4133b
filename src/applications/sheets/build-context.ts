/**
 * [SYS-CHARACTER] The character sheet's "Class and level" block as template data (pure;
 * templates/actor/build.hbs): the class choice of the active game's table, each number the class
 * derives with the override typed over it, and which of the sheet's own inputs the class now owns
 * (they are hidden: the block's override inputs replace them).
 */
import { buildOf, buildRows, derivedNumbers, levelUpPlan } from "../../engine/build.js";
import type { Ruleset } from "../../engine/ruleset.js";
import { ABILITY_KEYS, type ActorKind, type ActorSource, type DerivedActor } from "../../engine/types.js";
import { planCheck } from "../../engine/checks.js";
import { wordsOf } from "../../engine/words.js";

export const BUILD_TEMPLATE = "systems/d20-combat/templates/actor/build.hbs";

/** Form name and label of each non-defense number a class derives. */
const ROW_INPUTS: Readonly<Record<string, { name: string; label: (r: Pick<Ruleset, "words">) => string }>> = {
  hpMax: { name: "system.build.overrides.hpMax", label: () => "D20C.Build.HpMax" },
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
  /** 13th Age: the backgrounds, edited as rows (null in the other games). */
  backgrounds: { index: number; name: string; points: number }[] | null;
  /** The other games: every skill of the game's list, trained / had (a checkbox) or its ranks (a number). */
  skills: { key: string; label: string; ability: string; trained: boolean; ranks: number }[] | null;
  skillRanks: boolean;
  usesBackgrounds: boolean;
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
    })
    // A number the game has no word for (FFd20's surge value is a quarter of the HP: no roll to write) is not offered.
    .filter((r) => r.label !== "");
  const known = progression.classes.includes(build.classKey);
  const classes = [
    { value: "", label: "D20C.Build.NoClass", selected: build.classKey === "" },
    ...progression.classes.map((c) => ({
      value: c,
      label: progression.classLabel(c),
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
      backgrounds:
        progression.checkOption === "background"
          ? build.backgrounds.map((b, index) => ({ index, name: b.name, points: b.points }))
          : null,
      skills: progression.skills
        ? Object.entries(progression.skills).map(([key, ability]) => {
            const had = build.skills.find((x) => x.key === key);
            return {
              key,
              label: progression.skillLabel?.(key) ?? key,
              ability: `D20C.Sheet.AbilityAbbr.${ability}`,
              trained: had?.trained ?? false,
              ranks: had?.ranks ?? 0,
            };
          })
        : null,
      skillRanks: progression.checkOption === "ranks",
      usesBackgrounds: progression.checkOption === "background",
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

export const CHECKS_TEMPLATE = "systems/d20-combat/templates/actor/checks.hbs";

/** The checks block: initiative, a button per ability with its bonus, and the backgrounds / skills to add. */
export interface ChecksBlock {
  abilities: { key: string; label: string; abbr: string; bonus: string }[];
  options: { value: string; label: string; own: boolean }[];
  /** The option list's label (13th Age: background; the others: skill). */
  optionLabel: string;
  /** Where the game rolls mighty / weak: the alt/ctrl hint. */
  hint: string;
}

const signedText = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

/**
 * [SYS-CHARACTER] The checks block of a character in a game with a class table (null otherwise):
 * each ability's check bonus with nothing added, and the options a check may add.
 */
export function checksBlock(
  ruleset: Pick<Ruleset, "progression" | "deriveActor" | "situational">,
  kind: ActorKind,
  prepared: ActorSource,
  derived: DerivedActor,
  labels: { optionLabel: string; hint: string },
): ChecksBlock | null {
  const progression = ruleset.progression;
  if (!progression || kind !== "character") return null;
  const actor: ActorSource = { ...prepared, kind };
  const abilities = ABILITY_KEYS.map((key) => {
    const plan = planCheck(ruleset, actor, "", key, "", "normal", {}, derived);
    return {
      key,
      label: `D20C.Ability.${key}`,
      abbr: `D20C.Sheet.AbilityAbbr.${key}`,
      bonus: signedText(plan?.total ?? 0),
    };
  });
  const offered = progression.checkOptions(actor).map((o) => ({ value: o.value, label: o.label, own: o.own === true }));
  const options = offered.length ? [{ value: "", label: "D20C.Build.CheckNone", own: false }, ...offered] : [];
  return { abilities, options, ...labels };
}

/** The form's background rows (`d20cBackground.<i>.name / points`) as the stored list. */
export function backgroundsFromForm(rows: unknown): { name: string; points: number }[] | null {
  if (typeof rows !== "object" || rows === null) return null;
  return Object.entries(rows as Record<string, unknown>)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, row]) => {
      const r = (typeof row === "object" && row !== null ? row : {}) as { name?: unknown; points?: unknown };
      const points = Number(r.points);
      return {
        name: typeof r.name === "string" ? r.name : "",
        points: Number.isFinite(points) ? Math.max(0, Math.min(8, Math.trunc(points))) : 0,
      };
    });
}

/**
 * The form's skills as the stored list: checked skills (`d20cSkill.<key>`, trained / had) or skills
 * with ranks (`d20cSkillRanks.<key>`); skills the game's list lacks (another game's) are kept.
 */
export function skillsFromForm(
  skills: Readonly<Record<string, unknown>> | undefined,
  checked: unknown,
  ranks: unknown,
  kept: readonly { key: string; trained: boolean; ranks: number }[],
): { key: string; trained: boolean; ranks: number }[] | null {
  if (!skills) return null;
  const isRec = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
  if (!isRec(checked) && !isRec(ranks)) return null;
  const out = kept.filter((s) => !(s.key in skills));
  for (const key of Object.keys(skills)) {
    if (isRec(ranks)) {
      const n = Math.max(0, Math.trunc(Number(ranks[key]) || 0));
      if (n > 0) out.push({ key, trained: true, ranks: n });
    } else if (isRec(checked) && checked[key] === true) out.push({ key, trained: true, ranks: 0 });
  }
  return out;
}
