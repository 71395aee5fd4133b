/**
 * Rests ask first (issue 45): the confirm dialog's content in a language (pure; the adapter,
 * src/workflows/rest-confirm.ts, passes `game.i18n`; tests a stand-in).
 */
import type { RestPreview } from "../plans/rest-report.js";
import type { RuleEvent } from "../types.js";

/** A localiser: `game.i18n` in Foundry (`fmt`), a stand-in in tests. */
type Format = (key: string, data?: Record<string, string | number>) => string;

/** One rest line in a language (its data's `what` is a word key of the game). */
export function restLineWith(format: Format, line: RuleEvent): string {
  const data: Record<string, string | number> = { ...line.data };
  if (typeof data.what === "string") data.what = format(data.what);
  return format(line.key, data);
}

/**
 * The confirm dialog's content (pure, templates/chat/rest-confirm.hbs) for creatures about to take
 * one rest: the rest's hint, what will come back to each, the dice it rolls, and — for one creature
 * whose rest rolls dice — how many to spend; also the rest's name for the title.
 */
export function restConfirmContext(format: Format, previews: readonly { name: string; preview: RestPreview }[]) {
  const first = previews[0]?.preview;
  const single = previews.length === 1 ? first : undefined;
  return {
    label: format(first?.label ?? ""),
    hint: first?.hint ? format(first.hint) : "",
    creatures: previews.map(({ name, preview }) => ({
      name,
      lines: preview.lines.map((line) => restLineWith(format, line)),
      nothing: format("D20C.Calm.Rest.Nothing"),
      dice: preview.dice
        ? format("D20C.Calm.Rest.Dice", { count: preview.dice.count, formula: preview.dice.formula })
        : "",
    })),
    spend: single?.dice
      ? { label: format("D20C.Calm.Rest.Spend", { formula: single.dice.formula }), max: single.dice.count }
      : null,
  };
}
