/**
 * Stand-in for `game.i18n` (localize / format / has) backed by lang/en.json.
 * Differences from Foundry: a missing key throws by default (so tests catch missing strings);
 * pass `{ missing: "key" }` to get Foundry's behaviour of returning the key itself.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

type LangTree = { [key: string]: string | LangTree };

/** Flatten nested objects and flat dotted keys into one `dotted.key → string` map. */
export function flattenLang(tree: LangTree, prefix = "", out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else flattenLang(v, key, out);
  }
  return out;
}

let cache: Map<string, string> | undefined;

/** All strings of lang/en.json, flattened (cached). */
export function standInLangStrings(): Map<string, string> {
  cache ??= flattenLang(JSON.parse(readFileSync(path.join(REPO_ROOT, "lang/en.json"), "utf8")) as LangTree);
  return cache;
}

export interface StandInI18nOptions {
  /** "throw" (default): unknown keys throw. "key": return the key, as Foundry does. */
  missing?: "throw" | "key";
}

export interface I18nStandIn {
  has(key: string): boolean;
  localize(key: string): string;
  format(key: string, data?: Record<string, unknown>): string;
}

export function createI18nStandIn(options: StandInI18nOptions = {}): I18nStandIn {
  const strings = standInLangStrings();
  const localize = (key: string): string => {
    const s = strings.get(key);
    if (s !== undefined) return s;
    if (options.missing === "key") return key;
    throw new Error(`i18n stand-in: missing localization key "${key}" in lang/en.json`);
  };
  return {
    has: (key) => strings.has(key),
    localize,
    format: (key, data = {}) =>
      localize(key).replace(/\{([^}]+)\}/g, (match: string, name: string) =>
        name in data ? String(data[name]) : match,
      ),
  };
}
