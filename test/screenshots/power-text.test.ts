/**
 * Screenshots of a power's text where the table needs it ([SYS-POWERS]), per game, in headless
 * Chromium through the real templates: the actor sheet's attack row expanded (the power's Hit text,
 * its effect with the game's save target, and its numbers), and the attack card's Hit section (the
 * hit text under the Hit heading, the effect each hit target gets, the damage). Checked in the DOM
 * before each PNG is written to test-output/screenshots/.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { closeBrowser, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext, i18n } from "../sheets/sheet-fixtures.js";
import { standInViewer } from "../workflows/attack-card-fixture.js";
import { threeFoeCard } from "../workflows/power-fixtures.js";

const hbs = createTemplateRenderer();
const WIDTH = 800;
const CHAT_WIDTH = 300;
/** How each game words the effect's end ([SYS-WORDS]: its own words, its own save target). */
const SAVE_WORDS = {
  "13th-age": "save ends, 11+",
  ffd20: "save ends, 10+",
  "hundred-dungeons": "a roll of 12+",
  "wounds-d20": "until a save succeeds, DC 15",
} as const;

/** Stand-in for Foundry's window frame and chat log (light sheet, dark sidebar); icons as 1em squares. */
const FRAME_CSS = `body { margin: 0; padding: 12px; background: #2b2a33; font-family: "Signika", sans-serif; }
.application { width: ${WIDTH}px; border-radius: 6px; overflow: hidden; background: #ebe6da; color: #191813; }
.application .window-header { display: flex; align-items: center; height: 32px; padding: 0 10px; background: #17161c;
  color: #e7e3d7; font-size: 14px; }
.chat-message { box-sizing: border-box; width: ${CHAT_WIDTH}px; padding: 6px 8px; background: #f5f1e8;
  border-radius: 5px; }
i[class*="fa-"] { display: inline-block; width: 1em; height: 1em; vertical-align: -0.125em;
  background: currentColor; opacity: 0.35; border-radius: 2px; }`;

/** Texts of the visible elements matching a selector. */
async function visibleTexts(page: Page, selector: string): Promise<string[]> {
  const out: string[] = [];
  for (const el of await page.locator(selector).all())
    if (await el.isVisible()) out.push((await el.innerText()).replace(/\s+/g, " ").trim());
  return out;
}

describe.skipIf(skipScreenshots())("power text screenshots", () => {
  afterAll(closeBrowser);

  for (const id of RULESET_IDS) {
    it(`[SYS-POWERS] ${id}: the expanded attack row shows the power's Hit text, effect and numbers`, async () => {
      const ctx = heroContext(id, { text: i18n });
      const row = ctx.powers.find((p) => p.id === "p1")!;
      expect(row.numbers.length).toBeGreaterThan(0);
      const framed = (sheet: string) =>
        `<div class="application sheet d20-combat actor themed theme-light"><header class="window-header">${ctx.name.replace(/</g, "&lt;")}</header><section class="window-content">${sheet}</section></div>`;
      const body = framed(hbs.render("templates/sheets/actor.hbs", ctx));
      const selector = '.d20c-attack[data-item-id="p1"]';
      const page = { width: WIDTH + 24, height: 900, extraCss: FRAME_CSS, bodyClass: "" };
      await withPage(
        body,
        async (p) => {
          const details = p.locator(`${selector} .d20c-attack-details`);
          // Folded by default, and its text not yet written.
          expect(await p.locator(`${selector} [data-power-text]`).count()).toBe(0);
          await details.locator("summary").click();
          expect(await details.getAttribute("open")).not.toBeNull();
          // What the sheet writes into a row the first time it opens (powerRowToggled, with the text template).
          const text = hbs.render("templates/sheets/power-text.hbs", row);
          await details.evaluate((el, html) => el.insertAdjacentHTML("beforeend", html), text);
          expect(await visibleTexts(p, `${selector} [data-outcome="hit"] .d20c-power-text__text`)).toEqual([
            "The target staggers back.",
          ]);
          const effects = await visibleTexts(p, `${selector} [data-outcome="hit"] .d20c-power-text__effect`);
          expect(effects).toHaveLength(1);
          expect(effects[0]).toContain(SAVE_WORDS[id]);
          expect(await visibleTexts(p, `${selector} .d20c-attack-numbers li`)).toEqual(
            row.numbers.map((n) => `${i18n.localize(n.label)} ${n.value}`),
          );
        },
        page,
      );
      // The row as a render writes it once opened.
      await screenshotHtml(
        framed(
          hbs.render("templates/sheets/actor.hbs", heroContext(id, { text: i18n, expandedPowers: new Set(["p1"]) })),
        ),
        {
          ...page,
          selector,
          name: `power-row-expanded-${id}`,
        },
      );
    });

    it(`[SYS-POWERS] ${id}: the attack card shows the power's Hit text, the effect both hit targets get printed once, and the damage`, async () => {
      const card = threeFoeCard(id);
      const ctx = attackCardContext(card, standInViewer());
      const body = `<div class="chat-message">${hbs.render("templates/chat/attack-card.hbs", ctx)}</div>`;
      const page = { width: CHAT_WIDTH + 40, extraCss: FRAME_CSS };
      await withPage(
        body,
        async (p) => {
          const hit = await visibleTexts(p, '[data-outcome="hit"]');
          expect(hit.join(" ")).toContain("The foe reels.");
          expect(hit.join(" ")).toContain(SAVE_WORDS[id]);
          // Issue 45: the effect every target hit gets is printed once, above the rows.
          expect(await p.locator(".d20c-imposes__effect").count()).toBe(1);
          expect(await p.locator(".d20c-imposes--shared").innerText()).toContain("Every target hit");
          for (const e of await visibleTexts(p, ".d20c-imposes__effect")) expect(e).not.toBe("");
          const text = await p.locator(".d20c-attack-card").innerText();
          // 1d8 + 4 with a recorded 4 on each hit target.
          expect(card.targets.map((t) => t.damage)).toEqual([8, 8, 0]);
          expect(text).toMatch(/\b8\b/);
        },
        page,
      );
      await screenshotHtml(body, { ...page, selector: ".chat-message", name: `power-card-hit-${id}` });
    });
  }
});
