/**
 * What an application (a card button, a turn step) changed on one actor, as a list of reversible
 * changes, and how to reverse them without erasing what happened since ([SYS-PERM]).
 *
 * A change names a field by its dotted path in the actor source (`hp.value`, `deathSaves.failures`,
 * `state`, `conditions`) or an effect. Undo walks the list backwards:
 * - `add` (every numeric field: HP, temp HP, tallies, counters) applies the opposite delta to the
 *   value the actor has NOW, so a later hit or heal stays applied;
 * - `set` (text, flags, records) puts the old value back only while the field still holds the
 *   value the application left there; otherwise it reports a conflict and leaves the later value;
 * - `listAdd` / `listRemove` (conditions, wounds…) take out / put back that one entry;
 * - `effectAdded` / `effectRemoved` / `effectUpdated` delete the effect it created, re-create the
 *   one it removed (unless that one's own creation was undone since), and restore the fields of an
 *   updated one that still hold the updated value.
 * Pure: plain data in, plain data out.
 */
import type { ActorSource, EffectSource } from "./types.js";

/** One reversible change to an actor. Adding a kind of change: add a member and its inverse below. */
export type ActorChange =
  | { kind: "add"; path: string; delta: number; from?: number }
  | { kind: "set"; path: string; before: unknown; after: unknown }
  | { kind: "listAdd"; path: string; value: unknown }
  | { kind: "listRemove"; path: string; value: unknown }
  | { kind: "effectAdded"; effect: EffectSource }
  | { kind: "effectRemoved"; effect: EffectSource }
  | { kind: "effectUpdated"; before: EffectSource; after: EffectSource };

/** A field (or effect) undo left alone because something changed it after the application. */
export interface UndoConflict {
  /** Dotted field path, or `effect:<id>.<field>`. */
  path: string;
  /** What the application left there. */
  expected: unknown;
  /** What is there now (kept). */
  found: unknown;
}

/** What undoing a change list does to the actor as it is now. */
export interface UndoPlan {
  /** The actor's new source: write it in one update. */
  next: ActorSource;
  /** Effects to delete, to re-create (with their ids) and to update (whole new source). */
  effects: { remove: string[]; create: EffectSource[]; update: EffectSource[] };
  conflicts: UndoConflict[];
}

type Plain = Record<string, unknown>;

/** The actor's temporary HP, whose `add` changes also record where they stood before. */
export const TEMP_HP_PATH = "hp.temp";

const isPlain = (v: unknown): v is Plain => typeof v === "object" && v !== null && !Array.isArray(v);

/** Deep equality of plain JSON-like data (key order ignored). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (isPlain(a) && isPlain(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => k in b && sameValue(a[k], b[k]));
  }
  return false;
}

function diffValue(path: string, before: unknown, after: unknown, out: ActorChange[]): void {
  if (sameValue(before, after)) return;
  if (typeof before === "number" && typeof after === "number") {
    // Temporary HP do not stack (every game keeps the higher): undo needs where they stood before
    // to tell a later grant from what this change did (src/engine/undo-bounds.ts).
    out.push({ kind: "add", path, delta: after - before, ...(path === TEMP_HP_PATH ? { from: before } : {}) });
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const left = [...after];
    const removed: unknown[] = [];
    for (const x of before) {
      const i = left.findIndex((y) => sameValue(x, y));
      if (i >= 0) left.splice(i, 1);
      else removed.push(x);
    }
    for (const value of removed) out.push({ kind: "listRemove", path, value: structuredClone(value) });
    for (const value of left) out.push({ kind: "listAdd", path, value: structuredClone(value) });
    return;
  }
  if (isPlain(before) && isPlain(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
      diffValue(path ? `${path}.${key}` : key, before[key], after[key], out);
    return;
  }
  out.push({ kind: "set", path, before: structuredClone(before), after: structuredClone(after) });
}

/** The changes that turn `before` into `after` (one actor), in field order. */
export function diffActor(before: ActorSource, after: ActorSource): ActorChange[] {
  const out: ActorChange[] = [];
  diffValue("", before, after, out);
  return out;
}

function getPath(root: Plain, path: string): unknown {
  let cur: unknown = root;
  for (const key of path.split(".")) {
    if (!isPlain(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

function setPath(root: Plain, path: string, value: unknown): void {
  const keys = path.split(".");
  let cur: Plain = root;
  for (const key of keys.slice(0, -1)) {
    const next = cur[key];
    if (!isPlain(next)) cur[key] = {};
    cur = cur[key] as Plain;
  }
  const last = keys[keys.length - 1] as string;
  if (value === undefined) delete cur[last];
  else cur[last] = structuredClone(value);
}

/**
 * Reverse `changes` on the actor as it is now (`current`, with its effects `currentEffects`).
 * `undoneEffectIds`: effects whose creating application was undone since, which must not be
 * re-created when a later application that removed them is undone.
 */
export function invertChanges(
  changes: readonly ActorChange[],
  current: ActorSource,
  currentEffects: readonly EffectSource[],
  undoneEffectIds: ReadonlySet<string> = new Set<string>(),
): UndoPlan {
  const next = structuredClone(current) as unknown as Plain;
  const effects = new Map(currentEffects.map((e) => [e.id, structuredClone(e)]));
  const remove: string[] = [];
  const create: EffectSource[] = [];
  const updated = new Set<string>();
  const conflicts: UndoConflict[] = [];
  for (const change of [...changes].reverse()) {
    switch (change.kind) {
      case "add": {
        const now = getPath(next, change.path);
        if (typeof now === "number") setPath(next, change.path, now - change.delta);
        else conflicts.push({ path: change.path, expected: "number", found: now });
        break;
      }
      case "set": {
        const now = getPath(next, change.path);
        if (sameValue(now, change.after)) setPath(next, change.path, change.before);
        else conflicts.push({ path: change.path, expected: change.after, found: now });
        break;
      }
      case "listAdd": {
        const list = getPath(next, change.path);
        if (!Array.isArray(list)) break;
        const i = list.findIndex((x) => sameValue(x, change.value));
        if (i >= 0) setPath(next, change.path, [...list.slice(0, i), ...list.slice(i + 1)]);
        break;
      }
      case "listRemove": {
        const list = getPath(next, change.path);
        if (Array.isArray(list) && !list.some((x) => sameValue(x, change.value)))
          setPath(next, change.path, [...list, change.value]);
        break;
      }
      case "effectAdded": {
        if (effects.delete(change.effect.id)) remove.push(change.effect.id);
        break;
      }
      case "effectRemoved": {
        if (!effects.has(change.effect.id) && !undoneEffectIds.has(change.effect.id)) {
          effects.set(change.effect.id, structuredClone(change.effect));
          create.push(structuredClone(change.effect));
        }
        break;
      }
      case "effectUpdated": {
        const now = effects.get(change.before.id);
        if (!now) break;
        const fresh = structuredClone(now) as unknown as Plain;
        const before = change.before as unknown as Plain;
        const after = change.after as unknown as Plain;
        for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
          if (sameValue(before[key], after[key])) continue;
          if (sameValue(fresh[key], after[key])) fresh[key] = structuredClone(before[key]);
          else conflicts.push({ path: `effect:${change.before.id}.${key}`, expected: after[key], found: fresh[key] });
        }
        effects.set(change.before.id, fresh as unknown as EffectSource);
        updated.add(change.before.id);
        break;
      }
    }
  }
  const createdIds = new Set(create.map((e) => e.id));
  const update = [...updated]
    .filter((id) => !createdIds.has(id) && effects.has(id))
    .map((id) => effects.get(id) as EffectSource);
  const finalCreate = create.map((e) => effects.get(e.id) ?? e);
  return { next: next as unknown as ActorSource, effects: { remove, create: finalCreate, update }, conflicts };
}

/** Effect ids a change list created (to tell later undos not to bring them back once it is undone). */
export function createdEffectIds(changes: readonly ActorChange[]): string[] {
  return changes.flatMap((c) => (c.kind === "effectAdded" ? [c.effect.id] : []));
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (isPlain(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(value[k])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/** A short fingerprint of an actor source (FNV-1a over its key-sorted JSON): equal data, equal print. */
export function fingerprint(actor: ActorSource): string {
  const text = stable(actor);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${h.toString(16).padStart(8, "0")}:${text.length}`;
}
