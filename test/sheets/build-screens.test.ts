/**
 * [SYS-CHARACTER] Screenshots of each game's character sheet with the class block (abilities tab)
 * and the checks block (combat tab), from a level-3 pregen, at 720 × 800 and 480 px wide: the new
 * controls are visible and nothing spills sideways.
 */
import { afterAll, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { closeBrowser, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { actorsOf } from "../content/content.js";
import { actorScreen, itemsOf } from "./words-screens.js";

const hbs = createTemplateRenderer();
const CSS = (width: number) => `body { margin: 0; padding: 0; background: #2b2a33; font-family: "Signika", sans-serif; }
.application { width: ${width}px; background: #ebe6da; color: #191813; }
.application i[class*="fa-"] { display: inline-block; width: 0.9em; height: 0.9em; background: currentColor; opacity: 0.45; }`;

afterAll(async () => closeBrowser());

describe.skipIf(skipScreenshots())("[SYS-CHARACTER] the class and checks blocks on each game's sheet", () => {
  for (const id of RULESET_IDS) {
    it(`[SYS-CHARACTER] ${id}: class block and checks at 720 × 800 and 480 wide`, async () => {
      const pc = actorsOf(id).find((a) => a.type === "character" && Number(a.system.level) >= 3)!;
      for (const [tab, check] of [
        ["abilities", ".d20c-build"],
        ["combat", ".d20c-checks"],
      ] as const) {
        const ctx = actorScreen(getRuleset(id), "character", pc.name, pc.system, itemsOf(pc), tab);
        const body = `<div class="application sheet d20-combat actor themed theme-light"><section class="window-content">${hbs.render("templates/sheets/actor.hbs", ctx)}</section></div>`;
        for (const [width, height] of [
          [720, 800],
          [480, 800],
        ] as const) {
          const page = { width, height, extraCss: CSS(width), bodyClass: "" };
          await withPage(
            body,
            async (p) => {
              expect(await p.locator(check).isVisible()).toBe(true);
              expect(await p.$eval(".d20c-sheet", (el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
            },
            page,
          );
          await screenshotHtml(body, { ...page, selector: check, name: `build-${id}-${tab}-${width}` });
        }
      }
    }, 120_000);
  }
});
