/**
 * Pieces of attack and roll resolution every game shares: the outcome record, the itemised attack
 * bonus, the escalation die's modifier, miss damage, and a roll against a target number. Each game
 * decides its own hit/crit/miss branches and calls these to state the result.
 */
import { clonePlain, d20Formula, keptNatural } from "./common.js";
import type { DamageExpression } from "./dice.js";
import { mergeDice } from "./dice.js";
import { EngineError, requireFinite } from "./errors.js";
import type { Ruleset } from "./ruleset.js";
import type { AttackInput, AttackOutcome, AttackResult, FaceResult, Modifier, PreparedAttack } from "./types.js";
import type { RollMode, RollRequest } from "./types.js";
import type { ActorSource, DamageRecipe, DamageRecipeInput, RollResult, RuleEvent, RuleResult } from "./types.js";

/** The roll of one attack: the kept die, the dice, the mode, the modifiers, total and defense it met. */
interface AttackRoll {
  natural: number;
  dice: readonly number[];
  mode: RollMode;
  modifiers: Modifier[];
  total: number;
  defense: number;
  critThreshold: number;
}

/**
 * What a game decided about it. The miss effect applies on a plain miss of a power that has one
 * unless the game says otherwise (`missEffect`).
 */
interface AttackDecision {
  result: AttackOutcome["result"];
  autoHit: boolean;
  reasons: string[];
  missEffect?: boolean;
  coupDeGrace?: boolean;
}

/** The attack outcome the card, odds and turn plans read; its derived flags follow from `result`. */
function attackOutcome(
  input: Pick<AttackInput, "defense" | "hasMissEffect">,
  roll: AttackRoll,
  decision: AttackDecision,
): AttackOutcome {
  const { result } = decision;
  return {
    natural: roll.natural,
    dice: [...roll.dice],
    mode: roll.mode,
    modifiers: roll.modifiers,
    total: roll.total,
    defenseKey: input.defense.key,
    defense: roll.defense,
    critThreshold: roll.critThreshold,
    result,
    isHit: result === "hit" || result === "crit",
    isCrit: result === "crit",
    autoHit: decision.autoHit,
    autoMiss: result === "autoMiss",
    missEffect: decision.missEffect ?? (result === "miss" && input.hasMissEffect),
    reasons: decision.reasons,
    ...(decision.coupDeGrace ? { coupDeGrace: true } : {}),
  };
}

/** `resolveAttack` from a game's `prepareAttack`: the dice checked first, then decided. */
export function resolvedBy(
  prepare: (input: Omit<AttackInput, "dice">, checkDice?: readonly number[]) => PreparedAttack,
): (input: AttackInput) => AttackOutcome {
  return (input) => prepare(input, input.dice).outcome(input.dice);
}

/**
 * One branch of a game's decision on a kept natural: its result, whether a rule forced the hit the
 * total missed, and the reasons the card gives for it. Built once, when the game's module loads, so
 * deciding a face allocates nothing.
 */
export interface FaceDecision {
  readonly result: AttackResult;
  readonly autoHit: boolean;
  readonly reasons: readonly string[];
  /** [WD-COUPDEGRACE] this branch is a coup de grace the game granted (the outcome says so). */
  readonly coupDeGrace?: boolean;
}

/** A {@link FaceDecision} (read-only by its type; a frozen reasons array would slow every copy of it). */
export function faceDecision(result: AttackResult, autoHit = false, ...reasons: string[]): FaceDecision {
  return { result, autoHit, reasons };
}

/** The eight possible face results, shared (a face result is read, never kept or changed). */
const FACE_RESULTS: Record<AttackResult, readonly [FaceResult, FaceResult]> = {
  autoMiss: faceResults("autoMiss"),
  miss: faceResults("miss"),
  hit: faceResults("hit"),
  crit: faceResults("crit"),
};

function faceResults(result: AttackResult): readonly [FaceResult, FaceResult] {
  return [Object.freeze({ result, missEffect: false }), Object.freeze({ result, missEffect: true })];
}

/** What a game's attack comes to with the dice left open (see {@link preparedAttack}). */
export interface AttackSpec {
  mode: RollMode;
  modifiers: Modifier[];
  defense: number;
  critThreshold: number;
  /** The roll's total for a kept natural (default: the natural plus `modifierSum`). */
  total?(natural: number): number;
  modifierSum?: number;
  /** The branch a kept natural and its total take. */
  decide(natural: number, total: number): FaceDecision;
  /** Reasons the card gives before and after the branch's own, whatever the die shows. */
  before?: readonly string[];
  after?: readonly string[];
  /** Whether the miss effect applies to a result (default: a plain miss of a power that has one). */
  missEffect?(result: AttackResult): boolean;
}

/**
 * A game's attack prepared from its spec: the outcome of any dice and the result of any kept
 * natural both come from the one `decide`, so what exact odds count is what a roll resolves to.
 * Methods on the prototype: preparing one attack (every `resolveAttack`) makes no closures here.
 */
class SpecifiedAttack implements PreparedAttack {
  readonly mode: RollMode;
  constructor(
    private readonly input: Pick<AttackInput, "defense" | "hasMissEffect">,
    private readonly spec: AttackSpec,
  ) {
    this.mode = spec.mode;
  }

  private total(natural: number): number {
    const { spec } = this;
    return spec.total ? spec.total(natural) : natural + (spec.modifierSum ?? 0);
  }

  private missEffect(result: AttackResult): boolean {
    const { spec } = this;
    return spec.missEffect ? spec.missEffect(result) : result === "miss" && this.input.hasMissEffect;
  }

  face(natural: number): FaceResult {
    const { result } = this.spec.decide(natural, this.total(natural));
    return FACE_RESULTS[result][this.missEffect(result) ? 1 : 0];
  }

  outcome(dice: readonly number[]): AttackOutcome {
    const { spec } = this;
    const natural = keptNatural(dice, this.mode);
    const total = this.total(natural);
    const d = spec.decide(natural, total);
    const before = spec.before ?? [];
    const after = spec.after ?? [];
    const reasons = before.length === 0 && after.length === 0 ? d.reasons.slice() : [...before, ...d.reasons, ...after];
    return attackOutcome(
      this.input,
      {
        natural,
        dice,
        mode: this.mode,
        modifiers: spec.modifiers,
        total,
        defense: spec.defense,
        critThreshold: spec.critThreshold,
      },
      {
        result: d.result,
        autoHit: d.autoHit,
        reasons,
        missEffect: this.missEffect(d.result),
        coupDeGrace: d.coupDeGrace === true,
      },
    );
  }
}

/** A game's {@link PreparedAttack} from its spec (see {@link SpecifiedAttack}). */
export function preparedAttack(
  input: Pick<AttackInput, "defense" | "hasMissEffect">,
  spec: AttackSpec,
): PreparedAttack {
  return new SpecifiedAttack(input, spec);
}

/**
 * The shared default of `prepareAttack`: the attack resolved once per face, its mode the one the
 * ruleset keeps for a natural 1 (as the roll it gives for two equal dice says).
 */
export function resolvingEachFace(
  ruleset: Pick<Ruleset, "attackMode" | "resolveAttack">,
  input: Omit<AttackInput, "dice">,
): PreparedAttack {
  const planned = ruleset.attackMode(input);
  const outcome = (dice: readonly number[]) => ruleset.resolveAttack({ ...input, dice: [...dice] });
  const face = (natural: number): AttackOutcome => {
    const o = outcome(planned === "normal" ? [natural] : [natural, natural]);
    if (o.natural !== natural) {
      throw new EngineError("attack.dice", `the ruleset kept ${o.natural} where ${natural} was rolled`, natural);
    }
    return o;
  };
  return { mode: face(1).mode, face, outcome };
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
  // One object literal per recipe: spreading a shared base and adding keys is many times slower.
  const recipe = (roll: DamageExpression, multiplier: number, note: string): DamageRecipe => ({
    roll,
    flatBonus,
    multiplier,
    minimum: 0,
    types: [...input.types],
    notes: [note],
  });
  if (input.missEffect === "half" && input.hit) return recipe(sumDamage(input.hit), 0.5, notes.half);
  if (input.missEffect === "formula" && input.miss) return recipe(sumDamage(input.miss), 1, notes.formula);
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

/** Formula `1d20 ± bonus` in a roll mode (the bonus left out when 0). */
export function d20Plus(bonus: number, mode: RollMode = "normal"): string {
  const b = Math.trunc(bonus);
  return b === 0 ? d20Formula(mode) : `${d20Formula(mode)} ${b < 0 ? "-" : "+"} ${Math.abs(b)}`;
}

/** A roll of healing dice (a recovery, hit die, surge) with no target, labelled for the card. */
export function healingRoll(actorId: string, formula: string, label: string, data?: RollRequest["data"]): RollRequest {
  return { kind: "recovery", actorId, formula, target: null, against: "total", label, ...(data ? { data } : {}) };
}

/** The bearer's save against one effect: `formula` (a d20 plus its bonuses) against `target`. */
export function effectSaveRoll(
  actorId: string,
  effect: { id: string },
  formula: string,
  target: number,
  label: string,
  data?: RollRequest["data"],
): RollRequest {
  return {
    kind: "save",
    actorId,
    effectId: effect.id,
    formula,
    target,
    against: "total",
    label,
    ...(data ? { data } : {}),
  };
}
