/**
 * An NPC's stat block as data (pure): the lines a game prints for a monster, in its order and in its
 * words, each line made of stored fields the GM edits in place, numbers the rules derive, and the
 * game's defenses and abilities; the attacks and the table procedures a monster uses go where the
 * game prints them. A game that lays out none gets {@link DEFAULT_STAT_BLOCK}.
 */
import type { ActorSource, DerivedActor } from "./types.js";
import type { Ruleset } from "./ruleset.js";

/** A stored field of the actor's `system` (a dotted path) that the line edits in place. */
export interface StatField {
  readonly field: string;
  /** i18n key naming it (the input's accessible name; shown before it unless `bare`). */
  readonly label: string;
  /** Printed without its name (the line's words around it say what it is). */
  readonly bare?: boolean;
  /** Choices: the i18n prefix of their names (`<prefix>.<choice>`). */
  readonly choices?: string;
  /** i18n key printed after the input; `{ordinal}` in it is the number's ordinal suffix ("4" → "th"). */
  readonly after?: string;
  /** i18n prefix of the ordinal suffixes, by English plural category (`<prefix>.one` = "st"…). */
  readonly ordinal?: string;
  /** i18n keys of the marks printed against its value where it holds one (13th Age's "[giant]"). */
  readonly enclose?: { readonly open?: string; readonly close?: string };
  /** Choices the game's print leaves out (FFd20's standard rank: "Level 5 brute"). */
  readonly unprinted?: readonly string[];
  /** Shown only to whoever edits the block: the print gives the number it goes into instead. */
  readonly editOnly?: boolean;
  /** [SYS-MONSTERS] A number the print leaves out while it is 0 (no action points, no spell resistance). */
  readonly blankAtZero?: boolean;
}

/** A number the game's {@link StatBlockSpec.values} derives, shown read-only under `label`. */
interface StatValue {
  readonly value: string;
  readonly label: string;
}

/** One piece of a line. */
export type StatPart =
  | StatField
  | StatValue
  /** Each of the game's defenses: its name, its printed value (editable) and its total. */
  | { readonly defenses: "abbr" | "label" }
  /** The six abilities: each score (editable) with its modifier. */
  | { readonly abilities: true };

/** A line of the block: its heading (optional) and its pieces. */
interface StatLine {
  readonly key: string;
  readonly label?: string;
  readonly parts: readonly StatPart[];
}

/** What the block holds, top to bottom. */
type StatEntry =
  | StatLine
  /** The monster's attacks (powers and weapons), each with its outcomes and triggers, under `attacks`. */
  | { readonly attacks: string }
  /** Its resistances, vulnerabilities and immunities, where it has any. */
  | { readonly traits: true }
  /** The table procedures it may take (disengage, dodge…), under `procedures`. */
  | { readonly procedures: string };

export interface StatBlockSpec {
  /** The line under the name that says what it is ("Large 5th level wrecker [beast]"); may be several. */
  readonly identity: readonly (readonly StatPart[])[];
  readonly entries: readonly StatEntry[];
  /** i18n key of an attack's bonus as the game prints it: `{bonus}` and `{defense}` (the abbreviation). */
  readonly attackBonus: string;
  /** The derived numbers its lines show (bloodied, wounded…), by key, from the actor as stored. */
  readonly values?: (actor: ActorSource, derived: DerivedActor) => Readonly<Record<string, string>>;
  /**
   * [SYS-TARGETS] i18n prefix of how an attack line prints its power's target count, in the game's
   * words: `<prefix>.Many` with `{count}` (the number or the formula rolled, "1d3"), `<prefix>.One`
   * for a count of exactly 1. Absent = the block's shared words (`D20C.StatBlock.TargetCount`).
   */
  readonly targetCount?: string;
}

const S = "D20C.StatBlock";

/** A game without a layout of its own: level, defenses, HP, initiative, speed, its traits and attacks. */
const DEFAULT_STAT_BLOCK: StatBlockSpec = {
  identity: [[{ field: "level", label: "D20C.Actor.FIELDS.level.label" }]],
  entries: [
    { key: "defenses", parts: [{ defenses: "abbr" }] },
    { key: "hp", parts: [{ field: "hp.max", label: "D20C.Actor.FIELDS.hp.label" }] },
    {
      key: "initiative",
      parts: [
        { value: "initiative", label: "D20C.Sheet.Initiative" },
        { field: "initiativeBonus", label: "D20C.Actor.FIELDS.initiativeBonus.label" },
      ],
    },
    { key: "speed", parts: [{ field: "speed", label: "D20C.Actor.FIELDS.speed.label" }] },
    { traits: true },
    { attacks: `${S}.Attacks` },
    {
      key: "attackBonus",
      parts: [{ field: "attackBonus", label: "D20C.Actor.FIELDS.attackBonus.label", blankAtZero: true }],
    },
    { procedures: `${S}.Procedures` },
  ],
  attackBonus: `${S}.AttackBonus`,
  targetCount: `${S}.TargetCount`,
};

// ---- pieces the games' blocks share, each in the game's own words -----------------------------

/** The marks a game may print against a value (i18n keys): brackets, a trailing comma. */
export const ENCLOSE = {
  bracketOpen: `${S}.Enclose.bracketOpen`,
  bracketClose: `${S}.Enclose.bracketClose`,
  comma: `${S}.Enclose.comma`,
} as const;

/**
 * A game's stat-block pieces under its lang namespace (`D20C.FF` → words under `D20C.FF.StatBlock`):
 * `S`, that prefix; the size (a choice of the core sizes); what kind of creature it is; its
 * initiative line (the total the rules give, then the bonus the GM prints); the flat attack bonus.
 */
export function statBlockPieces(namespace: string) {
  const S = `${namespace}.StatBlock`;
  const size: StatField = { field: "size", label: "D20C.Actor.FIELDS.size.label", bare: true, choices: "D20C.Size" };
  const type: StatField = { field: "creatureType", label: `${S}.Type`, bare: true };
  const initiative: StatLine = {
    key: "initiative",
    parts: [
      { value: "initiative", label: `${S}.Initiative` },
      { field: "initiativeBonus", label: `${S}.InitiativeBonus`, editOnly: true },
    ],
  };
  // No game prints a flat attack bonus of 0 (issue 45): the attacks' own bonuses say it.
  const attackBonus: StatField = {
    field: "attackBonus",
    label: "D20C.Actor.FIELDS.attackBonus.label",
    blankAtZero: true,
  };
  return { S, size, type, initiative, attackBonus };
}

/** The active game's stat block. */
export function statBlockOf(ruleset: Pick<Ruleset, "statBlock">): StatBlockSpec {
  return ruleset.statBlock ?? DEFAULT_STAT_BLOCK;
}

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

/** The numbers every block may show: the initiative total, and half HP (the usual bloodied value). */
export function commonStatValues(actor: ActorSource, derived: DerivedActor): Record<string, string> {
  return { initiative: signed(derived.initiative), bloodied: String(Math.floor(actor.hp.max / 2)) };
}

/** [SYS-MONSTERS] Words of the creature lines (immunities, bypass, monster rules), shared by every game. */
const CREATURE = "D20C.Creature";
const CR = `${CREATURE}.Field`;
/** [SYS-MONSTERS] The i18n prefix of 13th Age's monster strengths. */
export const STRENGTH_CHOICES = `${CREATURE}.Strength`;

/**
 * [SYS-MONSTERS] The line of what a creature shrugs off, in every game: the conditions and attack
 * keywords it is immune to and the keywords that get through its resistances, each edited as words.
 */
export const CREATURE_LINE: StatLine = {
  key: "creature",
  parts: [
    { field: "conditionImmunities", label: `${CR}.conditionImmunities` },
    { field: "keywordImmunities", label: `${CR}.keywordImmunities` },
    { field: "traitBypass", label: `${CR}.traitBypass` },
  ],
};

/** [SYS-MONSTERS] The stat-block field of a creature rule (label under `D20C.Creature.Field`). */
export const creatureField = (field: string, more: Omit<StatField, "field" | "label"> = {}): StatField => ({
  field,
  label: `${CR}.${field.replace(/\./g, "_")}`,
  ...more,
});
