/**
 * [SYS-WORDS] Each game in its own words. For every game, its own labels come from its ruleset data
 * (conditions, defenses, saves, actions, usages, rests, procedures, its words for the shared
 * controls, the sheet blocks and item fields it shows where another game hides them) and from its
 * lang/en.json namespace. Every screen of every other game, rendered with the real templates from
 * that game's pack content, shows none of them, and no raw `D20C.` key.
 */
import { describe, expect, it } from "vitest";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { labelsIn, ownLabels, readTexts, screensOf } from "./words-screens.js";

const OWN = new Map(RULESET_IDS.map((id) => [id, ownLabels(id)]));

describe("[SYS-WORDS] no game's own words leak into another", () => {
  it("[SYS-WORDS] each game has own labels of its own (the sets are not empty and differ)", () => {
    for (const id of RULESET_IDS) expect(OWN.get(id)!.size, id).toBeGreaterThan(20);
    expect(OWN.get("ffd20")!.has("healing surges")).toBe(true);
    expect(OWN.get("13th-age")!.has("spend a recovery")).toBe(true);
    expect(OWN.get("13th-age")!.has("recoveries")).toBe(true);
  });

  for (const id of RULESET_IDS) {
    it(`[SYS-WORDS] every ${id} screen shows no other game's own label and no raw key`, async () => {
      const mine = OWN.get(id)!;
      const foreign = new Set<string>();
      for (const other of RULESET_IDS)
        if (other !== id) for (const l of OWN.get(other)!) if (!mine.has(l)) foreign.add(l);
      const leaks: string[] = [];
      const screens = await screensOf(id);
      expect(screens.length).toBeGreaterThanOrEqual(12);
      // both NPCs (a plain one and an important one) as their game's stat block
      const npcs = screens.filter((s) => /^(important )?NPC /.test(s.name));
      expect(
        npcs.filter((s) => s.html.includes("data-stat-block")).map((s) => s.name),
        id,
      ).toHaveLength(2);
      for (const screen of screens) {
        const texts = readTexts(screen.html);
        for (const hit of labelsIn(texts, foreign)) leaks.push(`${screen.name}: "${hit}"`);
        for (const t of texts) if (t.includes("D20C.")) leaks.push(`${screen.name}: raw key in "${t}"`);
      }
      expect(leaks).toEqual([]);
    });
  }
});
