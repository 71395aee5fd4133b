/**
 * TypeDataModels of the four item types ([SYS-DOCS]): `power`, `weapon`, `armor`, `feature`.
 * Formulas and damage types are checked at this boundary (src/data/validation.ts).
 */
import { superValidateJoint } from "../foundry-compat.js";
import { migrateItemSystem, replaceContents } from "../migrations/migrate-data.js";
import { allDamageTypes } from "./actor-models.js";
import { armorSchema, featureSchema, powerSchema, weaponSchema } from "./schema.js";
import { describeIssues, itemSystemIssues } from "./validation.js";

function checkItem(type: string, data: Record<string, unknown>): void {
  const issues = itemSystemIssues(type, data, allDamageTypes());
  if (issues.length) throw new Error(describeIssues(issues));
}

export type PowerSchema = ReturnType<typeof powerSchema>;
export type WeaponSchema = ReturnType<typeof weaponSchema>;
export type ArmorSchema = ReturnType<typeof armorSchema>;
export type FeatureSchema = ReturnType<typeof featureSchema>;

/** An attack or other ability. */
export class PowerData extends foundry.abstract.TypeDataModel<PowerSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["D20C.Item.Power"];
  static override defineSchema(): PowerSchema {
    return powerSchema(foundry.data.fields);
  }
  static override migrateData(source: Record<string, unknown>) {
    replaceContents(source, migrateItemSystem("power", source));
    return super.migrateData(source);
  }
  static override validateJoint(data: Record<string, unknown>): void {
    checkItem("power", data);
    superValidateJoint(super.validateJoint, this, data);
  }
}

/** A weapon: its dice and properties feed attack and damage. */
export class WeaponData extends foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["D20C.Item.Weapon"];
  static override defineSchema(): WeaponSchema {
    return weaponSchema(foundry.data.fields);
  }
  static override migrateData(source: Record<string, unknown>) {
    replaceContents(source, migrateItemSystem("weapon", source));
    return super.migrateData(source);
  }
  static override validateJoint(data: Record<string, unknown>): void {
    checkItem("weapon", data);
    superValidateJoint(super.validateJoint, this, data);
  }
}

/** Armor or a shield: summed into the wearer's armor when equipped. */
export class ArmorData extends foundry.abstract.TypeDataModel<ArmorSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["D20C.Item.Armor"];
  static override defineSchema(): ArmorSchema {
    return armorSchema(foundry.data.fields);
  }
  static override migrateData(source: Record<string, unknown>) {
    replaceContents(source, migrateItemSystem("armor", source));
    return super.migrateData(source);
  }
  static override validateJoint(data: Record<string, unknown>): void {
    checkItem("armor", data);
    superValidateJoint(super.validateJoint, this, data);
  }
}

/** A feature or trait: text, plus any Active Effects it carries. */
export class FeatureData extends foundry.abstract.TypeDataModel<FeatureSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["D20C.Item.Feature"];
  static override defineSchema(): FeatureSchema {
    return featureSchema(foundry.data.fields);
  }
}
