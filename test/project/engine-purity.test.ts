/**
 * The engine is pure. Every file under src/engine/ imports only relative paths
 * that stay inside src/engine/ (no Foundry, no node: modules, no npm packages) and touches no
 * Foundry or browser global and no randomness. Parsed with the TypeScript compiler, so comments and
 * strings never trip it. (Ruleset-id string literals outside src/engine/rulesets/ are checked by
 * test/project/ruleset-literals.test.ts.)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { listFiles } from "../../scripts/lib/files.mjs";
import { REPO_ROOT } from "../stand-ins/i18n.js";

const ENGINE = path.join(REPO_ROOT, "src/engine");
/** Globals a pure engine must not read: Foundry's, the browser's, Node's. */
const FORBIDDEN_GLOBALS = new Set([
  "game",
  "CONFIG",
  "foundry",
  "document",
  "window",
  "globalThis",
  "Hooks",
  "ui",
  "canvas",
  "process",
  "require",
]);

/** Problems found in one source text; `file` is the absolute path it would live at. */
function purityProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  const rel = path.relative(REPO_ROOT, file).split(path.sep).join("/");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const where = (node: ts.Node): string => `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;

  const checkSpecifier = (node: ts.Node, spec: string): void => {
    if (!spec.startsWith("./") && !spec.startsWith("../")) {
      problems.push(`${where(node)}: imports "${spec}" (only relative paths inside src/engine are allowed)`);
      return;
    }
    const target = path.resolve(path.dirname(file), spec);
    if (target !== ENGINE && !target.startsWith(ENGINE + path.sep)) {
      problems.push(`${where(node)}: imports "${spec}", which leaves src/engine`);
    }
  };

  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      checkSpecifier(node, node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const e = node.moduleReference.expression;
      if (ts.isStringLiteral(e)) checkSpecifier(node, e.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) checkSpecifier(node, arg.text);
      else problems.push(`${where(node)}: dynamic import of a computed path`);
    } else if (ts.isImportTypeNode(node)) {
      const lit = ts.isLiteralTypeNode(node.argument) ? node.argument.literal : null;
      if (lit && ts.isStringLiteral(lit)) checkSpecifier(node, lit.text);
    } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const obj = node.expression.text;
      if (obj === "Math" && node.name.text === "random")
        problems.push(`${where(node)}: uses Math.random (dice results are inputs)`);
      if (FORBIDDEN_GLOBALS.has(obj)) problems.push(`${where(node)}: uses the global ${obj}.${node.name.text}`);
    } else if (
      ts.isElementAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      FORBIDDEN_GLOBALS.has(node.expression.text)
    ) {
      problems.push(`${where(node)}: uses the global ${node.expression.text}[…]`);
    } else if (ts.isIdentifier(node) && (node.text === "CONFIG" || node.text === "require")) {
      const p = node.parent;
      const isPropName = p && ts.isPropertyAccessExpression(p) && p.name === node;
      if (!isPropName && !(p && ts.isPropertyAccessExpression(p) && p.expression === node)) {
        problems.push(`${where(node)}: uses the global ${node.text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return problems;
}

function engineFiles(): string[] {
  return listFiles(ENGINE, (n) => /\.(m?[jt]s)$/.test(n)).map((rel) => path.join(ENGINE, rel));
}

describe("the engine is pure (layers)", () => {
  it("finds engine sources to check", () => {
    const files = engineFiles().map((f) => path.relative(ENGINE, f).split(path.sep).join("/"));
    expect(files).toEqual(
      expect.arrayContaining(["types.ts", "ruleset.ts", "common.ts", "dice.ts", "registry.ts", "odds.ts"]),
    );
  });

  it("imports only relative paths inside src/engine and uses no Foundry/DOM/Node globals or Math.random", () => {
    const problems = engineFiles().flatMap((f) => purityProblems(f, readFileSync(f, "utf8")));
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("the checker catches the forms it must, and ignores comments and strings", () => {
    const f = path.join(ENGINE, "rulesets", "x.ts");
    const bad = [
      `import { x } from "foundry";`,
      `import fs from "node:fs";`,
      `import type { Y } from "fvtt-types/configuration";`,
      `export * from "../../settings.js";`,
      `const m = await import("lodash");`,
      `const r = Math.random();`,
      `const s = game.settings.get("a", "b");`,
      `const c = CONFIG;`,
      `foundry.utils.deepClone(a);`,
      `document.querySelector("x");`,
      `window.alert(1);`,
      `const g = globalThis["game"];`,
      `type T = import("../../data/actor.js").X;`,
    ];
    for (const src of bad) expect(purityProblems(f, src), src).not.toEqual([]);
    const good = [
      `import { a } from "../common.js";`,
      `import type { B } from "./types.js";`,
      `// the game. uses CONFIG and Math.random in prose only`,
      `const key = "D20C.game.window.document";`,
      `const o = { game: 1, window: 2 }; const v = o.game;`,
    ];
    for (const src of good) expect(purityProblems(f, src), src).toEqual([]);
  });
});
