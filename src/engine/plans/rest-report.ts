/**
 * What a rest brings back, before and after (pure), issue 45 "rests confirm and report": the
 * lines the confirm dialog shows ahead of a rest (what will come back, what dice will be rolled)
 * and the lines the rest's card lists afterwards (what came back: hit points, the game's healing
 * resource, uses, exhaustion), each an i18n key with its data, in the game's words.
 */
import { restsOf, takeRest } from "../powers.js";
import type { Ruleset } from "../ruleset.js";
import { wordsOf } from "../words.js";
import type { ActorSource, RuleEvent, RuleOptions } from "../types.js";
import { powersAtMoment, type PowerItemState } from "./power-usage.js";

const K = "D20C.Calm.Rest";

/** A number the game keeps beside the core fields (Hundred Dungeons' exhaustion), or null. */
function exhaustionOf(actor: ActorSource): number | null {
  const v = (actor as Record<string, unknown>).exhaustion;
  return typeof v === "number" ? v : null;
}

/**
 * What changed between `before` and `after` a rest, one line each: hit points, the game's healing
 * resource (its own word), exhaustion, and the powers whose uses came back (by name).
 */
export function restChanges(
  ruleset: Pick<Ruleset, "words">,
  before: ActorSource,
  after: ActorSource,
  powersBack: readonly string[],
): RuleEvent[] {
  const out: RuleEvent[] = [];
  if (after.hp.value !== before.hp.value)
    out.push({ key: `${K}.Hp`, data: { from: before.hp.value, to: after.hp.value, max: after.hp.max } });
  if (after.recoveries.value !== before.recoveries.value)
    out.push({
      key: `${K}.Recoveries`,
      data: {
        what: wordsOf(ruleset).recoveries,
        from: before.recoveries.value,
        to: after.recoveries.value,
        max: after.recoveries.max,
      },
    });
  const ex0 = exhaustionOf(before);
  const ex1 = exhaustionOf(after);
  if (ex0 !== null && ex1 !== null && ex0 !== ex1) out.push({ key: `${K}.Exhaustion`, data: { from: ex0, to: ex1 } });
  if (powersBack.length) out.push({ key: `${K}.Uses`, data: { names: powersBack.join(", ") } });
  return out;
}

/** What the confirm dialog of one creature's rest says. */
export interface RestPreview {
  /** The rest's label and hint (i18n keys). */
  label: string;
  hint: string;
  /** What will come back (before any die is rolled). */
  lines: RuleEvent[];
  /** How many dice the rest rolls (recovery dice, hit dice…), and of what. */
  dice: { count: number; formula: string } | null;
  /** Nothing will come back and nothing is rolled. */
  nothing: boolean;
}

/**
 * What one creature's rest will bring back, worked out without rolling: the rest as the game
 * takes it, the powers it refreshes, and the dice it will roll (their results come on the card).
 * `dice` (a Wounds d20 breather's choice) limits how many of them are spent.
 */
export function restPreview(
  ruleset: Ruleset,
  actor: ActorSource,
  rest: string,
  powers: readonly PowerItemState[],
  options: RuleOptions,
): RestPreview {
  const spec = restsOf(ruleset).find((r) => r.key === rest);
  const taken = takeRest(ruleset, actor, rest, options, "preview");
  const back = powersAtMoment(ruleset, powers, { kind: "rest", rest }).resets.map((p) => p.name);
  const lines = restChanges(ruleset, actor, taken.actor, back);
  const rolled = taken.requests.filter((r) => r.kind === "recovery");
  const dice = rolled.length ? { count: rolled.length, formula: rolled[0]!.formula } : null;
  return {
    label: spec?.label ?? rest,
    hint: spec?.hint ?? "",
    lines,
    dice,
    nothing: lines.length === 0 && dice === null,
  };
}
