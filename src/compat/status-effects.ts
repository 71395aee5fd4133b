/**
 * `CONFIG.statusEffects`, read and written in the running generation's shape:
 * - v13: an array of `{id, name, img, …}` (API v13 `CONFIG.statusEffects`,
 *   https://foundryvtt.com/api/v13/variables/CONFIG.statusEffects.html);
 * - v14: an object keyed by status id (API v14 `CONFIG.statusEffects`,
 *   https://foundryvtt.com/api/v14/variables/CONFIG.statusEffects.html); reading it as a list is a
 *   compatibility shim there, so the system writes the object.
 */
import { foundryGeneration } from "./generation.js";

/** One status effect entry as the token HUD reads it. */
export interface StatusEffectConfig {
  id: string;
  name: string;
  img: string;
  [key: string]: unknown;
}

/** The entries of `CONFIG.statusEffects` in either shape (an object's entries take their key as id). */
export function statusEffectList(config: unknown): StatusEffectConfig[] {
  if (Array.isArray(config)) return config.filter((e): e is StatusEffectConfig => typeof e?.id === "string");
  if (typeof config !== "object" || config === null) return [];
  return Object.entries(config as Record<string, Partial<StatusEffectConfig>>).map(([id, e]) => ({
    ...e,
    id,
    name: String(e.name ?? id),
    img: String(e.img ?? ""),
  }));
}

/** `entries` in the shape the generation reads: a list on v13, an object keyed by id on v14. */
function statusEffectsShape(
  entries: readonly StatusEffectConfig[],
  generation: number = foundryGeneration(),
): StatusEffectConfig[] | Record<string, StatusEffectConfig> {
  if (generation < 14) return [...entries];
  return Object.fromEntries(entries.map((e) => [e.id, e]));
}

/** Set `CONFIG.statusEffects` to `entries` in the running generation's shape. */
export function setStatusEffects(entries: readonly StatusEffectConfig[]): void {
  const config = CONFIG as unknown as { statusEffects: unknown };
  config.statusEffects = statusEffectsShape(entries);
}
