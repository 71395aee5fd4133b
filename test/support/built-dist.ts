/**
 * The built system for tests that load dist/: builds it first when it is missing or older than any
 * file under src/ or templates/ (`.ci/run` builds before `npm test`; a developer's plain `npm test`
 * may have a stale or no dist/).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "../stand-ins/i18n.js";

export const DIST = path.join(REPO_ROOT, "dist");

/** Newest modification time of any file under `dir`. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Build dist/ unless every one of `files` (relative to dist/) is newer than the sources. */
export function ensureBuilt(files: readonly string[]): void {
  const sources = Math.max(newestMtime(path.join(REPO_ROOT, "src")), newestMtime(path.join(REPO_ROOT, "templates")));
  const fresh = files.every((f) => {
    const p = path.join(DIST, f);
    return existsSync(p) && statSync(p).mtimeMs >= sources;
  });
  if (fresh) return;
  const r = spawnSync(process.execPath, [path.join(REPO_ROOT, "scripts/build.mjs")], {
    cwd: REPO_ROOT,
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout}\n${r.stderr}`);
}
