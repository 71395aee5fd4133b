// @ts-check
import esbuild from "rollup-plugin-esbuild";

/**
 * Bundles the TypeScript entry into the single ES module named in system.json#esmodules, minified,
 * with its sourcemap (the self-test file is built apart, see scripts/lib/self-test-bundle.mjs).
 * @type {import("rollup").RollupOptions & { output: import("rollup").OutputOptions }}
 */
export default {
  input: "src/d20-combat.ts",
  output: {
    file: "dist/d20-combat.mjs",
    format: "es",
    sourcemap: true,
  },
  plugins: [
    esbuild({
      include: /\.[cm]?[jt]s$/,
      target: "es2022",
      sourceMap: true,
      minify: true,
      tsconfig: "tsconfig.json",
    }),
  ],
};
