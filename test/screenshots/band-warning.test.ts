/**
 * Screenshots of the 13th Age band warnings ([13A-RANGE], [13A-ENGAGE]) as a player meets them: a
 * melee power against a foe the attacker placed nearby, rolled through the REAL `rollAttack` with the
 * attack stand-in and recorded dice. The attack dialog warns above its fields and the posted card
 * under the target (the attack still rolled); both are checked in the DOM, then written to
 * test-output/screenshots/band-warning-dialog.png and band-warning-card.png.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, pngSize, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { CHAT_PAGE } from "../support/chat-frame.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { useBandFight } from "../workflows/band-fixtures.js";

const i18n = createI18nStandIn();
const { imp, attack } = useBandFight();

/** A dialog window at the width of Foundry's attack dialog, on the dark canvas. */
const DIALOG_PAGE = {
  width: 440,
  extraCss: `body { margin: 0; background: #1c1b22; }
.dialog { box-sizing: border-box; width: 400px; margin: 20px; padding: 8px 12px; background: #f5f1e8;
  border-radius: 5px; font-family: "Signika", sans-serif; }
.dialog i[class*="fa-"] { display: inline-block; width: 1em; height: 1em; vertical-align: -0.125em;
  background: currentColor; opacity: 0.35; border-radius: 2px; }`,
};

/** The text of every warning on the page, and whether each is visible and inside its frame. */
async function warnings(page: Page): Promise<{ text: string; visible: boolean; inside: boolean }[]> {
  return page.$$eval(".d20c-warning", (els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const frame = (el.closest(".chat-message, .dialog") as HTMLElement).getBoundingClientRect();
      return {
        text: (el as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
        visible: r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden",
        inside: r.left >= frame.left && r.right <= frame.right + 0.5,
      };
    }),
  );
}

describe.skipIf(skipScreenshots())("13th Age band warnings", () => {
  afterAll(closeBrowser);

  it("[13A-RANGE] [13A-ENGAGE] a melee power on a nearby foe: the dialog and the card warn in full, and the attack is rolled", async () => {
    const { dialog: form, content } = await attack("melee", imp);
    const text = i18n.format("D20C.Age13.BandWarn.meleeNearby", { name: "Imp" });
    expect(standInAttackFaces).toEqual([]);

    const dialog = `<div class="dialog">${form}</div>`;
    const card = `<div class="chat-message">${content}</div>`;
    for (const [body, page] of [
      [dialog, DIALOG_PAGE],
      [card, CHAT_PAGE],
    ] as const) {
      await withPage(
        body,
        async (p) => {
          const seen = await warnings(p);
          expect(seen.map((w) => w.text)).toEqual([text]);
          expect(seen.every((w) => w.visible && w.inside)).toBe(true);
        },
        page,
      );
    }
    const dialogPng = await screenshotHtml(dialog, {
      ...DIALOG_PAGE,
      selector: ".dialog",
      name: "band-warning-dialog",
    });
    const cardPng = await screenshotHtml(card, { ...CHAT_PAGE, selector: ".chat-message", name: "band-warning-card" });
    expect(pngSize(dialogPng).width).toBeGreaterThan(350);
    expect(pngSize(cardPng).width).toBeGreaterThan(250);
  });
});
