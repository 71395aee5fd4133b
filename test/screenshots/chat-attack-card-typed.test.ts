/**
 * Screenshot of the attack card as a typed `attack` message holds it: the card's `system` as
 * Foundry keeps it (cleaned by the card's schema, test/stand-ins/chat-data.ts), read back through
 * the product's reader and rendered, in headless Chromium at the width of Foundry's chat log. The
 * same card in the flags of an older version's message renders to the same HTML.
 * Written to test-output/screenshots/chat-attack-card-typed.png.
 */
import { afterAll, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { cardOf } from "../../src/workflows/card-messages.js";
import { closeBrowser, pngSize, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { CHAT_PAGE } from "../support/chat-frame.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { storedMessageData } from "../stand-ins/chat-data.js";
import { standInViewer, threeTargetCard } from "../workflows/attack-card-fixture.js";

const hbs = createTemplateRenderer();

describe.skipIf(skipScreenshots())("the attack card from a typed message", () => {
  afterAll(closeBrowser);

  it("[SYS-TARGETS] the card read from an `attack` message's system shows every target, outcome and apply row, as the same card from an old message's flags does", async () => {
    const card = await threeTargetCard();
    const typed = storedMessageData({ type: "attack", system: card, flags: {} });
    const old = { type: "base", system: {}, flags: { [SYSTEM_ID]: { attack: structuredClone(card) } } };
    const viewer = standInViewer({ isGM: true });
    const render = (m: Parameters<typeof cardOf>[0]) =>
      hbs.render("templates/chat/attack-card.hbs", attackCardContext(cardOf(m)!, viewer));
    const html = render(typed);
    expect(render(old)).toBe(html);
    const body = `<div class="chat-message">${html}</div>`;
    await withPage(
      body,
      async (page) => {
        const names = await page.$$eval(".d20c-target__name", (els) => els.map((el) => (el as HTMLElement).innerText));
        expect(names).toEqual(["Ash Imp", "Bugbear", "Cave Troll"]);
        const applyRows = await page.$$eval(".d20c-apply", (els) => els.length);
        expect(applyRows).toBeGreaterThanOrEqual(2);
        const undo = await page.$$eval("[data-action='d20c-undo']", (els) => els.length);
        expect(undo).toBe(1);
      },
      CHAT_PAGE,
    );
    const png = await screenshotHtml(body, { ...CHAT_PAGE, selector: ".chat-message", name: "chat-attack-card-typed" });
    expect(pngSize(png).width).toBeGreaterThan(250);
  });
});
