/**
 * [SYS-HOOKS] Screenshot of an attack card whose attack a module's hook changed ("+2 from Bless
 * Helper" under the formula) and whose application another module's hook changed ("−3 from Shield
 * of Faith" on the applied row), in headless Chromium at the chat log's width; checked through the
 * DOM (readable, inside the card) before the PNG is written to test-output/screenshots/.
 */
import { afterAll, describe, expect, it } from "vitest";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import { closeBrowser, pngSize, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { standInViewer, threeTargetCard } from "../workflows/attack-card-fixture.js";

const CHAT_WIDTH = 300;
const PAGE = {
  width: CHAT_WIDTH + 40,
  extraCss: `body { margin: 0; background: #1c1b22; }
.chat-message { box-sizing: border-box; width: ${CHAT_WIDTH}px; margin: 8px; padding: 6px 8px; background: #f5f1e8;
  border-radius: 5px; font-family: "Signika", sans-serif; }
.chat-message i[class*="fa-"] { display: inline-block; width: 1em; height: 1em; vertical-align: -0.125em;
  background: currentColor; opacity: 0.35; border-radius: 2px; }`,
};
const hbs = createTemplateRenderer();

/** The fixture's card as if a module had moved its bonus and another its first application's amount. */
async function hookedCard(): Promise<AttackCardData> {
  const card = await threeTargetCard();
  card.situation = { ...card.situation!, hooks: [{ field: "bonus", delta: 2, source: "Bless Helper" }] };
  card.applied = card.applied.map((r, i) =>
    i === 0 ? { ...r, hooks: [{ field: "amount", delta: -3, source: "Shield of Faith" }] } : r,
  );
  return card;
}

describe.skipIf(skipScreenshots())("[SYS-HOOKS] attack card with hook changes", () => {
  afterAll(closeBrowser);

  it("[SYS-HOOKS] the card names each module's change: '+2 from Bless Helper' under the formula, '−3 from Shield of Faith' on the applied row, readable and inside the card", async () => {
    const body = `<div class="chat-message">${hbs.render(
      "templates/chat/attack-card.hbs",
      attackCardContext(await hookedCard(), standInViewer({ isGM: true })),
    )}</div>`;
    const png = await screenshotHtml(body, { ...PAGE, selector: ".chat-message", name: "chat-attack-card-hooks" });
    expect(pngSize(png).width).toBeGreaterThan(250);
    await withPage(
      body,
      async (page) => {
        const notes = await page.$$eval(".d20c-hook-note", (els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            const card = document.querySelector(".d20c-attack-card")!.getBoundingClientRect();
            return {
              text: (el as HTMLElement).innerText.trim(),
              inside: r.left >= card.left - 0.5 && r.right <= card.right + 0.5,
              visible: r.width > 0 && r.height > 0,
              fontSize: parseFloat(getComputedStyle(el).fontSize),
            };
          }),
        );
        expect(notes.map((n) => n.text)).toEqual(["+2 from Bless Helper", "−3 from Shield of Faith"]);
        for (const n of notes) {
          expect(n.visible && n.inside).toBe(true);
          expect(n.fontSize).toBeGreaterThanOrEqual(9.5);
        }
      },
      PAGE,
    );
  });
});
