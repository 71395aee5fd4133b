/**
 * FFd20 (4th-edition style) combat rules (rule IDs `FF-*`), assembled from this folder's files:
 * `data.ts` (the game as data), `actor.ts` (derived values), `attack.ts`, `damage.ts` (damage,
 * dying, saves), `turns.ts`, `procedures.ts` (sustain, moving, forced movement), `powers.ts`,
 * `scene.ts`.
 */
import { defineRuleset } from "../../define-ruleset.js";
import { d20Plus } from "../../resolution.js";
import { FF_PROCEDURES, forcedPath, planProcedure, resolveProcedure } from "./procedures.js";
import { deriveActor } from "./actor.js";
import { ACTOR_FIELDS } from "./fields.js";
import { attackBonusParts, damageExpression, damageRecipe, prepareAttack, resolveAttack } from "./attack.js";
import { weaponDamageFormula } from "./attack.js";
import { applyDamage, applyHealing, deathSaveRequest, resolveRoll, saveRequest, startRecovery } from "./damage.js";
import { FF_ACTIONS, FF_CONDITIONS, FF_DAMAGE_TYPES, FF_DEFENSES, FF_ECONOMY, FF_ID, FF_INITIATIVE } from "./data.js";
import { FF_OPTIONS, FF_SAVES, FF_TRAIT_FORMS } from "./data.js";
import { effectSaveRequest, addEffect, onCombatEnd, onTurnEnd, onTurnStart, order } from "./turns.js";
import { resolveTurnRoll } from "./turns.js";
import { readFfScene } from "./scene.js";
import { extendedRest, powers } from "./powers.js";
import { words } from "./words.js";
import { STAT_BLOCK } from "./stat-block.js";
import { withCreatureDamage } from "../../creatures.js";
import { actionPointNotice, actionPointSpends, minionMissStep, spendActionPoint } from "./creature.js";
import { FF_PROGRESSION } from "./classes.js";
import { FF_GEAR } from "./gear.js";
import { SHEET_PARTS } from "./sheet.js";

export const ffd20 = defineRuleset({
  id: FF_ID,
  label: "D20C.FF.Name",
  defenses: FF_DEFENSES,
  saves: FF_SAVES,
  damageTypes: FF_DAMAGE_TYPES,
  traitForms: FF_TRAIT_FORMS,
  actorFields: ACTOR_FIELDS,
  conditions: FF_CONDITIONS,
  initiative: FF_INITIATIVE,
  actions: FF_ACTIONS,
  options: FF_OPTIONS,
  situational: ["combatAdvantage", "cover", "concealment", "wrongSquare", "coupDeGrace", "bonus"],
  readScene: readFfScene,
  // [SYS-RULESET] its parts of the actor sheet (recoveries, death saves, its own blocks).
  sheetParts: SHEET_PARTS,
  // Movement counts squares here (a walking creature moves 6), as the game's own creatures do.
  defaultSpeed: 6,

  deriveActor,
  attackBonus: (actor, _derived, power, weapon) => attackBonusParts(actor, power, weapon),
  damageExpression: (_actor, _derived, power, weapon) => damageExpression(power, weapon),
  weaponDamageFormula,
  resolveAttack,
  prepareAttack,
  damageRecipe,

  applyDamage: withCreatureDamage(applyDamage, [minionMissStep]),
  applyHealing,
  startRecovery,
  saveRequest,
  deathSaveRequest: (actor, _derived, actorId) => deathSaveRequest(actor, actorId, actor.baseSaveBonus),
  resolveRoll,

  // [SYS-MONSTERS] the tracker tells the GM a monster's action points at the start of its turn.
  onTurnStart: (ctx) => [...onTurnStart(ctx), ...actionPointNotice(ctx)],
  onTurnEnd,
  onCombatEnd: (ctx) => onCombatEnd(ctx),
  resolveTurnRoll,
  initiativeFormula: (_actor, derived) => d20Plus(derived.initiative),
  order,
  addEffect,
  effectSave: effectSaveRequest,

  fullHealUp: extendedRest,

  // [SYS-ACTIONS] action economy and table procedures.
  economy: FF_ECONOMY,
  procedures: FF_PROCEDURES,
  planProcedure,
  resolveProcedure,

  // [SYS-POWERS] usage kinds, rests, save targets of power effects.
  ...powers,
  // [SYS-WORDS] its words for the shared controls, and the item fields it never reads.
  ...words,
  // [SYS-WORDS] an NPC's stat block, in the game's order and words.
  statBlock: STAT_BLOCK,
  // [FF-FORCED] push / pull / slide paths.
  forcedPath,
  // [SYS-CHARACTER] the class table deriving a character's numbers.
  progression: FF_PROGRESSION,
  importFamily: "dnd4e",
  // [FF-ACTIONPOINTS] the tracker's spend button: an action point on the creature's own turn.
  creatureSpends: actionPointSpends,
  spendCreature: spendActionPoint,
  gear: FF_GEAR,
});
