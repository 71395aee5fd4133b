/**
 * What a module's pre hook may change, and within which bounds ([SYS-HOOKS]). A pre hook
 * (`d20-combat.preAttack`, `preApplyDamage`, `preSave`) returns `false` to cancel, or an object
 * naming the change and who made it (`{ bonus: 2, source: "Bless Helper" }`); this file reads that
 * answer, refuses what is out of bounds, and re-validates the changes a card carries (the GM's
 * client trusts none of them until they pass here). Pure: no Foundry globals.
 */
import type { HookChange } from "../types.js";

export type { HookChange };

/** The one number a pre hook may change, per hook. */
export type HookField = HookChange["field"];

/** The bounds every hook change is held to. */
export const HOOK_LIMITS = {
  /** Most an attack's situational bonus may move, either way, per hook. */
  bonus: 10,
  /** Most a save's target may move, either way, per hook. */
  target: 10,
  /** Longest name of the module shown on the card. */
  source: 60,
  /** Most changes one action may carry. */
  changes: 5,
} as const;

/** What a pre hook's answer means. */
export type HookAnswer =
  | { kind: "none" }
  | { kind: "cancel" }
  | { kind: "change"; change: HookChange; value: number }
  | { kind: "refused"; reason: string };

/** A module's name as the card may show it: one line, no control characters, bounded; null when empty. */
function cleanSource(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const text = raw.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  if (!text) return null;
  return text.length > HOOK_LIMITS.source ? `${text.slice(0, HOOK_LIMITS.source - 1)}…` : text;
}

/**
 * The bounds of `field` around its value now: an attack's bonus moves at most
 * {@link HOOK_LIMITS.bonus} either way; an application's amount stays between 0 and `most` (the
 * most the card's own buttons could apply: its double damage); a save's target moves at most
 * {@link HOOK_LIMITS.target} and stays at least 1.
 */
function hookBounds(field: HookField, current: number, most = current): { min: number; max: number } {
  if (field === "bonus") return { min: current - HOOK_LIMITS.bonus, max: current + HOOK_LIMITS.bonus };
  if (field === "amount") return { min: 0, max: Math.max(0, most) };
  return { min: Math.max(1, current - HOOK_LIMITS.target), max: current + HOOK_LIMITS.target };
}

/**
 * Read one pre hook's answer for `field` (whose value is `current` now): `false` cancels; nothing
 * (undefined, true, null) changes nothing; `{ [field]: n, source }` changes it — for `bonus` by n,
 * for `amount` and `target` to n — when n is a whole number within {@link hookBounds} and the source
 * names the module. `name` localises the source (the adapter's i18n); `origin` = the value before
 * any listener changed it, around which the bounds hold (so several listeners together stay within them).
 */
export function readHookAnswer(
  answer: unknown,
  field: HookField,
  current: number,
  most: number = current,
  name: (raw: string) => string = (raw) => raw,
  origin: number = current,
): HookAnswer {
  if (answer === false) return { kind: "cancel" };
  if (answer === undefined || answer === null || answer === true) return { kind: "none" };
  if (typeof answer !== "object" || Array.isArray(answer)) return { kind: "refused", reason: "answer" };
  const given = (answer as Record<string, unknown>)[field];
  if (given === undefined) return { kind: "none" };
  if (typeof given !== "number" || !Number.isInteger(given)) return { kind: "refused", reason: field };
  const rawSource = (answer as Record<string, unknown>).source;
  const source = cleanSource(typeof rawSource === "string" ? name(rawSource) : rawSource);
  if (!source) return { kind: "refused", reason: "source" };
  const value = field === "bonus" ? current + given : given;
  // The bounds hold around the value before any listener changed it, whatever the listeners before did.
  const { min, max } = hookBounds(field, origin, most);
  if (value < min || value > max) return { kind: "refused", reason: field };
  if (value === current) return { kind: "none" };
  return { kind: "change", change: { field, delta: value - current, source }, value };
}

/**
 * The hook changes a card carries, re-validated (the GM's client reads them from a message its
 * author wrote): at most {@link HOOK_LIMITS.changes}, each a known field, a whole non-zero delta
 * within its bound and a clean source. Null when any is not.
 */
export function validHookChanges(raw: unknown): HookChange[] | null {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.length > HOOK_LIMITS.changes) return null;
  const out: HookChange[] = [];
  for (const c of raw as unknown[]) {
    if (!c || typeof c !== "object") return null;
    const { field, delta, source } = c as Record<string, unknown>;
    if (field !== "bonus" && field !== "amount" && field !== "target") return null;
    if (typeof delta !== "number" || !Number.isInteger(delta) || delta === 0) return null;
    const limit = field === "bonus" ? HOOK_LIMITS.bonus : field === "target" ? HOOK_LIMITS.target : Infinity;
    if (Math.abs(delta) > limit) return null;
    if (typeof source !== "string" || cleanSource(source) !== source) return null;
    out.push({ field, delta, source });
  }
  // All of a field's changes together stay within its bound too.
  for (const field of ["bonus", "target"] as const) {
    const total = out.filter((c) => c.field === field).reduce((sum, c) => sum + c.delta, 0);
    if (Math.abs(total) > HOOK_LIMITS[field]) return null;
  }
  return out;
}

/** A change as the card says it: "+2 from Bless Helper" (`format` fills the game's words). */
export function hookChangeText(
  change: HookChange,
  format: (key: string, data: Record<string, string | number>) => string,
): string {
  const amount = change.delta > 0 ? `+${change.delta}` : `−${-change.delta}`;
  return format("D20C.Hooks.From", { amount, source: change.source });
}

/** Freeze a plain value all the way down (what a post hook receives: a read-only copy). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}
