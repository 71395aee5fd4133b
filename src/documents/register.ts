/**
 * Registration of the document classes (call once in `init`, after the data models): actors,
 * items and active effects, and the effect configuration (status effects, effect sheet).
 */
import { configureActiveEffects, D20ActiveEffect } from "./active-effect.js";
import { D20Actor } from "./actor.js";
import { D20Item } from "./item.js";

export function registerDocuments(): void {
  CONFIG.Actor.documentClass = D20Actor;
  CONFIG.Item.documentClass = D20Item;
  CONFIG.ActiveEffect.documentClass = D20ActiveEffect;
  configureActiveEffects();
}
