/**
 * What of an attack card may travel in the public chat message, and what stays with the GM
 * ([SYS-HIDDEN], [SYS-PERM]). Pure: the card as the game decided it in, the copies out.
 *
 * Every user's client receives a chat message's data (its `system` and flags), whatever the
 * card's HTML shows. So the public card carries, per target, the outcome as non-GM viewers see it (a wrong-square attack
 * reads as an ordinary miss, [FF-INVIS]) and — unless the world shows them to everyone — no
 * defense, crit threshold or odds; its application records say what was dealt but not the changes
 * behind it. The true card and the records live in the GM-only ledger; the targets' owners, when
 * the world lets them see their own targets' numbers, get those in a message whispered to them.
 */
import type { RuleEvent } from "../types.js";
import type { AppliedRecord, AttackCardData, CardDetails, CardTarget, LooseRollData } from "./card-data.js";

/** Who sees a target's defense and the attack's odds against it. */
export type CardVisibility = "everyone" | "gm" | "owners";
export const CARD_VISIBILITY_CHOICES: readonly CardVisibility[] = ["everyone", "gm", "owners"];

/** Whether a viewer sees the defense and odds of one target ([SYS-TARGETS]). The GM always does. */
export function canSeeDetails(setting: CardVisibility, viewer: { isGM: boolean; ownsTarget: boolean }): boolean {
  if (viewer.isGM || setting === "everyone") return true;
  if (setting === "owners") return viewer.ownsTarget;
  return false;
}

/** What a target looks like to a non-GM viewer (the wrong square hidden), with its numbers. */
function asPlayersSee(t: CardTarget): Pick<CardTarget, "outcome" | "odds"> & { hideDetails: boolean } {
  if (!t.shown) return { outcome: t.outcome, odds: t.odds, hideDetails: false };
  return { outcome: t.shown.outcome, odds: t.shown.odds, hideDetails: t.shown.hideDetails };
}

function publicTarget(t: CardTarget, visibility: CardVisibility): CardTarget {
  // A copy without the wrong square's truth, written in place (it is this function's own).
  const { shown: _shown, detailsHidden: _hidden, ...rest } = t;
  const open: CardTarget = rest;
  const seen = asPlayersSee(t);
  if (open.situation) open.situation = { ...open.situation, wrongSquare: false };
  const hide = seen.hideDetails || visibility !== "everyone";
  open.outcome = hide ? { ...seen.outcome, defense: 0, critThreshold: 0 } : seen.outcome;
  open.odds = hide ? null : seen.odds;
  if (hide) open.detailsHidden = true;
  return open;
}

/** Event data naming a creature's own pools: its maximum HP (Wounds d20's damage taken of its maximum), the temporary HP it keeps. */
const POOL_DATA: readonly string[] = ["max", "kept"];

/**
 * The rules events a message everyone receives may carry ([SYS-HIDDEN]): those whose data states
 * a creature's own pools (its maximum HP, the temporary HP it keeps) stay with the GM — the GM's
 * copy (the ledger, the GM-only summary) keeps them.
 */
export function publicEvents(events: readonly RuleEvent[]): RuleEvent[] {
  return events.filter((e) => !Object.keys(e.data ?? {}).some((k) => POOL_DATA.includes(k)));
}

/**
 * An application record as the public card shows it: what was dealt, not the changes behind it
 * nor the events that state the target's pools, and that undo was held to the game's bounds
 * without the numbers (they would tell a creature's maximum HP, [SYS-HIDDEN]).
 */
function displayRecord(r: AppliedRecord): AppliedRecord {
  const { undoShortfalls, ...rest } = r;
  return {
    ...rest,
    events: publicEvents(r.events),
    changes: [],
    left: "",
    ...(undoShortfalls
      ? { undoShortfalls: undoShortfalls.map((s) => ({ field: s.field, restored: 0, wanted: 0 })) }
      : {}),
  };
}

/** The copy of a card the public chat message carries under the world's visibility setting. */
export function publicCard(card: AttackCardData, visibility: CardVisibility): AttackCardData {
  const { wrongSquare: _wrong, situation, ...rest } = card;
  return {
    ...rest,
    // The attacker's choice of a wrong square is the GM's to know; the GM's client finds it again
    // by deciding the card both ways (card-ledger.ts).
    ...(situation ? { situation: { ...situation, wrongSquare: false } } : {}),
    targets: card.targets.map((t) => publicTarget(t, visibility)),
    applied: card.applied.map(displayRecord),
  };
}

/**
 * A loose roll's outcomes as its message may carry them ([SYS-HIDDEN]): the roller's client writes
 * them into a message every client receives, so unless the world shows everyone the targets'
 * numbers, each target's defense and crit threshold stay out (the result stays: the public card
 * shows it too).
 */
export function publicLooseRoll(loose: LooseRollData, visibility: CardVisibility): LooseRollData {
  if (visibility === "everyone") return loose;
  return {
    ...loose,
    detailsHidden: true,
    targets: loose.targets.map((t) => ({ ...t, outcome: { ...t.outcome, defense: 0, critThreshold: 0 } })),
  };
}

/**
 * The numbers each target's owners may see when the world shows owners their targets' details:
 * target UUID → outcome and odds as players see them. Targets whose numbers would give a wrong
 * square away are left out.
 */
export function ownerDetails(card: AttackCardData, cardId: string): CardDetails {
  const targets: CardDetails["targets"] = {};
  for (const t of card.targets) {
    const seen = asPlayersSee(t);
    if (!seen.hideDetails) targets[t.uuid] = { outcome: seen.outcome, odds: seen.odds };
  }
  return { version: 1, cardId, targets };
}

/** The public card with the numbers a viewer was whispered put back in. */
export function withDetails(card: AttackCardData, details: readonly CardDetails[]): AttackCardData {
  if (!details.length) return card;
  return {
    ...card,
    targets: card.targets.map((t) => {
      // The latest whisper wins: a target's outcome re-decided after a reaction is whispered again.
      const d = details.findLast((x) => x.targets[t.uuid])?.targets[t.uuid];
      if (!d) return t;
      const { detailsHidden: _hidden, ...rest } = t;
      return { ...rest, outcome: d.outcome, odds: d.odds };
    }),
  };
}

/** At most this many targets on one card: no scene's targeting gives a player more. */
export const MAX_CARD_TARGETS = 100;

/** What the GM's client finds at a posted target's UUID. */
export interface PostedTargetFacts {
  uuid: string;
  /** It is a token on a scene (what targeting gives), not an actor elsewhere in the world. */
  isToken: boolean;
  /** The GM has hidden the token: no player's client draws it, so no player targets it. */
  hidden: boolean;
  /** The id of the scene the token is on (null for no token). */
  sceneId: string | null;
}

/**
 * Whether a posted card's targets can be what its author targeted: at most
 * {@link MAX_CARD_TARGETS}, each listed once, each a token on a scene, and none hidden unless the
 * author is a GM; "" when they can, else "targets" (the GM's notice names the part). A player
 * targets on the scene they view, so a player's targets are on one scene, and on one of
 * `attackerScenes` (the scenes of the attacker's tokens) when it has any; else "scene".
 */
export function forgedTargets(
  targets: readonly PostedTargetFacts[],
  authorIsGM: boolean,
  attackerScenes: readonly string[],
): string {
  if (targets.length > MAX_CARD_TARGETS) return "targets";
  if (new Set(targets.map((t) => t.uuid)).size !== targets.length) return "targets";
  if (!targets.every((t) => t.isToken && (authorIsGM || !t.hidden))) return "targets";
  if (authorIsGM || !targets.length) return "";
  const scenes = new Set(targets.map((t) => t.sceneId ?? ""));
  const [scene = ""] = scenes;
  return scenes.size === 1 && (!attackerScenes.length || attackerScenes.includes(scene)) ? "" : "scene";
}

/** The i18n key of the notice that a card was refused for `reason` (its format data: `name`, `part`). */
export function refusalKey(reason: string): string {
  if (reason === "ledger") return "D20C.Chat.Error.LedgerGone";
  return reason === "scene" ? "D20C.Chat.Error.OtherScene" : "D20C.Chat.Error.Invalid";
}

/** The parts of a card its results are: who was targeted, what each roll met, what it deals. */
function digest(card: AttackCardData): unknown {
  return {
    rulesetId: card.rulesetId,
    actorUuid: card.actorUuid,
    itemUuid: card.itemUuid ?? null,
    dice: card.dice,
    range: card.range,
    damageTypes: card.damageTypes,
    nonlethal: card.nonlethal,
    knockOut: card.knockOut ?? false,
    ongoing: card.ongoing ?? null,
    damageRolls: card.damageRolls.map((d) => [d.key, d.formula, d.faces, d.rolled, d.total]),
    targets: card.targets.map((t) => [
      t.uuid,
      t.actorUuid,
      t.outcome.result,
      t.outcome.natural,
      t.outcome.total,
      t.outcome.isHit,
      t.outcome.isCrit,
      t.outcome.missEffect,
      t.outcome.defense,
      t.odds,
      t.damageKey,
      t.damage,
      t.detailsHidden ?? false,
    ]),
  };
}

/**
 * Whether a posted (public) card states what the GM's re-decision of it says, under the same
 * visibility: "" when it does, else which part differs (for the GM's notice).
 */
export function mismatch(posted: AttackCardData, decidedPublic: AttackCardData): string {
  const a = digest(posted) as Record<string, unknown>;
  const b = digest(decidedPublic) as Record<string, unknown>;
  for (const key of Object.keys(b)) if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) return key;
  return "";
}
