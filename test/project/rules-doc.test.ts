/**
 * The rules contract and its proof:
 * - docs/rules.md has a line for every rule ID of the shared RULES.md (all of them, SYS-* included);
 * - each rule ID's line says where a user meets it in Foundry ("In Foundry: …");
 * - every game rule ID listed in docs/rules.md (13A-, FF-, HD-, WD-) is cited as `[ID]` in the NAME of
 *   at least one test (`it`/`test` in a *.test.ts file) — a comment or a helper mentioning it proves
 *   nothing (DEVELOPERS.md: every rule ID is cited by a test that would fail if the rule broke).
 * RULES.md lives outside the repo at `../shared/RULES.md` (read-only; a fresh clone in CI has it
 * there too). If it is absent, the IDs listed in docs/rules.md are the contract.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { listFiles } from "../../scripts/lib/files.mjs";
import { REPO_ROOT } from "../stand-ins/i18n.js";

const RULES_MD = path.resolve(REPO_ROOT, "../shared/RULES.md");
const DOCS_MD = path.join(REPO_ROOT, "docs/rules.md");
const ID = /\[((?:13A|FF|HD|WD|SYS)-[A-Z0-9]+)\]/g;
const GAME_ID = /^(13A|FF|HD|WD)-/;

/** IDs that RULES.md defines: the bracketed ID opening a `- [ID]` bullet. */
function contractIds(text: string): string[] {
  const ids = new Set<string>();
  for (const line of text.split("\n")) {
    const m = /^\s*[-*]\s*\[((?:13A|FF|HD|WD|SYS)-[A-Z0-9]+)\]/.exec(line);
    if (m) ids.add(m[1] as string);
  }
  return [...ids];
}

/** IDs docs/rules.md has a line for (any bracketed ID on a line). */
function documentedIds(text: string): Set<string> {
  return new Set([...text.matchAll(ID)].map((m) => m[1] as string));
}

/** Every `[ID]` in the name of an `it(…)`/`test(…)` (also `.each`/`.skipIf(…)` forms) in `source`. */
function idsInTestNames(source: string): Set<string> {
  const cited = new Set<string>();
  const sf = ts.createSourceFile("x.test.ts", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const isTestCallee = (e: ts.Expression): boolean =>
    (ts.isIdentifier(e) && (e.text === "it" || e.text === "test")) ||
    (ts.isPropertyAccessExpression(e) && isTestCallee(e.expression)) ||
    (ts.isCallExpression(e) && isTestCallee(e.expression));
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isTestCallee(node.expression) && node.arguments[0]) {
      for (const m of node.arguments[0].getText(sf).matchAll(ID)) cited.add(m[1] as string);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return cited;
}

/** Every `[ID]` cited in a test name under test/ (comments and helpers don't count). */
function citedIds(): Set<string> {
  const dir = path.join(REPO_ROOT, "test");
  const cited = new Set<string>();
  for (const rel of listFiles(dir, (n) => n.endsWith(".test.ts"))) {
    // This file's own patterns and examples cite nothing.
    if (rel === "project/rules-doc.test.ts") continue;
    for (const id of idsInTestNames(readFileSync(path.join(dir, rel), "utf8"))) cited.add(id);
  }
  return cited;
}

const docsText = existsSync(DOCS_MD) ? readFileSync(DOCS_MD, "utf8") : "";
const haveContract = existsSync(RULES_MD);

describe("rules contract ↔ docs/rules.md ↔ tests", () => {
  it("docs/rules.md exists", () => {
    expect(existsSync(DOCS_MD), DOCS_MD).toBe(true);
  });

  it.skipIf(!haveContract)("the shared RULES.md parses into the full contract (116 IDs, 96 game rules)", () => {
    const ids = contractIds(readFileSync(RULES_MD, "utf8"));
    expect(ids.length).toBe(116);
    expect(ids.filter((id) => GAME_ID.test(id)).length).toBe(96);
  });

  it.skipIf(!haveContract)("docs/rules.md has a line for every rule ID of RULES.md", () => {
    const documented = documentedIds(docsText);
    const missing = contractIds(readFileSync(RULES_MD, "utf8")).filter((id) => !documented.has(id));
    expect(missing, `docs/rules.md lacks: ${missing.join(", ")}`).toEqual([]);
  });

  it("[SYS-ACTIONS] every rule ID's line in docs/rules.md says where a user meets it in Foundry", () => {
    const lines = docsText.split("\n").filter((l) => /^\s*[-*]\s*\[(?:13A|FF|HD|WD|SYS)-[A-Z0-9]+\]/.test(l));
    expect(lines.length).toBeGreaterThanOrEqual(haveContract ? contractIds(readFileSync(RULES_MD, "utf8")).length : 1);
    const silent = lines.filter((l) => !/In Foundry: \S/.test(l)).map((l) => /\[([A-Z0-9-]+)\]/.exec(l)?.[1]);
    expect(silent, `rule IDs whose line does not say where a user meets them: ${silent.join(", ")}`).toEqual([]);
  });

  it("every game rule ID listed in docs/rules.md is cited in the name of at least one test", () => {
    const listed = [...documentedIds(docsText)].filter((id) => GAME_ID.test(id));
    const contract = haveContract ? contractIds(readFileSync(RULES_MD, "utf8")).filter((id) => GAME_ID.test(id)) : [];
    const ids = [...new Set([...listed, ...contract])].sort();
    const cited = citedIds();
    const missing = ids.filter((id) => !cited.has(id));
    expect(missing, `rule IDs cited by no test under test/: ${missing.join(", ")}`).toEqual([]);
  });

  it("only test names count as citations: not comments, not describe blocks, not helpers", () => {
    const src = [
      `// [13A-RESIST] in a comment`,
      `describe("[13A-VULN] group", () => {`,
      `  it("[FF-NAT20] a natural 20 hits", () => {});`,
      `  it.each([1])("[HD-CRIT] case %s", () => {});`,
      `  test.skipIf(false)("[WD-NAT] skippable", () => {});`,
      `  const name = "[WD-DMG] a helper string";`,
      `});`,
    ].join("\n");
    expect([...idsInTestNames(src)].sort()).toEqual(["FF-NAT20", "HD-CRIT", "WD-NAT"]);
  });

  it("the ID pattern finds IDs in test names and comments, not bare words", () => {
    const sample = `it("[13A-RESIST] halves…", () => {}); // [FF-NAT20] and FF-NAT1 without brackets`;
    expect([...sample.matchAll(ID)].map((m) => m[1])).toEqual(["13A-RESIST", "FF-NAT20"]);
    expect(contractIds("- [HD-ROUND] A round…\n  text [WD-INIT] inline\n* [SYS-ESC] x")).toEqual([
      "HD-ROUND",
      "SYS-ESC",
    ]);
  });
});
