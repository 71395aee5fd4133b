/**
 * [SYS-IMPORT] Registration of "Import from another system": the window's template and the GM's
 * button in the Actors and Items directories. Called once from `init`.
 */
import { IMPORT_TEMPLATE } from "./import-actions.js";
import { onRenderImportDirectory } from "./import-dialog.js";

/** Register the window's template and the two directories' buttons (once, in `init`). */
export function registerImport(): void {
  void foundry.applications.handlebars.loadTemplates([IMPORT_TEMPLATE]);
  Hooks.on("renderActorDirectory", (app: unknown, html: HTMLElement) => onRenderImportDirectory(app, html));
  Hooks.on("renderItemDirectory", (app: unknown, html: HTMLElement) => onRenderImportDirectory(app, html));
}
