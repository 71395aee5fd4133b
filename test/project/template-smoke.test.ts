/** The template + screenshot pipeline end to end on a trivial fixture template. */
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, pngSize, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";

const FIXTURE = "test/fixtures/templates/smoke.hbs";
const context = { name: "Goblin Scum", rulesetLabel: "D20C.Settings.Ruleset.Choices.13th-age", count: 1 };

describe("template rendering (stand-in helpers, strict)", () => {
  const hbs = createTemplateRenderer();

  it("renders localized strings and helpers", () => {
    const html = hbs.render(FIXTURE, context);
    expect(html).toContain("<h2>d20 Combat</h2>");
    expect(html).toContain("Ruleset: 13th Age");
    expect(html).toContain('<p class="count">+1</p>');
  });

  it("throws, naming the property, when the context lacks one (strict)", () => {
    const { name: _omitted, ...withoutName } = context;
    expect(() => hbs.render(FIXTURE, withoutName)).toThrow(/"name" not defined/);
  });

  it("throws when a localize argument is missing from the context", () => {
    const { rulesetLabel: _omitted, ...withoutLabel } = context;
    expect(() => hbs.render(FIXTURE, withoutLabel)).toThrow(/localize stand-in: key is undefined/);
  });

  it("throws on an unknown localization key", () => {
    expect(() => hbs.render(FIXTURE, { ...context, rulesetLabel: "D20C.Nope" })).toThrow(/D20C\.Nope/);
  });
});

describe.skipIf(skipScreenshots())("screenshot (headless Chromium)", () => {
  afterAll(closeBrowser);
  const html = createTemplateRenderer().render(FIXTURE, context);

  it("screenshots the rendered template with the system CSS", async () => {
    const png = await screenshotHtml(html, { selector: ".d20c-smoke", name: "smoke", width: 400 });
    const { width, height } = pngSize(png);
    expect(width).toBeGreaterThan(100);
    expect(height).toBeGreaterThan(20);
  });

  it("applies the system CSS (accent colour on the heading)", async () => {
    const color = await withPage(html, (page) =>
      page.locator(".d20c-smoke h2").evaluate((el) => getComputedStyle(el).color),
    );
    expect(color).toBe("rgb(122, 31, 31)");
  });
});
