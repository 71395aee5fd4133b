/**
 * [SYS-FORECAST] Screenshots of the forecast as the GM sees it, rendered by the adapter with the
 * test stand-ins and the real templates and stylesheet, in headless Chromium: the tracker header's
 * line (panel closed), the per-creature panel (open) and the encounter planner. Written to
 * test-output/screenshots/forecast-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installAttackStandIn } from "../stand-ins/foundry-attack.js";
import { closeBrowser, pngSize, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { combatOf, fightActors, FORECAST_GAME } from "../workflows/forecast-doubles.js";

/** Stand-in for the v13 sidebar around the tracker header (width, dark background). */
const SIDEBAR_CSS = `body { margin: 0; background: #1c1b22; color: #e7e5dc; font-family: "Signika", sans-serif; }
.combat-tracker-header { width: 300px; margin: 8px; padding: 6px 0; background: #2b2a33; border-radius: 5px; }
.combat-tracker-header h3 { margin: 0 0 4px; text-align: center; font-size: 1rem; }
button { background: #45434f; color: #e7e5dc; border: 1px solid #777; border-radius: 3px; }
.window { width: 440px; margin: 8px; padding: 8px; background: #2b2a33; border-radius: 5px; }
input { background: #1c1b22; color: #e7e5dc; border: 1px solid #777; }`;

let uninstall: () => void = () => undefined;

beforeAll(async () => {
  ({ uninstall } = installAttackStandIn(FORECAST_GAME, { preloadTemplates: true }));
  (await import("../../src/settings.js")).registerSettings();
  (globalThis as unknown as { game: { user: { isGM: boolean } } }).game.user.isGM = true;
});
afterAll(async () => {
  uninstall();
  await closeBrowser();
});

describe.skipIf(skipScreenshots())("forecast screenshots", () => {
  it("[SYS-FORECAST] the tracker header's forecast line, its panel per creature, and the planner", async () => {
    const { trackerForecastMarkup } = await import("../../src/applications/forecast/forecast.js");
    const { plannerMarkup } = await import("../../src/applications/forecast/planner-data.js");
    const actors = fightActors();
    const combat = combatOf(actors) as never;
    const closed = await trackerForecastMarkup(combat);
    const open = await trackerForecastMarkup(combat, true);
    const header = (inner: string) => `<div class="combat-tracker-header"><h3>Round 1</h3>${inner}</div>`;

    await withPage(
      header(open),
      async (page) => {
        expect(await page.locator(".d20c-forecast__text").isVisible()).toBe(true);
        expect(await page.locator(".d20c-forecast__row").count()).toBe(actors.length);
        // The panel fits the sidebar: nothing spills sideways.
        const overflow = await page.evaluate(() => {
          const h = document.querySelector(".combat-tracker-header") as HTMLElement;
          return h.scrollWidth - h.clientWidth;
        });
        expect(overflow).toBeLessThanOrEqual(0);
      },
      { width: 340, extraCss: SIDEBAR_CSS },
    );
    for (const [name, body] of [
      ["forecast-tracker-line", header(closed)],
      ["forecast-tracker-panel", header(open)],
    ] as const) {
      const png = await screenshotHtml(body, {
        width: 340,
        extraCss: SIDEBAR_CSS,
        selector: ".combat-tracker-header",
        name,
      });
      expect(pngSize(png).width).toBeGreaterThan(250);
    }

    const plan = actors.map((a) => ({
      actor: a as never,
      side: a.type === "character" ? ("party" as const) : ("foes" as const),
    }));
    const planner = `<div class="window">${await plannerMarkup(plan, "Brutes at the ford")}</div>`;
    await withPage(
      planner,
      async (page) => {
        expect(await page.locator(".d20c-planner__entry").count()).toBe(actors.length);
        expect(await page.locator(".d20c-forecast__text").isVisible()).toBe(true);
      },
      { width: 480, extraCss: SIDEBAR_CSS },
    );
    const png = await screenshotHtml(planner, {
      width: 480,
      extraCss: SIDEBAR_CSS,
      selector: ".window",
      name: "forecast-planner",
    });
    expect(pngSize(png).height).toBeGreaterThan(200);
  });
});
