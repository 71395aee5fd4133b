/**
 * 13th Age table procedures on the Actions panel: disengaging ([13A-ENGAGE]), moving away (the
 * opportunity attacks it offers each engaged foe) and each foe's abstract range band
 * ([13A-RANGE]), decided as the shared procedure steps (src/engine/actions.ts), and what those bands
 * say about an attack's range (warnings on the dialog and the card). The turn's actions
 * themselves are data (`ECONOMY` in ./data.ts, [13A-ACTIONS]).
 */
import { plainOutcome, procedure, type ProcedureInput, type ProcedureOutcome } from "../../actions.js";
import {
  type AttackBandInput,
  type AttackBandWarning,
  type ProcedurePlan,
  type ProcedureRoll,
  type ProcedureSpec,
} from "../../actions.js";
import { EngineError } from "../../errors.js";
import { disengageRequest } from "./damage.js";

const K = "D20C.Age13";

/** [13A-RANGE] Abstract distances: engaged (in melee), nearby (one move), far away (two moves or more). */
type RangeBand = "engaged" | "nearby" | "farAway";

const RANGE_BANDS: readonly { key: RangeBand; label: string; moves: number }[] = [
  { key: "engaged", label: `${K}.Range.engaged`, moves: 0 },
  { key: "nearby", label: `${K}.Range.nearby`, moves: 1 },
  { key: "farAway", label: `${K}.Range.farAway`, moves: 2 },
];

/** The procedures the Actions panel lists, in order. */
export const PROCEDURES: readonly ProcedureSpec[] = [
  procedure(K, "disengage", "move", "self"),
  procedure(K, "moveAway", "move", "self"),
  procedure(K, "setBand", "free", "targets", { choices: RANGE_BANDS.map((b) => ({ key: b.key, label: b.label })) }),
  procedure(K, "intercept", "intercept", "target"),
];

/** The foes the creature is engaged with (its memory's bands), by id. */
function engagedFoes(input: ProcedureInput): string[] {
  return Object.entries(input.memory.bands)
    .filter(([, band]) => band === "engaged")
    .map(([id]) => id);
}

/** [13A-ENGAGE] Disengaged this round: set by a passed disengage, read when moving away. */
function disengagedNow(input: ProcedureInput): boolean {
  return input.round !== null && input.memory.marks.disengaged === input.round;
}

export function planProcedure(id: string, input: ProcedureInput): ProcedurePlan {
  switch (id) {
    case "disengage":
      // [13A-ENGAGE] a normal save (11+); with the move already spent, the standard pays the retry.
      return {
        refusal: engagedFoes(input).length ? null : `${K}.Procedure.disengage.NotEngaged`,
        requests: [disengageRequest(input.actor, input.actorId)],
      };
    case "moveAway":
    case "setBand":
    case "intercept":
      return { refusal: null, requests: [] };
    default:
      throw new EngineError("procedure.id", `13th Age has no procedure "${id}"`, id);
  }
}

export function resolveProcedure(id: string, input: ProcedureInput, rolls: readonly ProcedureRoll[]): ProcedureOutcome {
  const spec = PROCEDURES.find((p) => p.id === id);
  if (!spec) throw new EngineError("procedure.id", `13th Age has no procedure "${id}"`, id);
  const memory = { bands: { ...input.memory.bands }, marks: { ...input.memory.marks } };
  switch (id) {
    case "disengage": {
      // [13A-ENGAGE] Pass: the creature may move away this turn without provoking. Fail: the move
      // action is spent and lost (it stays engaged).
      const roll = rolls[0];
      if (!roll) throw new EngineError("procedure.rolls", "disengage needs its save", rolls);
      const passed = roll.result.total >= (roll.request.target ?? 11);
      if (passed && input.round !== null) memory.marks.disengaged = input.round;
      const events = [
        {
          key: passed ? `${K}.Event.disengaged` : `${K}.Event.disengageFailed`,
          data: { action: "move" },
          actorId: input.actorId,
        },
      ];
      return { ...plainOutcome(spec, events), memory };
    }
    case "moveAway": {
      // [13A-ENGAGE] Leaving without a passed disengage offers each engaged foe an opportunity
      // attack; either way the creature is no longer engaged with them (now nearby).
      const foes = engagedFoes(input);
      const free = disengagedNow(input);
      for (const foe of foes) memory.bands[foe] = "nearby";
      const prompts = free
        ? []
        : foes.map((foe) => ({
            creatureId: foe,
            key: `${K}.Prompt.OpportunityAttack`,
          }));
      const events = [
        {
          key: free || !foes.length ? `${K}.Event.movedAwayFreely` : `${K}.Event.movedAwayProvoking`,
          data: { count: prompts.length },
          actorId: input.actorId,
        },
      ];
      return { ...plainOutcome(spec, events), memory, prompts };
    }
    case "intercept": {
      // [13A-ACTIONS] [13A-ENGAGE] intercepting a foe moving past (out of turn, usually free): the
      // interceptor stops it and is now engaged with it.
      const foe = input.targets[0];
      if (!foe) throw new EngineError("procedure.target", "intercepting needs the foe moving past", input.targets);
      memory.bands[foe.id] = "engaged";
      const events = [{ key: `${K}.Event.intercepted`, data: { name: foe.name }, actorId: input.actorId }];
      return { ...plainOutcome(spec, events), memory };
    }
    case "setBand": {
      // [13A-RANGE] The band of each targeted foe, as the table places it.
      const band = RANGE_BANDS.find((b) => b.key === input.choice);
      if (!band)
        throw new EngineError("procedure.choice", `unknown range band "${String(input.choice)}"`, input.choice);
      for (const t of input.targets) memory.bands[t.id] = band.key;
      const events = input.targets.map((t) => ({
        key: `${K}.Event.band.${band.key}`,
        data: { name: t.name },
        actorId: input.actorId,
      }));
      return { ...plainOutcome(spec, events), memory };
    }
    default:
      throw new EngineError("procedure.id", `13th Age has no procedure "${id}"`, id);
  }
}

/**
 * [13A-RANGE] [13A-ENGAGE] What an attack of this range draws from the bands the attacker placed:
 * warnings for the attack dialog and the card, never refusals (the table may know better). A melee
 * attack reaches engaged foes: a nearby one takes a move first, a far-away one the standard action
 * (no attack this turn). Open, as the text is silent: a ranged attack while engaged lets each
 * engaged foe take an opportunity attack, and a close attack reaches engaged and nearby foes only.
 * A target with no band placed draws nothing.
 */
export function attackBandWarnings(input: AttackBandInput): AttackBandWarning[] {
  const band = input.bands[input.target.id];
  const name = input.target.name;
  const out: AttackBandWarning[] = [];
  if (input.range === "melee" && band === "nearby") out.push({ key: `${K}.BandWarn.meleeNearby`, data: { name } });
  if (input.range === "melee" && band === "farAway") out.push({ key: `${K}.BandWarn.meleeFarAway`, data: { name } });
  if (input.range === "close" && band === "farAway") out.push({ key: `${K}.BandWarn.closeFarAway`, data: { name } });
  if (input.range === "ranged") {
    const engaged = Object.entries(input.bands)
      .filter(([, b]) => b === "engaged")
      .map(([id]) => input.names[id] ?? "")
      .filter((n) => n !== "");
    if (engaged.length) out.push({ key: `${K}.BandWarn.rangedEngaged`, data: { foes: engaged.join(", ") } });
  }
  return out;
}
