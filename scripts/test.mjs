// @ts-check
/**
 * npm test: every stage runs, in order, each reported with its time:
 *   (a) type check   tsc --noEmit -p .
 *   (b) lint         eslint . and prettier --check . (formatting drift fails here, not in review)
 *   (c) templates    every templates/**\/*.hbs precompiles (scripts/lib/validate-templates.mjs)
 *   (d) system.json  manifest, paths, lang TYPES keys, pack _keys (scripts/lib/validate-system.mjs)
 *   (e) knip         no unused file, export or type under src/ beyond knip-baseline.json (scripts/lib/knip-check.mjs)
 *   (f) vitest       default reporter + JSON reporter to a temp file
 * The last line is always `N passed, N failed, N skipped` (vitest's counts from its JSON; a failed
 * stage a–e counts as one more failure). Exit code: vitest's, or 1 if any earlier stage failed.
 * Extra arguments go to vitest: `npm test -- test/engine`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { validateSystem } from "./lib/validate-system.mjs";
import { validateTemplates } from "./lib/validate-templates.mjs";
import { runKnipCheck } from "./lib/knip-check.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (/** @type {string} */ rel) => path.join(ROOT, "node_modules", rel);
const vitestArgs = process.argv.slice(2);

/** @type {string[]} */
const failedStages = [];

/**
 * @param {string} name
 * @param {() => boolean} fn returns true on success
 */
function stage(name, fn) {
  console.log(`\n━━ ${name}`);
  const t0 = performance.now();
  let ok;
  try {
    ok = fn();
  } catch (err) {
    console.error(err);
    ok = false;
  }
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(`━━ ${name}: ${ok ? "ok" : "FAILED"} (${secs} s)`);
  if (!ok) failedStages.push(name);
}

/**
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 */
function run(args, env = {}) {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  if (r.error) console.error(r.error);
  return r.status ?? 1;
}

/** @param {string[]} errors */
function report(errors) {
  for (const e of errors) console.error(`  ✗ ${e}`);
  return errors.length === 0;
}

stage("type check (tsc --noEmit -p .)", () => {
  const opts = process.env.NODE_OPTIONS ?? "";
  const env = /max-old-space-size/.test(opts) ? {} : { NODE_OPTIONS: `${opts} --max-old-space-size=4096`.trim() };
  return run([bin("typescript/bin/tsc"), "--noEmit", "-p", "."], env) === 0;
});

stage("lint (eslint, prettier --check)", () => {
  const eslint = run([bin("eslint/bin/eslint.js"), "."]) === 0;
  const prettier = run([bin("prettier/bin/prettier.cjs"), "--check", "--log-level", "warn", "."]) === 0;
  return eslint && prettier;
});

stage("templates (Handlebars.precompile)", () => {
  const { checked, errors } = validateTemplates(ROOT);
  console.log(`  ${checked.length} template(s) checked`);
  return report(errors);
});

stage("system.json", () => report(validateSystem(ROOT)));

stage("knip (production: unused files, exports, types under src/)", () => report(runKnipCheck(ROOT)));

let vitestCode = 1;
let counts = { passed: 0, failed: 0, skipped: 0 };
const tmp = mkdtempSync(path.join(tmpdir(), "d20c-vitest-"));
const jsonFile = path.join(tmp, "vitest.json");
stage("vitest", () => {
  vitestCode = run([
    bin("vitest/vitest.mjs"),
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${jsonFile}`,
    ...vitestArgs,
  ]);
  try {
    const json = JSON.parse(readFileSync(jsonFile, "utf8"));
    counts = {
      passed: json.numPassedTests ?? 0,
      failed: json.numFailedTests ?? 0,
      skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
    };
    // A suite that fails to load (syntax error, bad import) has no failed *tests*; count it.
    const brokenSuites = (json.testResults ?? []).filter(
      (/** @type {{status: string, assertionResults?: unknown[]}} */ s) =>
        s.status === "failed" && (s.assertionResults ?? []).length === 0,
    ).length;
    counts.failed += brokenSuites;
  } catch (err) {
    console.error(`could not read vitest's JSON report: ${err instanceof Error ? err.message : String(err)}`);
    if (vitestCode === 0) vitestCode = 1;
  }
  return vitestCode === 0;
});
rmSync(tmp, { recursive: true, force: true });

const earlier = failedStages.filter((s) => s !== "vitest");
if (earlier.length) console.error(`\nFailed stages: ${earlier.join(", ")}`);
console.log(`${counts.passed} passed, ${counts.failed + earlier.length} failed, ${counts.skipped} skipped`);
process.exit(earlier.length ? vitestCode || 1 : vitestCode);
