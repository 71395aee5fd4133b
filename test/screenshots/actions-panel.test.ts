/**
 * Screenshot of the 13th Age Actions panel on the actor sheet ([SYS-ACTIONS], [13A-ENGAGE],
 * [13A-RANGE]): in combat, the move already spent, the three procedures with their cost and what
 * they do, the band choice. Rendered through the real sheet template (actor.hbs → the panel
 * partial) in headless Chromium. Written to test-output/screenshots/actions-panel-13th-age.png.
 */
import { afterAll, describe, expect, it } from "vitest";
import { actionsPanelContext } from "../../src/applications/sheets/actions-panel.js";
import { readActionsLeft, spendAction } from "../../src/engine/actions.js";
import { getRuleset } from "../../src/engine/registry.js";
import { closeBrowser, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext } from "../sheets/sheet-fixtures.js";

const FRAME_CSS = `body { margin: 0; padding: 12px; background: #2b2a33; font-family: "Signika", "Segoe UI", sans-serif; }
.application { width: 800px; background: #ebe6da; color: #191813; border-radius: 6px; overflow: hidden; }
.application i[class*="fa-"] { display: inline-block; width: 0.9em; height: 0.9em; background: currentColor; opacity: 0.45; }`;

describe.skipIf(skipScreenshots())("Actions panel screenshot", () => {
  afterAll(closeBrowser);

  it("[SYS-ACTIONS] [13A-ENGAGE] [13A-RANGE] [13A-ACTIONS] the 13th Age panel lists disengage, move away, the range band and intercept with costs and results", async () => {
    const R = getRuleset("13th-age");
    const left = spendAction(R.economy!, readActionsLeft(R.economy!, null), "move", true).state;
    const ctx = {
      ...heroContext("13th-age"),
      actionsPanel: actionsPanelContext(R, { actionsLeft: left, effects: [] }),
    };
    const sheet = createTemplateRenderer().render("templates/sheets/actor.hbs", ctx);
    const body = `<div class="application sheet d20-combat actor"><section class="window-content">${sheet}</section></div>`;
    await withPage(
      body,
      async (page) => {
        const panel = page.locator("[data-d20c-actions-panel]");
        expect(await panel.isVisible()).toBe(true);
        const buttons = await panel.locator('[data-action="useProcedure"]').allInnerTexts();
        expect(buttons.map((b) => b.trim())).toEqual(["Disengage", "Move away", "Range band", "Intercept"]);
        const text = (await panel.innerText()).replace(/\s+/g, " ");
        expect(text).toContain("Move action 0/1");
        expect(text).toContain("Normal save (11+)");
        expect(text).toContain("Intercept (free action)");
        expect(await panel.locator("select[data-procedure-choice] option").allInnerTexts()).toEqual([
          "Engaged",
          "Nearby",
          "Far away",
        ]);
      },
      { width: 830, height: 1400, extraCss: FRAME_CSS },
    );
    await screenshotHtml(body, {
      width: 830,
      height: 1400,
      extraCss: FRAME_CSS,
      selector: "[data-d20c-actions-panel]",
      name: "actions-panel-13th-age",
    });
  });
});
