/**
 * Wounds d20 (`wounds-d20`): damage counts up against HP, wound points past the wounded
 * threshold, a death save with staggered / dying / stable outcomes, three armor classes, five
 * saves, and initiative rerolled every round with simultaneous ties. Helpers live in
 * `./wounds-d20/`; this file assembles the {@link Ruleset}.
 */
import type { Ruleset } from "../ruleset.js";
import { ACTOR_FIELDS } from "./wounds-d20/fields.js";
import { PROCEDURES, afterSpend, planProcedure, resolveProcedure, turnNotes } from "./wounds-d20/procedures.js";
import { deriveActor } from "./wounds-d20/actor.js";
import {
  attackBonus,
  attackMode,
  damageExpression,
  damageRecipe,
  prepareAttack,
  resolveAttack,
} from "./wounds-d20/attack.js";
import {
  applyDamage,
  applyHealing,
  deathSaveRequest,
  resolveRoll,
  saveRequest,
  startRecovery,
} from "./wounds-d20/damage.js";
import {
  ACTIONS,
  CONDITIONS,
  DAMAGE_TYPES,
  DEFENSES,
  ECONOMY,
  INITIATIVE,
  K,
  OPTIONS,
  SAVES,
  TRAIT_FORMS,
} from "./wounds-d20/data.js";
import {
  effectSaveRequest,
  actsThisRound,
  addEffect,
  canFlee,
  fullHealUp,
  initiativeFormula,
  onCombatEnd,
  onCombatStart,
  onRoundEnd,
  onRoundStart,
  onTurnEnd,
  onTurnStart,
  order,
  resolveTurnRoll,
} from "./wounds-d20/turns.js";
import { readWdScene } from "./wounds-d20/scene.js";
import { powers } from "./wounds-d20/powers.js";

export const woundsD20: Ruleset = {
  id: "wounds-d20",
  label: `${K}.Name`,
  defenses: DEFENSES,
  saves: SAVES,
  damageTypes: DAMAGE_TYPES,
  traitForms: TRAIT_FORMS,
  actorFields: ACTOR_FIELDS,
  conditions: CONDITIONS,
  initiative: INITIATIVE,
  escalationByDefault: false,
  actions: ACTIONS,
  options: OPTIONS,
  situational: ["offGuard", "bonus"],
  readScene: readWdScene,
  // [SYS-RULESET] wounds and Constitution damage, BCB, base save bonus, death saves, recovery dice
  // (no in-combat rally); no exhaustion, renown or insubstantial.
  sheet: { rallies: false, exhaustion: false, renown: false, insubstantial: false },
  // [SYS-RULESET] every creature makes Death saves; recovery dice are the resting party's.
  sheetNpc: { recoveries: false },

  deriveActor: (actor) => deriveActor(actor),
  attackBonus,
  damageExpression,
  attackMode: () => attackMode(),
  resolveAttack,
  prepareAttack,
  damageRecipe,

  applyDamage: (actor, packet, _options, actorId) => applyDamage(actor, packet, actorId),
  applyHealing: (actor, amount, kind, _options, actorId) => applyHealing(actor, amount, kind, actorId),
  startRecovery: (actor, rally, _options, actorId) => startRecovery(actor, rally, actorId),
  saveRequest,
  deathSaveRequest: (actor, _derived, actorId) => deathSaveRequest(actor, actorId),
  resolveRoll: (actor, request, roll) => resolveRoll(actor, request, roll),

  onCombatStart,
  onRoundStart,
  onTurnStart,
  onTurnEnd,
  onRoundEnd,
  onCombatEnd: (ctx) => onCombatEnd(ctx),
  resolveTurnRoll,
  actsThisRound,
  initiativeFormula,
  order,
  addEffect,
  effectSave: effectSaveRequest,

  fullHealUp,
  canFlee,

  // [SYS-ACTIONS] action economy and table procedures; [WD-STAGGER] one action while staggered.
  economy: ECONOMY,
  actionCap: (actor) => (actor.state === "staggered" ? 1 : null),
  turnNotes,
  afterSpend,
  procedures: PROCEDURES,
  planProcedure,
  resolveProcedure,

  // [SYS-POWERS] usage kinds, rests, save targets of power effects.
  ...powers,
};

export * from "./wounds-d20/exports.js";
