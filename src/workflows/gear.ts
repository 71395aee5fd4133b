/**
 * [SYS-CHARACTER] Gear and identity from the sheet (Foundry): using an equipment item (a healing
 * potion heals as the game heals from one, then one is used up), wearing / putting away an item,
 * and the 13th Age icon relationship roll at the start of a session. The decisions are in
 * src/engine/gear.ts and src/engine/plans/potion.ts; this file rolls, writes and posts.
 */
import { afterUse, iconRollEvents, iconRollLines, iconRollRequests, type EquipmentState } from "../engine/gear.js";
import { drinkPotion } from "../engine/plans/potion.js";
import type { IconRelationship } from "../engine/gear.js";
import { commitSheetRoll, foundryRoller, sheetRoll } from "./saves.js";
import { engineSource, fmt } from "./foundry-docs.js";
import { reportError } from "./attack.js";
import { activeRuleset } from "../active-ruleset.js";
import type { ResolvedRequest } from "../engine/plans/requests.js";

/** Items that can be worn or put away (the context menu's "equip"). */
const EQUIPPABLE = ["weapon", "armor", "equipment"] as const;

function isEquippable(type: string): boolean {
  return (EQUIPPABLE as readonly string[]).includes(type);
}

function equipmentState(item: Item.Implementation): EquipmentState {
  const s = item.system as unknown as Partial<EquipmentState>;
  return {
    quantity: Number(s.quantity ?? 0),
    uses: { value: Number(s.uses?.value ?? 0), max: Number(s.uses?.max ?? 0) },
    use: s.use === "heal" ? "heal" : "none",
    heal: String(s.heal ?? ""),
  };
}

/** Whether the actor fights in the current, started combat. */
function inCombat(actor: Actor.Implementation): boolean {
  const combat = game.combat;
  return Boolean(combat?.started) && (combat?.combatants.contents ?? []).some((c) => c.actor?.uuid === actor.uuid);
}

/**
 * Use an equipment item: a healing one heals its user as the game heals from a potion and posts
 * the card; any use then takes a charge or one of them. An item with nothing left is not used.
 */
export async function useEquipment(actor: Actor.Implementation, item: Item.Implementation): Promise<void> {
  if ((item.type as string) !== "equipment") return;
  const state = equipmentState(item);
  const left = afterUse(state);
  if (!left) {
    ui.notifications?.warn(fmt("D20C.Gear.NoneLeft", { name: item.name ?? "" }));
    return;
  }
  const spend = async () => {
    await item.update({ system: { quantity: left.quantity, uses: left.uses } } as Item.UpdateData);
  };
  if (state.use !== "heal") {
    await spend();
    return;
  }
  let healed = false;
  await sheetRoll(
    actor,
    "D20C.Gear.PotionTitle",
    (ruleset, source, actorId, roll, options) =>
      drinkPotion(ruleset, source, actorId, { ...state, name: item.name ?? "" }, roll, options, inCombat(actor)),
    () => ui.notifications?.warn(fmt("D20C.Gear.HealsNothing", { name: item.name ?? "" })),
    () => {
      healed = true;
    },
  );
  if (healed) await spend();
}

/** Wear or put away a weapon, armor or piece of gear. */
export async function toggleEquipped(item: Item.Implementation): Promise<void> {
  if (!isEquippable(item.type as string)) return;
  const equipped = (item.system as unknown as { equipped?: boolean }).equipped === true;
  await item.update({ system: { equipped: !equipped } } as Item.UpdateData);
}

/** The actor's icon relationships as stored (older actors have none). */
function iconsOf(actor: Actor.Implementation): IconRelationship[] {
  return (engineSource(actor).identity?.icons ?? []).filter((i) => i.points > 0);
}

/**
 * The session-start icon roll (13th Age): a d6 per relationship point, each die on the card under
 * its icon's name, and a line per 6 and per 5 naming the icon.
 */
export async function rollIconRelationships(actor: Actor.Implementation): Promise<void> {
  try {
    if (!activeRuleset().gear?.identity.includes("icons")) return;
    const icons = iconsOf(actor);
    if (!icons.length) {
      ui.notifications?.info(fmt("D20C.Gear.NoIcons", { name: actor.name ?? "" }));
      return;
    }
    const { roll, made } = foundryRoller(actor);
    const requests = iconRollRequests(icons, actor.id ?? "");
    const rolls: ResolvedRequest[] = [];
    for (const request of requests) rolls.push({ request, result: await roll(request), success: null });
    const lines = iconRollLines(
      icons,
      rolls.map((r) => r.result.total),
    );
    const events = iconRollEvents(lines);
    await commitSheetRoll(actor, "D20C.Gear.IconRollTitle", { next: engineSource(actor), events, rolls }, made);
  } catch (err) {
    reportError(err);
  }
}
