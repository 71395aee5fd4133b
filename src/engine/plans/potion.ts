/**
 * [SYS-CHARACTER] Drinking a healing potion, decided (pure; the rolls are injected): in a game that
 * heals potions with a recovery (13th Age) it spends one as the sheet's recovery button does, out of
 * a rally; in the other games the potion's healing formula is rolled and healed as any healing.
 */
import { gearOf, type EquipmentState } from "../gear.js";
import type { Ruleset } from "../ruleset.js";
import type { ActorSource, RollRequest, RuleOptions } from "../types.js";
import type { RequestRoller } from "./requests.js";
import { decideRecovery, type SheetRollOutcome } from "./sheet-rolls.js";

/** Null when the item heals nothing (no heal use, or no formula where the game rolls one). */
export async function drinkPotion(
  ruleset: Ruleset,
  actor: ActorSource,
  actorId: string,
  item: EquipmentState & { name: string },
  roll: RequestRoller,
  options: RuleOptions,
  /** The creature is in a running battle (read by the recovery rules). */
  inCombat = false,
): Promise<SheetRollOutcome | null> {
  if (item.use !== "heal") return null;
  if (gearOf(ruleset).potion === "recovery") {
    return decideRecovery(ruleset, actor, actorId, false, roll, options, inCombat);
  }
  const formula = item.heal.trim();
  if (!formula) return null;
  const request: RollRequest = {
    kind: "procedure",
    actorId,
    formula,
    target: null,
    against: "total",
    label: item.name,
    data: { potion: item.name },
  };
  const result = await roll(request);
  const healed = ruleset.applyHealing(actor, Math.max(0, result.total), "heal", options, actorId);
  return { next: healed.actor, events: healed.events, rolls: [{ request, result, success: null }] };
}
