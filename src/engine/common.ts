/**
 * Small rules helpers every game shares. Game-specific decisions stay in `rulesets/`.
 */
import { EngineError, requireD20, requireFinite, requireNonNegative } from "./errors.js";
import { anyGameDamageTypes, worldActorFields } from "./registry.js";
import { SIZE_KEYS } from "./actor-fields.js";
import { defaultsOf } from "./fields.js";
import type { FieldDesc, FieldDescs } from "./fields.js";
import type { ActorSource, DamagePacket, RollMode, RuleOptions, Situation } from "./types.js";

/** d20-style ability modifier: (score − 10) / 2, rounded down. */
export function abilityModifier(score: number): number {
  return Math.floor((score - 10) / 2);
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/** Nesting past which {@link clonePlain} hands the rest to `structuredClone` (which handles cycles). */
const PLAIN_COPY_DEPTH = 64;

function copyPlain(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth > PLAIN_COPY_DEPTH) return structuredClone(value);
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyPlain(value[i], depth + 1);
    return out;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  // Anything but a plain object (Date, Map, a class instance…) gets structuredClone's own copy.
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copyPlain((value as Record<string, unknown>)[key], depth + 1);
  return out;
}

/**
 * Deep copy of plain JSON data (actors, effects), the same as `structuredClone` gives for it: plain
 * objects and arrays are copied directly (structuredClone's fixed cost per call dominated turn
 * plans and data preparation); any other object is passed to `structuredClone`.
 */
export function clonePlain<T>(value: T): T {
  return copyPlain(value, 0) as T;
}

/**
 * Pick the kept natural d20 for a roll mode ([HD-MIGHTY]): mighty keeps the higher of two, weak
 * the lower; normal uses the first die. Validates every face.
 */
export function keptNatural(dice: readonly number[], mode: RollMode, field = "attack.dice"): number {
  if (dice.length === 0) throw new EngineError(field, "no d20 result given", dice);
  // Each face is checked; the field's name is only spelled out for the one refused (every odds
  // computation keeps twenty faces).
  for (let i = 0; i < dice.length; i++) {
    const d = dice[i];
    if (typeof d !== "number" || !Number.isInteger(d) || d < 1 || d > 20) requireD20(`${field}[${i}]`, d);
  }
  if (mode === "normal") return dice[0] as number;
  if (dice.length < 2) throw new EngineError(field, `a ${mode} roll needs two d20 results`, dice);
  return mode === "mighty"
    ? Math.max(dice[0] as number, dice[1] as number)
    : Math.min(dice[0] as number, dice[1] as number);
}

/** Most extra mighty (or weak) sources one roll may list: a count past any real table's. */
export const MAX_ROLL_SOURCES = 99;

/** Net mode from counts of mighty and weak sources: one of each cancels ([HD-MIGHTY]). */
export function netMode(mighty: number, weak: number): RollMode {
  if (mighty > 0 && weak === 0) return "mighty";
  if (weak > 0 && mighty === 0) return "weak";
  return "normal";
}

/** Foundry formula for a d20 in a mode. */
export function d20Formula(mode: RollMode): string {
  return mode === "mighty" ? "2d20kh" : mode === "weak" ? "2d20kl" : "1d20";
}

/**
 * Escalation die value for a round ([13A-ESC]): 0 in round 1, +1 each later round, 0–6, plus the
 * GM's offset. While paused (`frozen` not null) the die holds that value.
 */
export function escalationDie(round: number, offset = 0, frozen: number | null = null): number {
  if (frozen !== null) return clamp(Math.trunc(frozen), 0, 6);
  if (!Number.isFinite(round) || round < 1) return 0;
  return clamp(round - 1 + Math.trunc(offset), 0, 6);
}

/** The offset that makes the die show `value` in `round` (GM set / unpause). */
export function escalationOffsetFor(round: number, value: number): number {
  return clamp(Math.trunc(value), 0, 6) - Math.max(0, round - 1);
}

/**
 * Temporary HP are lost first ([13A-TEMPHP] and every game): returns what is left for real HP.
 * Damage below 0 counts as none, so no adjustment can turn damage into healing.
 */
export function absorbTemporary(temp: number, damage: number): { temp: number; absorbed: number; rest: number } {
  const dealt = Math.max(0, damage);
  const absorbed = Math.min(Math.max(0, temp), dealt);
  return { temp: Math.max(0, temp) - absorbed, absorbed, rest: dealt - absorbed };
}

/** How far up from dead each life state is: healing may only move a creature up this list. */
const LIFE_RANK: Record<ActorSource["state"], number> = {
  dead: 0,
  dying: 1,
  unconscious: 2,
  stable: 2,
  staggered: 3,
  active: 4,
};

/** The better of two life states (healing never leaves a creature worse off than it was). */
export function liftedState(before: ActorSource["state"], after: ActorSource["state"]): ActorSource["state"] {
  return LIFE_RANK[after] > LIFE_RANK[before] ? after : before;
}

/**
 * HP after healing `amount` from `start` (where healing counts from, e.g. 0 below zero): never
 * above the maximum, and never below the current value (HP above a maximum lowered by an effect
 * stay where they are).
 */
export function healedHp(hp: { value: number; max: number }, start: number, amount: number): number {
  return Math.max(hp.value, Math.min(Math.max(hp.max, hp.value), start + amount));
}

/** A blank, valid actor: the data models' defaults and the tests' starting point. */
export function defaultActorSource(overrides: Partial<ActorSource> = {}): ActorSource {
  const base = { kind: "character", ...defaultsOf(worldActorFields()) } as ActorSource;
  return { ...base, ...clonePlain(overrides) } as ActorSource;
}

/**
 * A situation with nothing in play (no advantage, cover, concealment, mighty/weak dice or bonus),
 * with overrides: the starting point of the attack dialog and of tests.
 */
export function blankSituation(overrides: Partial<Situation> = {}): Situation {
  return {
    combatAdvantage: false,
    cover: "none",
    concealment: "none",
    mighty: 0,
    weak: 0,
    bonus: 0,
    wrongSquare: false,
    withinMeleeReach: false,
    offGuard: false,
    ...overrides,
  };
}

/**
 * The numeric boundary check one number description asks for: a finite number, and at least its
 * minimum unless that is kept by the stored schema only. A whole number's minimum above 0 reads
 * as "greater than" the whole number below it, so a fraction between the two is let through.
 */
function requireNumberOf(desc: FieldDesc, path: string, value: unknown): void {
  if (value === null && desc.nullable) return;
  const n = requireFinite(path, value);
  if (desc.min === undefined || desc.minStoredOnly) return;
  if (desc.min === 0) {
    requireNonNegative(path, n);
    return;
  }
  const floor = desc.integer ? desc.min - 1 : desc.min;
  if (desc.integer ? n <= floor : n < floor) {
    const bound = desc.integer ? "greater than" : "at least";
    throw new EngineError(path, `must be ${bound} ${floor} (got ${n})`, n);
  }
}

/**
 * Walk `fields` over `source`, checking every number field with {@link requireNumberOf}: the walk
 * that names the field a refused actor fails at (a valid one passes {@link numbersPass} first).
 */
function requireNumbers(fields: FieldDescs, source: unknown, path: string): void {
  const values = (typeof source === "object" && source !== null ? source : {}) as Record<string, unknown>;
  for (const name of Object.keys(fields)) requireNumbersIn(fields[name] as FieldDesc, values[name], `${path}.${name}`);
}

function requireNumbersIn(desc: FieldDesc, value: unknown, path: string): void {
  if (value === undefined && desc.optional) return;
  if (desc.kind === "number") return requireNumberOf(desc, path, value);
  if (value === null && desc.nullable) return;
  if (desc.kind === "schema" && desc.fields) return requireNumbers(desc.fields, value, path);
  const element = desc.element;
  if (!element) return;
  if (desc.kind === "array" && Array.isArray(value)) {
    value.forEach((v: unknown, i) => requireNumbersIn(element, v, `${path}[${i}]`));
  } else if (desc.kind === "object" && typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) requireNumbersIn(element, v, `${path}.${k}`);
  }
}

/**
 * Boundary check of an actor before any rule touches it: every number field of the actor's
 * description (`fields`: the core and the games' parts) finite and at its minimum, damage types
 * known. Throws an {@link EngineError} naming the field.
 * A trait of a type only another game knows is valid stored data ([SYS-RULESET]): it is let
 * through and never matches this game's damage (see {@link foreignTraits} for the warning).
 */
export function validateActorSource(
  actor: ActorSource,
  damageTypes: readonly string[],
  field = "actor",
  fields: FieldDescs = worldActorFields(),
): void {
  const known = knownTraitTypes(damageTypes);
  // The actor of every card's every target passes: checked without naming a field first, and only
  // a refused one walked again to say where it fails.
  if (numbersPass(numberChecks(fields), actor) && traitsKnown(actor, known)) return;
  requireNumbers(fields, actor, field);
  for (const [name, list] of traitLists(actor)) {
    list.forEach((t, i) => {
      if (!known.has(t.type) && !anyGameDamageTypes().has(t.type))
        throw new EngineError(`${field}.${name}[${i}].type`, `unknown damage type "${t.type}"`, t.type);
    });
  }
}

/**
 * One field's number check, read once from its description: the walk below meets every actor of
 * every card, and reading each description's options again per actor cost more than the checks.
 */
interface NumberCheck {
  name: string;
  optional: boolean;
  nullable: boolean;
  /** A number; a group of `fields`; a list or record of `element`. */
  kind: "number" | "group" | "list" | "record";
  /** The number's floor (inclusive; exclusive for a whole number above 0's, see requireNumberOf), or null. */
  min: number | null;
  integer: boolean;
  fields: readonly NumberCheck[];
  element: NumberCheck | null;
}

const NUMBER_CHECKS = new WeakMap<FieldDescs, readonly NumberCheck[]>();

/** The checks of the fields of a description that hold numbers (numbers, groups, lists, records). */
function numberChecks(fields: FieldDescs): readonly NumberCheck[] {
  let checks = NUMBER_CHECKS.get(fields);
  if (!checks) {
    checks = Object.keys(fields).flatMap((name) => {
      const check = numberCheck(name, fields[name] as FieldDesc);
      return check ? [check] : [];
    });
    NUMBER_CHECKS.set(fields, checks);
  }
  return checks;
}

function numberCheck(name: string, desc: FieldDesc): NumberCheck | null {
  const kind =
    desc.kind === "number"
      ? "number"
      : desc.kind === "schema" && desc.fields
        ? "group"
        : desc.kind === "array" && desc.element
          ? "list"
          : desc.kind === "object" && desc.element
            ? "record"
            : null;
  if (!kind) return null;
  return {
    name,
    optional: desc.optional === true,
    nullable: desc.nullable === true,
    kind,
    min: desc.min === undefined || desc.minStoredOnly ? null : desc.min,
    integer: desc.integer === true,
    fields: kind === "group" && desc.fields ? numberChecks(desc.fields) : [],
    element: desc.element ? numberCheck("", desc.element) : null,
  };
}

/** Whether {@link requireNumbers} lets `source` through (the same walk, naming no field). */
function numbersPass(checks: readonly NumberCheck[], source: unknown): boolean {
  const values = (typeof source === "object" && source !== null ? source : {}) as Record<string, unknown>;
  for (const check of checks) if (!checkPasses(check, values[check.name])) return false;
  return true;
}

/** Whether {@link requireNumbersIn} lets `value` through. */
function checkPasses(check: NumberCheck, value: unknown): boolean {
  if (value === undefined && check.optional) return true;
  if (value === null && check.nullable) return true;
  switch (check.kind) {
    case "number": {
      if (typeof value !== "number" || !Number.isFinite(value)) return false;
      const min = check.min;
      if (min === null) return true;
      if (min === 0) return value >= 0;
      return check.integer ? value > min - 1 : value >= min;
    }
    case "group":
      return numbersPass(check.fields, value);
    case "list":
      if (Array.isArray(value) && check.element)
        for (const v of value as unknown[]) if (!checkPasses(check.element, v)) return false;
      return true;
    case "record":
      if (typeof value === "object" && value !== null && check.element)
        for (const v of Object.values(value)) if (!checkPasses(check.element, v)) return false;
      return true;
  }
}

/** Whether every trait of the actor names a damage type it may (lists of plain traits only). */
function traitsKnown(actor: ActorSource, known: ReadonlySet<string>): boolean {
  const { resistances, vulnerabilities, immunities } = actor as { [K in keyof ActorSource]: unknown };
  if (!Array.isArray(immunities)) return false;
  for (const type of immunities as unknown[]) if (!typeKnown(type, known)) return false;
  return traitListKnown(resistances, known) && traitListKnown(vulnerabilities, known);
}

function traitListKnown(list: unknown, known: ReadonlySet<string>): boolean {
  if (!Array.isArray(list)) return false;
  for (const t of list as unknown[])
    if (typeof t !== "object" || t === null || !typeKnown((t as { type?: unknown }).type, known)) return false;
  return true;
}

function typeKnown(type: unknown, known: ReadonlySet<string>): boolean {
  return typeof type === "string" && (known.has(type) || anyGameDamageTypes().has(type));
}

/** A game's damage types with "all" and "untyped": what a trait may name (built once per list). */
const TRAIT_TYPES = new WeakMap<readonly string[], ReadonlySet<string>>();
function knownTraitTypes(damageTypes: readonly string[]): ReadonlySet<string> {
  let known = TRAIT_TYPES.get(damageTypes);
  if (!known) {
    known = new Set([...damageTypes, "all", "untyped"]);
    TRAIT_TYPES.set(damageTypes, known);
  }
  return known;
}

function traitLists(
  actor: Pick<ActorSource, "resistances" | "vulnerabilities" | "immunities">,
): [string, { type: string; value?: number }[]][] {
  return [
    ["resistances", actor.resistances],
    ["vulnerabilities", actor.vulnerabilities],
    ["immunities", actor.immunities.map((type) => ({ type }))],
  ];
}

/**
 * Traits this game ignores because their damage type is another game's (`resistances[0]`,
 * `holy`), for the adapter's warning. Empty when every trait is the game's own.
 */
export function foreignTraits(
  actor: Pick<ActorSource, "resistances" | "vulnerabilities" | "immunities">,
  damageTypes: readonly string[],
): { field: string; type: string }[] {
  const known = knownTraitTypes(damageTypes);
  const out: { field: string; type: string }[] = [];
  for (const [name, list] of traitLists(actor)) {
    list.forEach((t, i) => {
      if (!known.has(t.type)) out.push({ field: `${name}[${i}]`, type: t.type });
    });
  }
  return out;
}

/** Boundary check of a damage packet. */
export function validatePacket(packet: DamagePacket, damageTypes: readonly string[], field = "damage"): void {
  requireNonNegative(`${field}.amount`, packet.amount);
  const known = new Set([...damageTypes, "untyped"]);
  packet.types.forEach((t, i) => {
    if (!known.has(t)) throw new EngineError(`${field}.types[${i}]`, `unknown damage type "${t}"`, t);
  });
  if (packet.natural !== null) requireD20(`${field}.natural`, packet.natural);
}

/** Read an option with a fallback (options come from world settings; tests may omit them). */
export function option<T extends string | number | boolean>(options: RuleOptions, key: string, fallback: T): T {
  const v = options[key];
  return (typeof v === typeof fallback ? v : fallback) as T;
}

/**
 * The damage packet of one tick of ongoing damage: no attack roll (so 13A resistance always
 * halves it), typed unless `untyped`/empty, never negative. With the game's `known` types, a type
 * the game does not know (an effect made under another game) deals its damage untyped instead of
 * being refused every turn.
 */
export function ongoingDamagePacket(
  amount: number,
  type: string | null | undefined,
  known?: readonly string[],
): DamagePacket {
  const typed = Boolean(type) && type !== "untyped" && (!known || known.includes(type as string));
  return {
    amount: Number.isFinite(amount) ? Math.max(0, amount) : 0,
    types: typed ? [type as string] : [],
    natural: null,
    critical: false,
    ongoing: true,
    fromAttack: false,
    melee: false,
    nonlethal: false,
    knockOut: false,
  };
}

/**
 * Whose turns time an effect's "next turn" and sustain: its creator's ("your next turn"); the
 * bearer's when a start/end-of-next-turn duration counts the affected creature's turn ("its next
 * turn", `turnOf: "bearer"`: [FF-DURATION], [13A-SAVE], [HD-COND]); an effect that names no creator
 * (null or empty id), or whose creator is no longer among `combatants` (removed from the combat),
 * follows its bearer's own turns, or it would never end.
 */
export function effectTimer(
  bearerId: string,
  effect: { sourceCombatantId: string | null; turnOf?: string; duration?: string },
  combatants?: readonly { id: string }[],
): string {
  if (effect.turnOf === "bearer" && effect.duration !== "sustain") return bearerId;
  const creator = effect.sourceCombatantId;
  if (!creator) return bearerId;
  if (combatants && !combatants.some((c) => c.id === creator)) return bearerId;
  return creator;
}

/** A damage packet with no attack behind it (token HUD edits, GM adjustments): untyped, no natural roll. */
export function plainDamagePacket(amount: number): DamagePacket {
  return { ...ongoingDamagePacket(amount, null), amount, ongoing: false };
}

/** d20 size categories, smallest first. */
export { SIZE_KEYS };

/**
 * The size category a token of `spaces` grid squares across stands for (under 1 tiny, 1 medium,
 * 2 large, 3 huge, 4 or more gargantuan): an actor's size when its own is left blank.
 */
export function sizeFromTokenSpaces(spaces: number | null | undefined): (typeof SIZE_KEYS)[number] {
  const n = typeof spaces === "number" && Number.isFinite(spaces) ? spaces : 1;
  if (n < 1) return "tiny";
  if (n < 2) return "medium";
  if (n < 3) return "large";
  if (n < 4) return "huge";
  return "gargantuan";
}
