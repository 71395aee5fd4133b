/**
 * Stand-ins for the Foundry Handlebars helpers our templates use. Foundry registers its own at
 * startup; tests register these on an isolated Handlebars instance (test/support/handlebars.ts).
 * Each imitates the documented v13 behaviour closely enough for rendering tests, not exactly
 * (e.g. `numberFormat` ignores locale grouping, `selectOptions` supports the common options only).
 */
import type { HelperDelegate, HelperOptions } from "handlebars";
import Handlebars from "handlebars";
import { createI18nStandIn, type StandInI18nOptions } from "./i18n.js";

type Hash = Record<string, unknown>;
const hashOf = (args: unknown[]): Hash => ((args.at(-1) as HelperOptions | undefined)?.hash ?? {}) as Hash;
/** Handlebars passes its options object last; drop it. */
const positional = (args: unknown[]): unknown[] => args.slice(0, -1);

export function standInFoundryHelpers(i18nOptions: StandInI18nOptions = {}): Record<string, HelperDelegate> {
  const i18n = createI18nStandIn(i18nOptions);
  const esc = Handlebars.escapeExpression;

  return {
    /** {{localize "KEY"}} or {{localize "KEY" name=value}} (hash → game.i18n.format). */
    localize: (...args: unknown[]) => {
      const [key] = positional(args);
      if (typeof key !== "string")
        throw new Error(`localize stand-in: key is ${String(key)} (missing context property?)`);
      const hash = hashOf(args);
      return Object.keys(hash).length ? i18n.format(key, hash) : i18n.localize(key);
    },
    /** {{numberFormat value decimals=0 sign=false}} */
    numberFormat: (...args: unknown[]) => {
      const [raw] = positional(args);
      const { decimals = 0, sign = false } = hashOf(args) as { decimals?: number; sign?: boolean };
      let value = typeof raw === "number" ? raw : parseFloat(String(raw));
      if (Number.isNaN(value)) value = 0;
      const str = value.toFixed(decimals);
      return sign && value >= 0 ? `+${str}` : str;
    },
    eq: (a: unknown, b: unknown) => a === b,
    ne: (a: unknown, b: unknown) => a !== b,
    lt: (a: number, b: number) => a < b,
    lte: (a: number, b: number) => a <= b,
    gt: (a: number, b: number) => a > b,
    gte: (a: number, b: number) => a >= b,
    not: (a: unknown) => !a,
    and: (...args: unknown[]) => positional(args).every(Boolean),
    or: (...args: unknown[]) => positional(args).some(Boolean),
    concat: (...args: unknown[]) => positional(args).map(String).join(""),
    ifThen: (cond: unknown, a: unknown, b: unknown) => (cond ? a : b),
    checked: (v: unknown) => (v ? "checked" : ""),
    disabled: (v: unknown) => (v ? "disabled" : ""),
    /** {{object key=value ...}} → a plain object built from the hash. */
    object: (...args: unknown[]) => ({ ...hashOf(args) }),
    /**
     * {{selectOptions choices selected=value blank="" localize=true valueAttr labelAttr}}
     * choices: a record value → label, or an array of {value, label} (or of valueAttr/labelAttr objects).
     */
    selectOptions: (choices: unknown, options: HelperOptions) => {
      const hash = options.hash as Hash;
      const selected = hash.selected;
      const isSelected = (v: string) =>
        Array.isArray(selected) ? selected.map(String).includes(v) : selected != null && String(selected) === v;
      const label = (l: unknown) => (hash.localize ? i18n.localize(String(l)) : String(l));
      const valueAttr = (hash.valueAttr as string | undefined) ?? "value";
      const labelAttr = (hash.labelAttr as string | undefined) ?? "label";
      const entries: [string, unknown][] = Array.isArray(choices)
        ? choices.map((c: Record<string, unknown>) => [String(c[valueAttr]), c[labelAttr]])
        : Object.entries((choices ?? {}) as Record<string, unknown>);
      const html: string[] = [];
      if (hash.blank !== undefined && hash.blank !== null) {
        html.push(`<option value=""${isSelected("") ? " selected" : ""}>${esc(label(hash.blank || ""))}</option>`);
      }
      for (const [v, l] of entries) {
        html.push(`<option value="${esc(v)}"${isSelected(v) ? " selected" : ""}>${esc(label(l))}</option>`);
      }
      return new Handlebars.SafeString(html.join(""));
    },
  };
}
