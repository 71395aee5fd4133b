/**
 * FFd20 powers: at-will, encounter and daily ([SYS-POWERS]). A short rest brings back encounter
 * powers and second wind; an extended rest brings back daily powers too, with hit points and
 * healing surges. The battle's end brings nothing back unless the table's Open option counts it as
 * a short rest ([FF-SUSTAIN]). Saves 10+ ([FF-SAVE]).
 * Either rest ends "until the end of the encounter" effects ([FF-DURATION]) and is refused while
 * the creature sustains an effect ([FF-SUSTAIN]).
 */
import { clonePlain, validateActorSource } from "../../common.js";
import { EngineError } from "../../errors.js";
import { defaultPowerEffectApplies, defaultPowerRefresh } from "../../powers.js";
import type { Ruleset } from "../../ruleset.js";
import type { ActorSource, AttackOutcome, RuleOptions } from "../../types.js";
import { BATTLE_END_REST_OPTION, FF_DAMAGE_TYPES } from "./data.js";
import { SAVE_TARGET } from "./damage.js";

/** Extended rest: hit points and healing surges back, dying tallies cleared. */
export function extendedRest(actor: ActorSource): ActorSource {
  const next = clonePlain(actor);
  if (next.state === "dead") return next;
  next.hp.value = next.hp.max;
  next.hp.temp = 0;
  next.recoveries.value = next.recoveries.max;
  next.recoveries.ralliesThisBattle = 0;
  next.recoveries.noRecoveryUses = 0;
  next.deathSaves = { successes: 0, failures: 0 };
  next.dyingTurns = 0;
  next.state = "active";
  return next;
}

/** Short rest: second wind back (encounter powers come back through `refreshPower`). */
function shortRest(actor: ActorSource): ActorSource {
  const next = clonePlain(actor);
  next.recoveries.ralliesThisBattle = 0;
  return next;
}

/** [FF-CA] Whether the attack had combat advantage against this target (its +2 is on the roll). */
function hadCombatAdvantage(outcome: AttackOutcome): boolean {
  return outcome.modifiers.some((m) => m.key === "combatAdvantage");
}

/** [FF-SUSTAIN] Whether the table counts the battle's end as each combatant's short rest (Open). */
export function battleEndRests(options: RuleOptions | undefined): boolean {
  return options?.[BATTLE_END_REST_OPTION] === true;
}

export const powers: Pick<
  Ruleset,
  | "powerUsages"
  | "rests"
  | "effectSaveTarget"
  | "rest"
  | "refreshPower"
  | "restsWhileSustaining"
  | "powerTriggers"
  | "powerEffectApplies"
> = {
  powerUsages: [
    { key: "atWill", label: "D20C.FF.Usage.atWill", limited: false },
    { key: "encounter", label: "D20C.FF.Usage.encounter", limited: true },
    { key: "daily", label: "D20C.FF.Usage.daily", limited: true },
    // [SYS-MONSTERS] a monster's "recharge ⚄⚅": a d6 at the start of its turn.
    { key: "recharge", label: "D20C.FF.Usage.recharge", limited: true },
  ],
  rests: [
    { key: "shortRest", label: "D20C.FF.Rest.shortRest", hint: "D20C.FF.Rest.shortRestHint" },
    { key: "extendedRest", label: "D20C.FF.Rest.extendedRest", hint: "D20C.FF.Rest.extendedRestHint" },
  ],
  effectSaveTarget: () => SAVE_TARGET,
  // [FF-CA] "a better effect against a target you have combat advantage against": an effect may
  // trigger on combat advantage, decided per target from the attack's own modifiers.
  powerTriggers: ["any", "even", "odd", "atLeast", "atMost", "range", "list", "combatAdvantage"],
  powerEffectApplies(effect, outcome) {
    if (effect.trigger.kind !== "combatAdvantage") return defaultPowerEffectApplies(effect, outcome);
    const anyRoll = { ...effect, trigger: { kind: "any" as const, value: 0 } };
    return hadCombatAdvantage(outcome) && defaultPowerEffectApplies(anyRoll, outcome);
  },
  // [FF-SUSTAIN] no rest, short or extended, while sustaining a power.
  restsWhileSustaining: false,
  refreshPower(usage, moment) {
    const kind = { key: usage.usage, label: "", limited: usage.usage !== "atWill" };
    // [FF-SUSTAIN] the battle's end brings nothing back, unless the table counts it as a short rest.
    if (moment.kind === "combatEnd" && !battleEndRests(moment.options)) return { kind: "keep" };
    const shortRest = moment.kind === "combatEnd" || (moment.kind === "rest" && moment.rest === "shortRest");
    // A monster's recharge power comes back with its encounter powers.
    if (shortRest && usage.usage !== "encounter" && usage.usage !== "recharge") return { kind: "keep" };
    return defaultPowerRefresh(kind, usage, moment);
  },
  rest(actor, rest) {
    validateActorSource(actor, FF_DAMAGE_TYPES);
    if (rest === "shortRest") return { actor: shortRest(actor), events: [], requests: [] };
    if (rest === "extendedRest") return { actor: extendedRest(actor), events: [], requests: [] };
    throw new EngineError("rest", `FFd20 has no rest "${rest}"`, rest);
  },
};
