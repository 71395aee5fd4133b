/**
 * [SYS-RELEASE] Registering the precompiled templates at init (issue 34): each becomes the partial
 * of its path, so our synchronous card renders and Foundry's `getTemplate` (whose cache is
 * `Handlebars.partials`, foundryvtt/foundryvtt#9943) use it without fetching or compiling.
 */
import { PRECOMPILED_TEMPLATES } from "../templates-precompiled.js";

/** Register each precompiled template (path → spec) as the partial of its path; how many were. */
export function registerPrecompiledTemplates(specs: Readonly<Record<string, unknown>> = PRECOMPILED_TEMPLATES): number {
  let n = 0;
  for (const [path, spec] of Object.entries(specs)) {
    Handlebars.registerPartial(path, Handlebars.template(spec as Parameters<typeof Handlebars.template>[0]));
    n++;
  }
  return n;
}
