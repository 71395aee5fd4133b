// @ts-check
/**
 * The vitest configuration `npm run mutate` hands Stryker: vitest.config.ts's test options (keep them
 * in step), in one reused worker, with only the test files MUTATE_TESTS names (default: those under `test/engine`), so a mutant never
 * waits on the sheet, template or screenshot suites. Not used by `npm test`.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** MUTATE_TESTS: comma-separated folders (every test file under them) or single test files. */
const include = (process.env["MUTATE_TESTS"] ?? "test/engine")
  .split(",")
  .map((t) => t.trim().replace(/\/+$/, ""))
  .filter((t) => t !== "")
  .map((t) => (t.endsWith(".test.ts") ? t : `${t}/**/*.test.ts`));

export default defineConfig({
  root,
  test: {
    include,
    environment: "node",
    globals: false,
    pool: "threads",
    // One worker that keeps its modules between runs: Stryker switches mutants on a global, so nothing
    // needs reloading, and re-importing the engine for every mutant made a run ten times slower.
    isolate: false,
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
