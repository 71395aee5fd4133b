/**
 * Stand-in for a rendered turn summary as `onRenderTurnLine` (src/workflows/turn-chat.ts, the
 * `renderChatMessageHTML` hook) touches it: the message HTML's `querySelectorAll(".d20c-turn-line")`
 * over one host per line (`data-line` = the line's index), each host's `querySelector` for an Undo
 * button already there and `append`; and `document.createElement("button")`, whose button runs its
 * click listeners on `click()`. Nothing else of the DOM. Decides no rule.
 */

type ClickListener = (event: { preventDefault(): void }) => void;

/** A `<button>` as the hook builds it. */
export class ButtonStandIn {
  type = "";
  className = "";
  textContent = "";
  disabled = false;
  private readonly listeners: ClickListener[] = [];
  addEventListener(_type: "click", fn: ClickListener): void {
    this.listeners.push(fn);
  }
  click(): void {
    for (const fn of this.listeners) fn({ preventDefault() {} });
  }
}

/** One line's `.d20c-turn-line` element. */
export class TurnLineHostStandIn {
  readonly children: ButtonStandIn[] = [];
  constructor(readonly dataset: { line: string }) {}
  querySelector(selector: string): ButtonStandIn | null {
    return this.children.find((c) => selector === `.${c.className}`) ?? null;
  }
  append(child: ButtonStandIn): void {
    this.children.push(child);
  }
}

/**
 * Render the summary's lines 0..`index` as hosts, run the hook on them and press line `index`'s
 * Undo as the GM would; resolves once `done()` holds (or after a bounded wait). False when the
 * hook gave that line no Undo button (nothing to undo, already undone, not the GM's).
 */
export async function pressTurnLineUndo(
  onRender: (message: never, html: never) => void,
  message: unknown,
  index: number,
  done: () => boolean,
): Promise<boolean> {
  const hosts = Array.from({ length: index + 1 }, (_, i) => new TurnLineHostStandIn({ line: String(i) }));
  const html = { querySelectorAll: (selector: string) => (selector === ".d20c-turn-line" ? hosts : []) };
  const g = globalThis as { document?: unknown };
  const previous = g.document;
  g.document = { createElement: () => new ButtonStandIn() };
  try {
    onRender(message as never, html as never);
  } finally {
    if (previous === undefined) delete g.document;
    else g.document = previous;
  }
  const button = hosts[index]!.querySelector(".d20c-turn-line__undo");
  if (!button) return false;
  button.click();
  for (let i = 0; i < 50 && !done(); i++) await new Promise((r) => setTimeout(r, 2));
  return true;
}
