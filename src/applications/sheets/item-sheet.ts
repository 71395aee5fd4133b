/**
 * The plain item sheet: one labelled input for every stored field of the item's type
 * (src/applications/sheets/item-context.ts), plus the description.
 */
import { activeRuleset, ruleOptions } from "../../active-ruleset.js";
import { attackSources } from "../../workflows/foundry-docs.js";
import { damagePreview } from "./formula-preview.js";
import { SYSTEM_ID } from "../../constants.js";
import type { D20Item } from "../../documents/item.js";
import { ItemSheetBase, sheetOptions, type ItemSheetBaseInstance } from "../sheet-base.js";
import { damageTypeLabelWith } from "./labels.js";
import { plainRecord, submitWithoutEmptyNumbers } from "./sheet-form.js";
import { chipListFromForm, wireChipPickers } from "./chip-picker.js";
import { itemSheetContext } from "./item-context.js";
import { effectsSectionFor } from "../../workflows/effects.js";
import { effectActionHandlers } from "./effect-actions.js";
import {
  blankPowerEffect,
  damagePartsFromForm,
  powerEffectsFromForm,
  routineFromForm,
  saveAttackFromForm,
} from "./power-effects.js";
import { powerEffectsFrom } from "../../data/item-source.js";
import { parseCreatureWords } from "../../engine/creature-words.js";
import { DISMISS_IMPORT_UPDATE, IMPORT_BANNER_TEMPLATE, importBannerContext } from "./import-banner.js";

/** Selects whose empty choice means "none" (stored as null). */
const NULLABLE_SELECTS = ["attackAbility"];

export class D20ItemSheet extends ItemSheetBase {
  static override DEFAULT_OPTIONS = {
    ...sheetOptions("item", 520, 640),
    actions: {
      ...effectActionHandlers(),
      addPowerEffect: D20ItemSheet.#onAddPowerEffect,
      removePowerEffect: D20ItemSheet.#onRemovePowerEffect,
      dismissImport: D20ItemSheet.#onDismissImport,
    },
  };

  /** Add a blank hit effect to a power. */
  static async #onAddPowerEffect(this: D20ItemSheet): Promise<void> {
    const effects = powerEffectsFrom((this.d20Item.system as unknown as Record<string, unknown>).effects);
    await this.d20Item.update({ system: { effects: [...effects, blankPowerEffect()] } });
  }

  /** [SYS-IMPORT] The GM dismisses the import banner (the losses stay on record in the flag). */
  static async #onDismissImport(this: D20ItemSheet): Promise<void> {
    if (!game.user?.isGM) return;
    await this.d20Item.update(DISMISS_IMPORT_UPDATE);
  }

  /** Remove one of a power's effects. */
  static async #onRemovePowerEffect(this: D20ItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const index = Number(target.dataset.effectIndex);
    const effects = powerEffectsFrom((this.d20Item.system as unknown as Record<string, unknown>).effects);
    if (!Number.isInteger(index) || index < 0 || index >= effects.length) return;
    await this.d20Item.update({ system: { effects: effects.filter((_, i) => i !== index) } });
  }

  static override PARTS = {
    sheet: {
      template: `systems/${SYSTEM_ID}/templates/sheets/item.hbs`,
      templates: [IMPORT_BANNER_TEMPLATE],
      scrollable: [""],
    },
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
        damagePreview: D20ItemSheet.#damagePreview(item),
      }),
      // Features carry effects (passive ones, and those their use puts on creatures).
      ...((item.type as string) === "feature" ? { effectsSection: effectsSectionFor(item, this.isEditable) } : {}),
      // [SYS-IMPORT] what the import of this item lost, until the GM dismisses it.
      importBanner: importBannerContext(item.flags[SYSTEM_ID]?.import, game.user?.isGM ?? false),
    };
  }

  /** [SYS-WORDS] What an owned power's or weapon's damage rolls for its owner (issue 45); "" for any other item. */
  static #damagePreview(item: D20Item): string {
    const owner = item.actor;
    if (!owner || !["power", "weapon"].includes(item.type as string)) return "";
    const system = item.system as unknown as Record<string, unknown>;
    const formula = String((item.type as string) === "weapon" ? (system.damageDice ?? "") : (system.damage ?? ""));
    const ruleset = activeRuleset();
    try {
      const derived = owner.preparedDerived();
      const actor = { actor: owner.engineView(), ...(derived ? { derived } : {}) };
      return damagePreview(ruleset, ruleOptions(), actor, attackSources(item, ruleset), formula);
    } catch {
      // A formula the engine refuses previews nothing: the actor sheet's attack list says why.
      return "";
    }
  }

  /** [SYS-WORDS] The chip pickers (damage types, conditions) answer the keyboard and the mouse (issue 45). */
  override async _onRender(
    context: Parameters<ItemSheetBaseInstance["_onRender"]>[0],
    options: Parameters<ItemSheetBaseInstance["_onRender"]>[1],
  ): Promise<void> {
    await super._onRender(context, options);
    wireChipPickers(this.element);
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
    // [SYS-WORDS] a chip field's values come back comma-joined in one hidden input (issue 45).
    if (sys && sys.damageTypes !== undefined) sys.damageTypes = chipListFromForm(sys.damageTypes);
    // The effects editor's inputs come back as an object keyed by row: store the list.
    if (sys && sys.effects !== undefined) sys.effects = powerEffectsFromForm(sys.effects);
    // [SYS-MONSTERS] the attack's keywords come back as words.
    if (sys && typeof sys.properties === "string")
      sys.properties = parseCreatureWords("keywordImmunities", sys.properties);
    // [SYS-MONSTERS] The damage parts' rows likewise; a row with no formula is dropped.
    if (sys && sys.damageParts !== undefined) sys.damageParts = damagePartsFromForm(sys.damageParts);
    // [SYS-MONSTERS] a routine's blank rows dropped; none left = an ordinary power.
    if (sys && sys.routine !== undefined) sys.routine = routineFromForm(sys.routine);
    // [SYS-MONSTERS] A save-based power's save: none chosen = an attack roll (null).
    if (sys && sys.saveAttack !== undefined) sys.saveAttack = saveAttackFromForm(sys.saveAttack);
    return data;
  }
}
