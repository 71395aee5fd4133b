/**
 * Registration of the data side (call once in `init`): document classes, data models, effect
 * configuration, token bar attributes, the schema-version setting; the world migration on `ready`.
 */
import { configureActiveEffects, D20ActiveEffect } from "../documents/active-effect.js";
import { D20Actor } from "../documents/actor.js";
import { D20Item } from "../documents/item.js";
import { migrateWorld, registerMigrationSetting } from "../migrations/world.js";
import { CharacterData, NpcData } from "./actor-models.js";
import { ArmorData, FeatureData, PowerData, WeaponData } from "./item-models.js";

/** Register documents, data models and effects; schedule the world migration for `ready`. */
export function registerDataModels(): void {
  CONFIG.Actor.documentClass = D20Actor;
  CONFIG.Item.documentClass = D20Item;
  CONFIG.ActiveEffect.documentClass = D20ActiveEffect;
  CONFIG.Actor.dataModels = { character: CharacterData, npc: NpcData };
  CONFIG.Item.dataModels = { power: PowerData, weapon: WeaponData, armor: ArmorData, feature: FeatureData };
  const trackable = { bar: ["hp", "recoveries"], value: ["hp.temp", "exhaustion"] };
  CONFIG.Actor.trackableAttributes = {
    character: trackable,
    npc: trackable,
  };
  registerMigrationSetting();
  Hooks.once("ready", () => {
    // Active ruleset's conditions need settings, which exist from init; status effects are set here too.
    void migrateWorld();
  });
  configureActiveEffects();
}
