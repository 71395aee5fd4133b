/**
 * TypeDataModels of the four item types ([SYS-DOCS]): `power`, `weapon`, `armor`, `feature`.
 * Formulas and damage types are checked at this boundary (src/data/validation.ts).
 */
import type { SourceOf } from "../engine/fields.js";
import type { ARMOR_FIELDS, FEATURE_FIELDS, POWER_FIELDS, WEAPON_FIELDS } from "../engine/item-fields.js";
import { superValidateJoint } from "../foundry-compat.js";
import { boundStoredNumbers, migrateItemSystem, replaceContents } from "../migrations/migrate-data.js";
import { ITEM_FIELDS } from "../engine/item-fields.js";
import type { FieldDescs } from "../engine/fields.js";
import { allDamageTypes } from "./actor-models.js";
import { armorSchema, equipmentSchema, featureSchema, powerSchema, weaponSchema } from "./schema.js";
import type { EQUIPMENT_FIELDS } from "../engine/gear-fields.js";
import { describeIssues, itemSystemIssues } from "./validation.js";

function checkItem(type: string, data: Record<string, unknown>): void {
  const issues = itemSystemIssues(type, data, allDamageTypes());
  if (issues.length) throw new Error(describeIssues(issues));
}

type PowerSchema = ReturnType<typeof powerSchema>;
type WeaponSchema = ReturnType<typeof weaponSchema>;
type ArmorSchema = ReturnType<typeof armorSchema>;
type FeatureSchema = ReturnType<typeof featureSchema>;
type EquipmentSchema = ReturnType<typeof equipmentSchema>;

// The stored fields of each item type, typed from their descriptions (the schemas are built from
// the same descriptions at run time, so their static type is a plain record).
/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type */
export interface PowerData extends SourceOf<typeof POWER_FIELDS> {}
export interface WeaponData extends SourceOf<typeof WEAPON_FIELDS> {}
export interface ArmorData extends SourceOf<typeof ARMOR_FIELDS> {}
export interface FeatureData extends SourceOf<typeof FEATURE_FIELDS> {}
export interface EquipmentData extends SourceOf<typeof EQUIPMENT_FIELDS> {}
/* eslint-enable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type */

/**
 * An item type whose stored data is migrated from older shapes and checked at the boundary
 * (formulas, damage types); each subclass names its type.
 */
abstract class CheckedItemData<Schema extends foundry.data.fields.DataSchema> extends foundry.abstract.TypeDataModel<
  Schema,
  Item.Implementation
> {
  static itemType: string;
  static override migrateData(source: Record<string, unknown>) {
    const fields: FieldDescs | undefined = (ITEM_FIELDS as Record<string, FieldDescs>)[this.itemType];
    const migrated = migrateItemSystem(this.itemType, source);
    replaceContents(source, fields ? boundStoredNumbers(fields, migrated) : migrated);
    return super.migrateData(source);
  }
  static override validateJoint(data: Record<string, unknown>): void {
    checkItem(this.itemType, data);
    superValidateJoint(super.validateJoint, this, data);
  }
}

/** An attack or other ability. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class PowerData extends CheckedItemData<PowerSchema> {
  static override itemType = "power";
  static override LOCALIZATION_PREFIXES = ["D20C.Item.Power"];
  static override defineSchema(): PowerSchema {
    return powerSchema(foundry.data.fields);
  }
}

/** A weapon: its dice and properties feed attack and damage. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class WeaponData extends CheckedItemData<WeaponSchema> {
  static override itemType = "weapon";
  static override LOCALIZATION_PREFIXES = ["D20C.Item.Weapon"];
  static override defineSchema(): WeaponSchema {
    return weaponSchema(foundry.data.fields);
  }
}

/** Armor or a shield: summed into the wearer's armor when equipped. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ArmorData extends CheckedItemData<ArmorSchema> {
  static override itemType = "armor";
  static override LOCALIZATION_PREFIXES = ["D20C.Item.Armor"];
  static override defineSchema(): ArmorSchema {
    return armorSchema(foundry.data.fields);
  }
}

/** A feature or trait: text, plus any Active Effects it carries. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class FeatureData extends foundry.abstract.TypeDataModel<FeatureSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["D20C.Item.Feature"];
  static override defineSchema(): FeatureSchema {
    return featureSchema(foundry.data.fields);
  }
}

/** [SYS-CHARACTER] A consumable or piece of gear: quantity, weight, charges and a use action. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class EquipmentData extends CheckedItemData<EquipmentSchema> {
  static override itemType = "equipment";
  static override LOCALIZATION_PREFIXES = ["D20C.Item.Equipment"];
  static override defineSchema(): EquipmentSchema {
    return equipmentSchema(foundry.data.fields);
  }
}
