/**
 * 13th Age combat rules (ruleset id `13th-age`). Helpers live in `./13th-age/`; this file assembles
 * them into the {@link Ruleset} the adapter talks to. See docs/rules.md for each rule's reading.
 */
import type { Ruleset } from "../ruleset.js";
import { ACTOR_FIELDS } from "./13th-age/fields.js";
import {
  attackBonus,
  attackMode,
  damageExpression,
  damageRecipe,
  deriveActor,
  prepareAttack,
  resolveAttack,
} from "./13th-age/attack.js";
import {
  applyDamage,
  applyHealing,
  deathSaveRequest,
  fullHealUp,
  resolveRoll,
  saveRequest,
  startRecovery,
} from "./13th-age/damage.js";
import { ACTIONS, CONDITIONS, DAMAGE_TYPES, DEFENSES, ECONOMY, OPTIONS, SAVES } from "./13th-age/data.js";
import { PROCEDURES, attackBandWarnings, planProcedure, resolveProcedure } from "./13th-age/table.js";
import {
  effectSaveRequest,
  actsThisRound,
  addEffect,
  canFlee,
  initiativeFormula,
  onCombatEnd,
  onCombatStart,
  onRoundEnd,
  onRoundStart,
  onTurnEnd,
  onTurnStart,
  order,
  resolveTurnRoll,
} from "./13th-age/turns.js";
import { readAge13Bands } from "./13th-age/scene.js";
import { powers } from "./13th-age/powers.js";

export const thirteenthAge: Ruleset = {
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
  // [SYS-RULESET] recoveries, rallies and death saves; no wounds, exhaustion, renown, BCB or insubstantial.
  sheet: { wounds: false, exhaustion: false, renown: false, baseCombatBonus: false, insubstantial: false },
  // [SYS-RULESET] monsters are slain at 0 HP ([13A-DOWN]): no recoveries, rallies or death saves,
  // unless the GM marks the NPC important, which the engine then treats like a PC.
  sheetNpc: { recoveries: false, rallies: false, deathSaves: false },
  sheetImportantNpc: { recoveries: true, rallies: true, deathSaves: true },

  deriveActor,
  attackBonus,
  damageExpression,
  attackMode,
  resolveAttack,
  prepareAttack,
  damageRecipe,

  applyDamage,
  applyHealing,
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
};

export * as age13 from "./13th-age/index.js";
