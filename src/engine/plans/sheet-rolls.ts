/**
 * Saves, death saves, rallies and recoveries from the sheet, decided (pure): the ruleset says what
 * to roll (`saveRequest`, `deathSaveRequest`, `startRecovery`), the injected roller rolls it, the
 * ruleset reads the result (`resolveRoll`), and any roll that answer asks for follows at once
 * ([13A-SAVE], [13A-DEATHSAVE], [13A-RALLY], [13A-RECOV], [FF-SAVE], [WD-SAVES], [WD-DEATHDC],
 * [HD-DYING], HD ability rolls mighty/weak). The caller writes `next` in one update.
 */
import { netMode } from "../common.js";
import type { Ruleset } from "../ruleset.js";
import type { ActorSource, RollMode, RollRequest, RuleEvent, RuleOptions, RuleResult, Situation } from "../types.js";
import { runRequests, type RequestRoller, type ResolvedRequest } from "./requests.js";
import { wordsOf } from "../words.js";

export interface SheetRollOutcome {
  next: ActorSource;
  events: RuleEvent[];
  rolls: ResolvedRequest[];
}

async function follow(
  ruleset: Ruleset,
  start: RuleResult,
  actorId: string,
  roll: RequestRoller,
  options: RuleOptions,
): Promise<SheetRollOutcome> {
  const followed = await runRequests(ruleset, start.actor, actorId, start.requests, roll, options);
  return { next: followed.actor, events: [...start.events, ...followed.events], rolls: followed.rolls };
}

/** Whether the game rolls mighty/weak (its attack dialog offers either, [HD-MIGHTY]). */
export function usesRollModes(ruleset: Pick<Ruleset, "situational">): boolean {
  const offered = ruleset.situational ?? [];
  return offered.includes("mighty") || offered.includes("weak");
}

/**
 * The roll mode of a save from the sheet ([HD-MIGHTY], [HD-COND]): where the game has roll modes,
 * an alt-click adds a mighty source and a ctrl/cmd-click a weak one (dnd5e habit; shift stays
 * "skip the dialog"), and the ruleset adds the roller's own conditions (exhaustion 3+, poisoned…);
 * one of each cancels. `fearSourceUnseen` (the scene's sight of the sources of the roller's fear:
 * true = none in sight, null = not read) lets frightened weaken nothing while its source is unseen. Games without roll modes always roll normally.
 */
export function sheetSaveMode(
  ruleset: Pick<Ruleset, "situational" | "saveMode">,
  actor: ActorSource,
  kind: string,
  click: { mighty: boolean; weak: boolean } = { mighty: false, weak: false },
  fearSourceUnseen: boolean | null = null,
): RollMode {
  if (!usesRollModes(ruleset)) return "normal";
  const extra = {
    mighty: click.mighty ? 1 : 0,
    weak: click.weak ? 1 : 0,
    ...(fearSourceUnseen === true ? { fearSourceUnseen: true } : {}),
  };
  if (ruleset.saveMode) return ruleset.saveMode(actor, kind, extra);
  return netMode(extra.mighty, extra.weak);
}

/**
 * What the sheet's save button of `kind` rolls ([SYS-WORDS], [WD-DEATHDC]): where that save is
 * also the game's death roll (its `deathSaveKind`), the death save while the rules call for one,
 * and the plain save otherwise; every other kind rolls its save.
 */
export function saveButtonRoll(
  ruleset: Pick<Ruleset, "words" | "deriveActor" | "deathSaveRequest">,
  actor: ActorSource,
  kind: string,
): "save" | "deathSave" {
  if (wordsOf(ruleset).deathSaveKind !== kind) return "save";
  return ruleset.deathSaveRequest(actor, ruleset.deriveActor(actor, {}), "") ? "deathSave" : "save";
}

/** The covers a roll against an effect can be made behind (the sheet's choice beside the saves). */
export const SAVE_COVERS = ["none", "partial", "total"] as const satisfies readonly Situation["cover"][];

/** What a module's `preSave` hook made of a save's request ([SYS-HOOKS]): null = cancelled. */
type SavePreHook = (request: RollRequest) => { request: RollRequest; events: RuleEvent[] } | null;

/**
 * A save or check of a kind the ruleset offers (its `saves` keys), in a roll mode; `cover` = the
 * cover between the roller and the effect it rolls against, where the game lets cover help
 * ([HD-COVER]: a Dexterity roll +5 behind partial cover, an automatic success behind total).
 * `pre` ([SYS-HOOKS]) sees the request before anything is rolled: it may cancel it (null) or give
 * it back with another target and the card lines saying who changed it.
 */
export async function decideSave(
  ruleset: Ruleset,
  actor: ActorSource,
  actorId: string,
  kind: string,
  mode: RollMode,
  roll: RequestRoller,
  options: RuleOptions,
  cover?: Situation["cover"],
): Promise<SheetRollOutcome>;
export async function decideSave(
  ruleset: Ruleset,
  actor: ActorSource,
  actorId: string,
  kind: string,
  mode: RollMode,
  roll: RequestRoller,
  options: RuleOptions,
  cover: Situation["cover"],
  pre: SavePreHook,
): Promise<SheetRollOutcome | null>;
export async function decideSave(
  ruleset: Ruleset,
  actor: ActorSource,
  actorId: string,
  kind: string,
  mode: RollMode,
  roll: RequestRoller,
  options: RuleOptions,
  cover: Situation["cover"] = "none",
  pre?: SavePreHook,
): Promise<SheetRollOutcome | null> {
  const derived = ruleset.deriveActor(actor, options);
  const asked = ruleset.saveRequest(actor, derived, kind, mode, actorId);
  const request = cover !== "none" && ruleset.saveRequestWithCover ? ruleset.saveRequestWithCover(asked, cover) : asked;
  const hooked = pre ? pre(request) : { request, events: [] };
  if (!hooked) return null;
  const outcome = await follow(ruleset, { actor, events: [], requests: [hooked.request] }, actorId, roll, options);
  return { ...outcome, events: [...outcome.events, ...hooked.events] };
}

/** A death save / dying check, or null when the actor is not making them now. */
export async function decideDeathSave(
  ruleset: Ruleset,
  actor: ActorSource,
  actorId: string,
  roll: RequestRoller,
  options: RuleOptions,
): Promise<SheetRollOutcome | null> {
  const derived = ruleset.deriveActor(actor, options);
  const request = ruleset.deathSaveRequest(actor, derived, actorId);
  if (!request) return null;
  return follow(ruleset, { actor, events: [], requests: [request] }, actorId, roll, options);
}

/** Rally (in combat) or spend a recovery: the ruleset's rolls (rally save, recovery roll) and their effect. */
export async function decideRecovery(
  ruleset: Ruleset,
  actor: ActorSource,
  actorId: string,
  rally: boolean,
  roll: RequestRoller,
  options: RuleOptions,
  /** The creature is in a running battle ([WD-RECOVERY]). Optional: absent = out of combat. */
  inCombat = false,
): Promise<SheetRollOutcome> {
  return follow(ruleset, ruleset.startRecovery(actor, rally, options, actorId, inCombat), actorId, roll, options);
}
