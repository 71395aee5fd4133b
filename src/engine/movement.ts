/**
 * Movement modes as the rules read them ([SYS-MONSTERS]): the actor's `movement` (fly, hover,
 * climb, swim, burrow speeds in feet; src/engine/actor-fields.ts). Where a creature is (up in the
 * air, underground) is its token's elevation, read from the scene (src/engine/geometry.ts); these
 * say what it can do.
 */
import type { ActorSource } from "./types.js";

/**
 * [HD-WATER] Whether a creature has a swim speed: its movement's `swim`, or the older Hundred
 * Dungeons `swimSpeed` field (still read, so nothing stored before movement modes changes).
 */
export function hasSwimSpeed(actor: Pick<ActorSource, "swimSpeed" | "movement">): boolean {
  return (actor.swimSpeed ?? 0) > 0 || (actor.movement?.swim ?? 0) > 0;
}
