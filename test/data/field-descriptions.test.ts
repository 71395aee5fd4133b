/**
 * One description per field ([SYS-DOCS]): a field a game's part describes comes out as its type,
 * its default, its Foundry schema field, its validation and the value an older document gets; the
 * FormulaField refuses a malformed formula at the field.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { actorSchema, weaponSchema, worldActorFields } from "../../src/data/schema.js";
import { describeIssues } from "../../src/data/validation.js";
import { migrateActorSystem } from "../../src/migrations/migrate-data.js";
import { defaultsOf, fieldIssues, formula, int, list, choice, type SourceOf } from "../../src/engine/fields.js";
import { allRulesets } from "../../src/engine/registry.js";
import { formulaProblem } from "../../src/data/formula.js";
import {
  StandInNumberField,
  StandInStringField,
  standInFields,
  standInFill,
  type StandInArrayField,
} from "../stand-ins/foundry-fields.js";

/** A test-only game's part of the actor data: three fields of its own. */
const MORALE_PART = {
  morale: int(3, { min: 0 }),
  battleCry: formula("damage", "1d4"),
  banners: list(choice(["red", "gold"], "red")),
} as const;
const rulesets = [...allRulesets(), { actorFields: MORALE_PART }];
const ctx = { damageTypes: new Set(["all", "untyped"]), formulaProblem };

/** The FormulaField class of the stand-in namespace, as the schema builder makes it for a formula description. */
type FormulaFieldClass = new (kind: string, options: { required: true; blank: true; initial: string }) => unknown;
function formulaFieldClass(): FormulaFieldClass {
  return (actorSchema(standInFields).recoveries as unknown as { fields: { formula: object } }).fields.formula
    .constructor as FormulaFieldClass;
}

describe("field descriptions", () => {
  it("[SYS-DOCS] a field in a test-only game's part gives its type, default, schema field, validation and an old document's value", () => {
    // Type: derived from the description, not written again.
    expectTypeOf<SourceOf<typeof MORALE_PART>>().toEqualTypeOf<{
      morale: number;
      battleCry: string;
      banners: ("red" | "gold")[];
    }>();
    // Default.
    expect(defaultsOf(MORALE_PART)).toEqual({ morale: 3, battleCry: "1d4", banners: [] });
    // Schema: the world's actor schema is the core plus every registered part, this one included.
    const schema = actorSchema(standInFields, rulesets);
    const morale = schema.morale;
    expect(morale).toBeInstanceOf(StandInNumberField);
    expect((morale as unknown as StandInNumberField).options).toMatchObject({ initial: 3, min: 0, integer: true });
    expect(schema.battleCry).toBeInstanceOf(formulaFieldClass());
    const banners = schema.banners as unknown as StandInArrayField;
    expect(Object.keys((banners.element as StandInStringField).options.choices as object)).toEqual(["red", "gold"]);
    expect(Object.keys(actorSchema(standInFields))).not.toContain("morale"); // only where the game is registered
    // Validation, naming the field.
    const issues = fieldIssues(worldActorFields(rulesets), { morale: -1, battleCry: "2d6 + + x" }, "system", ctx);
    expect(issues.map((i) => i.field)).toEqual(["system.morale", "system.battleCry"]);
    expect(describeIssues(issues)).toContain("system.morale: must be at least 0 (got -1)");
    // An actor stored before the field existed: migration keeps it, the schema gives the default.
    const today = { level: 2, hp: { value: 7, max: 12, temp: 0 } };
    const loaded = standInFill(schema, migrateActorSystem(today));
    expect(loaded).toMatchObject({ level: 2, morale: 3, battleCry: "1d4", banners: [] });
    expect(fieldIssues(worldActorFields(rulesets), loaded, "system", ctx)).toEqual([]);
  });

  it("[SYS-DOCS] the FormulaField refuses a malformed formula at the field and accepts @refs and N[W]", () => {
    const FormulaField = formulaFieldClass();
    const damage = new FormulaField("damage", { required: true, blank: true, initial: "" });
    const field = damage as unknown as StandInStringField;
    expect(field).toBeInstanceOf(StandInStringField); // a StringField subclass
    expect(field.validate("2[W] + @str")).toBeUndefined();
    expect(field.validate("2d8 + + banana")).toBe(formulaProblem("2d8 + + banana", "damage"));
    expect(field.validate(7)).toBe("must be a string");
    const dice = new FormulaField("weaponDice", { required: true, blank: true, initial: "1d8" });
    expect((dice as unknown as StandInStringField).validate("1d8+2")).toBeTruthy();
    expect((dice as unknown as StandInStringField).validate("2d6")).toBeUndefined();
    // One class per namespace: every formula field of every schema built from it.
    expect((weaponSchema(standInFields).damageDice as object).constructor).toBe(FormulaField);
  });

  it("[SYS-DOCS] every formula-valued field of actors and items is a FormulaField", () => {
    // Built from the descriptions: a field described as a formula validates as one.
    const recoveries = actorSchema(standInFields).recoveries as unknown as { fields: Record<string, unknown> };
    const field = recoveries.fields.formula as StandInStringField;
    expect(field).toBeInstanceOf(formulaFieldClass());
    expect(field.validate("2d8 + + banana")).toBe(formulaProblem("2d8 + + banana", "damage"));
  });
});
