/**
 * FFd20: the values derived from an actor's data (defenses, initiative, saves, bloodied and the
 * life-state statuses). [FF-DEF] [FF-BLOODIED]
 */
import { validateActorSource } from "../../common.js";
import { conditionModifiers } from "../../conditions.js";
import type { ActorSource, DerivedActor, RuleOptions } from "../../types.js";
import { abilityMods, deriveDefenses } from "./attack.js";
import { bloodiedValue } from "./damage.js";
import { FF_CONDITIONS, FF_DAMAGE_TYPES } from "./data.js";
import { initiativeModifier } from "./turns.js";
import { rankSaveBonus } from "./creature.js";

export function deriveActor(actor: ActorSource, _options: RuleOptions): DerivedActor {
  validateActorSource(actor, FF_DAMAGE_TYPES);
  const bloodied = actor.hp.value <= bloodiedValue(actor);
  const statusLabels: string[] = [];
  if (bloodied && actor.state !== "dead") statusLabels.push("D20C.FF.Status.Bloodied");
  if (actor.state !== "active") statusLabels.push(`D20C.FF.Status.${actor.state}`);
  // [SYS-MONSTERS] the condition table's numbers: prone −2 to attacks, unconscious −5 to defenses.
  const attackPenalties = conditionModifiers(FF_CONDITIONS, actor.conditions, "attack");
  const defensePenalties = conditionModifiers(FF_CONDITIONS, actor.conditions, "defense");
  const defenseDelta = defensePenalties.reduce((s, m) => s + m.value, 0);
  const defenses = deriveDefenses(actor);
  if (defenseDelta !== 0)
    for (const key of Object.keys(defenses)) defenses[key] = (defenses[key] as number) + defenseDelta;
  return {
    abilityMods: abilityMods(actor),
    defenses,
    attackPenalties,
    defensePenalties,
    initiative: initiativeModifier(actor),
    saves: { save: actor.baseSaveBonus + rankSaveBonus(actor) },
    bloodied,
    wounded: false,
    damageTaken: actor.hp.max - actor.hp.value,
    statusLabels,
  };
}
