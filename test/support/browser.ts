/**
 * Headless Chromium screenshots for template/sheet tests (playwright-core + Debian's `chromium`).
 *
 *   afterAll(closeBrowser);                                   // one browser per test file
 *   const png = await screenshotHtml(html, { width: 400 });    // our CSS is inlined
 *   await withPage(html, async (page) => { expect(await page.locator(".hit").isVisible()).toBe(true); });
 *
 * Screenshots are also written to test-output/screenshots/<name>.png when `name` is given, for humans.
 * If Chromium is missing: `requireChromium()` throws in CI (CI env var set; .ci/run installs it) and
 * `chromiumAvailable()` lets local runs skip with `describe.skipIf(!chromiumAvailable())`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { REPO_ROOT } from "../stand-ins/i18n.js";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export const SCREENSHOT_DIR = path.join(REPO_ROOT, "test-output", "screenshots");

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/** True when screenshot tests must run (CI): they may only be skipped on a developer machine without Chromium. */
export function screenshotsRequired(): boolean {
  return Boolean(process.env.CI);
}

/** Skip condition for screenshot suites: `describe.skipIf(skipScreenshots())(…)`. Never skips in CI. */
export function skipScreenshots(): boolean {
  return !chromiumAvailable() && !screenshotsRequired();
}

let browser: Promise<Browser> | undefined;

/** The shared browser of this test file (launched on first use). */
export function getBrowser(): Promise<Browser> {
  if (!chromiumAvailable()) {
    return Promise.reject(
      new Error(`Chromium not found at ${CHROMIUM_PATH}: run \`apt-get install -y chromium\` (or set CHROMIUM_PATH)`),
    );
  }
  browser ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  const b = browser;
  browser = undefined;
  if (b) await (await b).close();
}

let cssCache: string | undefined;
/** styles/d20-combat.css, read once. */
export function systemCss(): string {
  cssCache ??= readFileSync(path.join(REPO_ROOT, "styles", "d20-combat.css"), "utf8");
  return cssCache;
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** Extra CSS appended after the system stylesheet (e.g. a stand-in for Foundry's base variables). */
  extraCss?: string;
  /** Classes for <body>; default "d20-combat". */
  bodyClass?: string;
}

export interface ScreenshotOptions extends PageOptions {
  /** Screenshot only the first element matching this selector (default: the full page). */
  selector?: string;
  /** If set, also write test-output/screenshots/<name>.png. */
  name?: string;
}

/** A complete HTML document with our CSS inlined around `bodyHtml`. */
export function htmlDocument(bodyHtml: string, options: PageOptions = {}): string {
  return (
    `<!DOCTYPE html><html><head><meta charset="utf-8"><style>${systemCss()}\n${options.extraCss ?? ""}</style></head>` +
    `<body class="${options.bodyClass ?? "d20-combat"}">${bodyHtml}</body></html>`
  );
}

/** Open a page with `bodyHtml` rendered, run `fn`, close the page. */
export async function withPage<T>(
  bodyHtml: string,
  fn: (page: Page) => Promise<T>,
  options: PageOptions = {},
): Promise<T> {
  const b = await getBrowser();
  const page = await b.newPage({ viewport: { width: options.width ?? 800, height: options.height ?? 600 } });
  try {
    await page.setContent(htmlDocument(bodyHtml, options), { waitUntil: "load" });
    return await fn(page);
  } finally {
    await page.close();
  }
}

/** Render `bodyHtml` (with our CSS) and return a PNG. */
export async function screenshotHtml(bodyHtml: string, options: ScreenshotOptions = {}): Promise<Buffer> {
  const png = await withPage(
    bodyHtml,
    async (page) =>
      options.selector
        ? await page.locator(options.selector).first().screenshot()
        : await page.screenshot({ fullPage: true }),
    options,
  );
  if (options.name) {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(path.join(SCREENSHOT_DIR, `${options.name}.png`), png);
  }
  return png;
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error("not a PNG");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
