/**
 * [SYS-FORECAST] Screenshots of the forecast as the GM sees it, rendered by the adapter with the
 * test stand-ins and the real templates and stylesheet, in headless Chromium: the tracker header's
 * line (panel closed), the per-creature panel (open) and the encounter planner. Written to
 * test-output/screenshots/forecast-*.png. [SYS-WORDS] Then each game's line, panel and planner,
 * read in its own words (no term another game's vocabulary has and its own lacks), written to
 * test-output/screenshots/forecast-<game>-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import type { RulesetId } from "../../src/engine/types.js";
import { say } from "../../src/engine/vocabulary.js";
import { installAttackStandIn } from "../stand-ins/foundry-attack.js";
import { i18n } from "../sheets/sheet-fixtures.js";
import type { Screen } from "../sheets/words-screens.js";
import { foreignTerms, leaksOf } from "../sheets/words-terms.js";
import { closeBrowser, pngSize, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { combatOf, fightActors, FORECAST_GAME, gameFightActors } from "../workflows/forecast-doubles.js";

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

/** The world's game, as the forecast reads it (the stand-in's world setting). */
async function playing(id: RulesetId): Promise<void> {
  await (
    globalThis as unknown as { game: { settings: { set: (ns: string, k: string, v: unknown) => Promise<unknown> } } }
  ).game.settings.set(SYSTEM_ID, "ruleset", id);
}

/** A game's forecast screens: the header's line, its open panel and the planner, by the real adapter. */
async function forecastScreens(id: RulesetId): Promise<{ screens: Screen[]; names: string[] }> {
  const { trackerForecastMarkup } = await import("../../src/applications/forecast/forecast.js");
  const { plannerMarkup } = await import("../../src/applications/forecast/planner-data.js");
  await playing(id);
  const actors = gameFightActors(id);
  const combat = combatOf(actors) as never;
  const header = (inner: string) => `<div class="combat-tracker-header"><h3>Round 1</h3>${inner}</div>`;
  const plan = actors.map((a) => ({
    actor: a as never,
    side: a.type === "character" ? ("party" as const) : ("foes" as const),
  }));
  const folder = i18n.localize(say(getRuleset(id), "D20C.Forecast.Planner.DefaultFolder"));
  const screen = (slug: string, html: string): Screen => ({
    name: `${id} ${slug}`,
    slug,
    kind: "sidebar",
    html,
    numbers: [],
  });
  // The creatures' and their attacks' names are the packs' (the words test reads those as pack documents).
  const names = actors.flatMap((a) => [a.name, ...a.items.map((i) => i.name)]);
  return {
    screens: [
      screen("line", header(await trackerForecastMarkup(combat))),
      screen("panel", header(await trackerForecastMarkup(combat, true))),
      screen("planner", `<div class="window">${await plannerMarkup(plan, folder)}</div>`),
    ],
    names,
  };
}

/** A screen with the packs' names taken out (what the game's words are judged on). */
const unnamed = (screen: Screen, names: readonly string[]): Screen => ({
  ...screen,
  html: [...names].sort((a, b) => b.length - a.length).reduce((h, n) => h.split(n).join(" "), screen.html),
});

describe.skipIf(skipScreenshots())("forecast in each game's words", () => {
  afterAll(() => playing(FORECAST_GAME));

  it("[SYS-FORECAST] [SYS-WORDS] each game's tracker line, panel and planner say its own words: no other game's term, its own words for the fight and for dropping", async () => {
    const own = (id: RulesetId, key: string) => i18n.localize(say(getRuleset(id), key));
    const leaks: string[] = [];
    const byGame = new Map<RulesetId, Screen[]>();
    for (const id of RULESET_IDS) {
      const { screens, names } = await forecastScreens(id);
      byGame.set(
        id,
        screens.map((s) => unnamed(s, names)),
      );
      leaks.push(...screens.flatMap((s) => leaksOf(unnamed(s, names), id, foreignTerms(id))));
      const [line, panel, planner] = screens;
      const plannerText = planner!.html.replace(/&#x27;/g, "'");
      // The panel names the game's own column for dropping; the planner its own hint and folder.
      expect(panel!.html, id).toContain(`<th>${own(id, "D20C.Forecast.Col.Drop")}</th>`);
      expect(plannerText, id).toContain(own(id, "D20C.Forecast.Planner.Hint"));
      expect(plannerText, id).toContain(own(id, "D20C.Forecast.Planner.DefaultFolder"));
      expect(line!.html, id).toContain("d20c-forecast__text");
      for (const [slug, html, width] of [
        ["tracker-line", line!.html, 340],
        ["tracker-panel", panel!.html, 340],
        ["planner", planner!.html, 480],
      ] as const) {
        const png = await screenshotHtml(html, {
          width,
          extraCss: SIDEBAR_CSS,
          selector: slug === "planner" ? ".window" : ".combat-tracker-header",
          name: `forecast-${id}-${slug}`,
        });
        expect(pngSize(png).width).toBeGreaterThan(250);
      }
    }
    expect(leaks).toEqual([]);
    // Each game words the fight and the drop its own way: no two games' panels and planners read alike.
    const words = RULESET_IDS.map((id) =>
      ["D20C.Forecast.Col.Drop", "D20C.Forecast.Planner.Hint"].map((k) => own(id, k)).join("|"),
    );
    expect(new Set(words).size).toBe(RULESET_IDS.length);
    // The check can fail: FFd20's planner read as 13th Age's plans an "encounter"; Hundred Dungeons' panel read as Wounds d20's counts "0 HP".
    expect(byGame.get("ffd20")!.flatMap((s) => leaksOf(s, "13th-age", foreignTerms("13th-age")))).toContainEqual(
      expect.stringMatching(/^ffd20 planner: "encounter" in/),
    );
    expect(
      byGame.get("hundred-dungeons")!.flatMap((s) => leaksOf(s, "wounds-d20", foreignTerms("wounds-d20"))),
    ).toContainEqual(expect.stringMatching(/^hundred-dungeons panel: "0 hp" in/));
  }, 180_000);
});
