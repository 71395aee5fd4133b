/**
 * The layers of src/ form no circle. Every folder directly under src/ (and every file directly in
 * it) is one unit; an import from a file of unit A of a file of unit B draws the arrow A → B (type
 * imports and re-exports included: they couple the two as much). The arrows must form no cycle,
 * so no two folders import each other, directly or around a loop. Parsed with the TypeScript
 * compiler, so comments and strings never count.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { listFiles } from "../../scripts/lib/files.mjs";
import { REPO_ROOT } from "../stand-ins/i18n.js";

const SRC = path.join(REPO_ROOT, "src");

/** Relative import specifiers of one source text (static, dynamic, `import type`, re-exports). */
function specifiers(file: string, text: string): string[] {
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

/** The unit of a path under src/: its first segment, a root file without its extension. */
function unitOf(relToSrc: string): string {
  const [first, ...rest] = relToSrc.split("/");
  return rest.length === 0 ? first!.replace(/\.(d\.)?m?[jt]s$/, ".ts") : `${first}/`;
}

/** Unit-level arrows of a set of files (path relative to src/ → source text). */
function unitArrows(files: ReadonlyMap<string, string>): Map<string, Map<string, string>> {
  const arrows = new Map<string, Map<string, string>>();
  for (const [rel, text] of files) {
    const from = unitOf(rel);
    for (const spec of specifiers(rel, text)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
      if (target.startsWith("..")) continue;
      const to = unitOf(target);
      if (to === from) continue;
      const out = arrows.get(from) ?? new Map<string, string>();
      if (!out.has(to)) out.set(to, `${rel} imports "${spec}"`);
      arrows.set(from, out);
    }
  }
  return arrows;
}

/** Every cycle's units (strongly connected components of more than one unit), each with its arrows. */
function cycles(arrows: Map<string, Map<string, string>>): string[] {
  const units = new Set<string>([...arrows.keys(), ...[...arrows.values()].flatMap((m) => [...m.keys()])]);
  const reach = (from: string): Set<string> => {
    const seen = new Set<string>();
    const todo = [from];
    while (todo.length > 0) {
      const u = todo.pop()!;
      for (const v of arrows.get(u)?.keys() ?? []) {
        if (seen.has(v)) continue;
        seen.add(v);
        todo.push(v);
      }
    }
    return seen;
  };
  const reachable = new Map([...units].map((u) => [u, reach(u)]));
  const found: string[] = [];
  const done = new Set<string>();
  for (const u of [...units].sort()) {
    if (done.has(u)) continue;
    const scc = [...units].filter((v) => v === u || (reachable.get(u)!.has(v) && reachable.get(v)!.has(u))).sort();
    for (const v of scc) done.add(v);
    if (scc.length < 2) continue;
    const inside = scc.flatMap((a) =>
      [...(arrows.get(a) ?? new Map<string, string>())]
        .filter(([b]) => scc.includes(b))
        .map(([b, why]) => `  ${a} → ${b} (${why})`),
    );
    found.push(`cycle ${scc.join(" ")}:\n${inside.join("\n")}`);
  }
  return found;
}

function srcFiles(): Map<string, string> {
  const rels = listFiles(SRC, (n) => /\.m?[jt]s$/.test(n));
  return new Map(rels.map((rel) => [rel, readFileSync(path.join(SRC, rel), "utf8")]));
}

describe("the layers of src/ form no cycle", () => {
  it("reads the folders of src/ and the arrows between them", () => {
    const arrows = unitArrows(srcFiles());
    expect([...arrows.keys()]).toEqual(expect.arrayContaining(["workflows/", "applications/", "documents/"]));
    expect(arrows.get("workflows/")?.has("engine/")).toBe(true);
  });

  it("no folder (or root file) under src/ imports another that imports it back, directly or around a loop", () => {
    const found = cycles(unitArrows(srcFiles()));
    expect(found, found.join("\n")).toEqual([]);
  });

  it("the checker sees direct and longer cycles through every import form, and ignores comments and strings", () => {
    const loop = new Map([
      ["a/x.ts", `import { y } from "../b/y.js";`],
      ["b/y.ts", `export type { Z } from "../c/z.js";`],
      ["c/z.ts", `type T = import("../a/x.js").X; const m = await import("../root.js");`],
      ["root.ts", `// import { q } from "./d/q.js"\nconst s = "../d/q.js";`],
    ]);
    expect(cycles(unitArrows(loop))).toEqual([expect.stringMatching(/^cycle a\/ b\/ c\/:\n/)]);
    const pair = new Map([
      ["p/one.ts", `import { two } from "../q/two.js";`],
      ["q/two.ts", `import type { One } from "../p/one.js";`],
      ["q/three.ts", `import { x } from "./two.js";`],
    ]);
    expect(cycles(unitArrows(pair))).toEqual([expect.stringContaining("p/ → q/")]);
    const layered = new Map([
      ["p/one.ts", `import { two } from "../q/two.js";`],
      ["q/two.ts", `import { r } from "../r.js";`],
    ]);
    expect(cycles(unitArrows(layered))).toEqual([]);
  });
});
