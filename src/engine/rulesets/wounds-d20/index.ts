/**
 * Wounds d20 (`wounds-d20`): damage counts up against HP, wound points past the wounded
 * threshold, a death save with staggered / dying / stable outcomes, three armor classes, five
 * saves, and initiative rerolled every round with simultaneous ties. Assembled from this folder's
 * files: `data.ts` (the game as data), `actor.ts` (derived values), `attack.ts`, `damage.ts`
 * (damage, wounds, death and saves), `turns.ts`, `procedures.ts` (table procedures), `powers.ts`,
 * `scene.ts`.
 */
import type { ActorSource } from "../../types.js";
import { conditionTurnNotes } from "../../condition-rules.js";
import { capFromConditions, defineRuleset } from "../../define-ruleset.js";
import { PROCEDURES, afterSpend, planProcedure, resolveProcedure, turnNotes } from "./procedures.js";
import { deriveActor } from "./actor.js";
import { ACTOR_FIELDS } from "./fields.js";
import { attackBonus, damageExpression, damageRecipe, defenseAgainst, prepareAttack, resolveAttack } from "./attack.js";
import { missChance } from "./attack.js";
import { applyDamage, applyHealing, deathSaveRequest, resolveRoll, saveRequest, startRecovery } from "./damage.js";
import { ACTIONS, CONDITIONS, DAMAGE_TYPES, DEFENSES, ECONOMY, INITIATIVE, K, OPTIONS, SAVES } from "./data.js";
import { TRAIT_FORMS, woundTotal } from "./data.js";
import { effectSaveRequest, actsThisRound, addEffect, canFlee, fullHealUp, initiativeFormula } from "./turns.js";
import { onCombatEnd, onCombatStart, onRoundEnd, onRoundStart, onTurnEnd, onTurnStart, order } from "./turns.js";
import { resolveTurnRoll } from "./turns.js";
import { readWdScene } from "./scene.js";
import { powers } from "./powers.js";
import { words } from "./words.js";
import { STAT_BLOCK } from "./stat-block.js";
import { withCreatureDamage } from "../../creatures.js";
import { damageReductionStep, spellResistanceCheck } from "./creature.js";
import { WD_PROGRESSION } from "./classes.js";
import { WD_GEAR } from "./gear.js";
import { SHEET_PARTS } from "./sheet.js";

/** The most actions the creature's conditions leave it (stunned none, nauseated one); null = no cap. */
const conditionCap = capFromConditions(CONDITIONS);

/** The rolls whose natural 20 or 1 decides them: saves (effect saves included) and death saves. */
const NATURAL_DECIDES = new Set(["save", "deathSave", "stableCheck"]);

/** [WD-WOUNDPTS] wound points count as damage that only the wound's healing removes: HP stop below maximum by them. */
function woundedRange(actor: ActorSource): { min: number; max: number } {
  return { min: Number.NEGATIVE_INFINITY, max: actor.hp.max - Math.min(actor.hp.max, woundTotal(actor)) };
}

export const woundsD20 = defineRuleset({
  id: "wounds-d20",
  label: `${K}.Name`,
  defenses: DEFENSES,
  saves: SAVES,
  damageTypes: DAMAGE_TYPES,
  traitForms: TRAIT_FORMS,
  actorFields: ACTOR_FIELDS,
  conditions: CONDITIONS,
  initiative: INITIATIVE,
  actions: ACTIONS,
  options: OPTIONS,
  situational: ["offGuard", "coupDeGrace", "concealment", "bonus"],
  readScene: readWdScene,
  // [SYS-RULESET] its parts of the actor sheet (recoveries, death saves, its own blocks).
  sheetParts: SHEET_PARTS,

  deriveActor: (actor) => deriveActor(actor),
  attackBonus,
  damageExpression,
  resolveAttack,
  prepareAttack,
  defenseAgainst,
  damageRecipe,
  missChance,

  applyDamage: withCreatureDamage(
    (actor, packet, _options, actorId) => applyDamage(actor, packet, actorId),
    [damageReductionStep],
  ),
  hpRange: woundedRange,
  applyHealing: (actor, amount, kind, _options, actorId) => applyHealing(actor, amount, kind, actorId),
  startRecovery: (actor, rally, _options, actorId, inCombat) =>
    startRecovery(actor, rally || inCombat === true, actorId),
  saveRequest,
  deathSaveRequest: (actor, _derived, actorId) => deathSaveRequest(actor, actorId),
  resolveRoll: (actor, request, roll) => resolveRoll(actor, request, roll),
  // [WD-SAVES] [WD-DEATHDC] a save's or death save's natural 20 always succeeds, its natural 1 always fails.
  naturalDecides: (request) => NATURAL_DECIDES.has(request.kind),

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
  // [WD-STAGGER] one action while staggered; the condition table's (stunned none, nauseated one) too.
  actionCap: (actor) => {
    const cap = conditionCap(actor);
    return actor.state === "staggered" ? Math.min(1, cap ?? 1) : cap;
  },
  turnNotes: (actor) => [...turnNotes(actor), ...conditionTurnNotes(CONDITIONS, actor)],
  afterSpend,
  procedures: PROCEDURES,
  planProcedure,
  resolveProcedure,

  // [SYS-POWERS] usage kinds, rests, save targets of power effects.
  ...powers,
  // [SYS-WORDS] its words for the shared controls, and the item fields it never reads.
  ...words,
  // [SYS-WORDS] an NPC's stat block, in the game's order and words.
  statBlock: STAT_BLOCK,
  // [SYS-CHARACTER] the class table deriving a character's numbers.
  progression: WD_PROGRESSION,
  importFamily: "pf1",
  // [WD-SPELLRES] a spell must beat the creature's spell resistance with a caster level check.
  spellResistanceCheck,
  gear: WD_GEAR,
  // [SYS-MONSTERS] a power may be decided by the target's save against its DC (an ability roll / one of the five saves).
  saveAttacks: true,
});
