// @ts-check
/**
 * Template check: every templates/**\/*.hbs must precompile with the real Handlebars compiler.
 * Prettier cannot parse Handlebars inside attributes, so this is our template syntax gate.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";
import { listFiles } from "./files.mjs";

/**
 * Precompile one template source. Returns null when it compiles, otherwise "<file>:<line>: <message>".
 * @param {string} source
 * @param {string} fileLabel how the file is named in the message (a repo-relative path)
 * @returns {string | null}
 */
export function checkTemplateSource(source, fileLabel) {
  try {
    Handlebars.precompile(source, { strict: true });
    return null;
  } catch (err) {
    const e = /** @type {{ message?: string; lineNumber?: number }} */ (err);
    const message = String(e.message ?? err);
    const line = e.lineNumber ?? Number(/line (\d+)/i.exec(message)?.[1] ?? /- (\d+):\d+$/.exec(message)?.[1] ?? NaN);
    const where = Number.isFinite(line) ? `${fileLabel}:${line}` : fileLabel;
    return `${where}: ${message.replace(/\s+/g, " ").trim()}`;
  }
}

/**
 * Check every .hbs file under `<root>/templates`.
 * @param {string} root repository root
 * @param {string} [dir] templates directory relative to root
 * @returns {{ checked: string[]; errors: string[] }}
 */
export function validateTemplates(root, dir = "templates") {
  const files = listFiles(path.join(root, dir), (n) => n.endsWith(".hbs"));
  /** @type {string[]} */
  const errors = [];
  for (const rel of files) {
    const label = `${dir}/${rel}`;
    const err = checkTemplateSource(readFileSync(path.join(root, dir, rel), "utf8"), label);
    if (err) errors.push(err);
  }
  return { checked: files.map((f) => `${dir}/${f}`), errors };
}
