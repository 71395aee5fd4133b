/**
 * Hundred Dungeons (5th-edition style): attacks are ability rolls against one defense, mighty and
 * weak rolls, twenty conditions with six levels of exhaustion, dying with an end-of-turn
 * Constitution check, initiative around the table. Assembled from this folder's files: `data.ts`
 * (the game as data), `conditions.ts`, `options.ts`, `actor.ts` (derived values), `attack.ts`,
 * `damage.ts` (damage, dying, ability rolls), `turns.ts`, `combat.ts` (the action economy,
 * reactions, provoking, hiding, charm), `procedures.ts` (the Actions panel's table procedures),
 * `powers.ts`, `scene.ts`.
 */
import { netMode } from "../../common.js";
import { defineRuleset } from "../../define-ruleset.js";
import { deriveActor } from "./actor.js";
import { ACTOR_FIELDS } from "./fields.js";
import { attackBonus, attackMode, damageExpression, damageRecipe, prepareAttack, resolveAttack } from "./attack.js";
import { CLASS_DICE } from "./attack.js";
import { actionCap, actorChanges, afterAct, attackAct, attackCost, attackReactions, releasedBy } from "./combat.js";
import { HD_ACTION_KINDS, HD_ECONOMY, levelCondition, lostAtTurnStart, mayTarget } from "./combat.js";
import { resolveAttackReaction, saveRequestWithCover } from "./combat.js";
import { HD_PROCEDURES, planProcedure, resolveProcedure, resolveProcedureRoll } from "./procedures.js";
import { abilityRollMode, HD_CONDITIONS } from "./conditions.js";
import { applyDamage, applyHealing, dyingCheckRequest, isAbility, resolveRoll, saveRequest } from "./damage.js";
import { startRecovery } from "./damage.js";
import { HD_DAMAGE_TYPES, HD_DEFENSES, HD_ID, HD_INITIATIVE, HD_SAVES, HD_TRAIT_FORMS } from "./data.js";
import { HD_OPTIONS } from "./options.js";
import { longRest, powers } from "./powers.js";
import { words } from "./words.js";
import { STAT_BLOCK } from "./stat-block.js";
import { readHdScene } from "./scene.js";
import { actsOnTurnOf, actsThisRound, addEffect, canFlee, effectSaveRequest, initiativeFormula } from "./turns.js";
import { onCombatEnd, onCombatStart, onRoundStart, onTurnEnd, onTurnStart, order, resolveTurnRoll } from "./turns.js";
import { withCreatureDamage } from "../../creatures.js";
import { HD_PROGRESSION } from "./classes.js";
import {
  legendaryPrompts,
  legendarySpends,
  legendaryTurnStart,
  resistSaveAttack,
  spendLegendary,
  withLegendaryResistance,
  withLegendaryTurnResistance,
} from "./creature.js";
import { HD_GEAR } from "./gear.js";
import { SHEET_PARTS } from "./sheet.js";

export const hundredDungeons = defineRuleset({
  id: HD_ID,
  label: "D20C.HD.Name",
  defenses: HD_DEFENSES,
  saves: HD_SAVES,
  damageTypes: HD_DAMAGE_TYPES,
  traitForms: HD_TRAIT_FORMS,
  actorFields: ACTOR_FIELDS,
  conditions: HD_CONDITIONS,
  initiative: HD_INITIATIVE,
  actions: HD_ACTION_KINDS,
  options: HD_OPTIONS,
  situational: ["cover", "mighty", "weak", "withinMeleeReach", "wrongSquare", "bonus", "fearSourceUnseen"],
  readScene: readHdScene,
  coverLevels: ["none", "partial", "total"],
  knockOut: true,
  // [SYS-RULESET] its parts of the actor sheet (recoveries, death saves, its own blocks).
  sheetParts: SHEET_PARTS,
  // [HD-TURN] speed is 60 ft unless something changes it.
  defaultSpeed: 60,
  // Abilities are modifiers here: a blank creature starts at +0 in each.
  defaultAbilities: { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 },
  // Hit dice ride on recoveries, one per level (a level-1 character has one).
  startingRecoveries: (level) => level,

  deriveActor: (actor) => deriveActor(actor),
  attackBonus: (actor, _derived, power, weapon) => attackBonus(actor, power, weapon),
  damageExpression: (actor, _derived, power, weapon) => damageExpression(power, weapon, actor),
  attackMode,
  resolveAttack,
  prepareAttack,
  damageRecipe,

  applyDamage: withCreatureDamage((actor, packet, options, actorId) =>
    applyDamage(actor, packet, options, actorId, HD_DAMAGE_TYPES),
  ),
  // [HD-HP] hit points never go above maximum nor below 0.
  hpRange: (actor) => ({ min: 0, max: actor.hp.max }),
  applyHealing: (actor, amount, kind, _options, actorId) => applyHealing(actor, amount, kind, actorId, HD_DAMAGE_TYPES),
  startRecovery: (actor, rally, _options, actorId) => startRecovery(actor, rally, actorId),
  saveRequest: (actor, _derived, kind, mode, actorId) => saveRequest(actor, kind, mode, actorId),
  // [HD-MIGHTY] [HD-COND] ability rolls: conditions and exhaustion 3+ make them mighty or weak.
  saveMode: (actor, kind, extra = {}) =>
    isAbility(kind)
      ? abilityRollMode(actor.conditions, actor.exhaustion, kind, extra).mode
      : netMode(extra.mighty ?? 0, extra.weak ?? 0),
  deathSaveRequest: (actor, _derived, actorId) =>
    actor.state === "dying"
      ? dyingCheckRequest(actor, actorId, Math.min(6, actor.exhaustion + 1), actor.dyingTurns + 1, true)
      : null,
  // [SYS-MONSTERS] legendary resistance turns a failed save into a success while uses are left.
  resolveRoll: withLegendaryResistance(resolveRoll),

  onCombatStart,
  onRoundStart,
  // [SYS-MONSTERS] legendary actions come back on the creature's turn; the GM is reminded after every other turn.
  onTurnStart: (ctx) => [...onTurnStart(ctx), ...legendaryTurnStart(ctx)],
  onTurnEnd: (ctx) => [...onTurnEnd(ctx), ...legendaryPrompts(ctx)],
  onCombatEnd: (ctx) => onCombatEnd(ctx),
  resolveTurnRoll: withLegendaryTurnResistance((ctx, request, roll) =>
    request.kind === "procedure" ? resolveProcedureRoll(ctx, request, roll) : resolveTurnRoll(ctx, request, roll),
  ),
  actsThisRound,
  initiativeFormula,
  order,
  addEffect,
  effectSave: effectSaveRequest,

  fullHealUp: longRest,
  canFlee,

  // [SYS-POWERS] usage kinds, rests, save targets of power effects.
  ...powers,
  // [SYS-WORDS] its words for the shared controls, and the item fields it never reads.
  ...words,
  // [HD-DMG] a weapon naming no dice deals its class's die: the item sheet shows which.
  weaponClassDice: CLASS_DICE,
  // [SYS-WORDS] an NPC's stat block, in the game's order and words.
  statBlock: STAT_BLOCK,
  // [HD-ROUND] a round is 20 seconds (three to the minute).
  roundSeconds: 20,
  // [SYS-ACTIONS] the table procedures, Parry, provoked attacks and hiding, charm, exhaustion 6.
  economy: HD_ECONOMY,
  actionCap,
  lostAtTurnStart,
  actsOnTurnOf,
  procedures: HD_PROCEDURES,
  planProcedure,
  resolveProcedure,
  // [HD-UNARMED] [HD-CRIT] an unarmed attack's option (strike, grapple, shove) is an attack: its natural 20
  // always succeeds and its natural 1 always fails, and its shown result says so.
  naturalDecides: (request) => request.kind === "procedure" && request.data?.attack === true,
  attackReactions,
  resolveAttackReaction,
  afterAct,
  releasedBy,
  attackAct,
  mayTarget,
  actorChanges,
  attackCost,
  saveRequestWithCover,
  // [HD-COND] a power's exhaustion is a level gained, not an effect.
  levelCondition,
  // [SYS-CHARACTER] the class table deriving a character's numbers.
  progression: HD_PROGRESSION,
  importFamily: "dnd5e",
  // [HD-LEGENDARY] the tracker's spend buttons: legendary actions (after other turns) and resistances.
  creatureSpends: legendarySpends,
  spendCreature: spendLegendary,
  gear: HD_GEAR,
  // [SYS-MONSTERS] a power may be decided by the target's save against its DC (an ability roll / one of the five saves).
  saveAttacks: true,
  // [HD-LEGENDARY] legendary resistance turns a failed save against such a power into a success.
  resistSaveAttack,
});
