import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkTemplateSource, validateTemplates } from "../../scripts/lib/validate-templates.mjs";
import { REPO_ROOT } from "../stand-ins/i18n.js";

describe("template precompile check", () => {
  it("accepts every template in templates/", () => {
    expect(validateTemplates(REPO_ROOT).errors).toEqual([]);
  });

  it("accepts {{#if}} inside attributes (which prettier cannot parse)", () => {
    expect(checkTemplateSource('<li class="{{#if active}}active{{/if}}">{{name}}</li>', "t.hbs")).toBeNull();
  });

  it("names the file and line of an unclosed block", () => {
    const err = checkTemplateSource("<div>\n  {{#if a}}\n  x\n</div>\n", "templates/x.hbs");
    expect(err).toMatch(/^templates\/x\.hbs:\d+: Parse error/);
  });

  it("names the file and line of a mismatched block", () => {
    expect(checkTemplateSource("a\n{{#if x}}\nb\n{{/each}}", "templates/y.hbs")).toBe(
      "templates/y.hbs:2: if doesn't match each - 2:3",
    );
  });

  it("names a bad file found on disk", () => {
    const root = mkdtempSync(path.join(tmpdir(), "d20c-tpl-"));
    try {
      mkdirSync(path.join(root, "templates", "chat"), { recursive: true });
      writeFileSync(path.join(root, "templates", "chat", "good.hbs"), "<p>{{name}}</p>");
      writeFileSync(path.join(root, "templates", "chat", "bad.hbs"), "<p>\n\n{{name}</p>");
      const { checked, errors } = validateTemplates(root);
      expect(checked).toEqual(["templates/chat/bad.hbs", "templates/chat/good.hbs"]);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^templates\/chat\/bad\.hbs:3: Parse error on line 3/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
