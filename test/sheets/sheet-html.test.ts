/**
 * The rendered HTML of a fixed character's sheet in every game, kept as a snapshot: changes made
 * to render the sheet faster (its context builder, its templates) must leave the HTML the same
 * byte for byte. The sheet writes the shown tab's contents only, so the snapshot is the whole sheet
 * with each tab's contents as that tab renders them when shown (`wholeSheet`), and every attack row
 * opened (a folded row's text is written when it opens). A change meant to alter the sheet's markup re-takes it:
 * `npx vitest run -u test/sheets/sheet-html.test.ts`, and the diff of the .snap file shows what
 * changed.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext, i18n, ITEMS, nineteenItems, storedHero, wholeSheet } from "./sheet-fixtures.js";

const hbs = createTemplateRenderer();
/** Every attack row of these items opened. */
const opened = (items: readonly { id: string; type: string }[]) =>
  new Set(items.filter((i) => i.type === "power").map((i) => i.id));

describe("character sheet HTML", () => {
  for (const id of RULESET_IDS) {
    it(`[SYS-RELEASE] ${id}: a character with 19 items and the escalation die at 2 renders as before`, () => {
      const items = nineteenItems(getRuleset(id));
      const context = heroContext(id, { items, escalation: 2, expandedPowers: opened(items) });
      expect(wholeSheet(hbs, context)).toMatchSnapshot();
    });

    it(`[SYS-RELEASE] ${id}: the 19 items with the escalation die in play but at 0 (shown only for attacks that add it) render as before`, () => {
      const items = nineteenItems(getRuleset(id));
      const context = heroContext(id, { items, escalationInPlay: true, escalation: 0, expandedPowers: opened(items) });
      expect(wholeSheet(hbs, context)).toMatchSnapshot();
    });

    it(`[SYS-RELEASE] ${id}: spent powers (an encounter, a daily, one with uses per rest) render as before`, () => {
      const items = nineteenItems(getRuleset(id)).map((item, i) =>
        i === 1
          ? { ...item, system: { ...item.system, used: true } }
          : i === 2
            ? { ...item, system: { ...item.system, usage: "daily", used: true } }
            : i === 4
              ? { ...item, system: { ...item.system, usage: "perRest", uses: { spent: 1, max: 2 } } }
              : item,
      );
      expect(wholeSheet(hbs, heroContext(id, { items, expandedPowers: opened(items) }))).toMatchSnapshot();
    });

    it(`[SYS-RELEASE] ${id}: the test hero's powers with their effects, localised, on the traits tab, render as before`, () => {
      const context = heroContext(id, {
        text: i18n,
        activeTab: "traits",
        escalationInPlay: true,
        escalation: 1,
        expandedPowers: opened(ITEMS),
      });
      expect(wholeSheet(hbs, context)).toMatchSnapshot();
    });
  }
});

describe("the escalation badge", () => {
  it("[13A-ESC] shows on the sheet of an NPC that adds the die and not on one that doesn't, with the die in play at 0", () => {
    const shown = (usesEscalation: boolean) =>
      heroContext("13th-age", {
        kind: "npc",
        stored: storedHero("13th-age", { usesEscalation }),
        items: nineteenItems(getRuleset("13th-age")),
        escalationInPlay: true,
        escalation: 0,
      }).escalation.shown;
    expect(shown(true)).toBe(true);
    expect(shown(false)).toBe(false);
  });
});
