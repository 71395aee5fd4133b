/**
 * Plain combatants and effects for the combat workflow tests (no Foundry).
 */
import { plainEffectData } from "../../src/engine/effects.js";
import { defaultActorSource } from "../../src/engine/common.js";
import type { ActorSource, CombatantSource, EffectSource } from "../../src/engine/types.js";

export function combatant(
  id: string,
  over: Partial<Omit<CombatantSource, "actor">> & { actor?: Partial<ActorSource> } = {},
): CombatantSource {
  const { actor, ...rest } = over;
  return {
    id,
    actorId: `Actor.${id}`,
    name: id,
    actor: defaultActorSource({ hp: { value: 30, max: 30, temp: 0 }, ...(actor ?? {}) }),
    effects: [],
    initiative: null,
    side: "player",
    aware: true,
    defeated: false,
    seat: 0,
    ...rest,
  };
}

export function effect(id: string, over: Partial<EffectSource> = {}): EffectSource {
  return {
    ...plainEffectData(),
    id,
    name: id,
    duration: "saveEnds",
    statuses: [],
    ...over,
  };
}
