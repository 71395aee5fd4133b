// @ts-check
/**
 * The vitest configuration `npm run mutate` hands Stryker: vitest.config.ts's test options (keep them
 * in step), with only the test files under MUTATE_TESTS (default `test/engine`), so a mutant never
 * waits on the sheet, template or screenshot suites. Not used by `npm test`.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = (process.env["MUTATE_TESTS"] ?? "test/engine").replace(/\/+$/, "");

export default defineConfig({
  root,
  test: {
    include: [`${dir}/**/*.test.ts`],
    environment: "node",
    globals: false,
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
