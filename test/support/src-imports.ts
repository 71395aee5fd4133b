/**
 * The imports of src/ as the project tests read them (test/project/folder-cycles.test.ts,
 * import-graph.test.ts): parsed with the TypeScript compiler, so comments and strings never count.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { listFiles } from "../../scripts/lib/files.mjs";
import { REPO_ROOT } from "../stand-ins/i18n.js";

const SRC = path.join(REPO_ROOT, "src");

/** Relative import specifiers of one source text (static, dynamic, `import type`, re-exports). */
export function specifiers(file: string, text: string): string[] {
  const out: string[] = [];
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      out.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) out.push(arg.text);
    } else if (ts.isImportTypeNode(node)) {
      const lit = ts.isLiteralTypeNode(node.argument) ? node.argument.literal : null;
      if (lit && ts.isStringLiteral(lit)) out.push(lit.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out.filter((s) => s.startsWith("./") || s.startsWith("../"));
}

/**
 * The unit of a path under src/: its first segment, a root file without its extension; under
 * engine/ the core (files directly in it), engine/<sub>/, engine/rulesets/ (its own files) and
 * engine/rulesets/<game>/.
 */
export function unitOf(relToSrc: string): string {
  const [first, ...rest] = relToSrc.split("/");
  if (rest.length === 0) return first!.replace(/\.(d\.)?m?[jt]s$/, ".ts");
  if (first !== "engine" || rest.length === 1) return `${first}/`;
  const [sub, ...inSub] = rest;
  if (sub === "rulesets" && inSub.length > 1) return `engine/rulesets/${inSub[0]}/`;
  return `engine/${sub}/`;
}

/** Every source file under src/: path relative to src/ → text. */
export function srcFiles(): Map<string, string> {
  const rels = listFiles(SRC, (n) => /\.m?[jt]s$/.test(n));
  return new Map(rels.map((rel) => [rel, readFileSync(path.join(SRC, rel), "utf8")]));
}

/**
 * The specifiers a source text imports VALUES from (static and dynamic imports, re-exports): an
 * `import type` / `export type` declaration, or one whose every named binding is `type`, is left
 * out, as is `import("…")` in a type position.
 */
export function valueSpecifiers(file: string, text: string): string[] {
  const out: string[] = [];
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const typeOnlyBindings = (node: ts.ImportDeclaration | ts.ExportDeclaration): boolean => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (!clause) return false;
      if (clause.isTypeOnly) return true;
      const named = clause.namedBindings;
      return (
        clause.name === undefined &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly)
      );
    }
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return (
      clause !== undefined &&
      ts.isNamedExports(clause) &&
      clause.elements.length > 0 &&
      clause.elements.every((e) => e.isTypeOnly)
    );
  };
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!typeOnlyBindings(node)) out.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) out.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}
