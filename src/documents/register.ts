/**
 * Registration of the document classes (call once in `init`, after the data models): actors,
 * items and active effects, and the effect configuration (status effects, effect sheet).
 */
import { configureActiveEffects, D20ActiveEffect } from "./active-effect.js";
import { D20Actor } from "./actor.js";
import { D20Item } from "./item.js";
import { activeRuleset } from "../active-ruleset.js";
import { ITEM_TYPES, say } from "../engine/vocabulary.js";

export function registerDocuments(): void {
  CONFIG.Actor.documentClass = D20Actor;
  CONFIG.Item.documentClass = D20Item;
  // [SYS-WORDS] the create dialog names each item type in the game's words (issue 45).
  const ruleset = activeRuleset();
  for (const type of ITEM_TYPES) CONFIG.Item.typeLabels[type] = say(ruleset, `TYPES.Item.${type}`);
  CONFIG.ActiveEffect.documentClass = D20ActiveEffect;
  configureActiveEffects();
}
