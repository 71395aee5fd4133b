/**
 * The Effects section of actor and feature sheets, and the effect form, built from plain data
 * (pure; no Foundry globals) ([SYS-EFFECTS]). Each effect is listed with its source, its duration
 * in words, its ongoing damage and aftereffect, and the controls its owner may use. The words are
 * the engine's (src/engine/effects.ts), localised here through the injected `format`.
 */
import {
  DURATION_KINDS,
  durationChoiceOf,
  durationChoices,
  durationOfChoice,
  durationWords,
  effectSaveRequest,
  ongoingWords,
  SAVE_DIFFICULTIES,
  STATUS_DURATIONS,
  SUSTAIN_ACTIONS,
  sustainRefusal,
  type Words,
} from "../effects.js";
import { defaultActorSource } from "../common.js";
import { EngineError } from "../errors.js";
import type { Ruleset } from "../ruleset.js";
import type { ActorSource, DurationKind, EffectSource, TurnOf } from "../types.js";
import { offeredDurations, say, vocabularyOf } from "../vocabulary.js";

/** Words in the game's own key (issue 45: "until the end of the battle" in 13th Age). */
const inGame = (ruleset: Ruleset, w: Words): Words => ({ ...w, key: say(ruleset, w.key) });

/** Localise a key, with format data when given (game.i18n in Foundry, the stand-in in tests). */
export type Format = (key: string, data?: Record<string, string | number>) => string;

/** One effect as the sheet reads it. */
export interface EffectRowInput {
  id: string;
  name: string;
  img: string;
  disabled: boolean;
  /** The name of what the effect came from (its origin document), or null. */
  sourceName: string | null;
  /** The item that transfers it to the actor, or null for the sheet document's own effect. */
  parentId?: string | null;
  effect: EffectSource;
}

/** The bearer of an actor's effects (null on an item sheet: a feature's effects have no bearer yet). */
interface EffectBearer {
  actor: ActorSource;
  actorId: string;
  name: string;
  /** Its combatant in the current combat, or null. */
  combatantId: string | null;
}

export interface EffectsSectionInput {
  ruleset: Ruleset;
  bearer: EffectBearer | null;
  effects: readonly EffectRowInput[];
  /** Combatant names of the current combat, by id (empty outside combat). */
  names: Readonly<Record<string, string>>;
  /** The current combat's round and whose turn it is (0 / null outside combat). */
  round: number;
  currentCombatantId: string | null;
  editable: boolean;
  /** Combatants whose creature the viewing user owns (they may sustain what it made on others). */
  viewerCombatantIds?: readonly string[];
  format: Format;
  /** i18n key or text of a damage type. */
  damageTypeLabel: (type: string) => string;
}

/** Localise engine words; data values that are i18n keys (a sustain action) are localised first. */
function wordsText(words: Words, format: Format): string {
  const data: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(words.data))
    data[k] = typeof v === "string" && v.startsWith("D20C.") ? format(v) : v;
  return format(words.key, data);
}

function conditionLabels(ids: readonly string[], ruleset: Ruleset, format: Format): string {
  return ids.map((id) => format(ruleset.conditions.find((c) => c.id === id)?.label ?? id)).join(", ");
}

/** The save target against an effect; on a feature (no bearer yet) read against a blank creature. */
function saveTarget(ruleset: Ruleset, bearer: EffectBearer | null, effect: EffectSource): number | null {
  const actor = bearer?.actor ?? defaultActorSource();
  return effectSaveRequest(ruleset, actor, bearer?.actorId ?? "", effect).target;
}

/** Whether the bearer saves against this effect (save ends, or ongoing damage with no other ending). */
/** Who or what an effect comes from, said as such ("from Foe"); an item's own effect names the item that carries it. */
function sourceText(name: string | null, own: boolean, format: Format): string {
  if (!name) return format("D20C.Effects.NoSource");
  return own ? format("D20C.Effects.From", { name }) : name;
}

function hasSave(effect: Pick<EffectSource, "duration" | "ongoing">): boolean {
  if (effect.duration === "saveEnds") return true;
  return (
    effect.ongoing !== null &&
    effect.ongoing.amount > 0 &&
    (effect.duration === "permanent" || effect.duration === "endOfEncounter")
  );
}

export function effectsSectionContext(input: EffectsSectionInput) {
  const { ruleset, bearer, format } = input;
  const rows = input.effects.map((row) => {
    const e = row.effect;
    const facts = {
      bearerCombatantId: bearer?.combatantId ?? null,
      bearerName: bearer?.name ?? "",
      names: input.names,
      saveTarget: hasSave(e) ? saveTarget(ruleset, bearer, e) : null,
    };
    const ongoing = ongoingWords(e.ongoing);
    const ongoingText = ongoing
      ? wordsText(
          { ...ongoing, data: { ...ongoing.data, type: input.damageTypeLabel(String(ongoing.data.type ?? "")) } },
          format,
        )
      : "";
    const after = e.aftereffect;
    const refusal =
      e.duration === "sustain"
        ? sustainRefusal(e, {
            bearerCombatantId: bearer?.combatantId ?? null,
            currentCombatantId: input.currentCombatantId,
            round: input.round,
            combatantIds: Object.keys(input.names),
          })
        : null;
    const creator = e.sourceCombatantId ? input.names[e.sourceCombatantId] : undefined;
    // A transferred effect lasts as long as its item carries it: no save or sustain from the bearer.
    const own = !row.parentId;
    return {
      id: row.id,
      name: row.name,
      img: row.img,
      disabled: row.disabled,
      parentId: row.parentId ?? "",
      transferred: !own,
      source: sourceText(row.sourceName ?? creator ?? null, own, format),
      duration: wordsText(inGame(ruleset, durationWords(e, facts)), format),
      conditions: conditionLabels(e.statuses, ruleset, format),
      ongoing: ongoingText,
      aftereffect: after
        ? format(say(ruleset, "D20C.Effects.Aftereffect"), {
            name: after.name,
            duration: wordsText(
              inGame(
                ruleset,
                durationWords(after, {
                  ...facts,
                  saveTarget: hasSave(after) ? saveTarget(ruleset, bearer, { ...e, ...after }) : null,
                }),
              ),
              format,
            ),
          })
        : "",
      /** The bearer may roll its save now (actor sheets only). */
      canSave: bearer !== null && own && hasSave(e) && !row.disabled,
      /** Sustain shows on sustained effects; it is enabled when the creator may sustain now. */
      sustainable: e.duration === "sustain" && bearer !== null && own,
      canSustain: bearer !== null && own && refusal === null && !row.disabled,
      sustainHint: refusal ? format(refusal) : format(say(ruleset, "D20C.Effects.Control.Sustain")),
      /** The sustain control's name in the game's words. */
      sustainLabel: say(ruleset, "D20C.Effects.Control.Sustain"),
      /** On a sheet the viewer cannot edit: its creator's owner may still sustain it (through the GM). */
      creatorSustains:
        !input.editable &&
        e.duration === "sustain" &&
        bearer !== null &&
        own &&
        refusal === null &&
        !row.disabled &&
        (input.viewerCombatantIds ?? []).includes(input.currentCombatantId ?? ""),
    };
  });
  return { rows, editable: input.editable, empty: rows.length === 0 };
}

export type EffectsSectionContext = ReturnType<typeof effectsSectionContext>;

// ------------------------------------------------------------------------------------------------
// The effect form (create and edit)
// ------------------------------------------------------------------------------------------------

export interface EffectFormInput {
  ruleset: Ruleset;
  /** The effect being edited, or null for a new one. */
  effect: Omit<EffectSource, "id"> | null;
  /** Combatants of the current combat who may time it (id → name). */
  names: Readonly<Record<string, string>>;
  format: Format;
  damageTypeLabel: (type: string) => string;
}

const option = (value: string, label: string, selected: boolean) => ({ value, label, selected });

/** The form's fields, each with its options and current value. */
export function effectFormContext(input: EffectFormInput) {
  const { ruleset, format } = input;
  const e = input.effect;
  const after = e?.aftereffect ?? null;
  // [SYS-WORDS] the game's durations in its words (a stored other kind is still offered: nothing is lost).
  const offered = vocabularyOf(ruleset).durations.map((d) => d.kind);
  const w = (key: string) => format(say(ruleset, key));
  // Each next-turn duration twice: the creator's turn ("your") and the affected creature's ("its").
  const durations = (current: DurationKind, turnOf: TurnOf | undefined) => {
    const selected = durationChoiceOf(current, turnOf);
    const kinds = DURATION_KINDS.filter((d) => offered.includes(d) || d === current);
    return durationChoices(kinds).map((d) => option(d, w(`D20C.Effects.Kind.${d}`), d === selected));
  };
  const saves = (current: string) =>
    SAVE_DIFFICULTIES.map((s) => option(s, w(`D20C.Effects.SaveDifficulty.${s}`), s === current));
  const conditions = (active: readonly string[]) =>
    ruleset.conditions.map((c) => ({ id: c.id, label: format(c.label), checked: active.includes(c.id) }));
  const ongoingType = e?.ongoing?.type ?? "untyped";
  return {
    name: e?.name ?? format("D20C.Effects.Form.DefaultName"),
    durations: durations(e?.duration ?? "saveEnds", e?.turnOf),
    saves: saves(e?.save ?? "normal"),
    saveBonus: e?.saveBonus ?? 0,
    sustains: SUSTAIN_ACTIONS.map((s) => option(s, format(`D20C.Effects.Sustain.${s}`), s === (e?.sustain ?? "minor"))),
    /** Whether the form asks for a sustain action: where the game sustains effects, or this one is sustained. */
    sustainShown: offered.includes("sustain") || e?.duration === "sustain" || after?.duration === "sustain",
    /** The form's labels in the game's words (keys). */
    words: Object.fromEntries(
      ["Save", "SustainAction", "Aftereffect", "AftereffectName", "AftereffectDuration", "AftereffectConditions"].map(
        (k) => [k, say(ruleset, `D20C.Effects.Form.${k}`)],
      ),
    ),
    ongoingAmount: e?.ongoing?.amount ?? 0,
    ongoingTypes: ["untyped", ...ruleset.damageTypes.filter((t) => t !== "untyped")].map((t) =>
      option(t, format(input.damageTypeLabel(t)), t === ongoingType),
    ),
    conditions: conditions(e?.statuses ?? []),
    creators: [
      option("", format("D20C.Effects.Form.CreatorNone"), !e?.sourceCombatantId),
      ...Object.entries(input.names).map(([id, name]) => option(id, name, id === e?.sourceCombatantId)),
    ],
    afterName: after?.name ?? "",
    afterDurations: durations(after?.duration ?? "saveEnds", after?.turnOf),
    afterSaves: saves(after?.save ?? "normal"),
    afterConditions: conditions(after?.statuses ?? []).map((c) => ({ ...c, id: c.id })),
  };
}

/** A flat or nested form value (FormDataExtended gives flat dotted keys). */
function read(form: Record<string, unknown>, key: string): unknown {
  if (key in form) return form[key];
  let node: unknown = form;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function text(form: Record<string, unknown>, key: string): string {
  const v = read(form, key);
  return typeof v === "string" ? v.trim() : v === undefined || v === null ? "" : String(v);
}

function integer(form: Record<string, unknown>, key: string, min: number, max: number): number {
  const raw = read(form, key);
  const n = typeof raw === "number" ? raw : raw === "" || raw === undefined || raw === null ? 0 : Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new EngineError(key, `must be a whole number from ${min} to ${max}`, raw);
  return n;
}

function oneOf<T extends string>(form: Record<string, unknown>, key: string, allowed: readonly T[], fallback: T): T {
  const v = text(form, key);
  if (v === "") return fallback;
  if (!(allowed as readonly string[]).includes(v)) throw new EngineError(key, `unknown value "${v}"`, v);
  return v as T;
}

/** A duration choice of the form: the duration and whose next turn it counts (blank = save ends). */
function durationField(form: Record<string, unknown>, key: string): { duration: DurationKind; turnOf?: TurnOf } {
  const v = text(form, key);
  if (v === "") return { duration: "saveEnds" };
  const chosen = durationOfChoice(v);
  if (!chosen) throw new EngineError(key, `unknown value "${v}"`, v);
  // The creator's timing is stated by leaving `turnOf` out, as effects made before it existed are.
  return chosen.turnOf === "bearer" ? chosen : { duration: chosen.duration };
}

function checked(form: Record<string, unknown>, prefix: string, ruleset: Ruleset): string[] {
  return ruleset.conditions.filter((c) => read(form, `${prefix}.${c.id}`) === true).map((c) => c.id);
}

/**
 * The effect a submitted form describes, validated: a known duration, save difficulty, sustain
 * action, damage type and conditions of this game; whole numbers in range; a creator from the
 * combat (or none). Throws {@link EngineError} naming the field; nothing is written then.
 */
export function effectFromForm(
  form: Record<string, unknown>,
  ruleset: Ruleset,
  creators: readonly string[],
): Omit<EffectSource, "id"> {
  const name = text(form, "name");
  if (!name) throw new EngineError("name", "an effect needs a name", name);
  const { duration, ...turnOf } = durationField(form, "duration");
  const types = ["untyped", ...ruleset.damageTypes];
  const amount = integer(form, "ongoingAmount", 0, 999);
  const type = oneOf(form, "ongoingType", types, "untyped");
  const creator = text(form, "creator");
  if (creator && !creators.includes(creator)) throw new EngineError("creator", `no combatant "${creator}"`, creator);
  const afterName = text(form, "afterName");
  return {
    name,
    sourceCombatantId: creator || null,
    duration,
    ...turnOf,
    save: oneOf(form, "save", SAVE_DIFFICULTIES, "normal"),
    saveBonus: integer(form, "saveBonus", -20, 20),
    sustain: duration === "sustain" ? oneOf(form, "sustain", SUSTAIN_ACTIONS, "minor") : null,
    sustainedRound: null,
    ongoing: amount > 0 ? { amount, type } : null,
    aftereffect: afterName
      ? {
          name: afterName,
          sourceCombatantId: creator || null,
          ...durationField(form, "afterDuration"),
          save: oneOf(form, "afterSave", SAVE_DIFFICULTIES, "normal"),
          saveBonus: 0,
          sustain: null,
          ongoing: null,
          statuses: checked(form, "afterStatus", ruleset),
        }
      : null,
    armed: false,
    statuses: checked(form, "status", ruleset),
  };
}

/**
 * An edited effect: the form's fields, keeping the timing state (armed, last sustained) while its
 * duration stays the same kind — editing the name must not restart "until the end of its next turn".
 */
export function editedEffect(
  before: Omit<EffectSource, "id">,
  edited: Omit<EffectSource, "id">,
): Omit<EffectSource, "id"> {
  if (edited.duration !== before.duration || (edited.turnOf ?? "creator") !== (before.turnOf ?? "creator"))
    return edited;
  return { ...edited, armed: before.armed, sustainedRound: before.sustainedRound };
}

// ------------------------------------------------------------------------------------------------
// The token HUD's duration prompt
// ------------------------------------------------------------------------------------------------

/** The prompt's fields: how long the condition lasts, its save, and who times it. */
export function statusDurationContext(input: {
  conditionLabel: string;
  names: Readonly<Record<string, string>>;
  currentCombatantId: string | null;
  format: Format;
  /** [SYS-WORDS] the active game: its durations in its words (issue 45); absent = every duration. */
  ruleset?: Pick<Ruleset, "vocabulary">;
}) {
  const { format } = input;
  const r = input.ruleset ?? {};
  const offered = offeredDurations(r);
  return {
    hint: format("D20C.Effects.Prompt.Hint"),
    // [FF-DURATION] each next-turn duration twice, as the effect form offers it: the creator's turn
    // ("your") and the affected creature's ("its").
    durations: durationChoices(STATUS_DURATIONS.filter((d) => offered.includes(d))).map((d) =>
      option(d, format(say(r, `D20C.Effects.Kind.${d}`)), d === "permanent"),
    ),
    saves: SAVE_DIFFICULTIES.map((s) => option(s, format(say(r, `D20C.Effects.SaveDifficulty.${s}`)), s === "normal")),
    /** The prompt's save label in the game's words. */
    saveLabel: say(r, "D20C.Effects.Form.Save"),
    creators: [
      option("", format("D20C.Effects.Form.CreatorNone"), input.currentCombatantId === null),
      ...Object.entries(input.names).map(([id, name]) => option(id, name, id === input.currentCombatantId)),
    ],
  };
}

/**
 * The system data a toggled condition gets from the prompt (validated like the effect form):
 * its duration and whose next turn it counts (`turnOf: "bearer"` for the affected creature's, left
 * out for the creator's, as the effect form writes it), save and creator; the rest as a plain
 * effect has it.
 */
export function statusDurationFromForm(
  form: Record<string, unknown>,
  creators: readonly string[],
): Pick<EffectSource, "duration" | "save" | "sourceCombatantId" | "sustain" | "turnOf"> {
  const value = text(form, "duration");
  const chosen =
    value === "" ? { duration: "permanent" as const, turnOf: "creator" as const } : durationOfChoice(value);
  if (!chosen || !STATUS_DURATIONS.includes(chosen.duration))
    throw new EngineError("duration", `unknown value "${value}"`, value);
  const { duration } = chosen;
  const creator = text(form, "creator");
  if (creator && !creators.includes(creator)) throw new EngineError("creator", `no combatant "${creator}"`, creator);
  return {
    duration,
    ...(chosen.turnOf === "bearer" ? { turnOf: "bearer" as const } : {}),
    save: oneOf(form, "save", SAVE_DIFFICULTIES, "normal"),
    sourceCombatantId: creator || null,
    sustain: duration === "sustain" ? "minor" : null,
  };
}
