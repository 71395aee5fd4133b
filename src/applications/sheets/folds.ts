/**
 * A sheet's folds (`<details data-stat-fold="…">`: a stat block's procedures, its unprinted lines)
 * stay as the user left them: a render rewrites the sheet, so the sheet remembers each fold the
 * user opened or closed and sets it again after the render (issue 45).
 */

/** What a fold toggle reads of its `<details>`. */
interface FoldElement {
  tagName: string;
  open: boolean;
  dataset: DOMStringMap;
}

/** A `toggle` heard on the sheet: remember the fold's state (other `<details>` are not folds). */
export function foldToggled(target: EventTarget | null, folds: Map<string, boolean>): void {
  const el = target as Partial<FoldElement> | null;
  const key = el?.tagName === "DETAILS" ? el.dataset?.statFold : undefined;
  if (key) folds.set(key, el?.open === true);
}

/** After a render: each fold the user toggled is set back as they left it. */
export function restoreFolds(
  root: { querySelectorAll(selector: string): Iterable<FoldElement> },
  folds: ReadonlyMap<string, boolean>,
): void {
  for (const el of root.querySelectorAll("details[data-stat-fold]")) {
    const open = folds.get(el.dataset.statFold ?? "");
    if (open !== undefined && el.open !== open) el.open = open;
  }
}
