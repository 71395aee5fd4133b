/**
 * Seeded randomness only, no flaky tests, and no skipped or focused test called done.
 * Parsed with the TypeScript compiler, so a forbidden name inside a string or comment (the purity
 * test's own fixtures) never trips it.
 *
 * - property tests take `fc` from test/support/seeded-fc.ts (fixed seed), never "fast-check" directly;
 * - no Math.random, Date.now, new Date() or performance.now in tests (dice are recorded, time is not read);
 * - no it.only / it.skip / it.todo / describe.only / … (skipIf for the Chromium suites is allowed: it never
 *   skips in CI, see test/support/browser.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { listFiles } from "../../scripts/lib/files.mjs";
import { REPO_ROOT } from "../stand-ins/i18n.js";
import fc, { FC_SEED } from "../support/seeded-fc.js";

const TEST_DIR = path.join(REPO_ROOT, "test");
/** The one file allowed to import "fast-check" for seeding (others may import it for arbitraries only). */
const SEEDED = "support/seeded-fc.ts";

/** Problems in one test-tree source text (`rel` is its repo-relative path). */
function randomnessProblems(rel: string, text: string): string[] {
  const problems: string[] = [];
  const sf = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const where = (node: ts.Node): string => `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
  const isTestFile = rel.endsWith(".test.ts");
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (isTestFile && node.moduleSpecifier.text === "fast-check") {
        problems.push(`${where(node)}: imports "fast-check" directly (import fc from test/support/seeded-fc.ts)`);
      }
    } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const name = `${node.expression.text}.${node.name.text}`;
      if (
        ["Math.random", "Date.now", "performance.now", "crypto.randomUUID", "crypto.getRandomValues"].includes(name)
      ) {
        problems.push(`${where(node)}: ${name} (use recorded dice / fixed values)`);
      }
      if (
        isTestFile &&
        ["it", "test", "describe", "suite"].includes(node.expression.text) &&
        ["only", "skip", "todo"].includes(node.name.text)
      ) {
        problems.push(`${where(node)}: ${name} (a skipped, focused or to-do test is not a test)`);
      }
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "Date") {
      if (!node.arguments || node.arguments.length === 0) problems.push(`${where(node)}: new Date() reads the clock`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return problems;
}

describe("seeded randomness and no skipped tests", () => {
  it("no test file draws unseeded randomness, reads the clock, or is skipped/focused", () => {
    const files = listFiles(TEST_DIR, (name) => name.endsWith(".ts")).filter((f) => f !== SEEDED);
    expect(files.length).toBeGreaterThan(50);
    const problems = files.flatMap((f) =>
      randomnessProblems(`test/${f}`, readFileSync(path.join(TEST_DIR, f), "utf8")),
    );
    expect(problems).toEqual([]);
  });

  it("the checker itself catches each forbidden form, and ignores strings and comments", () => {
    const bad = [
      `import fc from "fast-check";`,
      `const r = Math.random();`,
      `const t = Date.now();`,
      `const d = new Date();`,
      `it.only("x", () => {});`,
      `describe.skip("x", () => {});`,
      `it.todo("x");`,
    ];
    for (const line of bad) expect(randomnessProblems("test/x.test.ts", line), line).toHaveLength(1);
    const fine = [
      `const s = "Math.random() and it.only in a string";`,
      `// Date.now() in a comment`,
      `const d = new Date(0);`,
      `describe.skipIf(true)("x", () => {});`,
      `import fc from "../support/seeded-fc.js";`,
    ];
    for (const line of fine) expect(randomnessProblems("test/x.test.ts", line), line).toEqual([]);
  });

  it("the shared fast-check configuration carries the fixed seed, so two runs draw the same cases", () => {
    expect(fc.readConfigureGlobal().seed).toBe(FC_SEED);
    const arb = fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 5, maxLength: 5 });
    // fc.sample reads the global seed: the same seed must give the same draws each time.
    expect(fc.sample(arb, 20)).toEqual(fc.sample(arb, 20));
    expect(fc.sample(arb, { numRuns: 20, seed: FC_SEED + 1 })).not.toEqual(fc.sample(arb, 20));
  });
});
