/**
 * Wounds d20 powers and rests ([SYS-POWERS], [WD-RECOVERY]). The text gives powers no usage kinds,
 * so a power is at-will or has uses per rest. Catching one's breath rolls the recovery dice left
 * (the adapter asks how many of them: "some or all", `decideRest`'s `spend`), each removing damage
 * but never wound points; a long rest refills the recovery dice and removes
 * all damage but wound points. Either rest brings back per-rest uses. Save-ends effects use the
 * game's easy / normal / hard DCs.
 */
import { clonePlain, validateActorSource } from "../../common.js";
import { EngineError } from "../../errors.js";
import { healingRoll } from "../../resolution.js";
import type { Ruleset } from "../../ruleset.js";
import type { RollRequest } from "../../types.js";
import { DAMAGE_TYPES, K } from "./data.js";
import { fullHealUp, SAVE_ENDS_DC } from "./turns.js";

export const powers: Pick<Ruleset, "powerUsages" | "rests" | "effectSaveTarget" | "rest"> = {
  powerUsages: [
    { key: "atWill", label: `${K}.Usage.atWill`, limited: false },
    { key: "perRest", label: `${K}.Usage.perRest`, limited: true },
  ],
  rests: [
    // [WD-RECOVERY] catching one's breath (the recovery dice) happens only out of combat.
    { key: "breather", label: `${K}.Rest.breather`, hint: `${K}.Rest.breatherHint`, outOfCombat: true },
    { key: "longRest", label: `${K}.Rest.longRest`, hint: `${K}.Rest.longRestHint` },
  ],
  effectSaveTarget: (save) => SAVE_ENDS_DC[save],
  rest(actor, rest, _options, actorId) {
    validateActorSource(actor, DAMAGE_TYPES);
    if (rest === "longRest") return { actor: fullHealUp(actor), events: [], requests: [] };
    if (rest !== "breather") throw new EngineError("rest", `Wounds d20 has no rest "${rest}"`, rest);
    const dice = actor.state === "dead" ? 0 : Math.max(0, Math.floor(actor.recoveries.value));
    const requests: RollRequest[] = Array.from({ length: dice }, () =>
      healingRoll(actorId, actor.recoveries.formula, `${K}.Roll.Recovery`),
    );
    return { actor: clonePlain(actor), events: [], requests };
  },
};
