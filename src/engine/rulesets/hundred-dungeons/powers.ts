/**
 * Hundred Dungeons powers and rest ([SYS-POWERS]). The text gives powers no usage kinds, so a power
 * is at-will or has uses per rest; a long rest brings the uses back, takes one level of exhaustion
 * off ([HD-COND]) and gives the hit dice back, with hit points to maximum (recuperation restores
 * hit points, [HD-HP]). Save-ends effects use the text's easy / normal / hard targets.
 */
import { clonePlain } from "../../common.js";
import { EngineError } from "../../errors.js";
import type { Ruleset } from "../../ruleset.js";
import type { ActorSource } from "../../types.js";
import { SAVE_TARGETS } from "./turns.js";

const K = "D20C.HD";

/** Long rest: HP to maximum, temp HP gone, one exhaustion level removed, hit dice back. */
export function longRest(actor: ActorSource): ActorSource {
  const next = clonePlain(actor);
  if (actor.state === "dead") return next;
  next.hp = { ...next.hp, value: next.hp.max, temp: 0 };
  next.exhaustion = Math.max(0, actor.exhaustion - 1);
  next.recoveries = { ...next.recoveries, value: next.recoveries.max };
  next.dyingTurns = 0;
  if (actor.state === "dying" || actor.state === "unconscious") next.state = "active";
  next.conditions = next.conditions.filter((c) => c !== "dying" && c !== "unconscious" && c !== "surprised");
  return next;
}

export const powers: Pick<Ruleset, "powerUsages" | "rests" | "effectSaveTarget" | "rest"> = {
  powerUsages: [
    { key: "atWill", label: `${K}.Usage.atWill`, limited: false },
    { key: "perRest", label: `${K}.Usage.perRest`, limited: true },
    // [SYS-MONSTERS] a monster's "recharge 5–6": a d6 at the start of its turn.
    { key: "recharge", label: `${K}.Usage.recharge`, limited: true },
  ],
  rests: [{ key: "longRest", label: `${K}.Rest.longRest`, hint: `${K}.Rest.longRestHint` }],
  effectSaveTarget: (save) => SAVE_TARGETS[save],
  rest(actor, rest) {
    if (rest !== "longRest") throw new EngineError("rest", `Hundred Dungeons has no rest "${rest}"`, rest);
    return { actor: longRest(actor), events: [], requests: [] };
  },
};
