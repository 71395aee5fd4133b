/**
 * An NPC's stat block as template data (pure; templates/actor/stat-block.hbs): the active game's
 * lines (src/engine/stat-block.ts) turned into inputs of the stored fields, derived numbers, the
 * game's defenses and abilities, the attack rows and the procedures a monster takes. Which input a
 * field gets (number, text, a choice) is read from its field description.
 */
import { CORE_ACTOR_FIELDS } from "../../engine/actor-fields.js";
import { CREATURE_WORD_FIELDS, printCreatureWords, type CreatureWordField } from "../../engine/creature-words.js";
import type { FieldDesc, FieldDescs } from "../../engine/fields.js";
import type { Ruleset } from "../../engine/ruleset.js";
import { statBlockOf, type StatField, type StatPart } from "../../engine/stat-block.js";
import type { ActorSource, DerivedActor } from "../../engine/types.js";
import type { AttackSummary } from "./attack-summary.js";
import type { actionsPanelContext } from "./actions-panel.js";
import type { TextViewer } from "../../engine/views/power-text.js";
import { monsterModesView } from "../../engine/views/monster-modes.js";
import { targetCountProblem } from "../../engine/target-count.js";

export const STAT_BLOCK_TEMPLATE = "systems/d20-combat/templates/actor/stat-block.hbs";

/** An attack row as the actor sheet builds it (a power or a weapon). */
interface AttackRow {
  id: string;
  name: string;
  img: string;
  attack: AttackSummary | null;
  rangeLabel: string;
  actionLabel?: string;
  usageLabel?: string;
  usageKey?: string;
  limited?: boolean;
  used?: boolean;
  usesText?: string;
  sections?: readonly unknown[];
  dice?: string;
  /** [SYS-TARGETS] The power's target count as stored ("2", "1d3"; blank = none). */
  targetCount?: string;
}

/** What the actor sheet's context already holds that the block shows. */
export interface StatBlockInput {
  ruleset: Ruleset;
  /** The stored data (what the inputs edit). */
  stored: ActorSource;
  derived: DerivedActor;
  defenses: readonly { key: string; label: string; abbr: string; value: number; base: number | null }[];
  abilities: readonly { key: string; label: string; abbr: string; score: number; mod: string; showMod: boolean }[];
  powers: readonly AttackRow[];
  weapons: readonly AttackRow[];
  traits: {
    resistances: readonly { label: string; value: number }[];
    vulnerabilities: readonly { label: string; value: number }[];
    immunities: readonly { label: string }[];
  };
  actionsPanel: ReturnType<typeof actionsPanelContext>;
  /** Localisation (game.i18n), for sizing a choice to its name; absent = keys as they are. */
  text?: TextViewer;
  /** Whether this user may edit the actor (and take its table procedures). */
  editable: boolean;
  /**
   * Whether this user may rewrite the block itself (its numbers, words and attacks): inputs in
   * place, otherwise it is print only (see {@link npcBlockEditable}). Absent = as `editable`.
   */
  editsBlock?: boolean;
}

/**
 * Whether a user may rewrite an NPC's stat block: one who may edit the actor and is a GM, or any
 * owner when the world lets players edit the blocks of the NPCs they own. A player's companion or
 * summon is theirs to play (attacks, usage, hit points, conditions); its numbers are the GM's.
 */
export function npcBlockEditable(editable: boolean, isGM: boolean, playersMay: boolean): boolean {
  return editable && (isGM || playersMay);
}

/** The description at a dotted path of the actor's fields (groups only), or null. */
function fieldAt(fields: FieldDescs, path: string): FieldDesc | null {
  let desc: FieldDesc | undefined;
  let level: FieldDescs | undefined = fields;
  for (const key of path.split(".")) {
    desc = level?.[key];
    if (!desc) return null;
    level = desc.fields;
  }
  return desc ?? null;
}

/** The stored value at a dotted path. */
function valueAt(source: unknown, path: string): unknown {
  let v: unknown = source;
  for (const key of path.split("."))
    v = typeof v === "object" && v !== null ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

/** The key a template reads to know the block edits a field (`hp.max` → `hpMax`). */
const ownKey = (path: string) => path.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase());

const ORDINALS = new Intl.PluralRules("en", { type: "ordinal" });

function fieldPart(part: StatField, fields: FieldDescs, stored: ActorSource, text: TextViewer | undefined) {
  const desc = fieldAt(fields, part.field);
  if (!desc) throw new Error(`stat block field "${part.field}" has no description`);
  const value = valueAt(stored, part.field) ?? desc.initial;
  const base = {
    kind: "field" as const,
    name: `system.${part.field}`,
    label: part.label,
    bare: part.bare === true,
    editOnly: part.editOnly === true,
    after: part.after ?? "",
    /** The ordinal suffix's key after a number (`…Ordinal.few` → "rd"), where the line asks for one. */
    ordinal: part.ordinal && typeof value === "number" ? `${part.ordinal}.${ORDINALS.select(Math.trunc(value))}` : "",
  };
  if (desc.choices) {
    // Named choices by their i18n keys; the others (a challenge rating) as they are.
    const options = desc.choices.map((c) => ({
      value: c,
      label: c !== "" && part.choices ? `${part.choices}.${c}` : "",
      text: part.choices ? "" : c,
      selected: c === value,
    }));
    // As wide as the chosen name (localised where the sheet can), so the line reads as print.
    const picked = options.find((o) => o.selected);
    const name = picked ? (picked.label ? (text ? text.localize(picked.label) : picked.label) : picked.text) : "";
    // A choice the game's print leaves out (no size chosen, FFd20's standard rank) prints as nothing.
    const unprinted = name === "" || (typeof value === "string" && (part.unprinted ?? []).includes(value));
    return {
      ...base,
      ...affixes(part, !unprinted),
      input: "select" as const,
      value: typeof value === "string" ? value : "",
      options,
      min: null,
      width: unprinted ? 0 : widthOf(name, 1),
      unprinted,
      print: { label: unprinted ? "" : (picked?.label ?? ""), text: unprinted ? "" : (picked?.text ?? "") },
    };
  }
  if (desc.kind === "number") {
    const shown = typeof value === "number" ? value : "";
    return {
      ...base,
      ...affixes(part, shown !== ""),
      input: "number" as const,
      value: shown,
      options: [],
      min: desc.min ?? null,
      width: widthOf(shown, 1),
      // [SYS-MONSTERS] a count the print leaves out at 0 (no action points) is still edited as 0.
      unprinted: shown === "" || (part.blankAtZero === true && shown === 0),
      print: { label: "", text: String(shown) },
    };
  }
  const shown = typeof value === "string" ? value : wordsOfList(part.field, value, text);
  return {
    ...base,
    ...affixes(part, shown.trim() !== ""),
    input: "text" as const,
    value: shown,
    options: [],
    min: null,
    width: widthOf(shown, 5) + 1,
    unprinted: shown.trim() === "",
    print: { label: "", text: shown },
  };
}

/** [SYS-MONSTERS] A creature list (immunities, bypass, damage reduction) as the words the block prints and edits. */
function wordsOfList(field: string, value: unknown, text: TextViewer | undefined): string {
  if (!(field in CREATURE_WORD_FIELDS)) return "";
  const and = text ? text.localize("D20C.Creature.And") : "and";
  const or = text ? text.localize("D20C.Creature.Or") : "or";
  return printCreatureWords(field as CreatureWordField, value, and, or);
}

/** The marks printed against a field's value ("[giant]", "dragon,"), only where it holds one. */
const affixes = (part: StatField, held: boolean) => ({
  open: held ? (part.enclose?.open ?? "") : "",
  close: held ? (part.enclose?.close ?? "") : "",
});

/** An input's width in characters, as wide as what it holds (printed text, not a box), within bounds. */
const widthOf = (value: string | number, least: number) => Math.min(28, Math.max(least, String(value).length));

/** [SYS-ACTIONS] The most table procedures a stat block shows unfolded (issue 45). */
const PROCEDURES_OPEN = 4;

/** A piece of a line the print leaves out: a blank field, a zero it does not print, a number only the editor shows. */
const unprintedPart = (p: { kind: string; unprinted?: boolean; editOnly?: boolean }) =>
  p.kind === "field" && (p.unprinted === true || p.editOnly === true);

/**
 * [SYS-TARGETS] [SYS-MONSTERS] How an attack line prints its power's target count, in the game's
 * words (`prefix`, the game's `StatBlockSpec.targetCount`): the i18n key and the count it fills in
 * (the number, or the formula rolled when used). Null for no count, or one the data model refuses.
 */
function targetCountLine(formula: string | undefined, prefix: string): { key: string; count: string } | null {
  const count = (formula ?? "").trim();
  if (count === "" || targetCountProblem(count) !== null) return null;
  return { key: `${prefix}.${count === "1" ? "One" : "Many"}`, count };
}

/** The block's template data for one NPC in the active game. */
export function npcStatBlock(input: StatBlockInput) {
  const { ruleset, stored, derived } = input;
  const spec = statBlockOf(ruleset);
  const fields: FieldDescs = { ...CORE_ACTOR_FIELDS, ...ruleset.actorFields };
  const values: Readonly<Record<string, string>> = spec.values ? spec.values(stored, derived) : {};
  const owns: Record<string, boolean> = {};
  const partOf = (part: StatPart) => {
    if ("field" in part) {
      owns[ownKey(part.field)] = true;
      return fieldPart(part, fields, stored, input.text);
    }
    if ("value" in part) return { kind: "value" as const, label: part.label, value: values[part.value] ?? "" };
    if ("defenses" in part) {
      owns.defenses = true;
      return {
        kind: "defenses" as const,
        defenses: input.defenses.map((d) => ({
          ...d,
          name: part.defenses === "abbr" ? d.abbr : d.label,
          width: widthOf(d.base ?? d.value, 1),
          /** The total beside the printed value, where bonuses make them differ (no value printed: its placeholder). */
          total: d.base !== null && d.base !== d.value,
        })),
      };
    }
    owns.abilities = true;
    // A game whose scores are modifiers (small scores) prints no modifier beside them (`showMod`).
    const abilities = input.abilities.map((a) => ({ ...a, width: widthOf(a.score, 1) }));
    return { kind: "abilities" as const, abilities };
  };
  // Print only: a value the game leaves out is not there at all, nor a line with nothing in it.
  const edits = input.editable && (input.editsBlock ?? true);
  const printed = <P extends { kind: string; unprinted?: boolean; editOnly?: boolean }>(parts: P[]) =>
    edits ? parts : parts.filter((p) => p.kind !== "field" || !(p.unprinted || p.editOnly));
  const identity = spec.identity
    .map((line) => ({ parts: printed(line.map(partOf)) }))
    .filter((line) => line.parts.length > 0);
  const attacks = [...input.powers, ...input.weapons].map((row) => ({
    ...row,
    /** What it is and when: its usage (marked spent), its action and its range, in the game's words. */
    meta: [row.actionLabel ?? "", row.rangeLabel].filter((l) => l !== ""),
    isWeapon: row.usageKey === undefined,
    /** [SYS-TARGETS] "up to 2 creatures", "(1d3 enemies)": how many it attacks, where the line prints its targets. */
    targets: targetCountLine(row.targetCount, spec.targetCount ?? "D20C.StatBlock.TargetCount"),
  }));
  const entries = spec.entries.map((entry) => {
    if ("attacks" in entry) return { kind: "attacks" as const, label: entry.attacks, attacks };
    if ("traits" in entry) {
      const t = input.traits;
      return {
        kind: "traits" as const,
        ...t,
        shown: t.resistances.length + t.vulnerabilities.length + t.immunities.length > 0,
      };
    }
    if ("procedures" in entry) {
      const panel = input.actionsPanel;
      // The table's moves are the controller's to take: none for a user who only sees the block.
      // Folded under its heading where the list is long (Hundred Dungeons' sixteen), open where it is short.
      const open = panel.procedures.length <= PROCEDURES_OPEN;
      return { kind: "procedures" as const, label: entry.procedures, panel, shown: panel.show && input.editable, open };
    }
    // A value the game derives none of for this creature (a minion's bloodied value) is not printed.
    const parts = printed(entry.parts.map(partOf)).filter((p) => p.kind !== "value" || p.value !== "");
    return {
      kind: "line" as const,
      key: entry.key,
      label: entry.label ?? "",
      parts,
      shown: parts.length > 0,
      // [SYS-WORDS] a line the game would not print (only blanks, zeros it leaves out, edit-only numbers):
      // the GM edits it under the block's fold of unprinted lines, not among the printed ones (issue 45).
      unprinted: edits && parts.length > 0 && parts.every(unprintedPart),
    };
  });
  const more = entries.filter((e) => e.kind === "line" && e.unprinted).length;
  // [SYS-MONSTERS] its movement modes and auras, printed after the block's lines.
  const modes = monsterModesView(input.stored, input.ruleset.conditions);
  return { identity, entries, attackBonus: spec.attackBonus, owns, editable: edits, modes, more };
}
