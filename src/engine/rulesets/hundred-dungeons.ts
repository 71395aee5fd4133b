/**
 * Hundred Dungeons (5th-edition style): attacks are ability rolls against one defense, mighty and
 * weak rolls, twenty conditions with six levels of exhaustion, dying with an end-of-turn
 * Constitution check, initiative around the table. Helpers live in `hundred-dungeons/`.
 */
import { clonePlain, d20Formula, netMode, validateActorSource } from "../common.js";
import { ACTOR_FIELDS } from "./hundred-dungeons/fields.js";
import { EngineError } from "../errors.js";
import type { Ruleset } from "../ruleset.js";
import { rollVerdict } from "../resolution.js";
import type {
  AbilityKey,
  ActorSource,
  CombatantSource,
  DerivedActor,
  EffectSource,
  RollMode,
  RollRequest,
  RollResult,
  RuleEvent,
  RuleOptions,
  RuleResult,
} from "../types.js";
import { longRest, powers } from "./hundred-dungeons/powers.js";
import { ABILITY_KEYS } from "../types.js";
import {
  ABILITY_LABEL,
  attackBonus,
  attackMode,
  damageExpression,
  damageRecipe,
  prepareAttack,
  resolveAttack,
} from "./hundred-dungeons/attacks.js";
import {
  actionCap,
  actorChanges,
  afterAct,
  attackAct,
  attackCost,
  attackReactions,
  defenseValue,
  HD_ACTION_KINDS,
  HD_ECONOMY,
  HD_PROCEDURES,
  levelCondition,
  mayTarget,
  planProcedure,
  resolveAttackReaction,
  resolveProcedure,
  resolveProcedureRoll,
  saveRequestWithCover,
} from "./hundred-dungeons/combat.js";
import {
  abilityRollMode,
  conditionSpec,
  EXHAUSTION_LEVELS,
  expandConditions,
  HD_CONDITIONS,
} from "./hundred-dungeons/conditions.js";
import { applyDamage, applyHealing, HD_DAMAGE_TYPES } from "./hundred-dungeons/damage.js";
import { HD_OPTIONS } from "./hundred-dungeons/options.js";
import {
  effectSaveRequest,
  actsOnTurnOf,
  actsThisRound,
  dyingCheckRequest,
  initiativeFormula,
  initiativeModifier,
  onCombatEnd,
  onCombatStart,
  onRoundStart,
  onTurnEnd,
  onTurnStart,
  order,
  resolveDyingCheck,
  resolveTurnRoll,
} from "./hundred-dungeons/turns.js";
import { readHdScene } from "./hundred-dungeons/scene.js";

export * from "./hundred-dungeons/attacks.js";
export * from "./hundred-dungeons/combat.js";
export * from "./hundred-dungeons/conditions.js";
export * from "./hundred-dungeons/damage.js";
export * from "./hundred-dungeons/options.js";
export * from "./hundred-dungeons/turns.js";

const ID = "hundred-dungeons" as const;
const DAMAGE_TYPES: readonly string[] = HD_DAMAGE_TYPES;

function deriveActor(actor: ActorSource): DerivedActor {
  validateActorSource(actor, DAMAGE_TYPES);
  const abilityMods = { ...actor.abilities };
  const saves: Record<string, number> = {};
  for (const k of ABILITY_KEYS) saves[k] = actor.abilities[k];
  const statusLabels = expandConditions(actor.conditions, actor.exhaustion).flatMap((id) => {
    const s = conditionSpec(id);
    return s ? [s.label] : [];
  });
  const lv = EXHAUSTION_LEVELS.find((l) => l.level === Math.min(6, Math.trunc(actor.exhaustion)));
  if (lv) statusLabels.push(lv.label);
  return {
    abilityMods,
    defenses: { def: defenseValue(actor) },
    attackPenalties: [],
    defensePenalties: [],
    initiative: initiativeModifier(actor),
    saves,
    bloodied: false,
    wounded: false,
    damageTaken: Math.max(0, actor.hp.max - actor.hp.value),
    statusLabels,
  };
}

function isAbility(k: string): k is AbilityKey {
  return (ABILITY_KEYS as readonly string[]).includes(k);
}

function saveRequest(actor: ActorSource, kind: string, mode: RollMode, actorId: string): RollRequest {
  if (!isAbility(kind))
    throw new EngineError(
      "save.kind",
      `unknown ability roll "${kind}" (expected one of ${ABILITY_KEYS.join(", ")})`,
      kind,
    );
  const score = actor.abilities[kind];
  const autoFail = expandConditions(actor.conditions, actor.exhaustion).some((id) =>
    conditionSpec(id)?.autoFail?.includes(kind),
  );
  const data: Record<string, string | number | boolean> = { ability: kind };
  if (autoFail) data.autoFail = true;
  return {
    kind: "save",
    actorId,
    formula: `${d20Formula(mode)}${score === 0 ? "" : score > 0 ? ` + ${score}` : ` - ${-score}`}`,
    target: null,
    against: "total",
    label: ABILITY_LABEL(kind),
    data,
  };
}

/** Spending a hit die (the text's only in-combat mention: poisoned creatures can't). No rally here. */
function startRecovery(actor: ActorSource, rally: boolean, actorId: string): RuleResult {
  validateActorSource(actor, DAMAGE_TYPES);
  const next = clonePlain(actor);
  const no = (key: string): RuleResult => ({ actor: next, events: [{ key, actorId }], requests: [] });
  if (rally) return no("D20C.HD.Event.noRally");
  if (actor.state === "dead") return no("D20C.HD.Event.deadNoHealing");
  if (expandConditions(actor.conditions, actor.exhaustion).some((id) => conditionSpec(id)?.noHitDice))
    return no("D20C.HD.Event.poisonedNoHitDice");
  if (actor.recoveries.value <= 0) return no("D20C.HD.Event.noHitDiceLeft");
  return {
    actor: next,
    events: [],
    requests: [
      {
        kind: "recovery",
        actorId,
        formula: actor.recoveries.formula,
        target: null,
        against: "total",
        label: "D20C.HD.HitDie.spend",
      },
    ],
  };
}

function resolveRoll(actor: ActorSource, request: RollRequest, roll: RollResult, options: RuleOptions): RuleResult {
  validateActorSource(actor, DAMAGE_TYPES);
  if (request.kind === "dyingCheck") return resolveDyingCheck(actor, request, roll);
  if (request.kind === "recovery") {
    if (!Number.isFinite(roll.total)) throw new EngineError("roll.total", "must be a finite number", roll.total);
    const healed = applyHealing(actor, Math.max(0, roll.total), "heal", request.actorId, DAMAGE_TYPES);
    healed.actor.recoveries = { ...healed.actor.recoveries, value: Math.max(0, actor.recoveries.value - 1) };
    return healed;
  }
  const events: RuleEvent[] = [];
  // [HD-COVER] behind total cover a Dexterity roll against the effect succeeds outright.
  if (request.data?.autoSucceed === true)
    events.push({ key: "D20C.HD.Event.coverSucceeds", data: { total: roll.total }, actorId: request.actorId });
  else if (request.target !== null) {
    return rollVerdict(
      actor,
      request,
      request.data?.autoFail !== true && roll.total >= request.target,
      { succeeded: "D20C.HD.Event.rollSucceeded", failed: "D20C.HD.Event.rollFailed" },
      { total: roll.total, target: request.target },
    );
  }
  void options;
  return { actor: clonePlain(actor), events, requests: [] };
}

/** Same-named effect from the same creator replaces the old one (effects don't stack with themselves). */
function addEffect(existing: readonly EffectSource[], incoming: EffectSource): EffectSource[] {
  const kept = existing.filter(
    (e) => !(e.name === incoming.name && e.sourceCombatantId === incoming.sourceCombatantId),
  );
  return [...kept.map((e) => clonePlain(e)), clonePlain(incoming)];
}

/** The text is silent on fleeing: a party can try while any of its characters can still act. */
function canFlee(combatants: readonly CombatantSource[]): boolean {
  return combatants.some((c) => c.side === "player" && c.actor.state === "active");
}

export const hundredDungeons: Ruleset = {
  id: ID,
  label: "D20C.HD.Name",
  defenses: [{ key: "def", label: "D20C.HD.Defense.def", abbr: "D20C.HD.Defense.defAbbr" }],
  saves: ABILITY_KEYS.map((k) => ({ key: k, label: ABILITY_LABEL(k) })),
  damageTypes: DAMAGE_TYPES,
  traitForms: { resist: "halve", vulnerable: "double" },
  actorFields: ACTOR_FIELDS,
  conditions: HD_CONDITIONS,
  initiative: { mode: "aroundTable", roll: "gmSingle", surprise: "skipFirstRound", simultaneousTies: false },
  escalationByDefault: false,
  actions: HD_ACTION_KINDS,
  options: HD_OPTIONS,
  situational: ["cover", "mighty", "weak", "withinMeleeReach", "wrongSquare", "bonus"],
  readScene: readHdScene,
  coverLevels: ["none", "partial", "total"],
  knockOut: true,
  // [SYS-RULESET] exhaustion, renown and weapon skills; hit dice ride on recoveries, the dying check
  // on the death-save button; no rally, wounds, BCB, base save bonus or insubstantial.
  sheet: { rallies: false, wounds: false, baseCombatBonus: false, baseSaveBonus: false, insubstantial: false },
  // [SYS-RULESET] [HD-ENEMYDEATH] enemies die at 0 HP and spend no hit dice; an important one goes
  // dying, so it keeps the dying check (not hit dice).
  sheetNpc: { recoveries: false, deathSaves: false },
  sheetImportantNpc: { deathSaves: true },
  // [HD-TURN] speed is 60 ft unless something changes it.
  defaultSpeed: 60,
  // Abilities are modifiers here: a blank creature starts at +0 in each.
  defaultAbilities: { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 },

  deriveActor: (actor) => deriveActor(actor),
  attackBonus: (actor, _derived, power, weapon) => attackBonus(actor, power, weapon),
  damageExpression: (actor, _derived, power, weapon) => damageExpression(power, weapon, actor),
  attackMode,
  resolveAttack,
  prepareAttack,
  damageRecipe,

  applyDamage: (actor, packet, options, actorId) => applyDamage(actor, packet, options, actorId, DAMAGE_TYPES),
  applyHealing: (actor, amount, kind, _options, actorId) => applyHealing(actor, amount, kind, actorId, DAMAGE_TYPES),
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
  resolveRoll,

  onCombatStart,
  onRoundStart,
  onTurnStart,
  onTurnEnd,
  onRoundEnd: () => [],
  onCombatEnd: (ctx) => onCombatEnd(ctx),
  resolveTurnRoll: (ctx, request, roll) =>
    request.kind === "procedure" ? resolveProcedureRoll(ctx, request, roll) : resolveTurnRoll(ctx, request, roll),
  actsThisRound,
  initiativeFormula,
  order,
  addEffect,
  effectSave: effectSaveRequest,

  fullHealUp: longRest,
  canFlee,

  // [SYS-POWERS] usage kinds, rests, save targets of power effects.
  ...powers,
  // [HD-ROUND] a round is 20 seconds (three to the minute).
  roundSeconds: 20,
  // [SYS-ACTIONS] the table procedures, Parry, provoked attacks and hiding, charm, exhaustion 6.
  economy: HD_ECONOMY,
  actionCap,
  actsOnTurnOf,
  procedures: HD_PROCEDURES,
  planProcedure,
  resolveProcedure,
  attackReactions,
  resolveAttackReaction,
  afterAct,
  attackAct,
  mayTarget,
  actorChanges,
  attackCost,
  saveRequestWithCover,
  // [HD-COND] a power's exhaustion is a level gained, not an effect.
  levelCondition,
};
