/**
 * [SYS-WORDS] [SYS-CONTENT] The journals each game's world shows (its rules and conditions
 * references, the shared Quick Start guide), rendered as the journal sheet shows text pages
 * (test/sheets/journal-screens.ts), in headless Chromium, light and dark, at 760 px (issue 45):
 * every page's title is a heading, nothing spills sideways, no look problem (look-checks.ts), and
 * the text on screen carries no raw token (an `@ref`, an unfilled `{placeholder}`, `[W]` outside
 * FFd20). The words test (test/sheets/words-vocabulary.test.ts) reads the same screens for other
 * games' terms. Pictures: test-output/screenshots/journals-<game>-<theme>.png.
 */
import { afterAll, describe, expect, it } from "vitest";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { closeBrowser, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { enrichStandIn, journalScreensOf } from "../sheets/journal-screens.js";
import { lookProblems } from "./look-checks.js";

const WIDTH = 760;
const frameCss = `body { margin: 0; padding: 12px; background: #2b2a33; font-family: "Signika", "Segoe UI", sans-serif; }
.application { width: ${WIDTH}px; margin-bottom: 16px; border-radius: 6px; background: #ebe6da; color: #191813; }
.application.theme-dark { background: #26252c; color: #e7e3d7; }
.application .window-header { height: 36px; padding: 0 10px; line-height: 36px; background: #17161c; color: #e7e3d7; font-size: 13px; }
.application .window-content { padding: 8px 16px; }
.application a { color: inherit; text-decoration: underline; }`;

describe("[SYS-WORDS] journals rendered as their sheet shows them", () => {
  it("[SYS-WORDS] core's content links and inline rolls show their label, the linked name or the formula; an unknown reference stays raw for the words test to find", () => {
    const names = new Map([["abc123", "Hill Ogre"]]);
    expect(enrichStandIn("see @UUID[Compendium.d20-combat.x.Actor.abc123]{the ogre}", names)).toBe(
      'see <a class="content-link">the ogre</a>',
    );
    expect(enrichStandIn("see @UUID[Actor.abc123]", names)).toBe('see <a class="content-link">Hill Ogre</a>');
    expect(enrichStandIn("roll [[/r 1d20 + 4]]", names)).toBe('roll <a class="inline-roll">1d20 + 4</a>');
    expect(enrichStandIn("see @UUID[Actor.nothere]", names)).toBe("see @UUID[Actor.nothere]");
  });

  for (const id of RULESET_IDS)
    it(`[SYS-CONTENT] ${id}: the world shows its own rules journals and the shared guide, each page under its title`, () => {
      const screens = journalScreensOf(id);
      expect(screens.some((s) => s.slug.startsWith(`journal-rules-${id}-`))).toBe(true);
      expect(screens.some((s) => s.slug.startsWith("journal-guide-"))).toBe(true);
      for (const s of screens) {
        expect(s.html, s.name).toMatch(/<h[1-6] class="journal-page-header">[^<]+</);
        expect(s.html, s.name).toContain('<section class="journal-page-content">');
      }
    });
});

describe.skipIf(skipScreenshots())("[SYS-WORDS] journals in Chromium, light and dark (issue 45)", () => {
  afterAll(closeBrowser);

  for (const id of RULESET_IDS)
    it(`[SYS-WORDS] ${id}: every journal reads cleanly: no spill, no look problem, no raw token on screen`, async () => {
      const screens = journalScreensOf(id);
      const problems: string[] = [];
      for (const theme of ["theme-light", "theme-dark"]) {
        const body = screens
          .map(
            (s, i) =>
              `<div class="application d20-combat sheet journal-sheet themed ${theme}" data-screen="${i}"><header class="window-header">${s.name.replace(/</g, "&lt;")}</header><section class="window-content">${s.html}</section></div>`,
          )
          .join("");
        const opts = { width: WIDTH + 40, height: 900, extraCss: frameCss, bodyClass: "" };
        await screenshotHtml(body, { ...opts, name: `journals-${id}-${theme.replace("theme-", "")}` });
        await withPage(
          body,
          async (page) => {
            const looks = await lookProblems(page, { folds: screens.map(() => null) });
            const read = await page.$$eval("[data-screen]", (frames) =>
              frames.map((f) => {
                const box = f.getBoundingClientRect();
                const content = f.querySelector(".window-content")!;
                return {
                  text: (f as HTMLElement).innerText,
                  spill: Math.max(
                    content.scrollWidth - content.clientWidth,
                    ...[...f.querySelectorAll(".window-content *")].map(
                      (e) => e.getBoundingClientRect().right - box.right,
                    ),
                  ),
                };
              }),
            );
            for (const [i, r] of read.entries()) {
              const name = screens[i]!.name;
              if (r.spill > 1) problems.push(`${theme} ${name}: spills ${Math.round(r.spill)}px`);
              problems.push(...looks[i]!.map((p) => `${theme} ${name}: ${p}`));
              const raw: string[] = [...(r.text.match(/@\w+\[|\{[a-zA-Z]+\}|\[\[/g) ?? [])];
              if (id !== "ffd20") raw.push(...(r.text.match(/\[W\]/g) ?? []));
              if (raw.length) problems.push(`${theme} ${name}: raw ${raw.join(", ")}`);
            }
          },
          opts,
        );
      }
      expect(problems).toEqual([]);
    }, 120_000);
});
