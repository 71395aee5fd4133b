/**
 * Every template path the adapter asks Foundry to render (`systems/${SYSTEM_ID}/templates/…`) must
 * exist under templates/, or the sheet, card or tracker fails to open in Foundry with a 404.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listFiles } from "../../scripts/lib/files.mjs";
import { REPO_ROOT } from "../stand-ins/i18n.js";

const TEMPLATE_PATH = /systems\/\$\{SYSTEM_ID\}\/(templates\/[\w/.-]+\.hbs)/g;

function referencedTemplates(): string[] {
  const found = new Set<string>();
  for (const rel of listFiles(path.join(REPO_ROOT, "src"), (n) => n.endsWith(".ts"))) {
    const text = readFileSync(path.join(REPO_ROOT, "src", rel), "utf8");
    for (const m of text.matchAll(TEMPLATE_PATH)) found.add(m[1] as string);
  }
  return [...found].sort();
}

describe("template paths named in src/", () => {
  it("every rendered template exists in templates/", () => {
    const refs = referencedTemplates();
    // The sheets, the attack card and the tracker additions are all rendered by path.
    expect(refs).toEqual(expect.arrayContaining(["templates/chat/attack-card.hbs", "templates/sheets/actor.hbs"]));
    expect(refs.filter((p) => !existsSync(path.join(REPO_ROOT, p)))).toEqual([]);
  });
});
