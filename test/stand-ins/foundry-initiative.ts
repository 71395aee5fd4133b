/**
 * Stand-in for the sheet's initiative button on top of the combat stand-in
 * (test/stand-ins/foundry-combat.ts, under the REAL `D20Combat` / `D20Combatant`):
 *
 * - the AppV2 sheet bases (`HandlebarsApplicationMixin` returning the class, empty `ActorSheetV2` /
 *   `ItemSheetV2`), so the actor sheet module loads and its real action handler can be called;
 * - `game.combat` (the combat a test sets) and a recording `ui.notifications.info`;
 * - {@link InitiativeActorStandIn}: a {@link StandInActor} with core v13's
 *   `Actor#rollInitiative({createCombatants, rerollInitiative})`: the actor's combatants in
 *   `game.combat`, those without initiative (all of them when `rerollInitiative`), rolled by
 *   `combat.rollInitiative(ids)`.
 *
 * Knowing differences: no tokens, so `createCombatants` cannot add one (it throws if the actor has
 * no combatant: a test puts it in the tracker first); no permissions beyond the combatant's owner.
 * It decides no rule: the formula comes from the ruleset through the real D20Combatant.
 */
import { StandInActor, standInGlobals } from "./foundry-combat.js";

interface CombatWithCombatants {
  combatants: { contents: { id: string; actor: unknown; initiative: number | null }[] };
  rollInitiative(ids: string[], options?: object): Promise<unknown>;
}

/** A character with core's `rollInitiative`. */
export class InitiativeActorStandIn extends StandInActor {
  async rollInitiative({
    createCombatants = false,
    rerollInitiative = false,
  }: { createCombatants?: boolean; rerollInitiative?: boolean } = {}): Promise<unknown> {
    const combat = (standInGlobals.game as { combat?: CombatWithCombatants | null }).combat;
    if (!combat) return null;
    const mine = combat.combatants.contents.filter((c) => c.actor === this);
    if (!mine.length && createCombatants) throw new Error("stand-in: no tokens to create combatants from");
    const ids = mine.filter((c) => rerollInitiative || c.initiative === null).map((c) => c.id);
    if (ids.length) await combat.rollInitiative(ids);
    return combat;
  }
}

/** Add the sheet bases, `game.combat` and the info recorder; call after `installFoundryCombatStandIn`. */
export function installSheetInitiativeStandIn(): { infos: string[]; setCombat(combat: unknown): void } {
  const infos: string[] = [];
  const g = globalThis as unknown as {
    foundry: { applications: Record<string, Record<string, unknown>> };
    ui: { notifications: Record<string, unknown> };
  };
  g.foundry.applications.api = { ...g.foundry.applications.api, HandlebarsApplicationMixin: <T>(cls: T) => cls };
  g.foundry.applications.sheets = { ActorSheetV2: class {}, ItemSheetV2: class {} };
  g.ui.notifications.info = (m: string) => void infos.push(m);
  return {
    infos,
    setCombat: (combat) => {
      (standInGlobals.game as { combat?: unknown }).combat = combat;
    },
  };
}
