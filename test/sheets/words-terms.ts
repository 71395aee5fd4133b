/**
 * [SYS-WORDS] Each game's terms as a user reads them (its vocabulary and its own words for shared
 * strings, localised), the terms of other games it lacks, and the leaks of a screen: another game's
 * term or a raw token (`@ref`, `[W]` outside FFd20, an unfilled `{placeholder}`). Read by the words
 * test and the forecast screenshots.
 */
import type { RulesetId } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { getRuleset } from "../../src/engine/registry.js";
import { say, vocabularyOf, type Vocabulary } from "../../src/engine/vocabulary.js";
import { i18n } from "./sheet-fixtures.js";
import { decode, readTexts, type Screen } from "./words-screens.js";

/** The keys of every word of a vocabulary (for the words test and the lang check). */
export function vocabularyKeys(v: Vocabulary): string[] {
  return [
    ...v.defenses,
    ...v.conditions,
    ...v.saves,
    ...v.usages,
    ...v.rests,
    ...v.durations.map((d) => d.label),
    ...v.saveKinds.map((d) => d.label),
    ...v.itemTypes.flatMap((t) => [t.label, t.plural]),
    ...v.bonusKinds,
    ...v.controls,
    ...v.statuses,
    ...Object.values(v.words),
  ];
}

/** Lower case, one space, a hyphen read as a space ("At-Will" and "At will" are one term). */
const norm = (s: string) =>
  s
    .replace(/[-\s]+/g, " ")
    .trim()
    .toLowerCase();

/** The core words every game's sheet shows (the six abilities): shared, whatever a game uses them for. */
const CORE = new Set(["str", "dex", "con", "int", "wis", "cha"].map((a) => norm(i18n.localize(`D20C.Ability.${a}`))));

/** Every shared key some game words in its own way: each game's vocabulary says it its way (or the shared way). */
const OVERRIDDEN = [...new Set(RULESET_IDS.flatMap((id) => Object.keys(getRuleset(id).vocabulary?.words ?? {})))];

/** A game's terms, localised: its vocabulary and, for every shared key a game words its own way, its word for it. */
function termsOf(id: RulesetId): Set<string> {
  const r = getRuleset(id);
  const v = vocabularyOf(r);
  const keys = [...vocabularyKeys(v), ...OVERRIDDEN.map((k) => say(r, k))];
  // A sustain control only where the game sustains effects.
  const offered = keys.filter((k) => v.sustain || !/Sustain/.test(k));
  return new Set(
    offered
      .filter((k) => i18n.has(k))
      .map((k) => norm(i18n.localize(k)))
      .filter((t) => t !== "" && !t.includes("{") && !CORE.has(t)),
  );
}

const TERMS = new Map<string, Set<string>>(RULESET_IDS.map((id) => [id, termsOf(id)]));

/** Terms of other games this one lacks. */
export function foreignTerms(id: RulesetId): string[] {
  const mine = TERMS.get(id)!;
  const out = new Set<string>();
  for (const other of RULESET_IDS) if (other !== id) for (const t of TERMS.get(other)!) if (!mine.has(t)) out.add(t);
  return [...out];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/**
 * Where a term stands in a text: a phrase (two words or more, or a long word) anywhere as whole
 * words; a short single word only as the whole text (a label or a button), so "normal" or "power"
 * in a sentence is not taken for the label.
 */
function found(text: string, term: string): boolean {
  const t = norm(text).replace(/[:\s]+$/, "");
  if (/\s/.test(term) || term.length >= 9) return new RegExp(`(^|[^\\p{L}])${escape(term)}($|[^\\p{L}])`, "u").test(t);
  return t === term;
}

/** Raw tokens a user should never read. */
function rawTokens(text: string, id: RulesetId): string[] {
  const out: string[] = [];
  // Foundry's enrichers turn @UUID[…]{…} links into links: not raw.
  const plain = text.replace(/@(UUID|Compendium)\[[^\]]*\](\{[^}]*\})?/g, "");
  for (const m of plain.matchAll(/@[a-z][\w.]*/gi)) out.push(m[0]);
  if (id !== "ffd20") for (const m of plain.matchAll(/\d*\[W\]/g)) out.push(m[0]);
  for (const m of plain.matchAll(/\{[a-zA-Z]\w*\}/g)) out.push(m[0]);
  return out;
}

/** The leaks of one screen: foreign terms and raw tokens, each with the text it stands in. */
export function leaksOf(screen: Screen, id: RulesetId, foreign: readonly string[]): string[] {
  const leaks: string[] = [];
  const mine = [...TERMS.get(id)!];
  const texts = screen.slug === "pack-doc" ? [decode(screen.html.replace(/<[^>]*>/g, " "))] : readTexts(screen.html);
  for (const text of texts) {
    // A foreign term inside one of the game's own ("save bonus" in Wounds d20's "base save bonus") is its own.
    const own = (term: string) => mine.some((m) => m !== term && m.includes(term) && found(text, m));
    for (const term of foreign)
      if (found(text, term) && !own(term)) leaks.push(`${screen.name}: "${term}" in "${text.slice(0, 120)}"`);
    for (const token of rawTokens(text, id)) leaks.push(`${screen.name}: raw "${token}" in "${text.slice(0, 120)}"`);
  }
  return leaks;
}
