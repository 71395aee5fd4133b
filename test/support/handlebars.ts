/**
 * Render the system's Handlebars templates in tests with the real `handlebars` package.
 *
 *   const hbs = createTemplateRenderer();
 *   const html = hbs.render("templates/chat/attack-card.hbs", context);
 *
 * - An isolated Handlebars instance (never the global one) with the stand-in Foundry helpers from
 *   test/stand-ins/handlebars-helpers.ts, plus any `helpers` you pass.
 * - `strict: true`: a property missing from the context throws, naming it — so a context that
 *   omits something the template reads fails the test instead of rendering blank. Handlebars only
 *   checks plain `{{path}}` expressions strictly, not helper arguments (`{{localize label}}`,
 *   `{{#if x}}`); the localize stand-in throws on an undefined key, others see `undefined`.
 * - Every templates/**\/*.hbs is registered as a partial under its Foundry path
 *   ("systems/d20-combat/templates/…"), as foundry.applications.handlebars.loadTemplates would.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";
import type { HelperDelegate } from "handlebars";
import { SYSTEM_ID } from "../../src/constants.js";
import { listFiles } from "../../scripts/lib/files.mjs";
import { standInFoundryHelpers } from "../stand-ins/handlebars-helpers.js";
import { REPO_ROOT, type StandInI18nOptions } from "../stand-ins/i18n.js";

export { REPO_ROOT };

/** The path Foundry uses for a repo-relative template path: "systems/d20-combat/templates/x.hbs". */
export function foundryTemplatePath(repoRelative: string): string {
  return `systems/${SYSTEM_ID}/${repoRelative.replace(/^\/+/, "")}`;
}

export interface TemplateRendererOptions {
  /** Extra or overriding helpers (e.g. stand-ins for system helpers registered in init). */
  helpers?: Record<string, HelperDelegate>;
  /** Extra partials, name → source. */
  partials?: Record<string, string>;
  /** Compile with strict: true (default true). */
  strict?: boolean;
  /** How the localize stand-in treats unknown keys (default: throw). */
  i18n?: StandInI18nOptions;
}

export interface TemplateRenderer {
  /** The isolated Handlebars instance. */
  handlebars: typeof Handlebars;
  /** Render a template file by repo-relative path ("templates/…" or a test fixture path). */
  render(repoRelativePath: string, context: object): string;
  /** Render a template given as a string. */
  renderString(source: string, context: object): string;
}

export function createTemplateRenderer(options: TemplateRendererOptions = {}): TemplateRenderer {
  const hbs = Handlebars.create();
  hbs.registerHelper({ ...standInFoundryHelpers(options.i18n), ...options.helpers });
  for (const rel of listFiles(path.join(REPO_ROOT, "templates"), (n) => n.endsWith(".hbs"))) {
    hbs.registerPartial(
      foundryTemplatePath(`templates/${rel}`),
      readFileSync(path.join(REPO_ROOT, "templates", rel), "utf8"),
    );
  }
  for (const [name, src] of Object.entries(options.partials ?? {})) hbs.registerPartial(name, src);
  const compileOptions = { strict: options.strict ?? true };
  const cache = new Map<string, HandlebarsTemplateDelegate>();

  const compileFile = (rel: string) => {
    let tpl = cache.get(rel);
    if (!tpl) {
      tpl = hbs.compile(readFileSync(path.join(REPO_ROOT, rel), "utf8"), compileOptions);
      cache.set(rel, tpl);
    }
    return tpl;
  };

  return {
    handlebars: hbs,
    render(rel, context) {
      try {
        return compileFile(rel)(context);
      } catch (err) {
        throw new Error(`rendering ${rel}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
    },
    renderString: (source, context) => hbs.compile(source, compileOptions)(context),
  };
}
