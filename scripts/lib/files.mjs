// @ts-check
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Every file under `dir` (recursively) whose name passes `filter`, as paths relative to `dir`
 * using forward slashes, sorted. A missing directory yields [].
 * @param {string} dir
 * @param {(name: string) => boolean} [filter]
 * @returns {string[]}
 */
export function listFiles(dir, filter = () => true) {
  /** @type {string[]} */
  const out = [];
  /** @param {string} rel */
  const walk = (rel) => {
    const abs = path.join(dir, rel);
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(childRel);
      else if (e.isFile() && filter(e.name)) out.push(childRel);
    }
  };
  walk("");
  return out.sort();
}

/**
 * @param {string} p
 * @returns {boolean}
 */
export function exists(p) {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
}
