// @ts-check
/**
 * npm run build  → dist/: bundled, minified ES module + sourcemap, the separate self-test file,
 *                  static files, compiled packs, then
 *                  dist/d20-combat.zip (the system folder's contents) next to dist/system.json.
 * npm run dev    → the same without the zip, then rollup watch + re-copy of static files on change.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, watch as fsWatch, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rollup, watch as rollupWatch } from "rollup";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { zipSync } from "fflate";
import rollupConfig from "../rollup.config.mjs";
import { listFiles } from "./lib/files.mjs";
import { validateDist } from "./lib/validate-system.mjs";
import { bundleSelfTest, SELF_TEST_ENTRY, SELF_TEST_FILE } from "./lib/self-test-bundle.mjs";
import { loadPackFill } from "./lib/pack-fill.mjs";
import { PRECOMPILED_BUDGET, precompiledSize } from "./lib/precompiled-templates.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = path.join(ROOT, "dist");
const ZIP_NAME = "d20-combat.zip";
/** Copied verbatim into dist/ (files and folders; missing optional ones are skipped). */
const STATIC = ["system.json", "lang", "templates", "styles", "assets", "README.md", "LICENSE", "CHANGELOG.md"];
const REQUIRED_STATIC = new Set(["system.json", "lang", "styles", "README.md", "LICENSE", "CHANGELOG.md"]);

const watchMode = process.argv.includes("--watch");

/** @param {string} msg */
function fail(msg) {
  console.error(`build failed: ${msg}`);
  process.exit(1);
}

/** @param {string} label @param {() => Promise<void> | void} fn */
async function step(label, fn) {
  const t0 = performance.now();
  await fn();
  console.log(`  ${label} (${Math.round(performance.now() - t0)} ms)`);
}

async function bundle() {
  const bundle = await rollup(rollupConfig);
  try {
    await bundle.write(rollupConfig.output);
  } finally {
    await bundle.close();
  }
}

function copyStatic() {
  for (const entry of STATIC) {
    const src = path.join(ROOT, entry);
    if (!existsSync(src)) {
      if (REQUIRED_STATIC.has(entry)) fail(`${entry} is missing from the source tree`);
      continue;
    }
    cpSync(src, path.join(DIST, entry), { recursive: true, filter: (p) => path.basename(p) !== ".gitkeep" });
  }
}

async function compilePacks() {
  const system = JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8"));
  // Fields a source leaves out are compiled at their initial value: a new field costs no YAML.
  const fill = await loadPackFill(ROOT);
  for (const pack of system.packs ?? []) {
    const src = path.join(ROOT, "packs", pack.name);
    if (!existsSync(src)) fail(`pack "${pack.name}": source folder packs/${pack.name}/ is missing`);
    const dest = path.join(DIST, pack.path);
    rmSync(dest, { recursive: true, force: true });
    await compilePack(src, dest, { yaml: true, recursive: true, transformEntry: (doc) => void fill(doc) });
  }
}

/** [SYS-RELEASE] what the precompiled templates add to the bundle (gzip), held under its budget. */
async function reportPrecompiled() {
  const size = await precompiledSize(ROOT, "d20-combat");
  const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `  precompiled templates: ${size.count}, ${kb(size.minified)} minified, ${kb(size.gzip)} gzip added (budget ${kb(PRECOMPILED_BUDGET)})`,
  );
  if (size.gzip > PRECOMPILED_BUDGET)
    fail(`the precompiled templates add ${kb(size.gzip)} gzip, over ${kb(PRECOMPILED_BUDGET)}`);
}

function checkDist() {
  const problems = validateDist(DIST);
  if (problems.length) fail(`dist/ is incomplete:\n  - ${problems.join("\n  - ")}`);
}

function writeZip() {
  /** @type {Record<string, Uint8Array>} */
  const files = {};
  for (const rel of listFiles(DIST)) {
    if (rel === ZIP_NAME) continue;
    files[rel] = readFileSync(path.join(DIST, rel));
  }
  writeFileSync(path.join(DIST, ZIP_NAME), zipSync(files, { level: 9 }));
}

async function build() {
  const t0 = performance.now();
  console.log(`Building d20-combat → dist/${watchMode ? " (watch)" : ""}`);
  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(DIST, { recursive: true });
  await step("bundle src/d20-combat.ts → d20-combat.mjs", bundle);
  await step("measure the precompiled templates", reportPrecompiled);
  await step(`bundle ${SELF_TEST_ENTRY} → ${SELF_TEST_FILE}`, () => bundleSelfTest(ROOT, DIST));
  await step("copy static files", copyStatic);
  await step("compile packs", compilePacks);
  await step("check paths named by dist/system.json", checkDist);
  if (!watchMode) await step(`write dist/${ZIP_NAME}`, writeZip);
  console.log(`Done in ${Math.round(performance.now() - t0)} ms`);
}

function startWatch() {
  const watcher = rollupWatch({ ...rollupConfig, watch: { clearScreen: false, include: ["src/**"] } });
  watcher.on("event", (event) => {
    if (event.code === "BUNDLE_END") {
      console.log(`rebuilt d20-combat.mjs (${event.duration} ms)`);
      event.result?.close();
    } else if (event.code === "ERROR") {
      console.error(event.error.message);
      event.result?.close();
    }
  });
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  for (const entry of STATIC) {
    const src = path.join(ROOT, entry);
    if (!existsSync(src)) continue;
    fsWatch(src, { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        copyStatic();
        console.log("re-copied static files");
      }, 100);
    });
  }
  console.log("Watching src/ and static files (Ctrl-C to stop). Pack sources are compiled at start only.");
}

try {
  await build();
} catch (err) {
  fail(err instanceof Error ? (err.stack ?? err.message) : String(err));
}
if (watchMode) startWatch();
