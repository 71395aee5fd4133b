// @ts-check
/**
 * npm run screenshots: run the screenshot tests (real templates rendered in headless Chromium, see
 * test/support/browser.ts), then copy the pictures the README shows from test-output/screenshots/
 * into docs/screenshots/ (committed). Fails, naming the file, when a chosen picture was not produced
 * (no Chromium at /usr/bin/chromium, or a test failed).
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FROM = path.join(ROOT, "test-output", "screenshots");
const TO = path.join(ROOT, "docs", "screenshots");

/** The screenshot tests that produce the chosen pictures. */
const TESTS = ["test/sheets/sheet-screens.test.ts", "test/screenshots"];

/**
 * The pictures the README shows: per game, a shipped pregen's sheet and its attack card against two shipped
 * monsters (test/screenshots/readme-screens.test.ts: shipped content only, no test names); the tracker and
 * the Hundred Dungeons Actions panel.
 */
export const CHOSEN = [
  ...["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"].flatMap((id) => [
    `readme-sheet-${id}`,
    `readme-card-${id}`,
  ]),
  "combat-tracker-escalation",
  "actions-panel-hundred-dungeons",
];

for (const name of CHOSEN) rmSync(path.join(FROM, `${name}.png`), { force: true });
const r = spawnSync(process.execPath, [path.join(ROOT, "node_modules", "vitest", "vitest.mjs"), "run", ...TESTS], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, CI: "1" },
});
if (r.status !== 0) {
  console.error("screenshots: the screenshot tests failed; docs/screenshots/ left as it was");
  process.exit(r.status ?? 1);
}
const missing = CHOSEN.filter((name) => !existsSync(path.join(FROM, `${name}.png`)));
if (missing.length) {
  console.error(`screenshots: not produced: ${missing.map((n) => `${n}.png`).join(", ")}`);
  process.exit(1);
}
mkdirSync(TO, { recursive: true });
for (const name of CHOSEN) copyFileSync(path.join(FROM, `${name}.png`), path.join(TO, `${name}.png`));
console.log(`screenshots: ${CHOSEN.length} pictures copied to docs/screenshots/`);
