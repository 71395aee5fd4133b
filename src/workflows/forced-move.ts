/**
 * The attack card's forced-movement control ("Push 2"): the GM or the target token's owner presses
 * it and the token moves along the path the card's game decides ([FF-FORCED]). The adapter only
 * reads where the target and the attacker stand (in grid squares) and moves the token along the
 * path with `TokenDocument#move` and the "displace" action (a plain x/y update where a token has no
 * `move`).
 * A GM's press moves by the card as the GM's ledger decided it ([SYS-PERM]): the author can edit
 * their own message, so the distances it states are never what a GM moves someone's token by.
 */
import { getRuleset } from "../engine/registry.js";
import type { Square } from "../engine/types.js";
import type { AttackCardData } from "../engine/plans/card-data.js";
import { refusalKey } from "../engine/plans/card-secrets.js";
import { ensureLedger } from "./card-ledger.js";
import { cardOf } from "./card-messages.js";
import { isDocumentUuid } from "../foundry-compat.js";
import { EngineError } from "../engine/errors.js";
import { notifyPressError } from "./press-errors.js";
import { canMoveByCore, FORCED_MOVE_OPTION, forcedMove } from "../compat/movement.js";

/** The part of a TokenDocument this control reads and writes. */
interface MovableToken {
  x: number;
  y: number;
  name: string;
  isOwner: boolean;
  /** The token's scene (its grid's size in pixels). */
  parent: { grid: { size: number } } | null;
  update(data: { x: number; y: number }, options?: Record<string, unknown>): Promise<unknown>;
}

function isMovableToken(doc: unknown): doc is MovableToken {
  if (!doc || typeof doc !== "object") return false;
  const d = doc as Partial<Record<keyof MovableToken, unknown>>;
  return typeof d.x === "number" && typeof d.y === "number" && typeof d.update === "function";
}

/** The attacker's token on the scene of the target (its first active token). */
function attackerToken(actorUuid: string): MovableToken | null {
  const actor: unknown = isDocumentUuid(actorUuid) ? fromUuidSync(actorUuid) : null;
  if (!actor || typeof actor !== "object" || !("getActiveTokens" in actor)) return null;
  const tokens: unknown = (
    actor as { getActiveTokens: (linked: boolean, document: boolean) => unknown }
  ).getActiveTokens(false, true);
  const first: unknown = Array.isArray(tokens) ? tokens[0] : null;
  return isMovableToken(first) ? first : null;
}

function gridSize(token: MovableToken): number {
  const size = token.parent?.grid.size;
  return typeof size === "number" && size > 0 ? size : 100;
}

function warn(key: string, data: Record<string, string>): void {
  ui.notifications?.warn(game.i18n?.format(key, data) ?? key);
}

/**
 * The card a press moves by: on a GM's client the GM's ledger of it (null, with a notice, when it
 * is refused or there is none); on an owner's client the public card (they move their own token).
 */
async function cardToMove(message: ChatMessage): Promise<AttackCardData | null> {
  if (!game.user?.isGM) return cardOf(message);
  const found = cardOf(message) ? await ensureLedger(message) : null;
  if (found?.ledger.status === "valid") return found.ledger.card;
  if (found) warn(refusalKey(found.ledger.reason), { name: found.ledger.card.itemName, part: found.ledger.reason });
  else warn("D20C.Chat.Error.NoMessage", {});
  return null;
}

/**
 * Press of a card's forced-movement control: move the target token `targetUuid` by the power
 * effect `effectIndex` of the card's power. Returns the squares it moved (empty when refused).
 */
export async function onForcedClick(message: ChatMessage, targetUuid: string, effectIndex: number): Promise<Square[]> {
  const card = await cardToMove(message);
  const target = card?.targets.find((t) => t.uuid === targetUuid);
  const move = target?.forced?.includes(effectIndex) ? card?.power?.effects[effectIndex]?.forced : undefined;
  if (!card || !target || !move) return [];
  const doc: unknown = isDocumentUuid(targetUuid) ? fromUuidSync(targetUuid) : null;
  if (!isMovableToken(doc)) {
    warn("D20C.Forced.NoToken", { name: target.name });
    return [];
  }
  if (!game.user?.isGM && !doc.isOwner) {
    warn("D20C.Forced.NotOwner", { name: target.name });
    return [];
  }
  const origin = attackerToken(card.actorUuid);
  const ruleset = getRuleset(card.rulesetId);
  const size = gridSize(doc);
  const at = (t: MovableToken): Square => ({ x: Math.round(t.x / size), y: Math.round(t.y / size) });
  const start = at(doc);
  // A slide goes straight away from the attacker unless a direction is chosen.
  const away = origin ? { x: start.x - at(origin).x, y: start.y - at(origin).y } : null;
  let path: Square[] = [];
  try {
    path = origin && ruleset.forcedPath ? ruleset.forcedPath(move, at(origin), start, away) : [];
  } catch (err) {
    // The rules refuse the move (a distance past the game's bound): the presser is told, nothing moves.
    if (!(err instanceof EngineError)) throw err;
    notifyPressError(err);
    return [];
  }
  const last = path[path.length - 1];
  if (!last) {
    warn("D20C.Forced.NoPath", { name: target.name });
    return [];
  }
  // Through core's movement API where the token has it (v13 and v14): one displace waypoint per
  // square, so rulers, movement history and Region behaviours see the push (src/compat/movement.ts).
  if (canMoveByCore(doc))
    await forcedMove(
      doc,
      path.map((sq) => ({ x: sq.x * size, y: sq.y * size })),
    );
  else await doc.update({ x: last.x * size, y: last.y * size }, { [FORCED_MOVE_OPTION]: true });
  ui.notifications?.info(
    game.i18n?.format("D20C.Forced.Moved", { name: target.name, squares: String(path.length) }) ?? "",
  );
  return path;
}
