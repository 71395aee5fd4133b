// @ts-check
import path from "node:path";
import { fileURLToPath } from "node:url";
import esbuild from "rollup-plugin-esbuild";
import { precompiledTemplatesPlugin } from "./scripts/lib/precompiled-templates.mjs";

const ROOT = path.dirname(fileURLToPath(import.meta.url));

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
    // [SYS-RELEASE] the first renders' templates, precompiled into the bundle (before esbuild reads the file).
    precompiledTemplatesPlugin(ROOT, "d20-combat"),
    esbuild({
      include: /\.[cm]?[jt]s$/,
      target: "es2022",
      sourceMap: true,
      minify: true,
      tsconfig: "tsconfig.json",
    }),
  ],
};
