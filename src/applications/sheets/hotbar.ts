/**
 * An attack dragged off the sheet onto the hotbar becomes a macro that rolls it: the macro calls
 * `game.system.api.attack` with the item and its owner, as a click on the sheet's attack does.
 * Anything else dropped on the hotbar is left to core.
 */
import { SYSTEM_ID } from "../../constants.js";

/** Item types a click on the sheet attacks with. */
const ATTACK_TYPES: readonly string[] = ["power", "weapon"];

interface AttackMacroData {
  name: string;
  type: "script";
  img: string;
  command: string;
  flags: Record<string, { attackMacro: string }>;
}

/**
 * The script macro that attacks with an actor's own power or weapon (pure), or null for an item
 * that is not an attack or belongs to no actor (a world item has no one to attack with).
 */
function attackMacroData(item: {
  uuid: string;
  name: string;
  img: string;
  type: string;
  owned: boolean;
}): AttackMacroData | null {
  if (!item.owned || !ATTACK_TYPES.includes(item.type)) return null;
  const uuid = JSON.stringify(item.uuid);
  return {
    name: item.name,
    type: "script",
    img: item.img,
    command: `const item = await fromUuid(${uuid});\nif (item?.actor) await game.system.api.attack({ actor: item.actor, item });`,
    flags: { [SYSTEM_ID]: { attackMacro: item.uuid } },
  };
}

/** The user's macro for this attack if one exists (its command is the same), else a new one. */
async function macroFor(data: AttackMacroData): Promise<Macro.Implementation | null> {
  const existing = game.macros?.find((m) => m.command === data.command && m.isOwner);
  if (existing) return existing;
  return (await Macro.implementation.create(data as unknown as Macro.CreateData)) ?? null;
}

/** The hotbar drop of an attack item: handled here (false stops core's own), else core's. */
function onHotbarDrop(data: unknown, slot: number): boolean | void {
  const drop = data as { type?: unknown; uuid?: unknown } | null;
  if (drop?.type !== "Item" || typeof drop.uuid !== "string") return;
  const item = fromUuidSync(drop.uuid) as Item.Implementation | null;
  if (!item) return;
  const macro = attackMacroData({
    uuid: drop.uuid,
    name: item.name ?? "",
    img: item.img ?? "",
    type: item.type as string,
    owned: item.parent !== null && item.parent !== undefined,
  });
  if (!macro) return;
  void macroFor(macro).then((m) => (m ? game.user?.assignHotbarMacro(m, slot) : undefined));
  return false;
}

/** Call once in `init`. */
export function registerHotbarAttacks(): void {
  Hooks.on("hotbarDrop", (_bar, data, slot) => onHotbarDrop(data, slot));
}
