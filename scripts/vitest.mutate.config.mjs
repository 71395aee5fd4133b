// @ts-check
/**
 * The vitest configuration `npm run mutate` hands Stryker: vitest.config.ts's test options (keep them
 * in step), in one reused worker unless MUTATE_ISOLATE=1, with only the test files MUTATE_TESTS names (default: those under `test/engine`), so a mutant never
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

const isolate = process.env["MUTATE_ISOLATE"] === "1";

export default defineConfig({
  root,
  test: {
    include,
    setupFiles: ["test/support/register-games.ts"],
    environment: "node",
    globals: false,
    // Default: one worker that keeps its modules between runs (about ten times faster on a small machine).
    // It can miss kills: a mutant reported as surviving was killed by its covering test when applied by
    // hand, so scores measured this way are lower bounds. MUTATE_ISOLATE=1 (`--isolate`) runs each test
    // file in a fresh module graph, as `npm test` does, for a definitive score.
    pool: isolate ? "forks" : "threads",
    isolate,
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
