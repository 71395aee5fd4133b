/**
 * Pieces of attack and roll resolution every game shares: the outcome record, the itemised attack
 * bonus, the escalation die's modifier, miss damage, and a roll against a target number. Each game
 * decides its own hit/crit/miss branches and calls these to state the result.
 */
import { clonePlain } from "./common.js";
import type { DamageExpression } from "./dice.js";
import { mergeDice } from "./dice.js";
import { EngineError, requireFinite } from "./errors.js";
import type { AttackInput, AttackOutcome, Modifier, RollRequest, RollResult, RuleEvent } from "./types.js";
import type { ActorSource, DamageRecipe, DamageRecipeInput, RuleResult } from "./types.js";

/**
 * What a game decided about one attack; the outcome's derived flags follow from `result`. The miss
 * effect applies on a plain miss of a power that has one unless the game says otherwise.
 */
export type OutcomeParts = Omit<AttackOutcome, "dice" | "isHit" | "isCrit" | "autoMiss" | "missEffect"> & {
  dice: readonly number[];
  hasMissEffect: boolean;
  missEffect?: boolean;
};

/** The attack outcome the card, odds and turn plans read, from a game's decision. */
export function attackOutcome(p: OutcomeParts): AttackOutcome {
  return {
    natural: p.natural,
    dice: [...p.dice],
    mode: p.mode,
    modifiers: p.modifiers,
    total: p.total,
    defenseKey: p.defenseKey,
    defense: p.defense,
    critThreshold: p.critThreshold,
    result: p.result,
    isHit: p.result === "hit" || p.result === "crit",
    isCrit: p.result === "crit",
    autoHit: p.autoHit,
    autoMiss: p.result === "autoMiss",
    missEffect: p.missEffect ?? (p.result === "miss" && p.hasMissEffect),
    reasons: p.reasons,
  };
}

/** The attack bonus's parts, each checked to be a finite number (`field[i].value` names a bad one). */
export function checkedParts(parts: readonly Modifier[] | undefined, field = "attack.bonusParts"): Modifier[] {
  return (parts ?? []).map((m, i) => ({ ...m, value: requireFinite(`${field}[${i}].value`, m.value) }));
}

/**
 * The base attack bonus itemised for the card: the caller's parts when it gave some, and what they
 * leave of `total` as one `attackBonus` line labelled `restLabel`; with no parts, `total` as one line
 * labelled `wholeLabel`. A zero line is kept only when `keepZero` (some cards always show the bonus).
 */
export function itemisedBonus(
  total: number,
  parts: readonly Modifier[] | undefined,
  labels: { whole: string; rest: string; key?: string },
  keepZero = true,
): Modifier[] {
  const key = labels.key ?? "attackBonus";
  const given = checkedParts(parts);
  if (given.length === 0) return keepZero || total !== 0 ? [{ key, label: labels.whole, value: total }] : [];
  const rest = total - given.reduce((s, m) => s + m.value, 0);
  return rest !== 0 ? [...given, { key, label: labels.rest, value: rest }] : given;
}

/** i18n key of the escalation die's line on every game's card. */
const ESCALATION_LABEL = "D20C.Modifier.escalation";

/**
 * The escalation die's attack modifier: the die's value for a PC or an NPC flagged to use it, none
 * at 0 (the adapter passes 0 where the game or the GM has the die off).
 */
export function escalationModifier(attacker: AttackInput["attacker"], escalation: number): Modifier | null {
  const value = Math.trunc(requireFinite("attack.escalation", escalation));
  if (value <= 0 || !(attacker.kind === "character" || attacker.usesEscalation)) return null;
  return { key: "escalation", label: ESCALATION_LABEL, value };
}

/** `a + b` as one expression, like dice merged (`1d6 + 1d6` → `2d6`); copies, never aliases. */
export function sumDamage(a: DamageExpression, b: DamageExpression | null = null): DamageExpression {
  return mergeDice({ dice: [...a.dice, ...(b?.dice ?? [])].map((d) => ({ ...d })), flat: a.flat + (b?.flat ?? 0) });
}

/**
 * Damage of a miss that applies: half the hit damage or the power's miss formula, with the game's
 * note for each; null when the power's miss deals nothing.
 */
export function missDamageRecipe(
  input: DamageRecipeInput,
  notes: { half: string; formula: string },
  flatBonus = 0,
): DamageRecipe | null {
  if (!input.missApplies) return null;
  const base = { flatBonus, minimum: 0, types: [...input.types] };
  if (input.missEffect === "half" && input.hit)
    return { ...base, roll: sumDamage(input.hit), multiplier: 0.5, notes: [notes.half] };
  if (input.missEffect === "formula" && input.miss)
    return { ...base, roll: sumDamage(input.miss), multiplier: 1, notes: [notes.formula] };
  return null;
}

/**
 * A roll against a target number that changes nothing but says how it went: one event, `succeeded`
 * or `failed` (with `data`), for the roll's actor. `ok` is the game's verdict.
 */
export function rollVerdict(
  actor: ActorSource,
  request: RollRequest,
  ok: boolean,
  keys: { succeeded: string; failed: string },
  data?: RuleEvent["data"],
): RuleResult {
  const event: RuleEvent = { key: ok ? keys.succeeded : keys.failed, actorId: request.actorId };
  if (data) event.data = data;
  return { actor: clonePlain(actor), events: [event], requests: [] };
}

/** Whether a roll meets its request's target (`null` target: always), on the total or the natural die. */
export function meetsTarget(request: RollRequest, roll: RollResult): boolean {
  const v = request.against === "natural" ? roll.natural : roll.total;
  if (v === null) throw new EngineError("roll.natural", "a natural d20 result is needed for this roll", roll);
  return request.target === null || v >= request.target;
}
