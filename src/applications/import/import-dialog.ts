/**
 * [SYS-IMPORT] "Import from another system" in the Actors and Items directories (GM only): a window
 * where the GM picks exported JSON files (or pastes JSON), reads the detected source, target game
 * and counts per entry, ticks which to import and imports them into a new folder, then saves the
 * report. This file only wires the window's controls to the session (import-session.ts) through
 * import-actions.ts.
 */
import { SYSTEM_ID } from "../../constants.js";
import { activeRulesetId } from "../../active-ruleset.js";
import { importAction, importMarkup } from "./import-actions.js";
import { ImportSession } from "./import-session.js";

/** Open the window (GM only). */
async function openImport(): Promise<void> {
  if (!game.user?.isGM) return;
  const session = new ImportSession(activeRulesetId(), game.i18n.localize("D20C.Import.DefaultFolder"));
  const dialog = new foundry.applications.api.DialogV2({
    window: { title: "D20C.Import.Title", resizable: true },
    position: { width: 720 },
    content: `<div class="d20-combat" data-d20c-import-host>${await importMarkup(session)}</div>`,
    buttons: [{ action: "close", label: "Close", default: true }],
  });
  await dialog.render({ force: true });
  const host = dialog.element.querySelector<HTMLElement>("[data-d20c-import-host]");
  if (!host) return;
  let busy = false;
  host.addEventListener("change", (event) => {
    const input = event.target as HTMLInputElement;
    if (input.dataset.d20cImportTick !== undefined) {
      session.tick(Number(input.dataset.d20cImportTick), input.checked);
      const go = host.querySelector<HTMLButtonElement>('[data-d20c-import-action="import"]');
      const count = session.rows.filter((r) => r.ticked).length;
      if (go) go.disabled = count === 0;
      const shown = host.querySelector<HTMLElement>("[data-d20c-import-count]");
      if (shown) shown.textContent = String(count);
    } else if (input.dataset.d20cImportFolder !== undefined) session.folder = input.value;
  });
  host.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>("[data-d20c-import-action]");
    if (!button || busy) return;
    event.preventDefault();
    busy = true;
    button.disabled = true;
    importAction(session, button.dataset.d20cImportAction ?? "", host)
      .then(async (redraw) => {
        if (redraw) host.innerHTML = await importMarkup(session);
      })
      .catch((err) => console.error(`${SYSTEM_ID} | import`, err))
      .finally(() => {
        busy = false;
        button.disabled = false;
      });
  });
}

/** `renderActorDirectory` / `renderItemDirectory`: the GM's "Import from another system" button. */
export function onRenderImportDirectory(_app: unknown, html: HTMLElement): void {
  if (!game.user?.isGM) return;
  html.querySelectorAll("[data-d20c-import-open]").forEach((el) => el.remove());
  const actions = html.querySelector(".header-actions") ?? html.querySelector("header") ?? html;
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.d20cImportOpen = "";
  button.innerHTML = `<i class="fa-solid fa-file-import" aria-hidden="true"></i> ${foundry.utils.escapeHTML(
    game.i18n.localize("D20C.Import.Open"),
  )}`;
  button.addEventListener("click", (event) => {
    event.preventDefault();
    openImport().catch((err) => console.error(`${SYSTEM_ID} | import`, err));
  });
  actions.append(button);
}
