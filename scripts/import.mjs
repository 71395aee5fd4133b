// @ts-check
/**
 * npm run import -- <files or folders> [--to <game>] [--out <dir>] [--report <file.json>]
 * Bundles the importer (src/import/cli.ts, TypeScript) for Node with esbuild into a temporary file
 * and runs it: see docs/import.md.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = mkdtempSync(path.join(tmpdir(), "d20c-import-"));
const outfile = path.join(dir, "import.mjs");
try {
  await build({
    absWorkingDir: ROOT,
    entryPoints: ["src/import/cli.ts"],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    logLevel: "warning",
  });
  /** @type {{ main: (argv: string[]) => number }} */
  const cli = await import(pathToFileURL(outfile).href);
  process.exitCode = cli.main(process.argv.slice(2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
