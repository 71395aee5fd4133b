// @ts-check
/**
 * [SYS-RELEASE] (issue 34) The templates a page's first renders need, precompiled at build time:
 * the attack, rule and loose-roll cards, and the actor sheet with the partials its first tab (Combat)
 * writes. The rollup plugin below puts their Handlebars specs into src/templates-precompiled.ts's
 * export in the bundle; at init the system registers each as the partial of its path
 * (src/applications/precompiled-templates.ts), which Foundry's `getTemplate` returns without
 * fetching or compiling (foundryvtt/foundryvtt#9943: `Handlebars.partials` is its cache). Templates
 * not listed (the NPC stat block, the item sheet, dialogs) compile at their first use, as before:
 * the list is held to what stays under the 30 KB gzip the build may add.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import Handlebars from "handlebars";
import { transform } from "esbuild";

/** The source file whose export the build fills (empty when run from source, as the tests do). */
export const PRECOMPILED_SOURCE = "src/templates-precompiled.ts";
/** What the build may add, gzipped. */
export const PRECOMPILED_BUDGET = 30 * 1024;

/** @param {string} root @param {string} dir */
function hbsUnder(root, dir) {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".hbs"))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/** The templates precompiled, as paths under the repository root. @param {string} root */
export function firstRenderTemplates(root) {
  return [
    "templates/chat/attack-card.hbs",
    "templates/chat/rule-card.hbs",
    "templates/chat/loose-roll.hbs",
    "templates/sheets/actor.hbs",
    "templates/sheets/import-banner.hbs",
    "templates/sheets/power-text.hbs",
    "templates/sheets/effects.hbs",
    "templates/actor/checks.hbs",
    "templates/actor/actions-panel.hbs",
    "templates/actor/actions-controlled.hbs",
    ...hbsUnder(root, "templates/actor/parts"),
    ...hbsUnder(root, "templates/games"),
  ];
}

/**
 * The module source of the precompiled templates: `PRECOMPILED_TEMPLATES`, each template's
 * Foundry path (`systems/d20-combat/…`) to its Handlebars spec.
 * @param {string} root @param {string} systemId
 */
export function precompiledModule(root, systemId) {
  const entries = firstRenderTemplates(root).map((rel) => {
    const spec = Handlebars.precompile(readFileSync(path.join(root, rel), "utf8"));
    return `${JSON.stringify(`systems/${systemId}/${rel}`)}: ${spec}`;
  });
  return `export const PRECOMPILED_TEMPLATES = {\n${entries.join(",\n")}\n};\n`;
}

/** The size the precompiled templates add to the bundle, minified and gzipped. @param {string} root @param {string} systemId */
export async function precompiledSize(root, systemId) {
  const { code } = await transform(precompiledModule(root, systemId), { minify: true, format: "esm" });
  return { count: firstRenderTemplates(root).length, minified: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

/**
 * The rollup plugin: src/templates-precompiled.ts becomes the precompiled module (before esbuild).
 * @param {string} root @param {string} systemId @returns {import("rollup").Plugin}
 */
export function precompiledTemplatesPlugin(root, systemId) {
  const target = path.join(root, PRECOMPILED_SOURCE);
  return {
    name: "d20c-precompiled-templates",
    transform(_code, id) {
      if (path.resolve(id) !== target) return null;
      for (const rel of firstRenderTemplates(root)) this.addWatchFile(path.join(root, rel));
      return { code: precompiledModule(root, systemId), map: null };
    },
  };
}
