/** Creatures and effects the Actions panel tests share. */
import { defaultActorSource } from "../../src/engine/common.js";
import { CombatStandIn, CombatantStandIn, SheetActorStandIn } from "../stand-ins/foundry-sheet.js";

/** A sustained effect made by `creator`'s combatant, armed (made on an earlier turn), as the attack workflow stores it. */
export function sustainedZone(creator: string, over: Record<string, unknown> = {}) {
  return {
    sourceCombatantId: creator,
    duration: "sustain",
    save: "normal",
    saveBonus: 0,
    sustain: "minor",
    sustainedRound: null,
    ongoing: null,
    aftereffect: null,
    armed: true,
    ...over,
  };
}

/** A Wounds d20 medic (Wisdom 14: a +2 Heal modifier) and a dying patient, fighting on round 1, the medic's turn. */
export function medicAndPatient(patientOwned = true) {
  const medic = new SheetActorStandIn(
    "medic",
    "Medic",
    defaultActorSource({ kind: "character", abilities: { str: 10, dex: 10, con: 10, int: 10, wis: 14, cha: 10 } }),
  );
  const fallen = new SheetActorStandIn(
    "fallen",
    "Fallen",
    defaultActorSource({ kind: "character", state: "dying", hp: { value: 0, max: 20, temp: 0 } }),
    patientOwned,
  );
  const combat = new CombatStandIn(
    1,
    [new CombatantStandIn("c-medic", medic), new CombatantStandIn("c-fallen", fallen)],
    "c-medic",
  );
  return { medic, fallen, combat };
}
