/**
 * In-Foundry tests of the combat workflows (run only when the Quench module is installed):
 * creates a temporary actor and combat, advances turns and checks that ongoing damage lands and
 * the escalation die climbs in the real Foundry. Everything created is deleted afterwards.
 */
import { SYSTEM_ID } from "../constants.js";
import type { D20Combat } from "../documents/combat.js";

/** Wait until the GM-side turn events of the last update have run. */
function settle(ms = 500): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Register the combat batch with Quench (a no-op without the module). */
export function registerCombatQuench(): void {
  Hooks.on("quenchReady", (quench) => {
    quench.registerBatch(
      `${SYSTEM_ID}.combat`,
      (context) => {
        const { describe, it, before, after, assert } = context;
        describe("turn automation in a real combat", () => {
          let actor: Actor.Implementation | undefined;
          let combat: D20Combat | undefined;
          before(async () => {
            actor = await Actor.create({ name: "Quench combat dummy", type: "character" });
            const scene = game.scenes?.viewed ?? null;
            combat = await Combat.create({ scene: scene?.id ?? null });
            await combat?.createEmbeddedDocuments("Combatant", [
              { actorId: actor?.id ?? null, initiative: 10, hidden: false },
            ]);
          });
          after(async () => {
            await combat?.delete();
            // Deleting the combat starts the GM's end-of-battle work without awaiting it (our
            // _onDelete); let it finish before its actor disappears.
            await settle();
            await actor?.delete();
          });
          it("ongoing damage lands at the ruleset's boundary and the escalation die climbs", async () => {
            if (!actor || !combat) throw new Error("setup failed");
            await actor.update({ system: { hp: { value: 30, max: 30 } } });
            await actor.createEmbeddedDocuments("ActiveEffect", [
              {
                name: "Quench ongoing fire",
                flags: { [SYSTEM_ID]: { effect: { duration: "saveEnds", ongoing: { amount: 5, type: "fire" } } } },
              },
            ]);
            await combat.startCombat();
            await settle();
            const esc1 = combat.escalation;
            await combat.nextTurn(); // one combatant: end of its turn, new round, start of its turn
            await settle(1500);
            assert.isBelow(actor.toEngineSource().hp.value, 30, "ongoing damage was dealt at a turn boundary");
            assert.ok(combat.escalation === 0 || combat.escalation === esc1 + 1, "the die rose by one (or is off)");
          });
        });
      },
      { displayName: "d20 Combat: combat tracker and turn automation" },
    );
  });
}
