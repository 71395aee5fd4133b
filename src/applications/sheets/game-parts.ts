/**
 * [SYS-RULESET] The active game's own parts of the actor sheet (`Ruleset.sheetParts`), as the
 * sheet's render parts and their data (pure). A part with a `slot` is written by the built-in sheet
 * at that slot for the holders it names; a part without one renders after the sheet's own part. A
 * game without parts adds nothing: the sheet shows only what every game shares.
 */
import type { Ruleset, SheetHolderKind, SheetPartSpec, SheetSlot, SheetSlotPart } from "../../engine/ruleset.js";
import { SHEET_TEMPLATES } from "../../engine/sheet-parts.js";
import type { ActorKind, ActorSource, DerivedActor } from "../../engine/types.js";

/** The sheet's slots, in the order the template writes them. */
const SHEET_SLOTS: readonly SheetSlot[] = [
  "hp",
  "badges",
  "resources",
  "resourcesEnd",
  "combatEnd",
  "bonuses",
  "statBlock",
];

/** What a slot shows when the game puts nothing there (the shared HP block); absent = nothing. */
const SLOT_DEFAULTS: Partial<Record<SheetSlot, string>> = { hp: `${SHEET_TEMPLATES}/actor/parts/hp.hbs` };

const isSlotted = (p: SheetPartSpec | SheetSlotPart): p is SheetSlotPart => "slot" in p;

/** The parts of the game that render on their own, after the sheet's. */
function ownParts(ruleset: Pick<Ruleset, "sheetParts">): SheetPartSpec[] {
  return (ruleset.sheetParts ?? []).filter((p): p is SheetPartSpec => !isSlotted(p));
}

/** The render parts of the game's sheet parts, after the sheet's own: `game-<id>` → its template. */
export function gameSheetParts(ruleset: Pick<Ruleset, "sheetParts">): Record<string, { template: string }> {
  return Object.fromEntries(ownParts(ruleset).map((p) => [`game-${p.id}`, { template: p.template }]));
}

/** `{ gameParts: { <id>: data } }` for the templates of the game's parts; `{}` when it has none. */
export function gamePartsContext(
  ruleset: Pick<Ruleset, "sheetParts">,
  actor: ActorSource,
  derived: DerivedActor,
): { gameParts?: Record<string, Record<string, unknown>> } {
  const parts = ownParts(ruleset);
  if (parts.length === 0) return {};
  return { gameParts: Object.fromEntries(parts.map((p) => [p.id, p.context(actor, derived)])) };
}

/** Every template the game's slotted parts write (the sheet loads them as partials). */
export function slotTemplates(ruleset: Pick<Ruleset, "sheetParts">): string[] {
  const games = (ruleset.sheetParts ?? []).filter(isSlotted).map((p) => p.template);
  return [...new Set([...Object.values(SLOT_DEFAULTS), ...games])];
}

/** Whose sheet it is: a character, an NPC, or an NPC the GM marked important. */
export function sheetHolder(kind: ActorKind, important: boolean): SheetHolderKind {
  if (kind !== "npc") return "character";
  return important ? "importantNpc" : "npc";
}

/**
 * The templates the sheet writes at each slot for this holder, in the game's order (a slot with a
 * shared default writes it when the game puts nothing there).
 */
export function sheetSlots(
  ruleset: Pick<Ruleset, "sheetParts">,
  holder: SheetHolderKind,
): Record<SheetSlot, { id: string; template: string }[]> {
  const parts = (ruleset.sheetParts ?? []).filter(isSlotted).filter((p) => p.holders?.includes(holder) ?? true);
  const slotOf = (slot: SheetSlot) => {
    const here = parts.filter((p) => p.slot === slot).map((p) => ({ id: p.id, template: p.template }));
    const fallback = SLOT_DEFAULTS[slot];
    return here.length === 0 && fallback ? [{ id: slot, template: fallback }] : here;
  };
  return Object.fromEntries(SHEET_SLOTS.map((s) => [s, slotOf(s)])) as Record<
    SheetSlot,
    { id: string; template: string }[]
  >;
}
