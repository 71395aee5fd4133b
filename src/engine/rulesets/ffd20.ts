/**
 * FFd20 (4th-edition style) combat rules (rule IDs `FF-*`). Data lives in `ffd20/data.ts`,
 * attacks in `ffd20/attack.ts`, damage and dying in `ffd20/damage.ts`, the turn cycle in
 * `ffd20/turns.ts`, table procedures (sustain, moving, forced movement) in `ffd20/tactics.ts`.
 */
import { validateActorSource } from "../common.js";
import { ACTOR_FIELDS } from "./ffd20/fields.js";
import { EngineError } from "../errors.js";
import type { Ruleset } from "../ruleset.js";
import { rollVerdict } from "../resolution.js";
import { FF_PROCEDURES, forcedPath, planProcedure, resolveProcedure } from "./ffd20/tactics.js";
import type { ActorSource, DerivedActor, RollRequest, RuleOptions } from "../types.js";
import {
  abilityMods,
  attackBonusParts,
  damageExpression,
  damageRecipe,
  deriveDefenses,
  prepareAttack,
  resolveAttack,
} from "./ffd20/attack.js";
import {
  applyDamage,
  applyHealing,
  bloodiedValue,
  deathSaveRequest,
  resolveDeathSave,
  resolveRecovery,
  SAVE_TARGET,
  startRecovery,
} from "./ffd20/damage.js";
import {
  FF_ACTIONS,
  FF_CONDITIONS,
  FF_DAMAGE_TYPES,
  FF_DEFENSES,
  FF_ECONOMY,
  FF_ID,
  FF_INITIATIVE,
  FF_OPTIONS,
  FF_SAVES,
  FF_TRAIT_FORMS,
} from "./ffd20/data.js";
import {
  effectSaveRequest,
  addEffect,
  initiativeModifier,
  onCombatEnd,
  onCombatStart,
  onTurnEnd,
  onTurnStart,
  order,
  resolveTurnRoll,
  saveFormula,
} from "./ffd20/turns.js";
import { readFfScene } from "./ffd20/scene.js";
import { extendedRest, powers } from "./ffd20/powers.js";

function deriveActor(actor: ActorSource, _options: RuleOptions): DerivedActor {
  validateActorSource(actor, FF_DAMAGE_TYPES);
  const bloodied = actor.hp.value <= bloodiedValue(actor);
  const statusLabels: string[] = [];
  if (bloodied && actor.state !== "dead") statusLabels.push("D20C.FF.Status.Bloodied");
  if (actor.state !== "active") statusLabels.push(`D20C.FF.Status.${actor.state}`);
  return {
    abilityMods: abilityMods(actor),
    defenses: deriveDefenses(actor),
    attackPenalties: [],
    defensePenalties: [],
    initiative: initiativeModifier(actor),
    saves: { save: actor.baseSaveBonus },
    bloodied,
    wounded: false,
    damageTaken: actor.hp.max - actor.hp.value,
    statusLabels,
  };
}

function saveRequest(
  actor: ActorSource,
  _derived: DerivedActor,
  kind: string,
  _mode: unknown,
  actorId: string,
): RollRequest {
  if (kind === "save") {
    return {
      kind: "save",
      actorId,
      formula: saveFormula(actor.baseSaveBonus),
      target: SAVE_TARGET,
      against: "total",
      label: "D20C.FF.Roll.Save",
    };
  }
  if (kind === "death") {
    return {
      kind: "deathSave",
      actorId,
      formula: saveFormula(actor.baseSaveBonus),
      target: SAVE_TARGET,
      against: "total",
      label: "D20C.FF.Roll.DeathSave",
    };
  }
  throw new EngineError("save.kind", `FFd20 has no "${kind}" save (expected save or death)`, kind);
}

export const ffd20: Ruleset = {
  id: FF_ID,
  label: "D20C.FF.Name",
  defenses: FF_DEFENSES,
  saves: FF_SAVES,
  damageTypes: FF_DAMAGE_TYPES,
  traitForms: FF_TRAIT_FORMS,
  actorFields: ACTOR_FIELDS,
  conditions: FF_CONDITIONS,
  initiative: FF_INITIATIVE,
  escalationByDefault: false,
  actions: FF_ACTIONS,
  options: FF_OPTIONS,
  situational: ["combatAdvantage", "cover", "concealment", "wrongSquare", "coupDeGrace", "bonus"],
  readScene: readFfScene,
  // [SYS-RULESET] healing surges (recoveries, second wind as the rally), death saves, insubstantial.
  sheet: { wounds: false, exhaustion: false, renown: false, baseCombatBonus: false },
  // [SYS-RULESET] [FF-DEATH] (our Open choice): only PCs and important NPCs follow the dying rules,
  // so other NPCs show no surges, second wind or death saves.
  sheetNpc: { recoveries: false, rallies: false, deathSaves: false },
  sheetImportantNpc: { recoveries: true, rallies: true, deathSaves: true },

  deriveActor,
  attackBonus: (actor, _derived, power, weapon) => attackBonusParts(actor, power, weapon),
  damageExpression: (_actor, _derived, power, weapon) => damageExpression(power, weapon),
  attackMode: () => "normal",
  resolveAttack,
  prepareAttack,
  damageRecipe,

  applyDamage,
  applyHealing,
  startRecovery,
  saveRequest,
  deathSaveRequest: (actor, _derived, actorId) => deathSaveRequest(actor, actorId, actor.baseSaveBonus),
  resolveRoll(actor, request, roll, options) {
    validateActorSource(actor, FF_DAMAGE_TYPES);
    switch (request.kind) {
      case "deathSave":
        return resolveDeathSave(actor, roll, request.actorId);
      case "recovery":
        return resolveRecovery(actor, request, roll, options, request.actorId);
      case "save":
        // A save from the sheet is against no named effect (the turn cycle's saves name theirs).
        return rollVerdict(
          actor,
          request,
          roll.total >= (request.target ?? SAVE_TARGET),
          { succeeded: "D20C.FF.Event.SaveRollSucceeded", failed: "D20C.FF.Event.SaveRollFailed" },
          { total: roll.total },
        );
      default:
        throw new EngineError("request.kind", `FFd20 makes no "${request.kind}" roll`, request.kind);
    }
  },

  onCombatStart,
  onRoundStart: () => [],
  onTurnStart,
  onTurnEnd,
  onRoundEnd: () => [],
  onCombatEnd: (ctx) => onCombatEnd(ctx),
  resolveTurnRoll,
  actsThisRound: (_ctx, c) => !c.defeated && c.actor.state !== "dead",
  initiativeFormula: (_actor, derived) => saveFormula(derived.initiative),
  order,
  addEffect,
  effectSave: effectSaveRequest,

  fullHealUp: extendedRest,
  canFlee: (combatants) => combatants.some((c) => c.side === "player" && c.actor.state === "active" && !c.defeated),

  // [SYS-ACTIONS] action economy and table procedures.
  economy: FF_ECONOMY,
  procedures: FF_PROCEDURES,
  planProcedure,
  resolveProcedure,

  // [SYS-POWERS] usage kinds, rests, save targets of power effects.
  ...powers,
  // [FF-FORCED] push / pull / slide paths.
  forcedPath,
};

export { FF_CONDITIONS, FF_DEFENSES, FF_OPTIONS };
