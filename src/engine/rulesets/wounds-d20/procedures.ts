/**
 * Wounds d20 table procedures on the Actions panel, decided as the shared procedure steps
 * (src/engine/actions.ts): the Heal check on a dying or stable creature ([WD-HEALCHECK]), a save
 * against an effect that wounds on a failure ([WD-NASTY]), and what a staggered creature's turn
 * looks like ([WD-STAGGER]: half speed, one action, a Death save after a major action).
 */
import { plainOutcome, procedure, type ProcedureInput, type ProcedureOutcome } from "../../actions.js";
import { type ProcedurePlan, type ProcedureRoll, type ProcedureSpec } from "../../actions.js";
import { EngineError } from "../../errors.js";
import { squaresBetween } from "../../geometry.js";
import type { ActorSource, RollRequest, RuleOptions } from "../../types.js";
import { deriveActor } from "./actor.js";
import { healCheckRequest, resolveRoll, saveRequest, saveSucceeds, strenuousActionRequest } from "./damage.js";
import { woundFromSave } from "./damage.js";
import { CONDITIONS, K, SAVES } from "./data.js";
import { conditionSpecs } from "../../conditions.js";

export const PROCEDURES: readonly ProcedureSpec[] = [
  procedure(K, "healCheck", "fullRound", "target"),
  procedure(K, "woundingSave", "free", "self", {
    choices: SAVES.map((s) => ({ key: s.key, label: s.label })),
    numbers: [
      { key: "dc", label: `${K}.Procedure.woundingSave.DC`, default: 15, min: 1, max: 40 },
      { key: "severity", label: `${K}.Procedure.woundingSave.Severity`, default: 1, min: 1, max: 20 },
    ],
  }),
];

function spec(id: string): ProcedureSpec {
  const s = PROCEDURES.find((p) => p.id === id);
  if (!s) throw new EngineError("procedure.id", `Wounds d20 has no procedure "${id}"`, id);
  return s;
}

/**
 * [WD-HEALCHECK] The helper's Heal modifier: its Wisdom modifier (the text points at the Heal
 * skill), with its bloodied and wounded penalties, which fall on checks as on attacks
 * ([WD-BLOODIED], [WD-WOUNDED]).
 */
function healBonus(actor: ActorSource): number {
  const derived = deriveActor(actor);
  return derived.abilityMods.wis + derived.attackPenalties.reduce((sum, p) => sum + p.value, 0);
}

function healRequest(input: ProcedureInput): RollRequest | null {
  const patient = input.targets[0];
  return patient ? healCheckRequest(patient.actor, patient.id, healBonus(input.actor), input.options) : null;
}

/**
 * [WD-HEALCHECK] Whether the helper stands next to the patient: decided from the two tokens when both
 * stand on a square-grid scene; without them, the helper's targeting the patient is its word.
 */
function besidePatient(input: ProcedureInput): boolean {
  const helper = input.place;
  const patient = input.targets[0]?.place;
  return !helper || !patient || squaresBetween(helper, patient) === 0;
}

/** A helper that can take no action: unconscious (dying and stable included) or dead, by state or condition. */
function helperDown(actor: ActorSource): boolean {
  if (actor.state !== "active" && actor.state !== "staggered") return true;
  return conditionSpecs(CONDITIONS, actor.conditions).some((c) => c.noActions);
}

function woundingSaveRequest(input: ProcedureInput): RollRequest {
  const kind = input.choice ?? "";
  const base = saveRequest(input.actor, deriveActor(input.actor), kind, "normal", input.actorId);
  return { ...base, target: input.numbers.dc ?? 15 };
}

export function planProcedure(id: string, input: ProcedureInput): ProcedurePlan {
  switch (id) {
    case "healCheck": {
      // [WD-HEALCHECK] the helper must be up: an unconscious (dying, stable) or dead character makes no check.
      if (helperDown(input.actor)) return { refusal: `${K}.Procedure.healCheck.HelperDown`, requests: [] };
      // Only a dying or stable creature can be helped, and only from beside it.
      const request = healRequest(input);
      if (!request) return { refusal: `${K}.Procedure.healCheck.NotDying`, requests: [] };
      if (!besidePatient(input)) return { refusal: `${K}.Procedure.healCheck.NotAdjacent`, requests: [] };
      return { refusal: null, requests: [request] };
    }
    case "woundingSave":
      return { refusal: null, requests: [woundingSaveRequest(input)] };
    default:
      throw new EngineError("procedure.id", `Wounds d20 has no procedure "${id}"`, id);
  }
}

export function resolveProcedure(id: string, input: ProcedureInput, rolls: readonly ProcedureRoll[]): ProcedureOutcome {
  const roll = rolls[0];
  if (!roll) throw new EngineError("procedure.rolls", `${id} needs its roll`, rolls);
  switch (id) {
    case "healCheck": {
      // [WD-HEALCHECK] success: dying → stable, stable → conscious and staggered.
      const patient = input.targets[0];
      if (!patient) throw new EngineError("procedure.target", "the Heal check needs its patient", input.targets);
      const answer = resolveRoll(patient.actor, roll.request, roll.result);
      return { ...plainOutcome(spec(id), answer.events), creatures: { [patient.id]: answer.actor } };
    }
    case "woundingSave": {
      // [WD-NASTY] a failed save wounds; a natural 1 (a critical failure) makes the wound nasty.
      // A save's natural 20 always succeeds and its natural 1 always fails, whatever the total ([WD-SAVES]).
      const answer = resolveRoll(input.actor, roll.request, roll.result);
      const failed = !saveSucceeds(roll.result, roll.request.target ?? 0);
      if (!failed) return plainOutcome(spec(id), answer.events);
      const wound = woundFromSave(input.numbers.severity ?? 1, roll.result.natural);
      const next: ActorSource = { ...answer.actor, wounds: [...answer.actor.wounds, wound] };
      const events = [
        ...answer.events,
        {
          key: wound.nasty ? `${K}.Event.NastyWound` : `${K}.Event.Wound`,
          data: { severity: wound.severity },
          actorId: input.actorId,
        },
      ];
      return { ...plainOutcome(spec(id), events), actor: next };
    }
    default:
      throw new EngineError("procedure.id", `Wounds d20 has no procedure "${id}"`, id);
  }
}

/** [WD-STAGGER] What a staggered creature's turn shows: half speed and its single action. */
export function turnNotes(actor: ActorSource): { key: string; value?: number }[] {
  if (actor.state !== "staggered") return [];
  return [{ key: `${K}.Note.HalfSpeed`, value: Math.floor(actor.speed / 2) }, { key: `${K}.Note.OneAction` }];
}

/** [WD-STAGGER] A staggered creature that takes a major action owes a Death save to stay staggered. */
export function afterSpend(
  actor: ActorSource,
  actorId: string,
  cost: string,
  _options: RuleOptions,
): RollRequest | null {
  return cost === "major" || cost === "fullRound" ? strenuousActionRequest(actor, actorId) : null;
}
