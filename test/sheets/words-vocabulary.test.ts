/**
 * [SYS-WORDS] [SYS-CONTENT] Each game's vocabulary, derived from its ruleset (defenses, conditions,
 * saves, usage kinds, rests, the durations and save difficulties it offers, its item types, the
 * bonus kinds its attacks itemise, and its own words for shared strings), and every screen of the
 * game read as a user reads it: the screens of `screensOf` (sheets per tab, NPC stat blocks, an item
 * sheet per type, tracker, roll and attack cards, the Effects section) and those of
 * `moreScreensOf` (limited sheet, effect form, HUD prompt, turn summary, situation dialog, every
 * pack actor's and item's sheet, every pack document's prose). A screen fails on a term another
 * game's vocabulary has and its own has not (words two games share stay allowed), and on a raw
 * token: an `@ref`, a `[W]` outside FFd20, an unfilled `{placeholder}`.
 */
import { describe, expect, it } from "vitest";
import type { RulesetId } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { getRuleset } from "../../src/engine/registry.js";
import { say, vocabularyOf, type Vocabulary } from "../../src/engine/vocabulary.js";
import { effectFormContext } from "../../src/engine/views/effects-context.js";
import { i18n, typeLabel } from "./sheet-fixtures.js";
import { decode, readTexts, screensOf, type Screen } from "./words-screens.js";
import { moreScreensOf } from "./words-more-screens.js";

/** The keys of every word of a vocabulary (for the words test and the lang check). */
function vocabularyKeys(v: Vocabulary): string[] {
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
function foreignTerms(id: RulesetId): string[] {
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
function leaksOf(screen: Screen, id: RulesetId, foreign: readonly string[]): string[] {
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

const label = (id: RulesetId, kind: string) =>
  i18n.localize(vocabularyOf(getRuleset(id)).durations.find((d) => d.kind === kind)!.label);

describe("[SYS-WORDS] each game's vocabulary, derived from its ruleset", () => {
  it("[SYS-WORDS] each vocabulary names its defenses, conditions, saves, usages, durations, item types and bonus kinds", () => {
    for (const id of RULESET_IDS) {
      const v = vocabularyOf(getRuleset(id));
      for (const part of ["defenses", "conditions", "usages", "durations", "itemTypes", "bonusKinds"] as const)
        expect(v[part].length, `${id} ${part}`).toBeGreaterThan(0);
      for (const key of vocabularyKeys(v)) expect(i18n.has(key), `${id}: ${key}`).toBe(true);
    }
  });

  it("[SYS-WORDS] [13A-SAVE] [FF-SUSTAIN] a game offers its own durations: 13th Age no sustain, Hundred Dungeons and Wounds d20 word the save and the kept-up effect their way", () => {
    const kinds = (id: RulesetId) => vocabularyOf(getRuleset(id)).durations.map((d) => d.kind);
    expect(kinds("ffd20")).toContain("sustain");
    expect(kinds("13th-age")).not.toContain("sustain");
    expect(label("hundred-dungeons", "sustain")).toBe("While its maker keeps it up");
    expect(label("wounds-d20", "sustain")).not.toMatch(/sustain/i);
    expect(label("ffd20", "saveEnds")).toBe("Save ends");
    expect(label("13th-age", "saveEnds")).toBe("Save ends");
    expect(label("hundred-dungeons", "saveEnds")).not.toMatch(/save/i);
    expect(label("wounds-d20", "saveEnds")).toMatch(/save succeeds/i);
    expect(label("13th-age", "endOfEncounter")).toMatch(/battle/);
    expect(label("ffd20", "endOfEncounter")).toMatch(/encounter/);
  });

  it("[SYS-WORDS] Hundred Dungeons and Wounds d20 keep attacks and spells as the power type, in their own words", () => {
    for (const id of ["hundred-dungeons", "wounds-d20"] as const) {
      const power = vocabularyOf(getRuleset(id)).itemTypes.find((t) => t.type === "power")!;
      expect(i18n.localize(power.label)).toBe("Attack or spell");
    }
    expect(i18n.localize(vocabularyOf(getRuleset("ffd20")).itemTypes[0]!.label)).toBe("Power");
  });

  it("[SYS-WORDS] the effect form offers the game's durations and no sustain action where the game has none (a stored sustained effect keeps it)", () => {
    const ctx = (id: RulesetId, sustained: boolean) =>
      effectFormContext({
        ruleset: getRuleset(id),
        effect: sustained
          ? {
              name: "Held",
              duration: "sustain",
              sustain: "minor",
              save: "normal",
              saveBonus: 0,
              sourceCombatantId: null,
              statuses: [],
              ongoing: null,
              aftereffect: null,
              armed: false,
              sustainedRound: null,
            }
          : null,
        names: {},
        format: (k, d) => (d ? i18n.format(k, d) : i18n.localize(k)),
        damageTypeLabel: typeLabel,
      });
    expect(ctx("ffd20", false).sustainShown).toBe(true);
    expect(ctx("ffd20", false).durations.map((d) => d.value)).toContain("sustain");
    expect(ctx("13th-age", false).sustainShown).toBe(false);
    expect(ctx("13th-age", false).durations.map((d) => d.value)).not.toContain("sustain");
    // nothing is lost: a sustained effect made elsewhere is still offered as it is
    expect(ctx("13th-age", true).durations.find((d) => d.selected)?.value).toBe("sustain");
    expect(ctx("13th-age", true).sustainShown).toBe(true);
    // Hundred Dungeons keeps an effect up, in its own words
    expect(ctx("hundred-dungeons", false).words.SustainAction).toBe("D20C.HD.Vocab.Keep.Action");
    expect(ctx("hundred-dungeons", false).durations[0]!.label).toBe("Until a successful roll at the end of its turn");
  });
});

describe("[SYS-WORDS] [SYS-CONTENT] every screen and pack document of a game in its own words", () => {
  for (const id of RULESET_IDS) {
    it(`[SYS-WORDS] [SYS-CONTENT] ${id}: no screen or pack document shows another game's term or a raw token`, async () => {
      const foreign = foreignTerms(id);
      const screens = [...(await screensOf(id)), ...(await moreScreensOf(id))];
      expect(screens.length).toBeGreaterThan(40);
      const leaks = screens.flatMap((s) => leaksOf(s, id, foreign));
      expect(leaks).toEqual([]);
    }, 60_000);
  }

  it("[SYS-WORDS] the check can fail: a Hundred Dungeons text with a save ends, an aftereffect, a [W] or an unfilled placeholder is caught", () => {
    const foreign = foreignTerms("hundred-dungeons");
    const screen = (html: string): Screen => ({ name: "probe", slug: "probe", kind: "sheet", html, numbers: [] });
    expect(leaksOf(screen("<p>Dazed (save ends)</p>"), "hundred-dungeons", foreign)).not.toEqual([]);
    expect(leaksOf(screen("<p>Aftereffect: slowed</p>"), "hundred-dungeons", foreign)).not.toEqual([]);
    expect(leaksOf(screen("<p>2[W] + Str</p>"), "hundred-dungeons", foreign)).not.toEqual([]);
    expect(leaksOf(screen("<p>Hits {name}</p>"), "hundred-dungeons", foreign)).not.toEqual([]);
    expect(leaksOf(screen("<p>1d8 + @str</p>"), "hundred-dungeons", foreign)).not.toEqual([]);
    expect(leaksOf(screen("<p>2[W] + Str</p>"), "ffd20", foreignTerms("ffd20"))).toEqual([]);
  });
});
