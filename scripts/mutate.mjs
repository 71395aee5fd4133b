// @ts-check
/**
 * npm run mutate -- <src file> [--tests <dir or test file>]… [--all] [--concurrency N]
 *
 * Mutation testing of ONE source file with Stryker and its vitest runner: every mutant of the file is run
 * against the tests that reach it (vitest's `related` graph, then Stryker's per-test coverage), and a mutant
 * that no test kills "survives". Not part of `npm test` or CI (a run takes minutes to an hour).
 *
 * By default only the LOGIC mutators run (conditional, equality, logical, arithmetic, assignment, unary,
 * boolean, method): the ones that change a rule. `--all` adds Stryker's others (strings, blocks, arrays…).
 * Only the test files given with `--tests` (a folder or one test file, repeatable; default `test/engine`)
 * that import the file run
 * (scripts/vitest.mutate.config.mjs, vitest's `related`): the sheet, template and screenshot suites cost
 * minutes per mutant and decide no rule.
 * `--isolate` runs each test file in a fresh module graph (slow; the fast default can miss kills, so its
 * score is a lower bound).
 * Concurrency is 1 unless `--concurrency N` says otherwise (the machines are small and shared).
 *
 * Reports land in `reports/mutation/<file-slug>/` (git-ignored): `index.html` (open in a browser),
 * `mutation.json` (the schema Stryker documents) and `summary.txt` (the score line printed at the end).
 * See docs/testing.md, "Mutation testing".
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The mutators the score counts (Stryker's names). */
const LOGIC_MUTATORS = [
  "ConditionalExpression",
  "EqualityOperator",
  "LogicalOperator",
  "ArithmeticOperator",
  "AssignmentOperator",
  "UnaryOperator",
  "BooleanLiteral",
  "MethodExpression",
];
/** Every other mutator Stryker 9 knows: excluded unless --all. */
const OTHER_MUTATORS = [
  "ArrayDeclaration",
  "ArrowFunction",
  "BlockStatement",
  "ObjectLiteral",
  "OptionalChaining",
  "Regex",
  "StringLiteral",
  "UpdateOperator",
];

/** @param {string} message */
function fail(message) {
  console.error(`mutate: ${message}`);
  process.exit(2);
}

const args = process.argv.slice(2);
let all = false;
let isolate = false;
let concurrency = 1;
/** @type {string[]} */
const tests = [];
/** @type {string | undefined} */
let file;
for (let i = 0; i < args.length; i++) {
  const a = String(args[i]);
  if (a === "--all") all = true;
  else if (a === "--isolate") isolate = true;
  else if (a === "--concurrency") {
    concurrency = Number(args[++i]);
    if (!Number.isInteger(concurrency) || concurrency < 1) fail("--concurrency needs a whole number of at least 1");
  } else if (a === "--tests") {
    const t = String(args[++i] ?? "").replace(/\/+$/, "");
    if (!existsSync(path.join(ROOT, t))) fail(`--tests ${t}: no such file or directory`);
    tests.push(t);
  } else if (a.startsWith("--")) fail(`unknown option ${a}`);
  else if (file) fail("give ONE source file (mutating several at once is too slow on a small machine)");
  else file = a;
}
if (tests.length === 0) tests.push("test/engine");
if (!file)
  fail(
    "usage: npm run mutate -- src/engine/<file>.ts [--tests <dir or test file>]… [--all] [--isolate] [--concurrency N]",
  );

const major = Number(process.versions.node.split(".")[0]);
if (major < 20) fail(`Stryker 9 needs Node 20 or newer; this is Node ${process.versions.node}`);

const rel = path
  .relative(ROOT, path.resolve(String(file)))
  .split(path.sep)
  .join("/");
if (!rel.startsWith("src/") || !rel.endsWith(".ts") || !existsSync(path.join(ROOT, rel))) {
  fail(`${rel} is not a TypeScript file under src/`);
}

const slug = rel
  .replace(/^src\//, "")
  .replace(/\.ts$/, "")
  .replace(/[^A-Za-z0-9]+/g, "-");
const outDir = path.join("reports", "mutation", slug);
mkdirSync(path.join(ROOT, outDir), { recursive: true });

const config = {
  $schema: "./node_modules/@stryker-mutator/core/schema/stryker-schema.json",
  packageManager: "npm",
  testRunner: "vitest",
  vitest: { configFile: "scripts/vitest.mutate.config.mjs", related: true },
  plugins: ["@stryker-mutator/vitest-runner"],
  coverageAnalysis: "perTest",
  mutate: [rel],
  mutator: { excludedMutations: all ? [] : OTHER_MUTATORS },
  concurrency,
  timeoutMS: 30_000,
  dryRunTimeoutMinutes: 30,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: path.join(outDir, "index.html") },
  jsonReporter: { fileName: path.join(outDir, "mutation.json") },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: true, reportScoreTable: true },
  tempDirName: ".stryker-tmp",
  cleanTempDir: true,
  // The sandbox needs the sources and tests, not the built bundle, old reports or screenshots.
  ignorePatterns: ["dist", "reports", "coverage", "test-output", ".stryker-tmp"],
  thresholds: { high: 90, low: 80, break: null },
};
const configPath = path.join(ROOT, outDir, "stryker.config.json");
writeFileSync(configPath, JSON.stringify(config, null, 2));

const stryker = path.join(ROOT, "node_modules", "@stryker-mutator", "core", "bin", "stryker.js");
if (!existsSync(stryker)) fail("Stryker is not installed: run `npm ci` (it is a devDependency)");
console.log(
  `mutate: ${rel} (${all ? "all mutators" : "logic mutators"}, tests under ${tests.join(", ")}, concurrency ${concurrency})`,
);
const r = spawnSync(process.execPath, [stryker, "run", configPath], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, MUTATE_TESTS: tests.join(","), MUTATE_ISOLATE: isolate ? "1" : "0" },
});
rmSync(path.join(ROOT, ".stryker-tmp"), { recursive: true, force: true });
if (r.status !== 0) process.exit(r.status ?? 1);

// The score the table uses: killed (and timed-out) over every mutant that ran, logic mutators only.
/** @type {{ files: Record<string, { mutants: { mutatorName: string, status: string, location: { start: { line: number } }, replacement?: string }[] }> }} */
const report = JSON.parse(readFileSync(path.join(ROOT, outDir, "mutation.json"), "utf8"));
const mutants = Object.values(report.files).flatMap((f) => f.mutants);
const counted = mutants.filter((m) => LOGIC_MUTATORS.includes(m.mutatorName));
const detected = counted.filter((m) => m.status === "Killed" || m.status === "Timeout").length;
const undetected = counted.filter((m) => m.status === "Survived" || m.status === "NoCoverage");
const valid = detected + undetected.length;
const score = valid === 0 ? 100 : (100 * detected) / valid;
const lines = [
  `${rel}: logic-mutator score ${score.toFixed(1)}% (${detected} killed of ${valid}; ${undetected.length} survived or uncovered)`,
  ...undetected
    .sort((a, b) => a.location.start.line - b.location.start.line)
    .map((m) => `  ${m.status} ${m.mutatorName} line ${m.location.start.line}: ${m.replacement ?? ""}`),
];
writeFileSync(path.join(ROOT, outDir, "summary.txt"), `${lines.join("\n")}\n`);
console.log(`\n${lines.join("\n")}\nmutate: report in ${outDir}/index.html`);
