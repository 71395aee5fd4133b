/** Helpers the adapter (and tests) may call directly, beyond the Ruleset interface. */
export { deathSaveDC, woundThreshold, woundTotal, damageTaken } from "./data.js";
export {
  SURPRISE_ROUND_ACTIONS as SURPRISE_ROUND_ACTIONS_KEYS,
  surpriseRoundApplies,
  effectSaveRequest,
} from "./turns.js";
export {
  strenuousActionRequest,
  stableCheckRequest,
  healCheckRequest,
  woundFromSave,
  ONE_ACTION_CHOICES,
} from "./damage.js";
