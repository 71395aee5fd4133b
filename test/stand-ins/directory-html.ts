/**
 * Stand-in for a rendered Actors or Items directory as a `renderActorDirectory` /
 * `renderItemDirectory` hook touches it: the directory's `.header-actions` element
 * (`querySelector`, `append`), `querySelectorAll` of buttons already added, and
 * `document.createElement("button")`, whose button keeps its `dataset`, `innerHTML` and click
 * listeners (`click()` runs them). And the import window's host as the window's controls read it:
 * the pasted text and the progress bar. Nothing else of the DOM. Decides no rule.
 */

type ClickListener = (event: { preventDefault(): void }) => void;

/** A `<button>` as a directory hook builds it. */
export class DirectoryButtonStandIn {
  type = "";
  innerHTML = "";
  readonly dataset: Record<string, string> = {};
  private readonly listeners: ClickListener[] = [];
  addEventListener(_type: "click", fn: ClickListener): void {
    this.listeners.push(fn);
  }
  click(): void {
    for (const fn of this.listeners) fn({ preventDefault() {} });
  }
  remove(): void {
    this.removed = true;
  }
  removed = false;
}

/** A directory's rendered HTML: its header actions and the buttons appended there. */
export class DirectoryHtmlStandIn {
  readonly appended: DirectoryButtonStandIn[] = [];
  querySelector(selector: string): DirectoryHtmlStandIn | null {
    return selector === ".header-actions" ? this : null;
  }
  querySelectorAll(selector: string): DirectoryButtonStandIn[] {
    const m = /^\[data-([\w-]+)\]$/.exec(selector);
    if (!m) return [];
    const key = m[1]!.replace(/-(\w)/g, (_x, c: string) => c.toUpperCase());
    return this.appended.filter((b) => !b.removed && key in b.dataset);
  }
  append(child: DirectoryButtonStandIn): void {
    this.appended.push(child);
  }
}

/** Run a directory hook with `document.createElement` standing in for the browser's. */
export function renderDirectoryStandIn(hook: (app: unknown, html: never) => void, html: DirectoryHtmlStandIn): void {
  const g = globalThis as { document?: unknown };
  const previous = g.document;
  g.document = { createElement: () => new DirectoryButtonStandIn() };
  try {
    hook({}, html as never);
  } finally {
    if (previous === undefined) delete g.document;
    else g.document = previous;
  }
}

/** The import window's host: the pasted JSON's textarea and the progress bar (values recorded). */
export class ImportHostStandIn {
  readonly paste = { value: "" };
  readonly progress = { hidden: true, max: 1, value: 0, seen: [] as number[] };
  querySelector(selector: string): unknown {
    if (selector === "[data-d20c-import-paste]") return this.paste;
    if (selector === "[data-d20c-import-progress]") {
      const bar = this.progress;
      return new Proxy(bar, {
        set(target, key, v) {
          (target as Record<string | symbol, unknown>)[key] = v;
          if (key === "value") target.seen.push(v as number);
          return true;
        },
      });
    }
    return null;
  }
}
