/**
 * The system's effect data on ActiveEffects ([SYS-DOCS]), pure: duration kind (save ends
 * easy/normal/hard, start/end of next turn, end of encounter, sustain), aftereffect and ongoing
 * damage live in `flags["d20-combat"].effect` as the engine's `EffectSource` fields (minus `id`,
 * `name`, `statuses`, which are the effect's own).
 */
import { SYSTEM_ID } from "../constants.js";
import { plainEffectData } from "../engine/effects.js";
import type { EffectSource } from "../engine/types.js";
import { AFTEREFFECT_FIELDS, EFFECT_FLAG_FIELDS } from "../engine/effect-fields.js";
import {
  conforms,
  defaultsOf,
  expectedOf,
  initialOf,
  type FieldDesc,
  type FieldDescs,
  type ValidationIssue,
} from "../engine/fields.js";

/** What the flag stores: the engine's effect fields the ActiveEffect does not already have. */
export type SystemEffectData = Omit<EffectSource, "id" | "name" | "statuses">;

/** The minimal shape of an ActiveEffect this module reads (real documents and plain test data). */
export interface EffectLike {
  id: string | null;
  name: string;
  statuses: Iterable<string>;
  flags?: Record<string, unknown> | null | undefined;
}

type Plain = Record<string, unknown>;

function isObject(v: unknown): v is Plain {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** One field of the effect flag: whether a stored value is valid, and what stands in for an invalid one. */
interface EffectField {
  valid(v: unknown): boolean;
  /** Why a value is refused (after "must be"). */
  expected: string;
  /** What an invalid stored value is read as (the field's initial value). */
  fallback: unknown;
}

/** The check of one described field (the same description the flag's schema is built from). */
function checked(desc: FieldDesc): EffectField {
  return { valid: (v) => conforms(desc, v), expected: expectedOf(desc), fallback: initialOf(desc) };
}

function checkedAll(fields: FieldDescs): Record<string, EffectField> {
  return Object.fromEntries(Object.entries(fields).map(([k, desc]) => [k, checked(desc)]));
}

const AFTEREFFECT_CHECKS = checkedAll(AFTEREFFECT_FIELDS);

/** What a stored aftereffect missing a field reads it as; an unstated `turnOf` stays unstated (the creator's). */
const AFTEREFFECT_DEFAULTS: Plain = Object.fromEntries(
  Object.entries(defaultsOf(AFTEREFFECT_FIELDS)).filter(([k]) => k !== "turnOf"),
);

const EFFECT_CHECKS: Record<string, EffectField> = {
  ...checkedAll(EFFECT_FLAG_FIELDS),
  // An aftereffect is checked field by field (below), so one bad field does not drop it whole.
  aftereffect: { valid: (v) => v === null || isObject(v), expected: "null or an aftereffect", fallback: null },
};

function describe(v: unknown): string {
  if (typeof v === "number") return String(v);
  return JSON.stringify(v) ?? String(v);
}

function checkFields(
  data: Plain,
  fields: Record<string, EffectField>,
  path: string,
  issues: ValidationIssue[],
  out: Plain,
): void {
  for (const [key, field] of Object.entries(fields)) {
    if (!(key in data)) continue;
    const v = data[key];
    if (field.valid(v)) continue;
    issues.push({ field: `${path}.${key}`, message: `must be ${field.expected} (got ${describe(v)})` });
    out[key] = structuredClone(field.fallback);
  }
}

/** Where the effect data sits in an ActiveEffect's source (for messages naming the field). */
const EFFECT_FLAG_PATH = `flags.${SYSTEM_ID}.effect`;

/**
 * The system effect data of a flag value, checked: every present field that breaks the schema is
 * read as its fallback (and reported), missing fields take the defaults, unknown keys pass through.
 * Never throws, so an effect with bad stored data stays usable; the issues say what was replaced.
 */
export function readEffectData(flag: unknown): { data: SystemEffectData; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  if (flag === undefined || flag === null) return { data: plainEffectData(), issues };
  if (!isObject(flag)) {
    issues.push({ field: EFFECT_FLAG_PATH, message: `must be an object (got ${describe(flag)})` });
    return { data: plainEffectData(), issues };
  }
  const out: Plain = structuredClone(flag);
  checkFields(flag, EFFECT_CHECKS, EFFECT_FLAG_PATH, issues, out);
  if (isObject(out.aftereffect)) {
    const after: Plain = out.aftereffect;
    checkFields(after, AFTEREFFECT_CHECKS, `${EFFECT_FLAG_PATH}.aftereffect`, issues, after);
    // A usable aftereffect has every field: missing ones take their initial values.
    // (`turnOf` stays absent when unstated: absent is the creator's timing, as before it existed.)
    out.aftereffect = { ...AFTEREFFECT_DEFAULTS, ...after };
  }
  return { data: { ...plainEffectData(), ...(out as Partial<SystemEffectData>) }, issues };
}

/**
 * Problems in effect data about to be written (a create, or the merged flag of an update). Empty =
 * valid. The ActiveEffect refuses a write with any, naming the field.
 */
export function effectDataIssues(flag: unknown): ValidationIssue[] {
  return readEffectData(flag).issues;
}

/** The system's effect flag value of an ActiveEffect-like object (undefined when it has none). */
export function effectFlagOf(effect: Pick<EffectLike, "flags">): unknown {
  const ours = effect.flags?.[SYSTEM_ID];
  return isObject(ours) ? ours.effect : undefined;
}

/** The engine's `EffectSource` of an ActiveEffect (pure; missing or invalid fields take the defaults). */
export function effectSourceOf(effect: EffectLike): EffectSource {
  const { data } = readEffectData(effectFlagOf(effect));
  return { ...data, id: effect.id ?? "", name: effect.name, statuses: [...effect.statuses] };
}

/** ActiveEffect create data for an engine effect (the flag plus name and statuses). */
export function effectCreateData(
  effect: Omit<EffectSource, "id">,
  img?: string,
): {
  name: string;
  img?: string;
  statuses: string[];
  flags: Record<string, { effect: SystemEffectData }>;
} {
  const { name, statuses, ...rest } = structuredClone(effect);
  return { name, ...(img ? { img } : {}), statuses, flags: { [SYSTEM_ID]: { effect: rest } } };
}

/** A `CONFIG.statusEffects` entry: v13 names it with `name`/`img` (`label`/`icon` end in v14). */
export interface StatusEffectEntry {
  id: string;
  name: string;
  img: string;
  [key: string]: unknown;
}

/**
 * Status effects for the token HUD from the active ruleset's conditions. Core toggles some ids
 * itself — the combat tracker's "defeated" toggle calls `toggleStatusEffect` with
 * `CONFIG.specialStatusEffects.DEFEATED` ("dead"), which throws for an id missing from
 * `CONFIG.statusEffects` — so each `required` id the ruleset lacks keeps core's own entry from
 * `core` (the list being replaced).
 */
export function statusEffectsFromConditions<Core extends { id?: string | null | undefined } = StatusEffectEntry>(
  conditions: readonly { id: string; label: string; img: string }[],
  core: readonly Core[] = [],
  required: readonly string[] = [],
): ({ id: string; name: string; img: string } | Core)[] {
  const out: ({ id: string; name: string; img: string } | Core)[] = conditions.map((c) => ({
    id: c.id,
    name: c.label,
    img: c.img,
  }));
  for (const id of required) {
    if (out.some((e) => e.id === id)) continue;
    const kept = core.find((e) => e.id === id);
    if (kept) out.push({ ...kept });
  }
  return out;
}
