import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
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
