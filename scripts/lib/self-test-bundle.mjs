// @ts-check
/**
 * Builds the self-test file dist/d20-combat-selftest.mjs from src/self-test/entry.ts: the in-Foundry
 * batches with Mocha's browser bundle and Chai inside, minified with a sourcemap. It is a separate
 * file so that none of it is in d20-combat.mjs; the system loads it on demand.
 */
import path from "node:path";
import { build } from "esbuild";

export const SELF_TEST_ENTRY = "src/self-test/entry.ts";
export const SELF_TEST_FILE = "d20-combat-selftest.mjs";

/** @param {string} root repository root @param {string} dist output folder */
export async function bundleSelfTest(root, dist) {
  await build({
    absWorkingDir: root,
    entryPoints: [SELF_TEST_ENTRY],
    outfile: path.join(dist, SELF_TEST_FILE),
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    sourcemap: true,
    legalComments: "eof",
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
}
