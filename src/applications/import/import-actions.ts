/**
 * [SYS-IMPORT] The controls of the "Import from another system" window: read the picked files and
 * pasted JSON, import the ticked entries, save the report, and the window's markup. The state and
 * every decision are the session's (import-session.ts); these only hand it what the window holds.
 */
import { SYSTEM_ID } from "../../constants.js";
import { fmt } from "../../workflows/foundry-docs.js";
import type { ImportSession, PickedFile } from "./import-session.js";

export const IMPORT_TEMPLATE = `systems/${SYSTEM_ID}/templates/import/import-dialog.hbs`;

/** The words of the window, through Foundry's i18n. */
const WORDS = {
  localize: (key: string) => game.i18n.localize(key),
  format: (key: string, data: Record<string, string | number>) => fmt(key, data),
};

/** Where the window's controls get their files: the file input's chosen files. */
type FilePicker = (host: HTMLElement) => readonly PickedFile[];

/** The browser's picker: the files chosen in the window's file input. */
const chosenFiles: FilePicker = (host) => [
  ...(host.querySelector<HTMLInputElement>("[data-d20c-import-files]")?.files ?? []),
];

/** The window's markup for the session now. */
export function importMarkup(session: ImportSession): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(
    IMPORT_TEMPLATE,
    session.context(WORDS, game.user?.isGM ?? false),
  );
}

/**
 * One control of the window pressed: read the picked files and pasted text, import the ticked
 * entries, or save the report. Answers whether the window must be drawn again.
 */
export async function importAction(
  session: ImportSession,
  action: string,
  host: HTMLElement,
  picker: FilePicker = chosenFiles,
): Promise<boolean> {
  if (!game.user?.isGM) return false;
  if (action === "read") {
    await session.addFiles(picker(host));
    const paste = host.querySelector<HTMLTextAreaElement>("[data-d20c-import-paste]");
    session.addText(game.i18n.localize("D20C.Import.Pasted"), paste?.value ?? "");
    return true;
  }
  if (action === "import") {
    const bar = host.querySelector<HTMLProgressElement>("[data-d20c-import-progress]");
    const result = await session.importTicked((done, total) => {
      if (!bar) return;
      bar.hidden = false;
      bar.max = Math.max(total, 1);
      bar.value = done;
    });
    ui.notifications?.info(
      fmt("D20C.Import.Done", { actors: result.actors, items: result.items, folder: session.folder }),
    );
    return true;
  }
  if (action === "report") {
    foundry.utils.saveDataToFile(JSON.stringify(session.report(), null, 2), "application/json", "import-report.json");
    return false;
  }
  return false;
}
