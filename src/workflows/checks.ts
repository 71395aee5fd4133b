/**
 * [SYS-CHARACTER] Checks and initiative from the sheet (Foundry): the check the game decides
 * (src/engine/checks.ts), rolled with Foundry's Roll through the same sheet-roll path as saves and
 * posted as a small rule card with each number added; initiative goes to the combat tracker,
 * which rolls it by the game's initiative rule.
 */
import { planCheck } from "../engine/checks.js";
import { sheetSaveMode } from "../engine/plans/sheet-rolls.js";
import type { AbilityKey } from "../engine/types.js";
import { sheetRoll } from "./saves.js";
import { fmt } from "./foundry-docs.js";
import { reportError } from "./attack.js";
import { fearSourceUnseenOnScene } from "../canvas/scene-reading.js";

const signed = (n: number) => (n >= 0 ? `+${n}` : `−${-n}`);

/**
 * Roll a check of `ability` with `option` (a background's index, a skill key; "" = none). Where the
 * game rolls mighty / weak, alt-click adds a mighty source, ctrl/cmd-click a weak one, and the
 * actor's conditions add theirs, as for its ability rolls against effects.
 */
export async function rollSheetCheck(
  actor: Actor.Implementation,
  ability: AbilityKey,
  option: string,
  click: { mighty: boolean; weak: boolean } = { mighty: false, weak: false },
): Promise<void> {
  await sheetRoll(actor, "D20C.Build.CheckTitle", async (ruleset, source, actorId, roll, options) => {
    // [HD-COND] frightened weakens the check only while the source of the fear is in the roller's sight.
    const mode = sheetSaveMode(ruleset, source, ability, click, fearSourceUnseenOnScene(ruleset, actor));
    const plan = planCheck(ruleset, source, actorId, ability, option, mode, options);
    if (!plan) return null;
    const result = await roll(plan.request);
    return {
      next: source,
      events: plan.parts.map((m) => ({
        key: "D20C.Build.CheckPart",
        // A background's label is the player's own words, not a key.
        data: { label: game.i18n.has(m.label) ? game.i18n.localize(m.label) : m.label, value: signed(m.value) },
      })),
      rolls: [{ request: plan.request, result, success: null }],
    };
  });
}

/** The sheet's initiative button: into the current combat (adding the actor's tokens), by the game's rule. */
export async function rollSheetInitiative(actor: Actor.Implementation): Promise<void> {
  try {
    if (!game.combat) {
      ui.notifications?.info(fmt("D20C.Build.NoCombat", { name: actor.name ?? "" }));
      return;
    }
    await actor.rollInitiative({ createCombatants: true, rerollInitiative: false });
  } catch (err) {
    reportError(err);
  }
}
