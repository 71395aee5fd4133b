/**
 * [SYS-CHARACTER] Keyboard focus on the character sheet follows its visual order (issue 45): on the
 * Combat tab of each game's sheet, every focusable control, in the order Tab reaches it (DOM order,
 * no positive tabindex), reads top to bottom, left to right within a line, as it is drawn; a control
 * in a list row (an attack, a wound) is placed by its row, whose controls Tab reaches together.
 */
import { afterAll, describe, expect, it } from "vitest";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { heroContext, onTab } from "../sheets/sheet-fixtures.js";
import { closeBrowser, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";

const hbs = createTemplateRenderer();

afterAll(async () => closeBrowser());

describe.skipIf(skipScreenshots())("[SYS-CHARACTER] the sheet's focus order", { timeout: 60_000 }, () => {
  for (const id of RULESET_IDS)
    it(`[SYS-CHARACTER] ${id}: Tab walks the Combat tab's controls in reading order`, async () => {
      const html = `<div class="application sheet d20-combat actor themed theme-light" style="width: 800px">${hbs.render(
        "templates/sheets/actor.hbs",
        onTab(heroContext(id), "combat"),
      )}</div>`;
      await withPage(
        html,
        async (page) => {
          const boxes = await page.$$eval(
            'button, a[href], input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])',
            (els) =>
              els
                .filter((el) => (el as HTMLElement).offsetParent !== null)
                .map((el, i) => {
                  // A control in a list row (an attack, a wound) is read with its row: the row's box places it.
                  const row = el.closest("li, tr, .d20c-item") ?? el;
                  if (!row.hasAttribute("data-focus-row")) row.setAttribute("data-focus-row", String(i));
                  const r = row.getBoundingClientRect();
                  return {
                    top: Math.round(r.top),
                    left: Math.round(r.left),
                    h: r.height,
                    row: row.getAttribute("data-focus-row"),
                    what: el.outerHTML.slice(0, 80),
                  };
                }),
          );
          expect(boxes.length).toBeGreaterThan(5);
          // Each control in Tab order is not above the one before (within half a row), nor left of it on the same row.
          const out: string[] = [];
          for (let i = 1; i < boxes.length; i++) {
            const [a, b] = [boxes[i - 1]!, boxes[i]!];
            if (a.row === b.row) continue;
            const sameRow = Math.abs(a.top - b.top) < Math.min(a.h, b.h) / 2;
            if (sameRow ? b.left < a.left : b.top < a.top) out.push(`${a.what} → ${b.what}`);
          }
          expect(out).toEqual([]);
        },
        { width: 840, height: 1200 },
      );
    });
});
