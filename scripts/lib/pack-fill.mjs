// @ts-check
/**
 * [SYS-DOCS] The pack builds' filler: bundles src/data/pack-fill.ts with the built-in games
 * registered (as the system's entry point registers them) for Node with esbuild into a temporary
 * file, and hands back its `fillPackDocument` for foundryvtt-cli's `transformEntry`, so a field a
 * pack source leaves out is compiled at its initial value.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/**
 * @param {string} root the repository
 * @returns {Promise<(doc: Record<string, unknown>) => void>}
 */
export async function loadPackFill(root) {
  const dir = mkdtempSync(path.join(tmpdir(), "d20c-pack-fill-"));
  const outfile = path.join(dir, "pack-fill.mjs");
  try {
    await build({
      absWorkingDir: root,
      stdin: {
        contents: [
          `import { registerRuleset } from "./src/engine/registry.ts";`,
          `import { BUILT_IN_RULESETS } from "./src/engine/rulesets/index.ts";`,
          `for (const ruleset of BUILT_IN_RULESETS) registerRuleset(ruleset);`,
          `export { fillPackDocument } from "./src/data/pack-fill.ts";`,
        ].join("\n"),
        resolveDir: root,
        sourcefile: "pack-fill-entry.ts",
        loader: "ts",
      },
      outfile,
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      tsconfig: path.join(root, "tsconfig.json"),
      logLevel: "warning",
    });
    /** @type {{ fillPackDocument: (doc: Record<string, unknown>) => void }} */
    const mod = await import(pathToFileURL(outfile).href);
    return mod.fillPackDocument;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
