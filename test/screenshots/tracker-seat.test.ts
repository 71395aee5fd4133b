/**
 * The tracker's seat box reads as a box to type in ([HD-INIT], [SYS-WORDS]): in the light theme its
 * paper is lighter than the sidebar behind it (a grey wash read as a disabled field), in the dark
 * theme darker, and its number stands out from it in both. Rendered in headless Chromium with the
 * system stylesheet; written to test-output/screenshots/tracker-seat-<theme>.png.
 */
import { afterAll, describe, expect, it } from "vitest";
import { combatantControlsView } from "../../src/applications/combat/tracker-view.js";
import { getRuleset } from "../../src/engine/registry.js";
import { closeBrowser, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";

const hbs = createTemplateRenderer();
/** Foundry's sidebar paper in each theme (the frame the words screens use). */
const PAPER = { "theme-light": "#ebe6da", "theme-dark": "#26252c" } as const;
const INK = { "theme-light": "#191813", "theme-dark": "#e7e3d7" } as const;
const frameCss = (theme: keyof typeof PAPER) =>
  `body { margin: 0; } .application { width: 280px; padding: 8px; background: ${PAPER[theme]}; color: ${INK[theme]}; font-family: "Signika", sans-serif; }`;

describe.skipIf(skipScreenshots())("[HD-INIT] the tracker's seat box", () => {
  afterAll(closeBrowser);

  it("[HD-INIT] [SYS-WORDS] reads as an input in both themes: lighter than the light sidebar, darker than the dark one, its number legible", async () => {
    const controls = combatantControlsView(getRuleset("hundred-dungeons").initiative, { aware: true, seat: 2 }, true);
    expect(controls.showSeat).toBe(true);
    const html = hbs.render("templates/combat/combatant-controls.hbs", controls);
    for (const theme of ["theme-light", "theme-dark"] as const) {
      const body = `<div class="application ${theme}">${html}</div>`;
      const opts = { width: 320, height: 80, extraCss: frameCss(theme), bodyClass: theme };
      const seen = await withPage(
        body,
        (page) =>
          page.$eval(".d20c-combatant-controls__seat input", (input) => {
            const rgba = (c: string) => {
              const n = c.match(/[\d.]+/g)!.map(Number);
              return { r: n[0]!, g: n[1]!, b: n[2]!, a: n[3] ?? 1 };
            };
            const paper = rgba(getComputedStyle(input.closest(".application")!).backgroundColor);
            const own = rgba(getComputedStyle(input).backgroundColor);
            const mix = (k: "r" | "g" | "b") => own[k] * own.a + paper[k] * (1 - own.a);
            const lum = (c: { r: number; g: number; b: number }) => {
              const l = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
              return 0.2126 * l(c.r) + 0.7152 * l(c.g) + 0.0722 * l(c.b);
            };
            const field = { r: mix("r"), g: mix("g"), b: mix("b") };
            const ink = rgba(getComputedStyle(input).color);
            const [hi, lo] = [lum(field), lum(ink)].sort((x, y) => y - x);
            return { field: lum(field), paper: lum(paper), contrast: (hi! + 0.05) / (lo! + 0.05) };
          }),
        opts,
      );
      if (theme === "theme-light") expect(seen.field, theme).toBeGreaterThan(seen.paper);
      else expect(seen.field, theme).toBeLessThan(seen.paper);
      expect(seen.contrast, theme).toBeGreaterThanOrEqual(4.5);
      await screenshotHtml(body, {
        ...opts,
        selector: ".application",
        name: `tracker-seat-${theme.replace("theme-", "")}`,
      });
    }
  }, 60_000);
});
