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
import { vocabularyOf } from "../../src/engine/vocabulary.js";
import { effectFormContext } from "../../src/engine/views/effects-context.js";
import { i18n, typeLabel } from "./sheet-fixtures.js";
import { screensOf, type Screen } from "./words-screens.js";
import { foreignTerms, leaksOf, vocabularyKeys } from "./words-terms.js";
import { moreScreensOf } from "./words-more-screens.js";

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
