/**
 * [SYS-WORDS] [SYS-MONSTERS] A pack monster's stat block in headless Chromium, per game, as the GM
 * edits it (light) and as a player who observes it reads it (dark): no line for a zero or a blank the
 * game does not print (a flat "Attack Bonus 0", a 13th Age speed) among the printed lines — the GM
 * finds those under a closed "Not printed" fold —, and a long list of table procedures (Hundred
 * Dungeons', only those open to the creature) folded under its heading, a short one (13th Age's four) open (issue 45).
 * PNGs go to test-output/screenshots/stat-block-<game>-<gm|observer>-<theme>.png.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { procedureOpen } from "../../src/engine/actions.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { RulesetId } from "../../src/engine/types.js";
import { actorsOf } from "../content/content.js";
import { closeBrowser, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { i18n } from "./sheet-fixtures.js";
import { actorScreen, filledActor, itemsOf } from "./words-screens.js";

const hbs = createTemplateRenderer();

const FRAME_CSS = `body { margin: 0; padding: 12px; background: #2b2a33; font-family: "Signika", "Segoe UI", sans-serif; }
.application { width: 640px; border-radius: 6px; overflow: hidden; background: #ebe6da; color: #191813; }
.application.theme-dark { background: #26252c; color: #e7e3d7; }
.application i[class*="fa-"] { display: inline-block; width: 0.9em; height: 0.9em; vertical-align: -0.1em;
  background: currentColor; opacity: 0.45; border-radius: 2px; }`;

/** One shipped monster per game (each stores a flat attack bonus of 0). */
const MONSTERS: Record<RulesetId, string> = {
  "13th-age": "Hill Warlord",
  ffd20: "Ogre Smasher",
  "hundred-dungeons": "Hill Ogre",
  "wounds-d20": "Hill Troll",
};

function page(id: RulesetId, editable: boolean, theme: string, change: Record<string, unknown> = {}): string {
  const m = actorsOf(id).find((a) => a.name === MONSTERS[id]);
  if (!m) throw new Error(`no ${id} monster ${MONSTERS[id]}`);
  const stored = filledActor({ ...m.system, ...change });
  const ctx = actorScreen(getRuleset(id), "npc", m.name, stored, itemsOf(m), undefined, editable);
  const html = hbs.render("templates/sheets/actor.hbs", ctx);
  return `<div class="application sheet d20-combat actor themed theme-${theme}"><section class="window-content">${html}</section></div>`;
}

const OPTIONS = { width: 680, height: 900, extraCss: FRAME_CSS, bodyClass: "" };

/** Whether a block line (by its `data-stat-line`) is on screen. */
const lineVisible = (p: Page, key: string) =>
  p.locator(`.d20c-stat-block [data-stat-line="${key}"]`).first().isVisible();

describe.skipIf(skipScreenshots())("[SYS-MONSTERS] stat blocks in Chromium (issue 45)", { timeout: 60_000 }, () => {
  afterAll(closeBrowser);
  const ids = Object.keys(MONSTERS) as RulesetId[];

  for (const id of ids)
    it(`[SYS-WORDS] ${id}, as the GM edits it: no "Attack Bonus 0" among the printed lines; the unprinted ones under a closed fold`, async () => {
      const html = page(id, true, "light");
      await screenshotHtml(html, { ...OPTIONS, selector: ".d20c-stat-block", name: `stat-block-${id}-gm-light` });
      await withPage(
        html,
        async (p) => {
          const more = p.locator(".d20c-stat-block details.d20c-stat-more");
          expect(await more.getAttribute("open")).toBeNull();
          await expect(lineVisible(p, "attackBonus")).resolves.toBe(false);
          // …still there to edit: the GM opens the fold and finds the input.
          await more.locator("summary").click();
          await expect(lineVisible(p, "attackBonus")).resolves.toBe(true);
          expect(await more.locator('input[name="system.attackBonus"]').inputValue()).toBe("0");
          // 13th Age prints no speed: it sits in the fold too.
          if (id === "13th-age") expect(await more.locator('input[name="system.speed"]').count()).toBe(1);
        },
        OPTIONS,
      );
    });

  for (const id of ids)
    it(`[SYS-WORDS] ${id}, as an observer reads it: no attack bonus line at 0, a bonus that is not 0 printed`, async () => {
      const html = page(id, false, "dark");
      await screenshotHtml(html, { ...OPTIONS, selector: ".d20c-stat-block", name: `stat-block-${id}-observer-dark` });
      const label = i18n.localize("D20C.Actor.FIELDS.attackBonus.label");
      await withPage(
        html,
        async (p) => {
          const text = await p.locator(".d20c-stat-block").innerText();
          expect(text).not.toContain(label);
          expect(await p.locator(".d20c-stat-more").count()).toBe(0);
          if (id === "13th-age") expect(text).not.toMatch(/Speed/);
        },
        OPTIONS,
      );
      await withPage(
        page(id, false, "dark", { attackBonus: 2 }),
        async (p) => {
          await expect(lineVisible(p, "attackBonus")).resolves.toBe(true);
          expect(await p.locator('[data-stat-line="attackBonus"]').innerText()).toMatch(new RegExp(`${label}\\s+2`));
        },
        OPTIONS,
      );
    });

  it("[SYS-ACTIONS] Hundred Dungeons' procedures open to the ogre (not Escape, Stand Up, Dismount: it is not held, prone or mounted) fold under 'Other actions (n)', opened by a click; 13th Age's four stay open", async () => {
    await withPage(
      page("hundred-dungeons", true, "light"),
      async (p) => {
        const fold = p.locator("details.d20c-stat-procedures");
        const all = getRuleset("hundred-dungeons").procedures ?? [];
        const count = all.filter((s) => procedureOpen(s, [])).length;
        expect(count).toBeGreaterThan(4);
        expect(count).toBeLessThan(all.length);
        const listed = await fold
          .locator("[data-procedure-id]")
          .evaluateAll((els) => els.map((el) => el.getAttribute("data-procedure-id")));
        for (const shut of ["escape", "standUp", "dismount", "readiedAction"]) expect(listed).not.toContain(shut);
        expect(listed).toContain("mount");
        expect(await fold.locator("summary").innerText()).toContain(`(${count})`);
        expect(await fold.getAttribute("open")).toBeNull();
        expect(await p.locator('[data-action="useProcedure"]').first().isVisible()).toBe(false);
        await fold.locator("summary").click();
        expect(await p.locator('[data-action="useProcedure"]').first().isVisible()).toBe(true);
      },
      OPTIONS,
    );
    await withPage(
      page("13th-age", true, "light"),
      async (p) => {
        expect(await p.locator("details.d20c-stat-procedures").getAttribute("open")).toBe("");
        expect(await p.locator('[data-action="useProcedure"]').first().isVisible()).toBe(true);
      },
      OPTIONS,
    );
  });
});
