/**
 * The sheet base classes. Extending `HandlebarsApplicationMixin(ActorSheetV2)`
 * directly makes the type checker run out of depth (TS2589), so the mixin is applied once here with
 * `any` as the document type parameter. This file holds the only sanctioned `any` in src/.
 */
const { HandlebarsApplicationMixin } = foundry.applications.api;

export const SheetBase = HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2<any>);

export const ItemSheetBase = HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2<any>);

/** An actor sheet built on {@link SheetBase}, for naming its methods' parameter types. */
export type SheetBaseInstance = InstanceType<typeof SheetBase>;

/** An item sheet built on {@link ItemSheetBase}. */
export type ItemSheetBaseInstance = InstanceType<typeof ItemSheetBase>;

/** The options every system sheet shares: its classes and size, resizable, saved on every change. */
export function sheetOptions(kind: "actor" | "item", width: number, height: number) {
  return {
    classes: ["d20-combat", "sheet", kind],
    position: { width, height },
    window: { resizable: true },
    form: { submitOnChange: true },
  };
}
