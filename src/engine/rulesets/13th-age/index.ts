/**
 * 13th Age combat rules (ruleset id `13th-age`), assembled from this folder's files: `data.ts` (the
 * game as data), `actor.ts` (derived values), `attack.ts`, `damage.ts`, `turns.ts`, `procedures.ts`
 * (table procedures), `powers.ts`, `scene.ts`. See docs/rules.md for each rule's reading.
 */
import { defineRuleset } from "../../define-ruleset.js";
import { attackBonus, attackMode, damageExpression, damageRecipe, prepareAttack, resolveAttack } from "./attack.js";
import { weaponDamageFormula } from "./attack.js";
import { deriveActor } from "./actor.js";
import { ACTOR_FIELDS } from "./fields.js";
import { applyDamage, applyHealing, deathSaveRequest, fullHealUp, resolveRoll, saveRequest } from "./damage.js";
import { hpRange, startRecovery } from "./damage.js";
import { ACTIONS, CONDITIONS, DAMAGE_TYPES, DEFENSES, ECONOMY, OPTIONS, SAVES } from "./data.js";
import { PROCEDURES, attackBandWarnings, planProcedure, resolveProcedure } from "./procedures.js";
import { effectSaveRequest, actsThisRound, addEffect, canFlee, initiativeFormula, onCombatEnd } from "./turns.js";
import { onCombatStart, onRoundEnd, onRoundStart, onTurnEnd, onTurnStart, order, resolveTurnRoll } from "./turns.js";
import { readAge13Bands } from "./scene.js";
import { powers } from "./powers.js";
import { words } from "./words.js";
import { STAT_BLOCK } from "./stat-block.js";
import { withCreatureDamage } from "../../creatures.js";
import { AGE13_PROGRESSION } from "./classes.js";
import { AGE13_GEAR } from "./gear.js";
import { SHEET_PARTS } from "./sheet.js";

export const thirteenthAge = defineRuleset({
  id: "13th-age",
  label: "D20C.Age13.Name",
  defenses: DEFENSES,
  saves: SAVES,
  damageTypes: DAMAGE_TYPES,
  traitForms: { resist: "threshold", vulnerable: "critRange" },
  actorFields: ACTOR_FIELDS,
  conditions: CONDITIONS,
  initiative: { mode: "once", roll: "individual", surprise: "none", simultaneousTies: false },
  escalationByDefault: true,
  actions: ACTIONS,
  options: OPTIONS,
  situational: ["bonus"],
  readBands: readAge13Bands,
  // [SYS-RULESET] its parts of the actor sheet (recoveries, death saves, its own blocks).
  sheetParts: SHEET_PARTS,
  // Movement counts squares here (a walking creature moves 6), as the game's own creatures do.
  defaultSpeed: 6,

  deriveActor,
  attackBonus,
  damageExpression,
  weaponDamageFormula,
  attackMode,
  resolveAttack,
  prepareAttack,
  damageRecipe,

  applyDamage: withCreatureDamage(applyDamage),
  applyHealing,
  hpRange,
  startRecovery,
  saveRequest,
  deathSaveRequest,
  resolveRoll,

  onCombatStart,
  onRoundStart,
  onTurnStart,
  onTurnEnd,
  onRoundEnd,
  onCombatEnd,
  resolveTurnRoll,
  actsThisRound,
  initiativeFormula,
  order,
  addEffect,
  effectSave: effectSaveRequest,

  fullHealUp,
  canFlee,

  // [SYS-ACTIONS] action economy and table procedures.
  economy: ECONOMY,
  procedures: PROCEDURES,
  planProcedure,
  resolveProcedure,
  // [13A-RANGE] [13A-ENGAGE] what the bands say about an attack's range.
  attackBandWarnings,

  // [SYS-POWERS] usage kinds, rests, save targets of power effects.
  ...powers,
  // [SYS-WORDS] its words for the shared controls, and the item fields it never reads.
  ...words,
  // [SYS-WORDS] an NPC's stat block, in the game's order and words.
  statBlock: STAT_BLOCK,
  // [SYS-CHARACTER] the class table deriving a character's numbers.
  progression: AGE13_PROGRESSION,
  importFamily: "archmage",
  gear: AGE13_GEAR,
});
