/**
 * The plain item sheet: one labelled input for every stored field of the item's type
 * (src/applications/sheets/item-context.ts), plus the description.
 */
import { activeRuleset } from "../../active-ruleset.js";
import { SYSTEM_ID } from "../../constants.js";
import type { D20Item } from "../../documents/item.js";
import { ItemSheetBase, type ItemSheetBaseInstance } from "../sheet-base.js";
import { damageTypeLabelWith } from "./labels.js";
import { plainRecord, submitWithoutEmptyNumbers } from "./sheet-form.js";
import { itemSheetContext } from "./item-context.js";
import { effectsSectionFor } from "../../workflows/effects.js";
import { effectActionHandlers } from "./effect-actions.js";

/** Selects whose empty choice means "none" (stored as null). */
const NULLABLE_SELECTS = ["attackAbility"];

export class D20ItemSheet extends ItemSheetBase {
  static override DEFAULT_OPTIONS = {
    classes: ["d20-combat", "sheet", "item"],
    position: { width: 520, height: 640 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: effectActionHandlers(),
  };

  static override PARTS = {
    sheet: { template: `systems/${SYSTEM_ID}/templates/sheets/item.hbs`, scrollable: [""] },
  };

  get d20Item(): D20Item {
    return this.document as D20Item;
  }

  override async _prepareContext(
    options: Parameters<ItemSheetBaseInstance["_prepareContext"]>[0],
  ): Promise<Record<string, unknown>> {
    const base: Record<string, unknown> = await super._prepareContext(options);
    const item = this.d20Item;
    const system = item.system as unknown as Record<string, unknown>;
    const description = String(system.description ?? "");
    const TextEditor = foundry.applications.ux.TextEditor.implementation;
    const descriptionHTML = await TextEditor.enrichHTML(description, {
      relativeTo: item,
      rollData: item.getRollData(),
      secrets: item.isOwner,
    });
    return {
      ...base,
      ...itemSheetContext({
        type: item.type as string,
        name: item.name ?? "",
        img: item.img ?? "",
        system,
        ruleset: activeRuleset(),
        editable: this.isEditable,
        foreignRuleset: item.foreignRuleset,
        description,
        descriptionHTML,
        damageTypeLabel: damageTypeLabelWith(
          (k) => game.i18n.has(k),
          (k) => game.i18n.localize(k),
        ),
        weapons: [...(item.actor?.items ?? [])]
          .filter((i) => (i.type as string) === "weapon")
          .map((i) => ({ id: i.id ?? "", name: i.name ?? "" })),
        localize: (k) => game.i18n.localize(k),
      }),
      // Features carry effects (passive ones, and those their use puts on creatures).
      ...((item.type as string) === "feature" ? { effectsSection: effectsSectionFor(item, this.isEditable) } : {}),
    };
  }

  override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: Parameters<ItemSheetBaseInstance["_processFormData"]>[2],
  ): object {
    const data = submitWithoutEmptyNumbers(
      this.document,
      form,
      plainRecord(super._processFormData(event, form, formData)),
    );
    const sys = data.system as Record<string, unknown> | undefined;
    if (sys) for (const key of NULLABLE_SELECTS) if (sys[key] === "") sys[key] = null;
    return data;
  }
}
