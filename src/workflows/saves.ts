/**
 * Saves and death saves from the sheet (Foundry): roll what the ruleset asks with SaveRolls,
 * write the actor once, post one card with the rolls and what they did. Decisions: src/engine/plans/sheet-rolls.ts.
 */
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import type { SaveRoll } from "../dice/rolls.js";
import type { Ruleset } from "../engine/ruleset.js";
import type { ActorSource, RollMode, RuleOptions, Situation } from "../engine/types.js";
import { postRequestRolls } from "./apply-damage.js";
import { reportError } from "./attack.js";
import { engineSource, fmt, rollRequest, writeEngineSource } from "./foundry-docs.js";
import type { RequestRoller } from "../engine/plans/requests.js";
import {
  decideDeathSave,
  decideSave,
  saveButtonRoll,
  sheetSaveMode,
  type SheetRollOutcome,
} from "../engine/plans/sheet-rolls.js";
import { afterSaveHook, preSaveHook } from "./hooks.js";
import { wordsOf } from "../engine/words.js";
import { fearSourceUnseenOnScene } from "../canvas/scene-reading.js";

/** A roller for `actor`'s rolls (with its roll data) that keeps the Foundry rolls it made (to post them on the card). */
export function foundryRoller(actor: Actor.Implementation): { roll: RequestRoller; made: SaveRoll[] } {
  const made: SaveRoll[] = [];
  return {
    made,
    roll: async (request) => {
      const { roll, result } = await rollRequest(request, actor.getRollData());
      made.push(roll);
      return result;
    },
  };
}

/** Write the outcome and post its card. */
export async function commitSheetRoll(
  actor: Actor.Implementation,
  title: string,
  outcome: SheetRollOutcome,
  made: SaveRoll[],
): Promise<void> {
  await writeEngineSource(actor, outcome.next);
  await postRequestRolls(
    actor,
    title,
    outcome.rolls.map((resolved, i) => ({ resolved, roll: made[i] as SaveRoll })),
    outcome.events,
  );
}

/**
 * Decide one sheet roll of `actor` (its rolls made by Foundry), write the actor and post its card;
 * `onNone` when the game has no such roll for it. Errors are reported, never thrown.
 */
export async function sheetRoll(
  actor: Actor.Implementation,
  title: string,
  decide: (
    ruleset: Ruleset,
    source: ActorSource,
    actorId: string,
    roll: RequestRoller,
    options: RuleOptions,
  ) => Promise<SheetRollOutcome | null>,
  onNone: () => void = () => undefined,
  after: (outcome: SheetRollOutcome) => void = () => undefined,
): Promise<void> {
  try {
    const { roll, made } = foundryRoller(actor);
    const outcome = await decide(activeRuleset(), engineSource(actor), actor.id ?? "", roll, ruleOptions());
    if (!outcome) return onNone();
    await commitSheetRoll(actor, title, outcome, made);
    after(outcome);
  } catch (err) {
    reportError(err);
  }
}

/** Roll a save of `kind` (a key of the ruleset's `saves`; HD: an ability) in a roll mode, behind `cover` from the effect. */
async function rollSave(
  actor: Actor.Implementation,
  kind: string,
  { mode = "normal", cover = "none" }: { mode?: RollMode; cover?: Situation["cover"] } = {},
): Promise<void> {
  return sheetRoll(
    actor,
    "D20C.Chat.SaveTitle",
    // [SYS-HOOKS] modules may cancel the save or move its target (the card says who did).
    (ruleset, source, id, roll, options) =>
      decideSave(ruleset, source, id, kind, mode, roll, options, cover, (request) => preSaveHook(actor, kind, request)),
    undefined,
    (outcome) => afterSaveHook(actor, kind, outcome),
  );
}

/** Roll a death save / dying check; a notice when the actor is not making them. */
export async function rollDeathSave(actor: Actor.Implementation): Promise<void> {
  return sheetRoll(actor, wordsOf(activeRuleset()).deathSave, decideDeathSave, () => {
    ui.notifications?.info(fmt("D20C.Chat.NoDeathSave", { name: actor.name ?? "" }));
  });
}

/**
 * The sheet's save button of `kind` (and `game.system.api.useAction`'s `save.<kind>`): the roll mode
 * from the click (mighty / weak) and the actor's conditions, the death save where this kind is the
 * game's death roll and the rules call for one, else the save behind `cover`.
 */
export async function rollSheetSave(
  actor: Actor.Implementation,
  kind: string,
  {
    mighty = false,
    weak = false,
    cover = "none",
  }: { mighty?: boolean; weak?: boolean; cover?: Situation["cover"] } = {},
): Promise<void> {
  const ruleset = activeRuleset();
  // [HD-COND] frightened weakens the roll only while the source of the fear is in the roller's sight.
  const mode = sheetSaveMode(
    ruleset,
    actor.toEngineSource(),
    kind,
    { mighty, weak },
    fearSourceUnseenOnScene(ruleset, actor),
  );
  if (saveButtonRoll(ruleset, actor.toEngineSource(), kind) === "deathSave") return rollDeathSave(actor);
  await rollSave(actor, kind, { mode, cover });
}
