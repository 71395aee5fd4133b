/**
 * [SYS-CHARACTER] The sheet's Inventory tab and identity section (pure): the game's coins, the gear
 * carried with its quantity, charges and use, the load and the speed it leaves where the game has a
 * load rule (Wounds d20), and who the character is (ancestry; 13th Age's One Unique Thing and icon
 * relationships with their session-start roll). Also the form's identity rows and quantities back
 * into updates, and the items' right-click menu entries.
 */
import { carriedLoad, gearOf } from "../../engine/gear.js";
import { ICON_STANCES } from "../../engine/gear-fields.js";
import type { Ruleset } from "../../engine/ruleset.js";
import type { ActorSource } from "../../engine/types.js";

export const INVENTORY_TEMPLATE = "systems/d20-combat/templates/actor/inventory.hbs";
export const IDENTITY_TEMPLATE = "systems/d20-combat/templates/actor/identity.hbs";

/** An item as the sheet lists it. */
export interface ListedItem {
  id: string;
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown>;
}

const num = (v: unknown): number => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** The Inventory tab: coins, gear rows and (Wounds d20) the load line. */
export function inventoryContext(
  ruleset: Pick<Ruleset, "gear">,
  input: { system: Pick<ActorSource, "currency" | "abilities">; storedSpeed: number; items: readonly ListedItem[] },
) {
  const gear = gearOf(ruleset);
  const currency = input.system.currency ?? { pp: 0, gp: 0, sp: 0, cp: 0 };
  const coins = gear.coins.map((key) => ({
    key,
    name: `system.currency.${key}`,
    label: `D20C.Actor.FIELDS.currency.${key}.label`,
    value: currency[key] ?? 0,
  }));
  const equipment = input.items
    .filter((i) => i.type === "equipment")
    .map((i) => {
      const uses = (i.system.uses ?? {}) as { value?: unknown; max?: unknown };
      const max = num(uses.max);
      return {
        id: i.id,
        name: i.name,
        img: i.img,
        quantity: num(i.system.quantity),
        // Weight is shown where the game counts a load (Wounds d20).
        weight: gear.loaded ? num(i.system.weight) : 0,
        charges: max > 0 ? `${num(uses.value)}/${max}` : "",
        usable: i.system.use !== "none" && num(i.system.quantity) > 0,
        equipped: i.system.equipped === true,
      };
    });
  let load: { pounds: number; band: string; speed: number } | null = null;
  if (gear.loaded) {
    const pounds = carriedLoad(input.items);
    const l = gear.loaded(input.storedSpeed, input.system.abilities.str, pounds);
    load = { pounds, band: `D20C.Gear.LoadBand.${l.band}`, speed: l.speed };
  }
  return { coins, equipment, load };
}

/** The identity section of a character (null for a monster): ancestry, and what the game adds. */
export function identityContext(
  ruleset: Pick<Ruleset, "gear">,
  kind: "character" | "npc",
  system: Pick<ActorSource, "identity">,
) {
  if (kind !== "character") return null;
  const plays = gearOf(ruleset).identity;
  const identity = system.identity ?? { ancestry: "", oneUniqueThing: "", icons: [] };
  return {
    ancestry: identity.ancestry,
    oneUniqueThing: plays.includes("oneUniqueThing") ? identity.oneUniqueThing : null,
    icons: plays.includes("icons")
      ? identity.icons.map((icon, index) => ({
          ...icon,
          index,
          stances: ICON_STANCES.map((s) => ({ value: s, label: `D20C.Gear.Stance.${s}`, selected: s === icon.stance })),
        }))
      : null,
  };
}

/**
 * The form's icon rows (`system.identity.icons.<n>.*`, numbered keys) back into a list, so the
 * update replaces the list; pure, on the expanded form data's `system`.
 */
export function identityFromForm(sys: Record<string, unknown>): void {
  const identity = sys.identity;
  if (typeof identity !== "object" || identity === null) return;
  const icons = (identity as Record<string, unknown>).icons;
  if (typeof icons !== "object" || icons === null || Array.isArray(icons)) return;
  (identity as Record<string, unknown>).icons = Object.entries(icons)
    .filter(([k]) => /^\d+$/.test(k))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, entry]) => entry);
}

/**
 * The gear quantities typed in the Inventory tab (`d20cQuantity.<itemId>`), taken out of the form
 * data, as embedded item updates (only the items whose quantity changed; bad numbers ignored).
 */
export function quantitiesFromForm(
  out: Record<string, unknown>,
  items: readonly ListedItem[],
): { _id: string; system: { quantity: number } }[] {
  const typed = out.d20cQuantity;
  delete out.d20cQuantity;
  if (typeof typed !== "object" || typed === null) return [];
  const updates: { _id: string; system: { quantity: number } }[] = [];
  for (const [id, value] of Object.entries(typed)) {
    const item = items.find((i) => i.id === id && i.type === "equipment");
    const quantity = Number(value);
    if (!item || value === "" || !Number.isInteger(quantity) || quantity < 0) continue;
    if (quantity !== num(item.system.quantity)) updates.push({ _id: id, system: { quantity } });
  }
  return updates;
}

/** What the right-click menu on an item offers: use (powers, weapons, usable gear), equip, edit, delete. */
export type ItemMenuAction = "use" | "equip" | "edit" | "delete";

export function itemMenuActions(
  item: Pick<ListedItem, "type" | "system">,
  editable: boolean,
): { action: ItemMenuAction; label: string; icon: string }[] {
  const out: { action: ItemMenuAction; label: string; icon: string }[] = [];
  const usable =
    item.type === "power" ||
    item.type === "weapon" ||
    (item.type === "equipment" && item.system.use !== "none" && num(item.system.quantity) > 0);
  if (usable) out.push({ action: "use", label: "D20C.Gear.Use", icon: "fa-solid fa-hand-sparkles" });
  if (editable && ["weapon", "armor", "equipment"].includes(item.type)) {
    const label = item.system.equipped === true ? "D20C.Gear.Unequip" : "D20C.Gear.Equip";
    out.push({ action: "equip", label, icon: "fa-solid fa-shirt" });
  }
  out.push({ action: "edit", label: "D20C.Sheet.Edit", icon: "fa-solid fa-pen-to-square" });
  if (editable) out.push({ action: "delete", label: "D20C.Sheet.Delete", icon: "fa-solid fa-trash" });
  return out;
}
