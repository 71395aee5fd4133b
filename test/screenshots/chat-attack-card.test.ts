/**
 * Screenshot of the attack card in headless Chromium: three targets (crit, hit, miss) at chat
 * sidebar width, each outcome visible. Written to test-output/screenshots/chat-attack-card.png.
 */
import { afterAll, describe, expect, it } from "vitest";
import { attackCardContext } from "../../src/applications/chat/attack-card-context.js";
import { closeBrowser, pngSize, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { standInViewer, threeTargetCard } from "../workflows/attack-card-fixture.js";

/** Stand-in for Foundry's chat log around a message (width and background of the v13 sidebar). */
const CHAT_FRAME_CSS = `body { margin: 0; background: #1c1b22; }
.chat-message { width: 300px; margin: 8px; padding: 6px 8px; background: #f5f1e8; border-radius: 5px; font-family: "Signika", sans-serif; }`;

describe.skipIf(skipScreenshots())("attack card screenshot", () => {
  afterAll(closeBrowser);

  it("[SYS-TARGETS] a card with three targets shows the crit, the hit and the miss", async () => {
    const html = createTemplateRenderer().render(
      "templates/chat/attack-card.hbs",
      attackCardContext(await threeTargetCard(), standInViewer({ isGM: true })),
    );
    const body = `<div class="chat-message">${html}</div>`;
    await withPage(
      body,
      async (page) => {
        for (const cls of ["crit", "hit", "miss"]) {
          const badge = page.locator(`.d20c-target--${cls} .d20c-badge--${cls}`);
          expect(await badge.isVisible()).toBe(true);
          const box = await badge.boundingBox();
          expect(box!.width).toBeGreaterThan(20);
        }
        // Nothing overflows the 300px message.
        const overflow = await page.evaluate(() => {
          const card = document.querySelector(".d20c-attack-card") as HTMLElement;
          return card.scrollWidth - card.clientWidth;
        });
        expect(overflow).toBeLessThanOrEqual(0);
      },
      { width: 340, extraCss: CHAT_FRAME_CSS },
    );
    const png = await screenshotHtml(body, {
      width: 340,
      extraCss: CHAT_FRAME_CSS,
      selector: ".chat-message",
      name: "chat-attack-card",
    });
    expect(pngSize(png).width).toBeGreaterThan(250);
  });
});
