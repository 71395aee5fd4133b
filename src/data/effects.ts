/**
 * The system's effect data on ActiveEffects ([SYS-DOCS]), pure: duration kind (save ends
 * easy/normal/hard, start/end of next turn, end of encounter, sustain), aftereffect and ongoing
 * damage live in `flags["d20-combat"].effect` as the engine's `EffectSource` fields (minus `id`,
 * `name`, `statuses`, which are the effect's own).
 */
import { SYSTEM_ID } from "../constants.js";
import type { EffectSource } from "../engine/types.js";
import { DURATION_KINDS, SAVE_DIFFICULTIES, SUSTAIN_KINDS } from "./schema.js";
import type { ValidationIssue } from "./validation.js";

/** What the flag stores: the engine's effect fields the ActiveEffect does not already have. */
export type SystemEffectData = Omit<EffectSource, "id" | "name" | "statuses">;

/** Defaults for an effect with no system data (a plain status toggle): lasts until removed. */
export function defaultEffectData(): SystemEffectData {
  return {
    sourceCombatantId: null,
    duration: "permanent",
    save: "normal",
    saveBonus: 0,
    sustain: null,
    sustainedRound: null,
    ongoing: null,
    aftereffect: null,
    armed: false,
  };
}

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

/**
 * One field of the effect flag: whether a stored value is valid, and what stands in for an invalid
 * one. The checks are those of `effectFlagSchema` (src/data/schema.ts), field for field.
 */
interface EffectField {
  valid(v: unknown): boolean;
  /** Why a value is refused (after "must be"). */
  expected: string;
  /** What an invalid stored value is read as. */
  fallback: unknown;
}

const oneOf = (keys: readonly string[], nullable: boolean, fallback: string | null): EffectField => ({
  valid: (v) => (v === null && nullable) || (typeof v === "string" && keys.includes(v)),
  expected: `one of ${keys.join(", ")}${nullable ? " or null" : ""}`,
  fallback,
});
const integer = (nullable: boolean, min?: number): EffectField => ({
  valid: (v) => (v === null && nullable) || (Number.isSafeInteger(v) && (min === undefined || (v as number) >= min)),
  expected: `a whole number${min === undefined ? "" : ` of at least ${min}`}${nullable ? " or null" : ""}`,
  fallback: nullable ? null : 0,
});
const combatantId: EffectField = {
  valid: (v) => v === null || (typeof v === "string" && v !== ""),
  expected: "a combatant id or null",
  // An empty or broken id follows the bearer's own turns, exactly as null does.
  fallback: null,
};
const ongoingField: EffectField = {
  valid: (v) =>
    v === null ||
    (isObject(v) &&
      Number.isSafeInteger(v.amount) &&
      (v.amount as number) >= 0 &&
      typeof v.type === "string" &&
      v.type !== ""),
  expected: "null or { amount: a whole number ≥ 0, type: a damage type }",
  fallback: null,
};
const statusList: EffectField = {
  valid: (v) => Array.isArray(v) && v.every((s) => typeof s === "string" && s !== ""),
  expected: "a list of status ids",
  fallback: [],
};
const textField: EffectField = { valid: (v) => typeof v === "string", expected: "text", fallback: "" };
const boolField: EffectField = { valid: (v) => typeof v === "boolean", expected: "true or false", fallback: false };

// An invalid duration is read as save ends (the schema's initial): it can still end in play.
const duration = oneOf(DURATION_KINDS, false, "saveEnds");
const save = oneOf(SAVE_DIFFICULTIES, false, "normal");
const sustain = oneOf(SUSTAIN_KINDS, true, null);

const AFTEREFFECT_FIELDS: Record<string, EffectField> = {
  name: textField,
  sourceCombatantId: combatantId,
  duration,
  save,
  saveBonus: integer(false),
  sustain,
  ongoing: ongoingField,
  statuses: statusList,
};

const EFFECT_FIELDS: Record<string, EffectField> = {
  sourceCombatantId: combatantId,
  duration,
  save,
  saveBonus: integer(false),
  sustain,
  sustainedRound: integer(true, 0),
  ongoing: ongoingField,
  aftereffect: {
    valid: (v) => v === null || isObject(v),
    expected: "null or an aftereffect",
    fallback: null,
  },
  armed: boolField,
  tally: integer(true),
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
export const EFFECT_FLAG_PATH = `flags.${SYSTEM_ID}.effect`;

/**
 * The system effect data of a flag value, checked: every present field that breaks the schema is
 * read as its fallback (and reported), missing fields take the defaults, unknown keys pass through.
 * Never throws, so an effect with bad stored data stays usable; the issues say what was replaced.
 */
export function readEffectData(flag: unknown): { data: SystemEffectData; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  if (flag === undefined || flag === null) return { data: defaultEffectData(), issues };
  if (!isObject(flag)) {
    issues.push({ field: EFFECT_FLAG_PATH, message: `must be an object (got ${describe(flag)})` });
    return { data: defaultEffectData(), issues };
  }
  const out: Plain = structuredClone(flag);
  checkFields(flag, EFFECT_FIELDS, EFFECT_FLAG_PATH, issues, out);
  if (isObject(out.aftereffect)) {
    const after: Plain = out.aftereffect;
    checkFields(after, AFTEREFFECT_FIELDS, `${EFFECT_FLAG_PATH}.aftereffect`, issues, after);
    // A usable aftereffect has every field: missing ones take the main effect's defaults.
    const d = defaultEffectData();
    out.aftereffect = {
      name: "",
      sourceCombatantId: null,
      duration: "saveEnds",
      save: d.save,
      saveBonus: 0,
      sustain: null,
      ongoing: null,
      statuses: [],
      ...after,
    };
  }
  return { data: { ...defaultEffectData(), ...(out as Partial<SystemEffectData>) }, issues };
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
