// @ts-check
/**
 * The knip stage of `npm test`: knip in production mode (knip.json: the entry module and the
 * self-test entry only) must report no unused file, export or exported type under src/ beyond the
 * ones listed in knip-baseline.json, the debt counted when the stage was added. A NEW unused
 * export fails the stage; an entry of the list that knip no longer reports is reported so the
 * list can shrink (run `node scripts/lib/knip-check.mjs --write` to rewrite it).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** knip's JSON issues as "kind path:name" lines (kinds: file, export, type), sorted. */
export function knipFindings(/** @type {string} */ json) {
  /** @type {{ issues: { file: string, files?: {name: string}[], exports?: {name: string}[], types?: {name: string}[] }[] }} */
  const report = JSON.parse(json);
  const out = new Set();
  for (const issue of report.issues) {
    for (const f of issue.files ?? []) out.add(`file ${f.name}`);
    for (const e of issue.exports ?? []) out.add(`export ${issue.file}:${e.name}`);
    for (const t of issue.types ?? []) out.add(`type ${issue.file}:${t.name}`);
  }
  return [...out].sort();
}

/** What knip reports beyond the baseline (new) and what the baseline lists that knip no longer reports (gone). */
export function compareToBaseline(/** @type {string[]} */ found, /** @type {string[]} */ baseline) {
  const known = new Set(baseline);
  const now = new Set(found);
  return { added: found.filter((f) => !known.has(f)), gone: baseline.filter((b) => !now.has(b)) };
}

/**
 * Run knip from `root` and check it against `root/knip-baseline.json`. Returns the errors (empty
 * when the stage passes) and prints the counts.
 */
export function runKnipCheck(/** @type {string} */ root, { write = false } = {}) {
  const bin = path.join(root, "node_modules", "knip", "bin", "knip.js");
  const r = spawnSync(process.execPath, [bin, "--production", "--reporter", "json", "--no-exit-code"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0 || !r.stdout.trim()) return [`knip did not run: ${r.error?.message ?? r.stderr.trim()}`];
  const found = knipFindings(r.stdout);
  const file = path.join(root, "knip-baseline.json");
  if (write) {
    writeFileSync(file, `${JSON.stringify(found, null, 2)}\n`);
    console.log(`  knip-baseline.json: ${found.length} entries written`);
    return [];
  }
  /** @type {string[]} */
  const baseline = JSON.parse(readFileSync(file, "utf8"));
  const { added, gone } = compareToBaseline(found, baseline);
  const count = (/** @type {string} */ kind) => found.filter((f) => f.startsWith(`${kind} `)).length;
  console.log(
    `  knip: ${count("file")} unused file(s), ${count("export")} unused export(s), ${count("type")} unused type(s); baseline ${baseline.length}`,
  );
  if (gone.length)
    console.log(`  ${gone.length} baseline entr(y/ies) no longer reported (shrink the list): ${gone.join(", ")}`);
  return added.map((a) => `new unused ${a} (wire it into the product, move it to test/, or stop exporting it)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
  const errors = runKnipCheck(root, { write: process.argv.includes("--write") });
  for (const e of errors) console.error(`  ✗ ${e}`);
  process.exit(errors.length ? 1 : 0);
}
