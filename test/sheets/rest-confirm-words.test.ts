/**
 * [SYS-WORDS] The rest confirm dialogs the words test reads (issue 45) are real screens: each rest of
 * each game, asked of its hurt level-3 pregen with every power spent, names what will come back in
 * that game's words, and a rest that rolls dice says how many (Wounds d20's breather asks how many to
 * spend, [WD-RECOVERY]). Built by the adapter's own pure context (src/engine/views/rest-confirm.ts).
 */
import { describe, expect, it } from "vitest";
import { restsOf } from "../../src/engine/powers.js";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { restConfirms } from "./words-more-screens.js";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("[SYS-WORDS] rest confirm screens", () => {
  for (const id of RULESET_IDS)
    it(`[SYS-WORDS] ${id}: every rest's confirm lists what comes back to the hurt pregen, no raw key`, () => {
      const r = getRuleset(id);
      const screens = restConfirms(r);
      expect(screens).toHaveLength(restsOf(r).length);
      for (const s of screens) {
        expect(s.html, s.name).toContain("d20c-rest-confirm__lines");
        expect(text(s.html), s.name).not.toMatch(/D20C\.|\{\w+\}/);
      }
    });

  it("[WD-RECOVERY] Wounds d20: catching one's breath asks how many recovery dice to spend", () => {
    const screens = restConfirms(getRuleset("wounds-d20"));
    expect(screens.some((s) => /<input type="number" name="spend"/.test(s.html))).toBe(true);
  });
});
