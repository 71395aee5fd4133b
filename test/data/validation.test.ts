/**
 * Validation at the data-model boundary ([SYS-DOCS]): bad numbers, negative maximum HP, unknown
 * damage types and malformed formulas are refused with the field named; good data passes.
 */
import { describe, expect, it } from "vitest";
import { formulaProblem } from "../../src/data/formula.js";
import { actorSystemIssues, itemSystemIssues } from "../../src/data/validation.js";
import { actorSchema, powerSchema, weaponSchema, armorSchema } from "../../src/data/schema.js";
import { allRulesets, getRuleset } from "../../src/engine/registry.js";
import { standInFields, standInFill } from "../stand-ins/foundry-fields.js";

const allTypes = [...new Set(allRulesets().flatMap((r) => [...r.damageTypes]))];
const blankActor = () => standInFill(actorSchema(standInFields), {});
const fieldsOf = (issues: { field: string }[]) => issues.map((i) => i.field);

describe("actor validation", () => {
  it("[SYS-DOCS] a blank actor and a partial update are valid", () => {
    expect(actorSystemIssues(blankActor(), allTypes)).toEqual([]);
    expect(actorSystemIssues({ hp: { value: -4 } }, allTypes)).toEqual([]); // 13th Age negative HP is legal
  });

  it("[SYS-DOCS] refuses non-numeric and NaN numbers, naming the field", () => {
    expect(fieldsOf(actorSystemIssues({ level: "three" }, allTypes))).toEqual(["system.level"]);
    expect(fieldsOf(actorSystemIssues({ abilities: { dex: Number.NaN } }, allTypes))).toEqual(["system.abilities.dex"]);
    expect(fieldsOf(actorSystemIssues({ defenses: { ac: { base: null, bonus: Infinity } } }, allTypes))).toEqual([
      "system.defenses.ac.bonus",
    ]);
    expect(actorSystemIssues({ level: "three" }, allTypes)[0]?.message).toMatch(/number/);
  });

  it("[SYS-DOCS] refuses a maximum HP of zero or less", () => {
    for (const max of [0, -5]) {
      const issues = actorSystemIssues({ hp: { value: 1, max, temp: 0 } }, allTypes);
      expect(fieldsOf(issues)).toEqual(["system.hp.max"]);
    }
    expect(fieldsOf(actorSystemIssues({ hp: { temp: -1 } }, allTypes))).toEqual(["system.hp.temp"]);
  });

  it("[SYS-DOCS] refuses unknown damage types in resistances, vulnerabilities and immunities", () => {
    const issues = actorSystemIssues(
      {
        resistances: [
          { type: "fire", value: 16 },
          { type: "banana", value: 5 },
        ],
        immunities: ["wet"],
      },
      allTypes,
    );
    expect(fieldsOf(issues)).toEqual(["system.resistances.1.type", "system.immunities.0"]);
    expect(issues[0]?.message).toContain("banana");
  });

  it("[SYS-RULESET] a damage type only another game knows stays valid (switching rulesets invalidates nothing)", () => {
    const onlyInOne = allRulesets()
      .flatMap((r) => r.damageTypes.map((t) => ({ id: r.id, t })))
      .find(({ t }) => allRulesets().some((r) => !r.damageTypes.includes(t)));
    expect(onlyInOne).toBeDefined();
    const issues = actorSystemIssues({ vulnerabilities: [{ type: onlyInOne!.t, value: 0 }] }, allTypes);
    expect(issues).toEqual([]);
    // …while checking against one game alone would have refused it:
    const other = allRulesets().find((r) => !r.damageTypes.includes(onlyInOne!.t))!;
    expect(
      actorSystemIssues({ vulnerabilities: [{ type: onlyInOne!.t, value: 0 }] }, getRuleset(other.id).damageTypes),
    ).not.toEqual([]);
  });

  it("[SYS-DOCS] refuses a malformed recovery formula and accepts @references", () => {
    expect(fieldsOf(actorSystemIssues({ recoveries: { formula: "2d8 + + banana" } }, allTypes))).toEqual([
      "system.recoveries.formula",
    ]);
    expect(actorSystemIssues({ recoveries: { formula: "@level d8 + @con" } }, allTypes)).toEqual([]);
  });
});

describe("item validation", () => {
  it("[SYS-DOCS] default items of every type are valid", () => {
    expect(itemSystemIssues("power", standInFill(powerSchema(standInFields), {}), allTypes)).toEqual([]);
    expect(itemSystemIssues("weapon", standInFill(weaponSchema(standInFields), {}), allTypes)).toEqual([]);
    expect(itemSystemIssues("armor", standInFill(armorSchema(standInFields), {}), allTypes)).toEqual([]);
  });

  it("[SYS-DOCS] power damage formulas accept N[W] and @refs, refuse garbage, naming the field", () => {
    expect(itemSystemIssues("power", { damage: "2[W] + @str", missDamage: "", critDamage: "1d6" }, allTypes)).toEqual(
      [],
    );
    const issues = itemSystemIssues("power", { damage: "2[W] +", critDamage: "1d0" }, allTypes);
    expect(fieldsOf(issues)).toEqual(["system.damage", "system.critDamage"]);
  });

  it("[SYS-DOCS] refuses unknown damage types on powers and ongoing damage", () => {
    const issues = itemSystemIssues(
      "power",
      { damageTypes: ["fire", "cheese"], ongoing: { amount: 5, type: "cheese", save: "normal" } },
      allTypes,
    );
    expect(fieldsOf(issues)).toEqual(["system.damageTypes.1", "system.ongoing.type"]);
  });

  it("[SYS-DOCS] weapon dice must be dice only; armor bonuses must be non-negative numbers", () => {
    expect(fieldsOf(itemSystemIssues("weapon", { damageDice: "1d8+2" }, allTypes))).toEqual(["system.damageDice"]);
    expect(itemSystemIssues("weapon", { damageDice: "" }, allTypes)).toEqual([]); // HD: class die
    expect(fieldsOf(itemSystemIssues("armor", { armorBonus: -2, maxDex: "x" }, allTypes))).toEqual([
      "system.armorBonus",
      "system.maxDex",
    ]);
  });

  it("[SYS-DOCS] formulaProblem explains what is wrong", () => {
    expect(formulaProblem("3d6", "damage")).toBeNull();
    expect(formulaProblem("3d", "damage")).toMatch(/term|dice|number/);
  });
});
