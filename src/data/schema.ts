/**
 * Schemas of every actor and item type, built from the field descriptions (src/engine/actor-fields.ts,
 * src/engine/item-fields.ts and each game's `actorFields`) with builders that take Foundry's `fields`
 * namespace as a parameter. The data models pass `foundry.data.fields`; tests pass a stand-in that
 * records each field's options, so defaults and ranges can be checked without Foundry
 * (test/stand-ins/foundry-fields.ts).
 *
 * The actor schema is the core fields plus every registered game's part ([SYS-DOCS]): the active
 * ruleset decides what the sheet shows, never what is stored ([SYS-RULESET]). It mirrors the
 * engine's `ActorSource` field for field (minus `kind`, which is the actor type).
 */
import { CORE_ACTOR_FIELDS } from "../engine/actor-fields.js";
import { mergeFields, type FieldDescs } from "../engine/fields.js";
import { ARMOR_FIELDS, FEATURE_FIELDS, POWER_FIELDS, WEAPON_FIELDS } from "../engine/item-fields.js";
import { EQUIPMENT_FIELDS } from "../engine/gear-fields.js";
import { allRulesets } from "../engine/registry.js";
import type { Ruleset } from "../engine/ruleset.js";
import { foundrySchema, type FieldsNamespace, type Schema } from "./fields.js";
import { EFFECT_FLAG_FIELDS } from "../engine/effect-fields.js";

export type { FieldsNamespace } from "./fields.js";
export {
  DURATION_KINDS,
  MISS_EFFECTS,
  NATURAL_TRIGGERS,
  POWER_ACTIONS,
  POWER_OUTCOMES,
  POWER_USAGES,
  RANGE_KINDS,
  SAVE_DIFFICULTIES,
  SUSTAIN_KINDS,
  WEAPON_CLASSES,
} from "../engine/item-fields.js";

/** The stored actor fields of a world: the core plus each game's part (registered games by default). */
export function worldActorFields(rulesets: readonly Pick<Ruleset, "actorFields">[] = allRulesets()): FieldDescs {
  return mergeFields(CORE_ACTOR_FIELDS, ...rulesets.map((r) => r.actorFields));
}

/** The `system` schema shared by `character` and `npc` actors (plus the biography). */
export function actorSchema(
  f: FieldsNamespace,
  rulesets: readonly Pick<Ruleset, "actorFields">[] = allRulesets(),
): Schema {
  return {
    ...foundrySchema(f, worldActorFields(rulesets), true),
    details: new f.SchemaField({
      biography: new f.HTMLField({ required: true, blank: true, initial: "" }),
    }),
  };
}

/** `power` items: an attack or other ability (engine `PowerSource` plus usage and texts). */
export function powerSchema(f: FieldsNamespace): Schema {
  return foundrySchema(f, POWER_FIELDS, true);
}

/** `weapon` items (engine `WeaponSource` minus the name, which is the item's). */
export function weaponSchema(f: FieldsNamespace): Schema {
  return foundrySchema(f, WEAPON_FIELDS, true);
}

/** `armor` items: aggregated into the actor's `armor` summary when equipped. */
export function armorSchema(f: FieldsNamespace): Schema {
  return foundrySchema(f, ARMOR_FIELDS, true);
}

/** `feature` items: rules text with no mechanics of its own (its effects may carry changes). */
export function featureSchema(f: FieldsNamespace): Schema {
  return foundrySchema(f, FEATURE_FIELDS, true);
}

/** [SYS-CHARACTER] `equipment` items: consumables and gear (src/engine/gear-fields.ts). */
export function equipmentSchema(f: FieldsNamespace): Schema {
  return foundrySchema(f, EQUIPMENT_FIELDS, true);
}

/** The effect data a system ActiveEffect carries in `flags["d20-combat"].effect`. */
export function effectFlagSchema(f: FieldsNamespace): Schema {
  return foundrySchema(f, EFFECT_FLAG_FIELDS);
}
