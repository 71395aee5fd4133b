import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The built-in games register as the entry point registers them ([SYS-RULESET]).
    setupFiles: ["test/support/register-games.ts"],
    environment: "node",
    globals: false,
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 30_000,
    benchmark: {
      include: ["bench/**/*.bench.ts"],
    },
  },
});
