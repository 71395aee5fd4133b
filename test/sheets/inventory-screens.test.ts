/**
 * [SYS-CHARACTER] Screenshots of each game's Inventory tab (coins, gear with quantity and use, the
 * Wounds d20 load line) and identity section (abilities tab: ancestry; 13th Age's One Unique Thing
 * and icon relationships), from a level-3 pregen, at 720 × 800 and 480 px wide: the sections are
 * visible, the pregen's potion is listed with its Use button, and nothing spills sideways.
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

describe.skipIf(skipScreenshots())(
  "[SYS-CHARACTER] the Inventory tab and identity section on each game's sheet",
  () => {
    for (const id of RULESET_IDS) {
      it(`[SYS-CHARACTER] ${id}: inventory and identity at 720 × 800 and 480 wide`, async () => {
        const pc = actorsOf(id).find((a) => a.type === "character" && Number(a.system.level) >= 3)!;
        for (const [tab, check] of [
          ["inventory", ".d20c-inventory"],
          ["abilities", ".d20c-identity-block"],
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
                if (tab === "inventory") {
                  expect(await p.locator(".d20c-gear", { hasText: "Healing potion" }).isVisible()).toBe(true);
                  expect(await p.locator('[data-action="useGear"]').count()).toBeGreaterThan(0);
                  expect(await p.locator(".d20c-load").count()).toBe(id === "wounds-d20" ? 1 : 0);
                } else {
                  expect(await p.locator(".d20c-icon-relationship").count()).toBe(id === "13th-age" ? 2 : 0);
                }
                expect(await p.$eval(".d20c-sheet", (el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
              },
              page,
            );
            await screenshotHtml(body, { ...page, selector: check, name: `inventory-${id}-${tab}-${width}` });
          }
        }
      }, 120_000);
    }
  },
);
