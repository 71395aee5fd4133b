/**
 * Config for `npm run bench`: runs bench/**\/*.bench.ts as ordinary vitest files (each prints a
 * table of its own measurements). Separate from the test config so `npm test` never runs them.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export default defineConfig({
  root,
  test: {
    root,
    include: ["bench/**/*.bench.ts"],
    setupFiles: ["test/support/register-games.ts"],
    environment: "node",
    globals: false,
    pool: "forks",
    // One worker: benchmarks should not compete with each other for the CPU.
    fileParallelism: false,
    testTimeout: 300_000,
  },
});
