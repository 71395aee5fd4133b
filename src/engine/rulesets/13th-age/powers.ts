/**
 * 13th Age powers: at-will, once per battle, daily and recharge N+ ([SYS-POWERS]); a spent recharge
 * power rolls d20 at the end of the battle and comes back on N+; the full heal-up brings back
 * everything ([13A-HEALUP]); save-ends effects save 6+ / 11+ / 16+ ([13A-SAVE]).
 */
import type { Ruleset } from "../../ruleset.js";
import { fullHealUp } from "./damage.js";
import { SAVE_TARGETS } from "./data.js";

const K = "D20C.Age13";

export const powers: Pick<Ruleset, "powerUsages" | "rests" | "effectSaveTarget" | "rest"> = {
  powerUsages: [
    { key: "atWill", label: `${K}.Usage.atWill`, limited: false },
    { key: "encounter", label: `${K}.Usage.encounter`, limited: true },
    { key: "daily", label: `${K}.Usage.daily`, limited: true },
    { key: "recharge", label: `${K}.Usage.recharge`, limited: true },
    // [SYS-MONSTERS] a monster's "2/battle": N uses, all back when the battle ends.
    { key: "perBattle", label: `${K}.Usage.perBattle`, limited: true },
  ],
  rests: [{ key: "fullHealUp", label: `${K}.Rest.fullHealUp`, hint: `${K}.Rest.fullHealUpHint` }],
  effectSaveTarget: (save) => SAVE_TARGETS[save],
  rest: (actor) => ({ actor: fullHealUp(actor), events: [], requests: [] }),
};
