// @ts-check
/**
 * npm run link -- <Foundry data path>
 * Symlinks dist/ to <path>/Data/systems/d20-combat (or <path>/systems/d20-combat when <path> already
 * ends in "Data"). Run `npm run build` (or `npm run dev`) first; the link survives rebuilds.
 */
import { lstatSync, mkdirSync, readlinkSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = path.join(ROOT, "dist");
const SYSTEM_ID = "d20-combat";

const arg = process.argv[2];
if (!arg) {
  console.error("usage: npm run link -- <Foundry data path>   (the folder that contains Data/, or Data/ itself)");
  process.exit(2);
}
const dataRoot = path.resolve(arg);
const dataDir = path.basename(dataRoot) === "Data" ? dataRoot : path.join(dataRoot, "Data");
const target = path.join(dataDir, "systems", SYSTEM_ID);

/** @param {string} p */
function lstat(p) {
  try {
    return lstatSync(p);
  } catch {
    return undefined;
  }
}

const existing = lstat(target);
if (existing?.isSymbolicLink()) {
  const current = path.resolve(path.dirname(target), readlinkSync(target));
  if (current === DIST) {
    console.log(`${target} already links to ${DIST}`);
    process.exit(0);
  }
  console.error(`${target} is a symlink to ${current}; remove it first.`);
  process.exit(1);
} else if (existing) {
  console.error(`${target} exists and is not a symlink (an installed copy?); move it away first.`);
  process.exit(1);
}
mkdirSync(path.dirname(target), { recursive: true });
symlinkSync(DIST, target, process.platform === "win32" ? "junction" : "dir");
console.log(`linked ${target} → ${DIST}`);
if (!lstat(path.join(DIST, "system.json"))) console.log("dist/ is empty: run `npm run build` or `npm run dev`.");
