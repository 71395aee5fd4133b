/** A game's Open rules written as one table (pure). */
import type { OptionSpec } from "./types.js";

/**
 * A game's Open rules as option specs, from one table: each rule's default is the game's
 * `defaults` entry (stated once, where the rules read it too), its type follows from that default
 * (a choice when it lists `choices`), and its words sit under `<namespace>.Option.<key>`: `.Name`,
 * `.Hint` and, for a choice, one key per value.
 */
export function openRules<D extends Readonly<Record<string, string | number | boolean>>>(
  namespace: string,
  defaults: D,
  rules: { readonly [K in keyof D & string]: { readonly rule: string; readonly choices?: readonly string[] } },
): OptionSpec[] {
  return Object.entries(rules).map(([key, { rule, choices }]) => {
    const fallback = defaults[key] as string | number | boolean;
    const stem = `${namespace}.Option.${key}`;
    const type = choices ? "choice" : typeof fallback === "boolean" ? "boolean" : "number";
    return {
      key,
      rule,
      label: `${stem}.Name`,
      hint: `${stem}.Hint`,
      type,
      ...(choices ? { choices: Object.fromEntries(choices.map((c) => [c, `${stem}.${c}`])) } : {}),
      default: fallback,
    };
  });
}
