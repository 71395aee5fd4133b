/**
 * Registration of the data side (call once in `init`): data models, token bar attributes, the
 * schema-version setting; the world migration on `ready`. The document classes that use these
 * models register in src/documents/register.ts.
 */
import { migrateWorld, registerMigrationSetting } from "../migrations/world.js";
import { CharacterData, NpcData } from "./actor-models.js";
import { AttackCardModel, CardDetailsModel, CardLedgerModel, RuleCardModel } from "./chat-models.js";
import { CARD_TYPES } from "../engine/plans/card-data.js";
import { ArmorData, EquipmentData, FeatureData, PowerData, WeaponData } from "./item-models.js";

/** Register data models; schedule the world migration for `ready`. */
export function registerDataModels(): void {
  CONFIG.Actor.dataModels = { character: CharacterData, npc: NpcData };
  CONFIG.Item.dataModels = {
    power: PowerData,
    weapon: WeaponData,
    armor: ArmorData,
    feature: FeatureData,
    equipment: EquipmentData,
  };
  // Our chat cards are typed messages (system.json documentTypes.ChatMessage).
  CONFIG.ChatMessage.dataModels = {
    ...CONFIG.ChatMessage.dataModels,
    [CARD_TYPES.attack]: AttackCardModel,
    [CARD_TYPES.ledger]: CardLedgerModel,
    [CARD_TYPES.details]: CardDetailsModel,
    [CARD_TYPES.rule]: RuleCardModel,
  };
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
}
