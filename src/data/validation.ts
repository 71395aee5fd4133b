/**
 * Pure boundary checks of stored actor and item data ([SYS-DOCS]). The data models call these from
 * `validateJoint`, so Foundry refuses a create or update that fails and keeps the existing data;
 * the message names the offending field. No Foundry globals here: tests call them directly.
 *
 * Damage types are checked against every damage type any ruleset knows (not only the active one):
 * a 13th Age monster in a Wounds d20 world stays a valid document ([SYS-RULESET]); the sheet warns
 * about the ruleset mismatch instead.
 */
import { parseDamage, parseWeaponDice } from "../engine/dice.js";
import { EngineError } from "../engine/errors.js";
import { ABILITY_KEYS } from "../engine/types.js";

/** One refused value: the dotted `system.…` path and why. */
export interface ValidationIssue {
  field: string;
  message: string;
}

type Plain = Record<string, unknown>;

function isObject(v: unknown): v is Plain {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Damage types always accepted besides the rulesets' own. */
const ALWAYS_KNOWN = ["all", "untyped"];

/** Collects issues while walking a source; only present fields are checked (updates are partial). */
class Checker {
  readonly issues: ValidationIssue[] = [];
  constructor(private readonly known: ReadonlySet<string>) {}

  fail(field: string, message: string): void {
    this.issues.push({ field, message });
  }

  number(obj: Plain | undefined, key: string, path: string, opts: { min?: number; nullable?: boolean } = {}): void {
    if (!obj || !(key in obj)) return;
    const v = obj[key];
    const field = `${path}.${key}`;
    if (v === null && opts.nullable) return;
    if (typeof v !== "number") {
      this.fail(field, `must be a number (got ${JSON.stringify(v) ?? String(v)})`);
      return;
    }
    if (!Number.isFinite(v)) {
      this.fail(field, `must be a finite number (got ${String(v)})`);
      return;
    }
    if (opts.min !== undefined && v < opts.min) this.fail(field, `must be at least ${opts.min} (got ${v})`);
  }

  damageType(value: unknown, field: string): void {
    if (typeof value !== "string" || !this.known.has(value)) {
      this.fail(field, `unknown damage type ${JSON.stringify(value)}`);
    }
  }

  formula(obj: Plain | undefined, key: string, path: string, kind: "damage" | "weaponDice"): void {
    if (!obj || !(key in obj)) return;
    const v = obj[key];
    const field = `${path}.${key}`;
    if (typeof v !== "string") {
      this.fail(field, "must be text");
      return;
    }
    const message = formulaProblem(v, kind);
    if (message) this.fail(field, message);
  }
}

/**
 * Why a stored formula is malformed, or null when it is fine (or blank). `@refs` are allowed (they
 * are resolved from roll data before the engine parses the formula); `N[W]` is allowed in damage.
 */
export function formulaProblem(formula: string, kind: "damage" | "weaponDice"): string | null {
  if (formula.trim() === "") return null;
  const resolved = formula.replace(/@[a-zA-Z_][\w.]*/g, "1");
  try {
    if (kind === "weaponDice") parseWeaponDice(resolved, "formula");
    else parseDamage(resolved, { dice: [{ count: 1, faces: 4, sign: 1 }], flat: 0 }, "formula");
    return null;
  } catch (err) {
    if (err instanceof EngineError) return err.message.replace(/^formula: /, "");
    throw err;
  }
}

/** The set of damage types data may name: every ruleset's plus `all` and `untyped`. */
export function knownDamageTypes(rulesetTypes: Iterable<string>): Set<string> {
  return new Set([...ALWAYS_KNOWN, ...rulesetTypes]);
}

/**
 * Problems in an actor's `system` source (complete or a partial update). Empty = valid.
 * @param system the raw `system` object
 * @param damageTypes damage type keys the rulesets know (`all`/`untyped` always allowed)
 */
export function actorSystemIssues(system: unknown, damageTypes: Iterable<string>): ValidationIssue[] {
  const c = new Checker(knownDamageTypes(damageTypes));
  if (!isObject(system)) return [{ field: "system", message: "must be an object" }];
  const s = system;
  c.number(s, "level", "system", { min: 0 });
  const abilities = isObject(s.abilities) ? s.abilities : undefined;
  for (const k of ABILITY_KEYS) c.number(abilities, k, "system.abilities");
  const hp = isObject(s.hp) ? s.hp : undefined;
  c.number(hp, "value", "system.hp");
  c.number(hp, "temp", "system.hp", { min: 0 });
  if (hp && "max" in hp) {
    c.number(hp, "max", "system.hp");
    if (typeof hp.max === "number" && Number.isFinite(hp.max) && hp.max <= 0) {
      c.fail("system.hp.max", `must be greater than 0 (got ${hp.max})`);
    }
  }
  for (const k of ["attackBonus", "initiativeBonus", "baseCombatBonus", "baseSaveBonus"]) c.number(s, k, "system");
  for (const k of ["renown", "speed", "exhaustion", "dyingTurns", "constitutionDamage"])
    c.number(s, k, "system", { min: 0 });
  if (isObject(s.defenses)) {
    for (const [key, def] of Object.entries(s.defenses)) {
      if (!isObject(def)) continue;
      c.number(def, "base", `system.defenses.${key}`, { nullable: true });
      c.number(def, "bonus", `system.defenses.${key}`);
    }
  }
  const armor = isObject(s.armor) ? s.armor : undefined;
  c.number(armor, "armorBonus", "system.armor");
  c.number(armor, "shieldBonus", "system.armor");
  c.number(armor, "maxDex", "system.armor", { nullable: true });
  for (const list of ["resistances", "vulnerabilities"] as const) {
    const arr = s[list];
    if (!Array.isArray(arr)) continue;
    arr.forEach((t: unknown, i) => {
      if (!isObject(t)) return c.fail(`system.${list}.${i}`, "must be an object");
      c.damageType(t.type, `system.${list}.${i}.type`);
      c.number(t, "value", `system.${list}.${i}`, { min: 0 });
    });
  }
  if (Array.isArray(s.immunities)) s.immunities.forEach((t: unknown, i) => c.damageType(t, `system.immunities.${i}`));
  const rec = isObject(s.recoveries) ? s.recoveries : undefined;
  for (const k of ["value", "max", "noRecoveryUses", "ralliesThisBattle", "battlesSinceHealUp"]) {
    c.number(rec, k, "system.recoveries", { min: 0 });
  }
  c.formula(rec, "formula", "system.recoveries", "damage");
  const ds = isObject(s.deathSaves) ? s.deathSaves : undefined;
  c.number(ds, "successes", "system.deathSaves", { min: 0 });
  c.number(ds, "failures", "system.deathSaves", { min: 0 });
  if (Array.isArray(s.wounds)) {
    s.wounds.forEach((w: unknown, i) => {
      if (isObject(w)) c.number(w, "severity", `system.wounds.${i}`, { min: 0 });
    });
  }
  return c.issues;
}

/**
 * Problems in an item's `system` source for its type. Empty = valid.
 * @param type the item type (`power`, `weapon`, `armor`, `feature`)
 */
export function itemSystemIssues(type: string, system: unknown, damageTypes: Iterable<string>): ValidationIssue[] {
  const c = new Checker(knownDamageTypes(damageTypes));
  if (!isObject(system)) return [{ field: "system", message: "must be an object" }];
  const s = system;
  if (type === "power") {
    c.number(s, "attackBonus", "system");
    c.number(s, "critRange", "system", { min: 0 });
    c.number(s, "recharge", "system", { min: 0 });
    for (const k of ["damage", "missDamage", "critDamage"]) c.formula(s, k, "system", "damage");
    if (Array.isArray(s.damageTypes))
      s.damageTypes.forEach((t: unknown, i) => c.damageType(t, `system.damageTypes.${i}`));
    if (isObject(s.ongoing)) {
      c.number(s.ongoing, "amount", "system.ongoing", { min: 0 });
      if ("type" in s.ongoing) c.damageType(s.ongoing.type, "system.ongoing.type");
    }
  } else if (type === "weapon") {
    c.formula(s, "damageDice", "system", "weaponDice");
    c.formula(s, "critDice", "system", "damage");
    c.number(s, "proficiencyBonus", "system", { min: 0 });
    c.number(s, "enhancement", "system");
    c.number(s, "critRange", "system", { min: 0 });
  } else if (type === "armor") {
    c.number(s, "armorBonus", "system", { min: 0 });
    c.number(s, "shieldBonus", "system", { min: 0 });
    c.number(s, "maxDex", "system", { nullable: true });
  }
  return c.issues;
}

/** One readable sentence from a list of issues (for the thrown error and notifications). */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((i) => `${i.field}: ${i.message}`).join("; ");
}
