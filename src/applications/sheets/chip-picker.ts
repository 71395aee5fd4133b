/**
 * [SYS-WORDS] Damage types and conditions as chips with a picker on the item sheet (issue 45), in
 * place of native multi-selects: each chosen value is a chip with its own remove button, and a
 * select lists what may still be added. Both are ordinary focusable controls (keyboard reachable,
 * each with an accessible name). The chosen values travel in ONE hidden input as a comma-joined
 * list (ids never hold a comma), so Foundry's form reading sees one plain string per field;
 * {@link chipListFromForm} turns it back into the stored list.
 */

export interface ChipOption {
  value: string;
  /** A label, or an i18n key when the field's `localizeLabels` is set. */
  label: string;
}

/** The render context of one chip picker (templates/sheets/item.hbs, partial "chips"). */
export interface ChipField {
  name: string;
  /** The comma-joined chosen values: the hidden input's value. */
  joined: string;
  /** The chosen values in the options' order, then any stored value no option names (kept, shown raw); `i18n`: the label is a key. */
  chosen: (ChipOption & { i18n: boolean })[];
  /** Every option, each marked chosen or not (a chosen one is hidden from the picker). */
  options: (ChipOption & { chosen: boolean; i18n: boolean })[];
}

/** The chips of a field: the stored values, the game's options; a stored value the game lacks stays (nothing lost). */
export function chipField(
  name: string,
  stored: readonly string[],
  options: readonly ChipOption[],
  localizeLabels: boolean,
): ChipField {
  const values = [...new Set(stored.filter((v) => v !== ""))];
  const known = options.filter((o) => values.includes(o.value)).map((o) => ({ ...o, i18n: localizeLabels }));
  const unknown = values
    .filter((v) => !options.some((o) => o.value === v))
    .map((v) => ({ value: v, label: v, i18n: false }));
  return {
    name,
    joined: values.join(","),
    chosen: [...known, ...unknown],
    options: options.map((o) => ({ ...o, chosen: values.includes(o.value), i18n: localizeLabels })),
  };
}

/**
 * A chip field's list from the submitted form: the hidden input's comma-joined string, or a list
 * (a multi-select's, as older forms and macros send), or one value; blanks dropped, each once.
 */
export function chipListFromForm(value: unknown): string[] {
  const words = Array.isArray(value)
    ? value.flatMap((v) => (typeof v === "string" ? v.split(",") : []))
    : typeof value === "string"
      ? value.split(",")
      : [];
  return [...new Set(words.map((w) => w.trim()).filter((w) => w !== ""))];
}

/**
 * Wire every chip picker under `root`: choosing in the picker adds a chip, a chip's remove button
 * takes it away (focus moves to the picker), and each change rewrites the hidden input and fires its
 * `change` so the sheet submits as for any other input. Self-contained (no imports): the screenshot
 * test runs this very function in Chromium.
 */
export function wireChipPickers(root: HTMLElement): void {
  for (const group of Array.from(root.querySelectorAll<HTMLElement>(".d20c-chips"))) {
    if (group.dataset.chipsWired === "1") continue;
    group.dataset.chipsWired = "1";
    const hidden = group.querySelector<HTMLInputElement>("input.d20c-chips__value");
    const list = group.querySelector<HTMLElement>(".d20c-chips__list");
    const picker = group.querySelector<HTMLSelectElement>("select.d20c-chips__picker");
    if (!hidden || !list || !picker) continue;
    const values = (): string[] => hidden.value.split(",").filter((v) => v !== "");
    const commit = (next: string[]) => {
      hidden.value = next.join(",");
      for (const option of Array.from(picker.options))
        if (option.value) option.hidden = option.disabled = next.includes(option.value);
      picker.value = "";
      hidden.dispatchEvent(new Event("change", { bubbles: true }));
    };
    const removeLabel = group.dataset.removeLabel ?? "";
    picker.addEventListener("change", (event) => {
      event.stopPropagation();
      const value = picker.value;
      if (!value || values().includes(value)) return;
      const label = picker.selectedOptions[0]?.textContent ?? value;
      const chip = document.createElement("li");
      chip.className = "d20c-chip";
      chip.dataset.value = value;
      const text = document.createElement("span");
      text.textContent = label;
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "d20c-chip__remove";
      remove.dataset.chipRemove = value;
      remove.setAttribute("aria-label", removeLabel.replace("{name}", label));
      remove.textContent = "×";
      chip.append(text, remove);
      list.append(chip);
      commit([...values(), value]);
    });
    list.addEventListener("click", (event) => {
      const button = (event.target as HTMLElement | null)?.closest<HTMLButtonElement>("button[data-chip-remove]");
      if (!button) return;
      event.preventDefault();
      const value = button.dataset.chipRemove ?? "";
      button.closest(".d20c-chip")?.remove();
      commit(values().filter((v) => v !== value));
      picker.focus();
    });
  }
}
