/**
 * [SYS-WORDS] Every screen of every game in headless Chromium, inside a stand-in of Foundry's
 * application window, in the light and the dark theme, at 760 px (the sheet's default width) and
 * at 480 px: no screen (every tab of the actor sheet among them) spills sideways; every number a
 * player needs (HP, defenses, initiative, each attack's bonus) is in the page; and none shows what
 * a GM or player would call wrong (look-checks.ts: low contrast, cut-off text, misaligned rows,
 * empty choices, unclickable-looking controls, prose on its box's edge, and on a character's combat
 * tab at 760 px the play-first numbers below the fold of the sheet's default height).
 * Every screen, per theme and width, goes to
 * test-output/screenshots/words-<game>-<screen>-<theme>-<width>.png.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { closeBrowser, SCREENSHOT_DIR, skipScreenshots, withPage } from "../support/browser.js";
import { screensOf, type Screen } from "../sheets/words-screens.js";
import { lookProblems } from "./look-checks.js";

const WIDTHS = [760, 480] as const;
const THEMES = ["theme-light", "theme-dark"] as const;
const SIDEBAR = 300;
/** The actor sheet's default window height (the fold of its combat tab at 760 px). */
const SHEET_HEIGHT = 860;
/** The screens of a character's combat tab, whose play-first numbers must be above that fold. */
const PLAY_FIRST = new Set(["fresh", "character", "effects"]);
/** Foundry's window frame and sidebar around our markup (fonts and icons stand in as boxes). */
const frameCss = (
  width: number,
) => `body { margin: 0; padding: 12px; background: #2b2a33; font-family: "Signika", "Segoe UI", sans-serif; }
.application { width: ${width}px; margin-bottom: 16px; border-radius: 6px; box-shadow: 0 0 14px rgba(0,0,0,.6);
  background: #ebe6da; color: #191813; }
.application.theme-dark { background: #26252c; color: #e7e3d7; }
.application.sidebar { width: ${SIDEBAR}px; }
.application .window-header { height: 36px; padding: 0 10px; line-height: 36px; background: #17161c; color: #e7e3d7; font-size: 13px; }
.application .window-content { max-height: none; }
.application i[class*="fa-"] { display: inline-block; width: 0.9em; height: 0.9em; background: currentColor; opacity: 0.45; }
.application img { background: #888; }`;

const frame = (screen: Screen, theme: string, index: number) =>
  `<div class="application d20-combat sheet themed ${theme}${screen.kind === "sidebar" ? " sidebar" : ""}" data-screen="${index}">` +
  `<header class="window-header">${screen.name.replace(/</g, "&lt;")}</header>` +
  `<section class="window-content">${screen.html}</section></div>`;

/** Per screen: how far its content spills past its window, and the numbers missing from it. */
async function checkScreens(page: Page, screens: readonly Screen[]) {
  return page.$$eval(
    "[data-screen]",
    (frames, wanted) =>
      frames.map((f, i) => {
        const box = f.getBoundingClientRect();
        let spill = 0;
        for (const el of f.querySelectorAll<HTMLElement>(".window-content *")) {
          if (el.closest("details:not([open])") && el.tagName !== "SUMMARY" && !(el instanceof HTMLDetailsElement))
            continue;
          const r = el.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) continue;
          const style = getComputedStyle(el);
          if (style.visibility === "hidden" || style.display === "none") continue;
          spill = Math.max(spill, r.right - box.right);
        }
        const content = f.querySelector(".window-content")!;
        const scroll = content.scrollWidth - content.clientWidth;
        const text = [
          (f as HTMLElement).innerText,
          ...[...f.querySelectorAll<HTMLInputElement>("input")].map((x) => x.value),
        ].join(" ");
        const tokens = new Set(text.split(/[\s/()|·,:]+/).filter(Boolean));
        const missing = (wanted[i] ?? []).filter((n) => !tokens.has(n));
        return { spill: Math.round(Math.max(spill, scroll)), missing };
      }),
    screens.map((s) => s.numbers),
  );
}

describe.skipIf(skipScreenshots())("[SYS-WORDS] every screen of every game, light and dark, 760 and 480 px", () => {
  afterAll(closeBrowser);

  for (const id of RULESET_IDS)
    for (const width of WIDTHS)
      it(`[SYS-WORDS] ${id} at ${width} px: no screen spills sideways and each shows the numbers a player needs`, async () => {
        const screens = await screensOf(id);
        const problems: string[] = [];
        for (const theme of THEMES) {
          const body = screens.map((s, i) => frame(s, theme, i)).join("");
          const opts = { width: width + 40, height: 900, extraCss: frameCss(width), bodyClass: "" };
          await withPage(
            body,
            async (page) => {
              const results = await checkScreens(page, screens);
              const folds = screens.map((s) => (width === 760 && PLAY_FIRST.has(s.slug) ? SHEET_HEIGHT : null));
              const looks = await lookProblems(page, { folds });
              problems.push(
                ...results.flatMap((r, i) => [
                  ...(r.spill > 1 ? [`${screens[i]!.name}: spills ${r.spill}px`] : []),
                  ...(r.missing.length ? [`${screens[i]!.name}: missing ${r.missing.join(", ")}`] : []),
                  ...looks[i]!.map((p) => `${theme} ${screens[i]!.name}: ${p}`),
                ]),
              );
              mkdirSync(SCREENSHOT_DIR, { recursive: true });
              for (const [i, screen] of screens.entries())
                writeFileSync(
                  path.join(SCREENSHOT_DIR, `words-${id}-${screen.slug}-${theme.replace("theme-", "")}-${width}.png`),
                  await page.locator(`[data-screen="${i}"]`).screenshot(),
                );
            },
            opts,
          );
        }
        expect(problems, `${id} ${width}`).toEqual([]);
      }, 120_000);
});

/** A window the user made short: its content scrolls inside it, as Foundry sizes a window's content. */
const SCROLL_HEIGHT = 500;
const scrollCss = (width: number) =>
  `${frameCss(width)}
.application { height: ${SCROLL_HEIGHT}px; display: flex; flex-direction: column; }
.application .window-content { flex: 1; min-height: 0; }`;

/** The rich parts of the prose each screen carries, and the text of its last block. */
const RICH = { biography: ["h2", "h3", "ul > li", "strong", "em", "blockquote"], power: ["h3", "ol > li", "p"] };

describe.skipIf(skipScreenshots())("[SYS-WORDS] rich text renders and a long sheet scrolls", () => {
  afterAll(closeBrowser);

  it("[SYS-WORDS] every game's biography and power description show their headings, lists, emphasis and quote, and the window scrolls to the end of them", async () => {
    const problems: string[] = [];
    for (const id of RULESET_IDS)
      for (const width of WIDTHS) {
        const screens = (await screensOf(id)).filter((s) => s.slug in RICH);
        const body = screens.map((s, i) => frame(s, "theme-dark", i)).join("");
        const found = await withPage(
          body,
          (page) =>
            page.$$eval(
              "[data-screen]",
              (frames, wanted) =>
                frames.map((f, i) => {
                  const out: string[] = [];
                  const content = f.querySelector<HTMLElement>(".window-content")!;
                  const prose = f.querySelector(".d20c-editor, .d20c-enriched");
                  if (!prose) return ["no rich-text box"];
                  const drawn = (e: Element) => e.getBoundingClientRect().height > 0;
                  for (const sel of wanted[i]!)
                    if (![...prose.querySelectorAll(sel)].some(drawn)) out.push(`no ${sel}`);
                  const size = (sel: string) => parseFloat(getComputedStyle(prose.querySelector(sel)!).fontSize);
                  if (size("h3") <= size("p")) out.push("a heading no bigger than its text");
                  for (const li of prose.querySelectorAll("li"))
                    if (getComputedStyle(li).listStyleType === "none")
                      out.push(`an unmarked list item "${li.textContent}"`);
                  if (getComputedStyle(content).overflowY !== "auto") out.push("the window does not scroll");
                  if (content.scrollHeight <= content.clientHeight) out.push("a sheet too short to test scrolling");
                  // The item sheet shows its description first (issue 45): the window scrolls to the prose's end, wherever it sits.
                  prose.lastElementChild!.scrollIntoView({ block: "end" });
                  const last = prose.lastElementChild!.getBoundingClientRect();
                  const box = content.getBoundingClientRect();
                  if (last.bottom > box.bottom + 1 || last.top < box.top)
                    out.push("the end of the prose is out of reach");
                  return out;
                }),
              screens.map((s) => RICH[s.slug as keyof typeof RICH]),
            ),
          { width: width + 40, height: 900, extraCss: scrollCss(width), bodyClass: "" },
        );
        problems.push(...found.flatMap((p, i) => p.map((x) => `${id} ${width} ${screens[i]!.name}: ${x}`)));
      }
    expect(problems).toEqual([]);
  }, 120_000);
});
