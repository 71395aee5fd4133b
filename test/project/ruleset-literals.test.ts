/**
 * Only src/engine/rulesets/ may branch on the ruleset id. Any quoted ruleset id
 * elsewhere in src/ or templates/ fails here. Allowed: src/engine/rulesets/**, src/settings.ts (the
 * setting's choices), lang/ (labels). Ask the ruleset for data or a decision instead of comparing ids.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listFiles } from "../../scripts/lib/files.mjs";
import { REPO_ROOT } from "../stand-ins/i18n.js";

const RULESET_LITERAL = /(["'`])(13th-age|ffd20|hundred-dungeons|wounds-d20)\1/;
const ALLOWED = [/^src\/engine\/rulesets\//, /^src\/settings\.ts$/];

function violations(): string[] {
  const found: string[] = [];
  for (const dir of ["src", "templates"]) {
    for (const rel of listFiles(path.join(REPO_ROOT, dir), (n) => /\.(m?[jt]s|hbs)$/.test(n))) {
      const file = `${dir}/${rel}`;
      if (ALLOWED.some((re) => re.test(file))) continue;
      readFileSync(path.join(REPO_ROOT, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          const m = RULESET_LITERAL.exec(line);
          if (m)
            found.push(
              `${file}:${i + 1}: ruleset id ${m[0]} outside src/engine/rulesets/ (ask the ruleset instead, or move this into src/engine/rulesets/)`,
            );
        });
    }
  }
  return found;
}

describe("ruleset ids stay inside src/engine/rulesets/", () => {
  it("finds no ruleset id string literal elsewhere in src/ or templates/", () => {
    expect(violations()).toEqual([]);
  });

  it("the pattern catches the forms it must", () => {
    for (const s of [
      `if (id === "13th-age")`,
      `case 'ffd20':`,
      "x = `wounds-d20`",
      `{{#if (eq r "hundred-dungeons")}}`,
    ]) {
      expect(RULESET_LITERAL.test(s), s).toBe(true);
    }
    expect(RULESET_LITERAL.test("// 13th Age escalation die")).toBe(false);
  });
});
