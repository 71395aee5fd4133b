/**
 * Pure boundary checks of stored actor and item data ([SYS-DOCS]), read from the field descriptions
 * (numbers finite and at least their minimum, formulas parsed, damage types known). The data models
 * call these from `validateJoint`, so Foundry refuses a create or update that fails and keeps the
 * existing data; the message names the offending field. No Foundry globals here: tests call them
 * directly.
 *
 * Damage types are checked against every damage type any ruleset knows (not only the active one):
 * a 13th Age monster in a Wounds d20 world stays a valid document ([SYS-RULESET]); the sheet warns
 * about the ruleset mismatch instead.
 */
import { fieldIssues, type FieldCheckContext, type ValidationIssue } from "../engine/fields.js";
import { ITEM_FIELDS } from "../engine/item-fields.js";
import { formulaProblem } from "./formula.js";
import { worldActorFields } from "./schema.js";

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Damage types always accepted besides the rulesets' own. */
const ALWAYS_KNOWN = ["all", "untyped"];

/** The set of damage types data may name: every ruleset's plus `all` and `untyped`. */
function knownDamageTypes(rulesetTypes: Iterable<string>): Set<string> {
  return new Set([...ALWAYS_KNOWN, ...rulesetTypes]);
}

function context(damageTypes: Iterable<string>): FieldCheckContext {
  return { damageTypes: knownDamageTypes(damageTypes), formulaProblem };
}

/**
 * Problems in an actor's `system` source (complete or a partial update). Empty = valid.
 * @param system the raw `system` object
 * @param damageTypes damage type keys the rulesets know (`all`/`untyped` always allowed)
 */
export function actorSystemIssues(system: unknown, damageTypes: Iterable<string>): ValidationIssue[] {
  if (!isObject(system)) return [{ field: "system", message: "must be an object" }];
  return fieldIssues(worldActorFields(), system, "system", context(damageTypes));
}

/**
 * Problems in an item's `system` source for its type. Empty = valid.
 * @param type the item type (`power`, `weapon`, `armor`, `feature`)
 */
export function itemSystemIssues(type: string, system: unknown, damageTypes: Iterable<string>): ValidationIssue[] {
  if (!isObject(system)) return [{ field: "system", message: "must be an object" }];
  const fields = Object.hasOwn(ITEM_FIELDS, type) ? ITEM_FIELDS[type as keyof typeof ITEM_FIELDS] : {};
  return fieldIssues(fields, system, "system", context(damageTypes));
}

/** One readable sentence from a list of issues (for the thrown error and notifications). */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((i) => `${i.field}: ${i.message}`).join("; ");
}
