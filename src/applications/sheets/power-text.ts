/**
 * An attack row's expanded text (its numbers, each outcome's words and effects) is written only
 * for a row that is open: most rows are never opened, and an opening of the sheet wrote every row's
 * text. The sheet remembers which rows are open, so a render writes them open with their text, and
 * writes a folded row's text into it the first time it opens.
 */
export const POWER_TEXT_TEMPLATE = "systems/d20-combat/templates/sheets/power-text.hbs";

/** What the toggle reads and writes of an attack row's `<details>`. */
export interface PowerRowElement {
  open: boolean;
  dataset: DOMStringMap;
  querySelector(selector: string): unknown;
  insertAdjacentHTML(position: InsertPosition, html: string): void;
}

/** Where a row's written text sits (the text template's root carries it). */
const WRITTEN = "[data-power-text]";

/**
 * A row opened or closed: remember it (by item id) for the next render, and write its text the
 * first time it opens. `rows` holds the last render's row contexts; `render` turns one into the
 * text's HTML through the system's template.
 */
export async function powerRowToggled<C>(
  row: PowerRowElement,
  expanded: Set<string>,
  rows: ReadonlyMap<string, C>,
  render: (context: C) => Promise<string>,
): Promise<void> {
  const id = row.dataset.itemId ?? "";
  if (!row.open) {
    expanded.delete(id);
    return;
  }
  expanded.add(id);
  const context = rows.get(id);
  if (!context || row.querySelector(WRITTEN)) return;
  const html = await render(context);
  // Still open and still without its text: a quick close, or a second opening, may have come first.
  if (row.open && !row.querySelector(WRITTEN)) row.insertAdjacentHTML("beforeend", html);
}
