/**
 * Screenshot of the combat tracker header with the escalation die at 3 ([SYS-ESC]), in headless
 * Chromium at sidebar width. Written to test-output/screenshots/combat-tracker-escalation.png.
 */
import { afterAll, describe, expect, it } from "vitest";
import { trackerHeaderView } from "../../src/applications/combat/tracker-view.js";
import { closeBrowser, pngSize, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { wordsOf } from "../../src/engine/words.js";
import { getRuleset } from "../../src/engine/registry.js";

/** Stand-in for the v13 sidebar around the tracker header (width, dark background, round title). */
const TRACKER_FRAME_CSS = `body { margin: 0; background: #1c1b22; }
.combat-tracker-header { width: 300px; margin: 8px; padding: 6px 0; background: #2b2a33; color: #e7e5dc; border-radius: 5px; font-family: "Signika", sans-serif; }
.combat-tracker-header h3 { margin: 0 0 4px; text-align: center; font-size: 1rem; }
.combat-tracker-header button { background: #45434f; color: #e7e5dc; border: 1px solid #777; border-radius: 3px; }`;

describe.skipIf(skipScreenshots())("combat tracker header screenshot", () => {
  afterAll(closeBrowser);

  it("[SYS-ESC] [13A-ESC] the escalation die at 3 is visible in the tracker header, with the GM's controls", async () => {
    const view = trackerHeaderView({
      inCombat: true,
      escalationEnabled: true,
      escalation: 3,
      paused: false,
      isGM: true,
      tough: false,
      canFlee: true,
      words: wordsOf(getRuleset("13th-age")),
    });
    const section = createTemplateRenderer().render("templates/combat/tracker-header.hbs", view);
    const body = `<div class="combat-tracker-header"><h3>Round 4</h3>${section}</div>`;
    await withPage(
      body,
      async (page) => {
        const die = page.locator(".d20c-escalation__die");
        expect(await die.isVisible()).toBe(true);
        expect((await die.textContent())?.trim()).toBe("3");
        const box = await die.boundingBox();
        expect(box!.width).toBeGreaterThan(20);
        expect(box!.height).toBeGreaterThan(20);
        for (const action of ["escalationDown", "escalationUp", "escalationPause"]) {
          expect(await page.locator(`[data-d20c-action="${action}"]`).isVisible()).toBe(true);
        }
        const overflow = await page.evaluate(() => {
          const h = document.querySelector(".combat-tracker-header") as HTMLElement;
          return h.scrollWidth - h.clientWidth;
        });
        expect(overflow).toBeLessThanOrEqual(0);
      },
      { width: 340, extraCss: TRACKER_FRAME_CSS },
    );
    const png = await screenshotHtml(body, {
      width: 340,
      extraCss: TRACKER_FRAME_CSS,
      selector: ".combat-tracker-header",
      name: "combat-tracker-escalation",
    });
    expect(pngSize(png).width).toBeGreaterThan(250);
  });
});
