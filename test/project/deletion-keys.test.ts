/**
 * [SYS-RELEASE] No `-=` deletion key is built anywhere in src/ outside the compatibility seam
 * (src/compat/deletion.ts): v14 deprecates it for `foundry.data.operators.ForcedDeletion` and v16
 * removes it (API v14 https://foundryvtt.com/api/v14/classes/foundry.data.operators.ForcedDeletion.html).
 * Parsed with the TypeScript compiler: string literals and template literals (every part) are read;
 * comments and the `-=` operator are not.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { listFiles } from "../../scripts/lib/files.mjs";
import { REPO_ROOT } from "../stand-ins/i18n.js";

const SRC = path.join(REPO_ROOT, "src");
const SEAM = "compat/deletion.ts";

/** A piece of literal text that starts a deletion key: `-=` at its start or after a dot. */
const DELETION = /(^|\.)-=/;

/** The `-=` deletion keys one source text builds, as `file:line` strings. */
function deletionKeysIn(rel: string, text: string): string[] {
  const sf = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const at = (node: ts.Node) => `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (DELETION.test(node.text)) out.push(at(node));
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
      if (parts.some((p) => DELETION.test(p) || p.endsWith("-=") || p.endsWith(".-="))) out.push(at(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe("[SYS-RELEASE] deletion keys only in the compatibility seam", () => {
  it("[SYS-RELEASE] no file in src/ but src/compat/deletion.ts builds a `-=` key (string or template literal)", () => {
    const files = listFiles(SRC, (n) => n.endsWith(".ts") && !n.endsWith(".d.ts"));
    expect(files).toContain(SEAM);
    const found = files
      .filter((rel) => rel !== SEAM)
      .flatMap((rel) => deletionKeysIn(rel, readFileSync(path.join(SRC, rel), "utf8")));
    expect(found, found.join("\n")).toEqual([]);
    // The seam itself is where v13's key is spelled.
    expect(deletionKeysIn(SEAM, readFileSync(path.join(SRC, SEAM), "utf8")).length).toBeGreaterThan(0);
  });

  it("[SYS-RELEASE] the check finds every spelling of a deletion key and nothing else", () => {
    const bad = [
      'const u = { "-=flag": null };',
      'const u = { "flags.d20-combat.-=x": null };',
      "const u = { [`-=${k}`]: null };",
      "const u = { [`flags.${id}.-=${k}`]: null };",
      "const u = { [`-=x`]: null };",
    ];
    for (const text of bad) expect(deletionKeysIn("x.ts", text), text).toHaveLength(1);
    const fine = ["let n = 3; n -= 1;", "// a `-=key` in a comment", 'const s = "a - = b";', "const t = `x${a}-y`;"];
    for (const text of fine) expect(deletionKeysIn("x.ts", text), text).toEqual([]);
  });
});
