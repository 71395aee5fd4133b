/**
 * Screenshot of a combat tracker row with the current combatant's actions left ([SYS-ACTIONS]):
 * a 13th Age combatant that has spent its move action, in headless Chromium at sidebar width. The
 * pills are what the tracker places on the row (`actionsLeftPlacements`) for the REAL D20Combat
 * on the v13 Combat stand-in, rendered through the real template.
 * Written to test-output/screenshots/combat-tracker-actions.png.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { StandInActor, standInGlobals } from "../stand-ins/foundry-combat.js";
import { closeBrowser, pngSize, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { useStandInCombat } from "../support/stand-in-combat.js";

import type * as TrackerNs from "../../src/applications/combat/actions-left.js";
import type * as ActionsNs from "../../src/workflows/actions.js";

const { battle } = useStandInCombat();
let tracker: typeof TrackerNs;
let actions: typeof ActionsNs;
beforeAll(async () => {
  tracker = await import("../../src/applications/combat/actions-left.js");
  actions = await import("../../src/workflows/actions.js");
  // Foundry renders the tracker's templates; here the real handlebars does.
  const hbs = createTemplateRenderer();
  const g = globalThis as unknown as {
    foundry: { applications: { handlebars: { renderTemplate: (path: string, data: object) => Promise<string> } } };
  };
  g.foundry.applications.handlebars.renderTemplate = async (path, data) =>
    hbs.render(path.replace(`systems/${SYSTEM_ID}/`, ""), data);
});

const FRAME_CSS = `body { margin: 0; background: #1c1b22; }
.combat-tracker { width: 300px; margin: 8px; padding: 0; list-style: none; color: #e7e5dc; font-family: "Signika", sans-serif; }
.combatant { display: flex; gap: 6px; padding: 4px; border-bottom: 1px solid #444; }
.combatant.active { background: #3a3844; }
.combatant img { width: 40px; height: 40px; background: #666; }
.token-name { flex: 1; }
.token-name .name { display: block; }`;

describe.skipIf(skipScreenshots())("combat tracker actions-left screenshot", () => {
  afterAll(closeBrowser);

  it("[SYS-ACTIONS] [13A-ACTIONS] the current combatant's row shows what it has left on one line: move spent", async () => {
    standInGlobals.rulesetId = "13th-age";
    const paladin = new StandInActor("paladin", defaultActorSource(), true);
    const combat = battle([
      { id: "a", actor: paladin, initiative: 18 },
      { id: "b", actor: new StandInActor("orc", defaultActorSource({ kind: "npc" })), initiative: 11 },
    ]);
    await combat.startCombat();
    await combat.settle();
    await actions.spendForActor(paladin, "move", combat as never);
    const placed = await tracker.actionsLeftPlacements(combat as never);
    expect(placed.map((p) => p.rowId)).toEqual(["a"]);
    const pills = placed[0]!.markup;
    const body = `<ol class="combat-tracker">
      <li class="combatant active" data-combatant-id="a"><img alt=""><div class="token-name"><strong class="name">Ardent Paladin</strong>${pills}</div><span>18</span></li>
      <li class="combatant" data-combatant-id="b"><img alt=""><div class="token-name"><strong class="name">Orc Berserker</strong></div><span>11</span></li>
    </ol>`;
    await withPage(
      body,
      async (page) => {
        const row = page.locator('[data-combatant-id="a"] [data-d20c-actions-left]');
        expect(await row.isVisible()).toBe(true);
        const text = (await row.textContent())?.replace(/\s+/g, " ") ?? "";
        expect(text).toContain("Standard action 1/1");
        expect(text).toContain("Move action 0/1");
        expect(text).toContain("Quick action 1/1");
        expect(await page.locator(".d20c-actions-left__pill.is-spent").count()).toBe(1);
        const overflow = await page.evaluate(() => {
          const h = document.querySelector(".combat-tracker") as HTMLElement;
          return h.scrollWidth - h.clientWidth;
        });
        expect(overflow).toBeLessThanOrEqual(0);
        // Issue 45: the chips stay on one line at sidebar width, each count readable.
        const tops = await page.$$eval(".d20c-actions-left__pill", (els) =>
          els.map((el) => Math.round(el.getBoundingClientRect().top)),
        );
        expect(new Set(tops).size).toBe(1);
        const counts = await page.$$eval(".d20c-actions-left__pill strong", (els) =>
          els.map((el) => el.getBoundingClientRect().width),
        );
        for (const w of counts) expect(w).toBeGreaterThan(10);
      },
      { width: 340, extraCss: FRAME_CSS },
    );
    const png = await screenshotHtml(body, {
      width: 340,
      extraCss: FRAME_CSS,
      selector: ".combat-tracker",
      name: "combat-tracker-actions",
    });
    expect(pngSize(png).width).toBeGreaterThan(250);
  });
});
