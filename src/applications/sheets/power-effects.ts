/**
 * A power's hit / miss / crit effects on the item sheet (pure): the rows the editor shows (outcome,
 * natural-roll trigger, conditions from the active game, duration, save, sustain action, ongoing
 * damage, aftereffect, free text), what the form sends back turned into the stored list, and a new
 * blank effect. Words come from the game: its conditions and its save targets.
 */
import { ROUTINE_WHEN, type RoutineSpec } from "../../engine/routines.js";
import {
  DURATION_KINDS,
  NATURAL_TRIGGERS,
  POWER_OUTCOMES,
  SAVE_DIFFICULTIES,
  SUSTAIN_KINDS,
} from "../../data/schema.js";
import { FORCED_KINDS, FORCED_MAX_SQUARES, POWER_DURATIONS, SAVE_SUCCESS } from "../../engine/item-fields.js";
import { durationChoices } from "../../engine/effects.js";
import { offeredDurations, say } from "../../engine/vocabulary.js";
import { effectSaveTarget, powerTriggers } from "../../engine/powers.js";
import type { Ruleset } from "../../engine/ruleset.js";
import { chipField, chipListFromForm } from "./chip-picker.js";
import type {
  DamagePartSource,
  ForcedMovement,
  PowerEffectBody,
  PowerEffectSpec,
  SaveAttackSpec,
} from "../../engine/types.js";

const P = "D20C.Power";

/** A new effect: on a hit, any natural roll, save ends, nothing imposed yet. */
export function blankPowerEffect(): PowerEffectSpec {
  return {
    outcome: "hit",
    trigger: { kind: "any", value: 0 },
    text: "",
    statuses: [],
    duration: "saveEnds",
    save: "normal",
    sustain: null,
    ongoing: null,
    aftereffect: null,
  };
}

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function count(value: unknown): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** A list from the form: a chip field's comma-joined value, or a list (src/applications/sheets/chip-picker.ts). */
function statusList(value: unknown): string[] {
  return chipListFromForm(value);
}

function bodyFromForm(raw: Record<string, unknown>): PowerEffectBody {
  const ongoing = (raw.ongoing ?? {}) as Record<string, unknown>;
  const amount = count(ongoing.amount);
  const sustain = typeof raw.sustain === "string" && raw.sustain !== "" ? raw.sustain : null;
  // The duration select names whose next turn it counts too ("startOfItsNextTurn" = the target's).
  return {
    statuses: statusList(raw.statuses),
    duration: pick(raw.duration, POWER_DURATIONS, "saveEnds"),
    save: pick(raw.save, SAVE_DIFFICULTIES, "normal"),
    sustain: sustain === null ? null : pick(sustain, SUSTAIN_KINDS, "standard"),
    ongoing:
      amount > 0 ? { amount, type: typeof ongoing.type === "string" && ongoing.type ? ongoing.type : "untyped" } : null,
  };
}

/** The rows of a list the form sends back as an object keyed "0", "1", … (or as an array). */
function rowsOf(raw: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(raw)
    ? raw
    : raw && typeof raw === "object"
      ? Object.entries(raw as Record<string, unknown>)
          .filter(([k]) => /^\d+$/.test(k))
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([, v]) => v)
      : [];
  return rows.filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === "object");
}

/**
 * [SYS-MONSTERS] An effect's rider damage from the form (`…damage.formula`, `…damage.types`): a blank
 * formula = none. The formula is kept as typed (the data model refuses a malformed one, naming it).
 */
function riderFromForm(raw: unknown): { damage?: DamagePartSource } {
  const row = (raw ?? {}) as Record<string, unknown>;
  const formula = typeof row.formula === "string" ? row.formula.trim() : "";
  return formula ? { damage: { formula, types: statusList(row.types) } } : {};
}

/** The natural rolls a list trigger names, typed as "5, 10, 15, 20" (each 1–20, once, in order). */
function naturalList(raw: unknown): number[] {
  const words = Array.isArray(raw) ? raw.map(String) : typeof raw === "string" ? raw.split(/[\s,;]+/) : [];
  const faces = words.map((w) => Math.trunc(Number(w))).filter((n) => Number.isFinite(n) && n >= 1 && n <= 20);
  return [...new Set(faces)].sort((a, b) => a - b);
}

/**
 * [SYS-MONSTERS] A trigger from the form: the number N of "N+" and "at most N", the bounds of a
 * range "N–M", the rolls of a list; the others name no number.
 */
function triggerFromForm(
  kind: PowerEffectSpec["trigger"]["kind"],
  raw: Record<string, unknown>,
): PowerEffectSpec["trigger"] {
  const value = Math.min(20, count(raw.value));
  switch (kind) {
    case "atLeast":
    case "atMost":
      return { kind, value };
    case "range":
      return { kind, value, max: Math.min(20, count(raw.max)) };
    case "list":
      return { kind, value: 0, values: naturalList(raw.values) };
    default:
      return { kind, value: 0 };
  }
}

/** The stored effects list from the sheet's form data (`system.effects.N.*`). */
export function powerEffectsFromForm(raw: unknown): PowerEffectSpec[] {
  return rowsOf(raw).map((row) => {
    const forced = forcedFromForm(row.forced);
    const trigger = (row.trigger ?? {}) as Record<string, unknown>;
    const kind = pick(trigger.kind, NATURAL_TRIGGERS, "any");
    const after = (row.aftereffect ?? {}) as Record<string, unknown>;
    const hasAfter = after.enabled === true || after.enabled === "true" || after.enabled === "on";
    return {
      outcome: pick(row.outcome, POWER_OUTCOMES, "hit"),
      trigger: triggerFromForm(kind, trigger),
      text: typeof row.text === "string" ? row.text : "",
      ...bodyFromForm(row),
      aftereffect: hasAfter ? bodyFromForm(after) : null,
      ...(forced ? { forced } : {}),
      ...riderFromForm(row.damage),
    };
  });
}

/**
 * [SYS-MONSTERS] A save-based power's save from the sheet's form data (`system.saveAttack.save`,
 * `.dc`, `.onSuccess`): no save chosen = null (an attack roll); a save just chosen gets the DC and
 * success it has not been asked yet (10, none). The DC is kept as typed: the data model refuses one
 * out of bounds, naming the field.
 */
export function saveAttackFromForm(raw: unknown): SaveAttackSpec | null {
  const row = (raw ?? {}) as Record<string, unknown>;
  if (typeof row.save !== "string" || row.save === "") return null;
  const dc = row.dc === undefined || row.dc === null || row.dc === "" ? 10 : Number(row.dc);
  return { save: row.save, dc, onSuccess: pick(row.onSuccess, SAVE_SUCCESS, "none") };
}

/**
 * [SYS-MONSTERS] The stored damage parts from the sheet's form data (`system.damageParts.N.formula`,
 * `.types`): rows whose formula is blank are dropped; a formula is kept as typed (the data model
 * refuses a malformed one, naming the field).
 */
export function damagePartsFromForm(raw: unknown): DamagePartSource[] {
  return rowsOf(raw)
    .map((row) => ({
      formula: typeof row.formula === "string" ? row.formula.trim() : "",
      types: statusList(row.types),
    }))
    .filter((p) => p.formula !== "");
}

/**
 * [SYS-MONSTERS] The stored routine from the sheet's form data (`system.routine.attacks.N.power`,
 * `.count`; `followUps.N.power`, `.when`, `.of`): rows without a power are dropped; no row left =
 * no routine (null). A name is kept as typed: rolling refuses an unknown one, naming the field.
 */
export function routineFromForm(raw: unknown): RoutineSpec | null {
  const r = (raw ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const attacks = rowsOf(r.attacks)
    .map((a) => ({ power: text(a.power), count: Math.max(1, Math.floor(Number(a.count) || 1)) }))
    .filter((a) => a.power !== "");
  const followUps = rowsOf(r.followUps)
    .map((f) => ({ power: text(f.power), when: pick(f.when, ROUTINE_WHEN, "hit"), of: text(f.of) }))
    .filter((f) => f.power !== "");
  return attacks.length || followUps.length ? { attacks, followUps } : null;
}

/** [FF-FORCED] The push / pull / slide the form sends (`forced.kind`, `forced.squares`); 0 squares = none. */
function forcedFromForm(raw: unknown): ForcedMovement | null {
  const f = (raw ?? {}) as Record<string, unknown>;
  const squares = Math.min(FORCED_MAX_SQUARES, count(f.squares));
  return squares > 0 ? { kind: pick(f.kind, FORCED_KINDS, "push"), squares } : null;
}

/** The effects with their stored index, stably sorted by outcome in {@link POWER_OUTCOMES}' order. */
function sortedByOutcome(effects: readonly PowerEffectSpec[]): { e: PowerEffectSpec; index: number }[] {
  const rank = (e: PowerEffectSpec) => (POWER_OUTCOMES as readonly string[]).indexOf(e.outcome);
  return effects.map((e, index) => ({ e, index })).sort((a, b) => rank(a.e) - rank(b.e) || a.index - b.index);
}

/** Whether the game's save targets differ by difficulty (else choosing one means nothing). */
export function savesDiffer(ruleset: Pick<Ruleset, "effectSaveTarget">): boolean {
  return new Set(SAVE_DIFFICULTIES.map((k) => effectSaveTarget(ruleset, k))).size > 1;
}

interface Option {
  value: string;
  label: string;
}

/** The editor rows of a power's effects for the active game. */
export function powerEffectRows(
  effects: readonly PowerEffectSpec[],
  ruleset: Pick<
    Ruleset,
    "conditions" | "damageTypes" | "effectSaveTarget" | "forcedPath" | "powerTriggers" | "vocabulary"
  >,
  damageTypeLabel: (type: string) => string,
) {
  // [SYS-WORDS] the game's durations in its words; a kind a stored effect has stays offered (nothing lost).
  const stored = effects.flatMap((e) => [e.duration, e.aftereffect?.duration ?? e.duration]) as string[];
  const offered = offeredDurations(ruleset);
  const conditions: Option[] = ruleset.conditions.map((c) => ({ value: c.id, label: c.label }));
  const saveOptions: Option[] = SAVE_DIFFICULTIES.map((s) => ({ value: s, label: say(ruleset, `${P}.Save.${s}`) }));
  const types = ["untyped", ...ruleset.damageTypes.filter((t) => t !== "untyped")].map((t) => ({
    value: t,
    label: damageTypeLabel(t),
  }));
  const targets = Object.fromEntries(SAVE_DIFFICULTIES.map((s) => [s, effectSaveTarget(ruleset, s)])) as Record<
    string,
    number | null
  >;
  const differ = savesDiffer(ruleset);
  // A save's difficulty is asked only of a save-ends effect in a game whose targets differ, the
  // sustain action only of a sustained one; otherwise the stored choice rides along unseen.
  const body = (prefix: string, b: PowerEffectBody) => ({
    statusesName: `${prefix}.statuses`,
    statuses: b.statuses,
    /** [SYS-WORDS] The conditions as chips with a picker of the game's conditions (issue 45). */
    statusChips: chipField(`${prefix}.statuses`, b.statuses, conditions, true),
    durationName: `${prefix}.duration`,
    duration: b.duration,
    saveName: `${prefix}.save`,
    save: b.save,
    asksSave: differ && b.duration === "saveEnds",
    saveTarget: b.duration === "saveEnds" ? (targets[b.save] ?? null) : null,
    sustainName: `${prefix}.sustain`,
    sustain: b.sustain ?? "",
    asksSustain: b.duration === "sustain",
    ongoingAmountName: `${prefix}.ongoing.amount`,
    ongoingAmount: b.ongoing?.amount ?? 0,
    ongoingTypeName: `${prefix}.ongoing.type`,
    ongoingType: b.ongoing?.type ?? "untyped",
  });
  return {
    outcomes: POWER_OUTCOMES.map((o) => ({ value: o, label: `${P}.Outcome.${o}` })),
    triggers: powerTriggers(ruleset).map((t) => ({ value: t, label: `${P}.Trigger.${t}` })),
    durations: durationChoices(
      DURATION_KINDS.filter((d) => d !== "permanent" && (offered.includes(d) || stored.includes(d))),
    ).map((d) => ({ value: d, label: say(ruleset, `${P}.Duration.${d}`) })),
    /** The save's label in the game's words (a roll needed, a DC). */
    saveLabel: say(ruleset, "D20C.Item.Power.FIELDS.effects.element.save.label"),
    /** The sustain action's label in the game's words (HD and WD: keeping it up). */
    sustainLabel: say(ruleset, "D20C.Item.Power.FIELDS.effects.element.sustain.label"),
    /** The aftereffect's label in the game's words. */
    aftereffectLabel: say(ruleset, `${P}.Editor.aftereffect`),
    sustains: SUSTAIN_KINDS.map((s) => ({ value: s, label: `${P}.Sustain.${s}` })),
    saves: saveOptions,
    conditions,
    damageTypes: types,
    /** Push / pull / slide choices, in games with forced movement only. */
    forcedKinds: ruleset.forcedPath ? FORCED_KINDS.map((k) => ({ value: k, label: `D20C.Forced.Kind.${k}` })) : null,
    // [SYS-WORDS] Shown sorted by outcome (hits, then misses, then crits), each outcome under its
    // heading (issue 45); each row keeps its stored index, so saving keeps the stored order.
    rows: sortedByOutcome(effects).map(({ e, index }, at, sorted) => {
      const prefix = `system.effects.${index}`;
      return {
        index,
        /** The outcome's heading, on the first row of each outcome ("" on the others). */
        outcomeHeading:
          at === 0 || sorted[at - 1]!.e.outcome !== e.outcome ? say(ruleset, `${P}.Outcome.${e.outcome}`) : "",
        outcomeName: `${prefix}.outcome`,
        outcome: e.outcome,
        triggerKindName: `${prefix}.trigger.kind`,
        triggerKind: e.trigger.kind,
        triggerValueName: `${prefix}.trigger.value`,
        triggerValue: e.trigger.value,
        /** The N of "N or more", "at most N" and the low end of "N–M"; any, even and odd rolls name no number. */
        asksTriggerValue: e.trigger.kind === "atLeast" || e.trigger.kind === "atMost" || e.trigger.kind === "range",
        /** [SYS-MONSTERS] The high end of a range "N–M". */
        asksTriggerMax: e.trigger.kind === "range",
        triggerMaxName: `${prefix}.trigger.max`,
        triggerMax: e.trigger.max ?? 0,
        /** [SYS-MONSTERS] The rolls of a list trigger, typed as "5, 10, 15, 20". */
        asksTriggerValues: e.trigger.kind === "list",
        triggerValuesName: `${prefix}.trigger.values`,
        triggerValues: (e.trigger.values ?? []).join(", "),
        textName: `${prefix}.text`,
        text: e.text,
        ...body(prefix, e),
        afterEnabledName: `${prefix}.aftereffect.enabled`,
        hasAftereffect: e.aftereffect !== null,
        after: body(`${prefix}.aftereffect`, e.aftereffect ?? blankPowerEffect()),
        forcedKindName: `${prefix}.forced.kind`,
        forcedKind: e.forced?.kind ?? "push",
        forcedSquaresName: `${prefix}.forced.squares`,
        forcedSquares: e.forced?.squares ?? 0,
        /** [SYS-MONSTERS] The rider's damage and its types. */
        riderFormulaName: `${prefix}.damage.formula`,
        riderFormula: e.damage?.formula ?? "",
        riderTypesName: `${prefix}.damage.types`,
        riderTypes: e.damage?.types ?? [],
        riderTypeChips: chipField(`${prefix}.damage.types`, e.damage?.types ?? [], types, false),
      };
    }),
  };
}
