/**
 * A power's words and effects on the attack card, decided (pure): the free text of each outcome,
 * each hit / miss / crit effect with the game's save target and the conditions' labels (so the
 * card renders without the ruleset), and for every target which of those effects its own outcome
 * and natural roll trigger ([SYS-POWERS]; 13th Age "natural even hit", [13A-SAVE], [FF-SAVE]).
 */
import { effectSaveTarget, hasLastingPart, powerEffectApplies } from "../powers.js";
import type { Ruleset } from "../ruleset.js";
import type { AttackOutcome, PowerEffectBody, PowerEffectSpec, PowerSource, PowerTexts } from "../types.js";
import type { DurationKind, TurnOf } from "../types.js";
import { durationChoiceOf, durationOfChoice } from "../effects.js";

/** The lasting part of an effect as the card keeps it: the game's save target and condition labels with it. */
export interface CardEffectBody extends Omit<PowerEffectBody, "duration"> {
  duration: DurationKind;
  /** Whose next turn times it: absent = the attacker's, `bearer` = the target's ("its next turn"). */
  turnOf?: TurnOf;
  /** Save target of a save-ends effect in the card's game (null = none given). */
  saveTarget: number | null;
  /** i18n keys of the imposed conditions' names, in `statuses` order. */
  statusLabels: string[];
}

/** One hit / miss / crit effect of the power as the card keeps it. */
export interface CardPowerEffect extends Omit<PowerEffectSpec, "aftereffect" | "duration">, CardEffectBody {
  aftereffect: CardEffectBody | null;
}

/** The power's words and effects on a card. */
export interface CardPower {
  texts: PowerTexts;
  effects: CardPowerEffect[];
  /** The attacker's combatant at roll time (times "your next turn" and sustain); null = none. */
  sourceCombatantId: string | null;
}

function cardBody(ruleset: Ruleset, body: PowerEffectBody): CardEffectBody {
  const { duration, turnOf } = durationOfChoice(body.duration) ?? { duration: "saveEnds", turnOf: "creator" };
  return {
    statuses: [...body.statuses],
    duration,
    ...(turnOf === "bearer" ? { turnOf } : {}),
    save: body.save,
    sustain: body.sustain,
    ongoing: body.ongoing ? { ...body.ongoing } : null,
    saveTarget: body.duration === "saveEnds" ? effectSaveTarget(ruleset, body.save) : null,
    statusLabels: body.statuses.map((id) => ruleset.conditions.find((c) => c.id === id)?.label ?? id),
  };
}

/** The card's power block, or undefined when the power has neither text nor effects. */
export function cardPowerOf(
  ruleset: Ruleset,
  power: Pick<PowerSource, "texts" | "effects">,
  sourceCombatantId: string | null,
): CardPower | undefined {
  const texts = power.texts ?? { hit: "", miss: "", crit: "" };
  const effects = power.effects ?? [];
  if (!effects.length && !texts.hit.trim() && !texts.miss.trim() && !texts.crit.trim()) return undefined;
  return {
    texts: { ...texts },
    effects: effects.map((e) => ({
      outcome: e.outcome,
      trigger: { ...e.trigger },
      text: e.text,
      ...cardBody(ruleset, e),
      aftereffect: e.aftereffect && hasLastingPart(e.aftereffect) ? cardBody(ruleset, e.aftereffect) : null,
      ...(e.forced && e.forced.squares > 0 ? { forced: { ...e.forced } } : {}),
      ...(e.damage && e.damage.formula.trim()
        ? { damage: { formula: e.damage.formula, types: [...e.damage.types] } }
        : {}),
    })),
    sourceCombatantId,
  };
}

/** The engine's view of a card effect (for the ruleset's decisions). */
function specOfCardEffect(e: CardPowerEffect): PowerEffectSpec {
  const body = (b: CardEffectBody): PowerEffectBody => ({
    statuses: [...b.statuses],
    duration: durationChoiceOf(b.duration, b.turnOf),
    save: b.save,
    sustain: b.sustain,
    ongoing: b.ongoing ? { ...b.ongoing } : null,
  });
  return {
    outcome: e.outcome,
    trigger: { ...e.trigger },
    text: e.text,
    ...body(e),
    aftereffect: e.aftereffect ? body(e.aftereffect) : null,
    ...(e.forced ? { forced: { ...e.forced } } : {}),
    ...(e.damage ? { damage: { formula: e.damage.formula, types: [...e.damage.types] } } : {}),
  };
}

/**
 * Indexes of the card's effects a target gets from its outcome: those whose outcome and natural-roll
 * trigger the ruleset says apply, and that impose something (conditions or ongoing damage).
 */
export function effectsForOutcome(ruleset: Ruleset, power: CardPower | undefined, outcome: AttackOutcome): number[] {
  if (!power) return [];
  const out: number[] = [];
  power.effects.forEach((e, i) => {
    if (hasLastingPart(e) && powerEffectApplies(ruleset, specOfCardEffect(e), outcome)) out.push(i);
  });
  return out;
}

/**
 * [FF-FORCED] Indexes of the card's effects whose push / pull / slide a target gets from its outcome
 * (in games with forced movement only).
 */
export function forcedForOutcome(ruleset: Ruleset, power: CardPower | undefined, outcome: AttackOutcome): number[] {
  if (!power || !ruleset.forcedPath) return [];
  const out: number[] = [];
  power.effects.forEach((e, i) => {
    if (e.forced && e.forced.squares > 0 && powerEffectApplies(ruleset, specOfCardEffect(e), outcome)) out.push(i);
  });
  return out;
}
