/**
 * The rendered HTML of a fixed character's sheet in every game, kept as a snapshot: changes made
 * to render the sheet faster (its context builder, its templates) must leave the HTML the same
 * byte for byte. A change meant to alter the sheet's markup re-takes it:
 * `npx vitest run -u test/sheets/sheet-html.test.ts`, and the diff of the .snap file shows what
 * changed.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/types.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext, i18n, nineteenItems } from "./sheet-fixtures.js";

const hbs = createTemplateRenderer();

describe("character sheet HTML", () => {
  for (const id of RULESET_IDS) {
    it(`[SYS-RELEASE] ${id}: a character with 19 items and the escalation die at 2 renders as before`, () => {
      const context = heroContext(id, { items: nineteenItems(getRuleset(id)), escalation: 2 });
      expect(hbs.render("templates/sheets/actor.hbs", context)).toMatchSnapshot();
    });

    it(`[SYS-RELEASE] ${id}: the test hero's powers with their effects, localised, on the traits tab, render as before`, () => {
      const context = heroContext(id, { text: i18n, activeTab: "traits", escalationInPlay: true, escalation: 1 });
      expect(hbs.render("templates/sheets/actor.hbs", context)).toMatchSnapshot();
    });
  }
});
