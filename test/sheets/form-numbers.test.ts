/**
 * A cleared number input no longer fails the update: non-nullable fields keep their stored value
 * (else initial, else 0) and are reported; nullable ones (a defense base, max Dex) stay "none".
 */
import { describe, expect, it } from "vitest";
import { fillEmptyNumbers, schemaPath, type NumberFieldInfo } from "../../src/applications/sheets/form-numbers.js";
import { actorSchema, powerSchema } from "../../src/data/schema.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import {
  StandInArrayField,
  StandInNumberField,
  StandInSchemaField,
  StandInTypedObjectField,
  standInFields,
  StandInDataField,
} from "../stand-ins/foundry-fields.js";
import { heroContext, itemContext, storedHero, wholeSheet } from "./sheet-fixtures.js";

/** The stand-in schema's field at a path (as `DataModel.schema.getField` would find it). */
function fieldAt(schema: Record<string, StandInDataField>, path: string): StandInDataField | null {
  let node: StandInDataField | Record<string, StandInDataField> = schema;
  for (const key of path.split(".")) {
    const fields: Record<string, StandInDataField> | null =
      node instanceof StandInSchemaField ? node.fields : node instanceof StandInDataField ? null : node;
    // list elements by "element"; typed objects (defenses by key) by any key, as Foundry's getField does
    if ((node instanceof StandInArrayField && key === "element") || node instanceof StandInTypedObjectField) {
      node = node.element;
      continue;
    }
    const next: StandInDataField | undefined = fields?.[key];
    if (!next) return null;
    node = next;
  }
  return node instanceof StandInDataField ? node : null;
}

const actorFields = actorSchema(standInFields) as unknown as Record<string, StandInDataField>;
const lookup =
  (schema: Record<string, StandInDataField>) =>
  (name: string): NumberFieldInfo | null => {
    const f = fieldAt(schema, schemaPath(name).replace(/^system\./, ""));
    return f ? { nullable: Boolean(f.options.nullable), initial: f.options.initial } : null;
  };

describe("empty number inputs", () => {
  it("[SYS-DOCS] a cleared HP keeps the stored value and is reported; the other inputs pass unchanged", () => {
    const stored = storedHero("13th-age");
    const submitted = { name: "Aria", system: { hp: { value: null, max: 40, temp: 5 }, level: 6 } };
    const { data, fixed } = fillEmptyNumbers(
      submitted,
      ["system.hp.value", "system.hp.max", "system.hp.temp", "system.level"],
      lookup(actorFields),
      (name) =>
        name
          .split(".")
          .slice(1)
          .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], stored),
    );
    expect(data).toEqual({ name: "Aria", system: { hp: { value: 17, max: 40, temp: 5 }, level: 6 } });
    expect(fixed).toEqual([{ name: "system.hp.value", value: 17 }]);
    expect(submitted.system.hp.value).toBeNull(); // input untouched
  });

  it("[SYS-DOCS] a nullable field (defense base) may be cleared to none; a wound row's severity may not", () => {
    const { data, fixed } = fillEmptyNumbers(
      { system: { defenses: { ac: { base: null, bonus: "" } }, wounds: { 0: { severity: null, location: "arm" } } } },
      ["system.defenses.ac.base", "system.defenses.ac.bonus", "system.wounds.0.severity"],
      lookup(actorFields),
      () => undefined, // nothing stored: the field's initial value (or 0)
    );
    expect(data).toEqual({
      system: { defenses: { ac: { base: null, bonus: 0 } }, wounds: { 0: { severity: 0, location: "arm" } } },
    });
    expect(fixed.map((f) => f.name)).toEqual(["system.defenses.ac.bonus", "system.wounds.0.severity"]);
  });

  it("[SYS-DOCS] a power's cleared recharge falls back to its initial value when nothing is stored", () => {
    const powerFields = powerSchema(standInFields) as unknown as Record<string, StandInDataField>;
    const initial = fieldAt(powerFields, "recharge")!.options.initial;
    const { data } = fillEmptyNumbers(
      { system: { recharge: null } },
      ["system.recharge"],
      lookup(powerFields),
      () => null,
    );
    expect((data.system as Record<string, unknown>).recharge).toBe(typeof initial === "number" ? initial : 0);
  });

  it("[SYS-DOCS] every number input of the actor and power sheets names a number field of the schema", () => {
    const hbs = createTemplateRenderer();
    const numberNames = (html: string) =>
      [...html.matchAll(/<input[^>]*type="number"[^>]*>/g)].map((m) => /name="([^"]+)"/.exec(m[0])![1]!);
    for (const id of RULESET_IDS) {
      const names = numberNames(wholeSheet(hbs, heroContext(id)));
      expect(names.length).toBeGreaterThan(5);
      // The damage taken (games that count damage up) is a form-only number: the sheet turns it
      // back into the HP left (hpFromDamageTaken); so are a background's points and a skill's ranks,
      // which the sheet turns into the build's lists (buildListsFromForm, an empty input reading 0).
      const formOnly = (x: string) => x === "damageTaken" || /^d20c(Background|SkillRanks)\./.test(x);
      for (const n of names.filter((x) => !formOnly(x)))
        expect(fieldAt(actorFields, schemaPath(n).slice(7)), n).toBeInstanceOf(StandInNumberField);
    }
    const powerFields = powerSchema(standInFields) as unknown as Record<string, StandInDataField>;
    for (const n of numberNames(hbs.render("templates/sheets/item.hbs", itemContext("power"))))
      expect(fieldAt(powerFields, schemaPath(n).slice(7)), n).toBeInstanceOf(StandInNumberField);
  });
});
