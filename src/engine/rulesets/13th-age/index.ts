/** The 13th Age helpers the adapter may show beyond the Ruleset interface (table procedure). */
export * from "./data.js";
export {
  critThreshold,
  isVulnerable,
  noRecoveryPenalty,
  usesEscalation,
  initiativeModifier,
  DEFAULT_DEFENSE,
} from "./attack.js";
export { disengageRequest, recoveryRequest, stateForHp, belowDeathLine, resistAdjustment } from "./damage.js";
export { flee, savesAgainst } from "./turns.js";
