/**
 * The limited view of an actor sheet ([SYS-HIDDEN]): what a user with only LIMITED permission may
 * see — the name, the image, and what the game makes public anyway (the states its rules announce
 * and its tokens show: bloodied, staggered, conditions). No numbers, no items, no biography.
 * Pure; the sheet renders templates/sheets/actor-limited.hbs with it instead of the full sheet.
 */
import type { DerivedActor } from "../../engine/types.js";

/** Whether the viewer gets the limited view: LIMITED permission on the actor, and not a GM. */
export function showsLimitedView(viewer: { isGM: boolean; limited: boolean }): boolean {
  return !viewer.isGM && viewer.limited;
}

/** The limited view's context. */
export function limitedSheetContext(input: {
  name: string;
  img: string;
  derived: Pick<DerivedActor, "statusLabels">;
}): { limited: true; name: string; img: string; statusLabels: string[] } {
  return { limited: true, name: input.name, img: input.img, statusLabels: [...input.derived.statusLabels] };
}
