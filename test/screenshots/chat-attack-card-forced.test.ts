/**
 * Screenshot of an FFd20 attack card whose power pushes 2 squares on a hit ([FF-FORCED]), in headless
 * Chromium at the width of Foundry's chat log: each hit target shows a whole "Push 2" control
 * inside the card, the miss none. Written to test-output/screenshots/chat-attack-card-forced.png.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { closeBrowser, pngSize, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { standInViewer } from "../workflows/attack-card-fixture.js";
import { hitEffect, threeFoeCard } from "../workflows/power-fixtures.js";

/** Foundry's chat log around one message (as in chat-attack-card.test.ts): width, paper, icon squares. */
const CHAT_WIDTH = 300;
const CHAT_FRAME_CSS = `body { margin: 0; background: #1c1b22; }
.chat-message { box-sizing: border-box; width: ${CHAT_WIDTH}px; margin: 8px; padding: 6px 8px; background: #f5f1e8;
  border-radius: 5px; font-family: "Signika", sans-serif; }
.chat-message i[class*="fa-"] { display: inline-block; width: 1em; height: 1em; vertical-align: -0.125em;
  background: currentColor; opacity: 0.35; border-radius: 2px; }`;
const PAGE = { width: CHAT_WIDTH + 40, extraCss: CHAT_FRAME_CSS };
const hbs = createTemplateRenderer();

interface Box {
  text: string;
  left: number;
  right: number;
  height: number;
  visible: boolean;
  target: string;
}

async function controls(page: Page): Promise<Box[]> {
  return page.$$eval(".d20c-forced__btn", (els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      const label = el.querySelector("span")!.getBoundingClientRect();
      return {
        text: (el as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
        left: r.left,
        right: Math.max(r.right, label.right),
        height: r.height,
        visible: r.width > 0 && r.height > 0 && cs.visibility !== "hidden" && cs.display !== "none",
        target: (el as HTMLElement).dataset.targetUuid ?? "",
      };
    }),
  );
}

describe.skipIf(skipScreenshots())("forced movement on the attack card", () => {
  afterAll(closeBrowser);

  it("[FF-FORCED] an FFd20 card with a push shows a whole Push 2 control on each hit target, none on the miss", async () => {
    const card = threeFoeCard("ffd20", [hitEffect({ forced: { kind: "push", squares: 2 } })]);
    const ctx = attackCardContext(card, standInViewer({ isGM: true }));
    const body = `<div class="chat-message">${hbs.render("templates/chat/attack-card.hbs", ctx)}</div>`;
    await withPage(
      body,
      async (page) => {
        const card = await page.$eval(".d20c-attack-card", (el) => el.getBoundingClientRect().toJSON() as DOMRect);
        const boxes = await controls(page);
        expect(boxes.map((b) => [b.text, b.target])).toEqual([
          ["Push 2", "Scene.s1.Token.foe0"],
          ["Push 2", "Scene.s1.Token.foe1"],
        ]);
        for (const b of boxes) {
          expect(b.visible).toBe(true);
          expect(b.height).toBeLessThanOrEqual(26);
          expect(b.left).toBeGreaterThanOrEqual(card.left);
          expect(b.right).toBeLessThanOrEqual(card.right);
        }
        // The Hit section says what the power does, with the distance.
        expect(await page.$eval(".d20c-power-text__effect", (el) => (el as HTMLElement).innerText.trim())).toBe(
          "push the target 2 square(s)",
        );
        // The control sits in the hit targets' rows, never in the miss's.
        expect(await page.$$eval(".d20c-target--miss .d20c-forced__btn", (els) => els.length)).toBe(0);
        expect(await page.$$eval(".d20c-target--hit .d20c-forced__btn", (els) => els.length)).toBe(2);
      },
      PAGE,
    );
    const png = await screenshotHtml(body, { ...PAGE, selector: ".chat-message", name: "chat-attack-card-forced" });
    expect(pngSize(png).width).toBeGreaterThan(250);
  });
});
