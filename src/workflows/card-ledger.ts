/**
 * The GM-only ledger of attack cards, in Foundry ([SYS-PERM], [SYS-HIDDEN]). When an attack card
 * is posted, the active GM's client decides it again through the engine from the message's own
 * rolls and the targets' data as it sees them, and writes the result where only GMs write: a
 * GM-authored `ledger` message whispered to the GMs (never shown in the log) holding the card as the
 * GM decided it, whether the posted card matched (a card that doesn't is refused), and the record
 * of every application. Applications and undo read only that; edits of the author's message change
 * nothing, and a player's edit of a card's data is written back as the GM decided it, so what every
 * client renders is the GM's. Owners of a target get its numbers whispered when the world shows
 * owners their details.
 */
import { activeRuleset } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { allFaces, d20Faces } from "../dice/rolls.js";
import { EngineError } from "../engine/errors.js";
import { isDocumentUuid } from "../foundry-compat.js";
import { cardVisibility } from "../settings-attack.js";
import { withActorQueue } from "./actor-queue.js";
import {
  allowedTargets,
  rebuildCard,
  type AttackRequest,
  type PostedRolls,
  type TargetSnapshot,
} from "../engine/plans/attack.js";
import {
  CARD_TYPES,
  type AppliedRecord,
  type AttackCardData,
  type CardDetails,
  type CardLedger,
} from "../engine/plans/card-data.js";
import { undoneCreations } from "../engine/plans/apply.js";
import { allIndexed, hasIndexed, indexed, noteMessage } from "./chat-index.js";
import {
  MAX_CARD_TARGETS,
  forgedTargets,
  mismatch,
  ownerDetails,
  publicCard,
  refusalKey,
  type PostedTargetFacts,
} from "../engine/plans/card-secrets.js";
import { endAfterAttack } from "./acts.js";
import { validHookChanges } from "../engine/plans/hook-bounds.js";
import { publicViewer, renderAttackCard, storedCardLine } from "./chat-render.js";
import { isStoredCardHtml } from "./card-line.js";
import {
  canonical,
  cardCreateData,
  cardData,
  cardExactUpdateData,
  cardIsExactly,
  cardOf,
  cardUpdateData,
} from "./card-messages.js";
import { actorFromUuid, attackRequestFrom, attackTarget } from "./foundry-docs.js";
import { markSavesTaken, ownerSavesRefusal } from "./owner-saves.js";
import { postedCountRoll } from "../engine/target-count.js";
import { keptSaveRolls } from "../engine/save-rollers.js";

/** The queue key of a card's ledger (one writer of a card's records at a time). */
export const cardKey = (messageId: string): string => `ChatMessage.${messageId}`;

/** The refusal of a card whose ledger the GM deleted while the card stayed (see ensureLedger). */
const LEDGER_GONE = "ledger";

/** A ledger message counts only when a GM wrote it. */
function ledgerIn(message: ChatMessage | undefined, cardId: string): CardLedger | null {
  if (!message?.author?.isGM) return null;
  const ledger = cardData(message, "ledger");
  return ledger && ledger.cardId === cardId ? ledger : null;
}

/**
 * The GM-written ledger of a card, with its message (the first written, should there be two), or
 * null: found through the chat index, whatever the length of the log.
 */
export function ledgerOf(cardId: string): { message: ChatMessage; ledger: CardLedger } | null {
  for (const message of indexed("ledger", cardId)) {
    const ledger = ledgerIn(message, cardId);
    if (ledger) return { message, ledger };
  }
  return null;
}

/** The application records of a ledger message, read in place (no copy of the message). */
function appliedIn(message: ChatMessage): readonly AppliedRecord[] {
  if (message.type === CARD_TYPES.ledger) {
    const card = (message.system as unknown as { card?: { applied?: unknown } }).card;
    return Array.isArray(card?.applied) ? (card.applied as AppliedRecord[]) : [];
  }
  return cardData(message, "ledger")?.card.applied ?? [];
}

/**
 * The effects each ledger's undone applications created, by ledger message id (only ledgers with
 * some): worked out in one pass over the ledgers the first time it is read for a collection (a
 * reload reads it again), then kept as this client writes ledgers (the active GM's client writes
 * every application and undo), so an undo reads the few ledgers that have any, not every ledger.
 */
let undoneByLedger: { source: unknown; map: Map<string, readonly string[]> } | null = null;

function undoneMap(): Map<string, readonly string[]> {
  if (undoneByLedger && undoneByLedger.source === game.messages) return undoneByLedger.map;
  const map = new Map<string, readonly string[]>();
  for (const message of allIndexed("ledger")) noteUndone(map, message.id ?? "", appliedIn(message));
  undoneByLedger = { source: game.messages, map };
  return map;
}

function noteUndone(map: Map<string, readonly string[]>, ledgerId: string, applied: readonly AppliedRecord[]): void {
  const ids = [...undoneCreations(applied)];
  if (ids.length) map.set(ledgerId, ids);
  else map.delete(ledgerId);
}

/**
 * The effects whose creation a card application made and an undo took back, over every GM-written
 * ledger still in the log (undo never brings them back).
 */
export function undoneCardCreations(): Set<string> {
  const out = new Set<string>();
  const map = undoneMap();
  for (const [ledgerId, ids] of map) {
    // A ledger deleted since (its card deleted, Clear Chat Log) no longer counts, and is dropped.
    if (!game.messages.get(ledgerId)) {
      map.delete(ledgerId);
      continue;
    }
    for (const id of ids) out.add(id);
  }
  return out;
}

/** The numbers this user was whispered for a card (GM-written details messages). */
export function detailsFor(cardId: string): CardDetails[] {
  return indexed("details", cardId).flatMap((m) => {
    const d = cardData(m, "details");
    return d && d.cardId === cardId ? [d] : [];
  });
}

/** A message's rolls as it stores them (each roll's JSON). */
function storedRolls(message: ChatMessage): string[] {
  return message._source.rolls.map((r: unknown) => (typeof r === "string" ? r : JSON.stringify(r)));
}

/** Whether two lists of stored rolls hold the same rolls (whatever order each roll's keys came in). */
function sameRolls(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((r, i) => canonical(JSON.parse(r)) === canonical(JSON.parse(b[i] ?? "")));
}

/** The rolls of a posted attack message: one attack roll per target (one when untargeted), then damage. */
function postedRolls(message: ChatMessage, attackCount: number, upTo = message.rolls.length): PostedRolls {
  // [SYS-TARGETS] a rolled target count's roll comes last: it is no attack's roll.
  const rolls = message.rolls.slice(0, upTo);
  return {
    attack: rolls.slice(0, attackCount).map((r) => ({ formula: r.formula, faces: d20Faces(r) })),
    damage: rolls.slice(attackCount).map((r) => ({ formula: r.formula, faces: allFaces(r) })),
  };
}

/**
 * The attack request a card was made from, as this client sees the documents now (the attacker,
 * its item, each target), or what could not be found.
 */
export async function requestOfCard(posted: AttackCardData): Promise<{ req: AttackRequest } | { reason: string }> {
  const ruleset = activeRuleset();
  if (posted.rulesetId !== ruleset.id) return { reason: "rulesetId" };
  if (!posted.itemUuid || !posted.situation) return { reason: "itemUuid" };
  // [SYS-HOOKS] what the author's modules changed is re-validated here (its bonus is already in the situation's).
  if (validHookChanges(posted.situation.hooks) === null) return { reason: "situation" };
  const attacker = await actorFromUuid(posted.actorUuid);
  if (!attacker) return { reason: "actorUuid" };
  const item = isDocumentUuid(posted.itemUuid) ? await fromUuid(posted.itemUuid) : null;
  if (!(item instanceof Item.implementation) || item.parent?.uuid !== attacker.uuid) return { reason: "itemUuid" };
  const targets: TargetSnapshot[] = [];
  for (const t of posted.targets) {
    const actor = await actorFromUuid(t.uuid);
    if (!actor) return { reason: "targets" };
    targets.push(
      attackTarget({ uuid: t.uuid, name: t.name, img: t.img }, actor, "copy", {
        ...(t.situation ? { situation: t.situation } : {}),
        // Advisory words the attacker's client read from its bands (escaped text; decide nothing).
        ...(t.warnings?.length ? { warnings: t.warnings.map((w) => String(w).slice(0, 400)) } : {}),
      }),
    );
  }
  const req = attackRequestFrom({
    ruleset,
    attacker,
    attackerName: posted.actorName,
    item,
    shownItem: { name: posted.itemName, img: posted.itemImg },
    situation: posted.situation,
    targets,
    read: "copy",
  });
  // [SYS-TARGETS] the count the author's use rolled (checked against the power and the message's last roll).
  if (posted.targetCount)
    req.targetCount = { formula: String(posted.targetCount.formula), count: Number(posted.targetCount.count) };
  return { req };
}

/**
 * What this client finds at the target UUIDs a user names (one past the most a card may list, at
 * most): for a posted card's targets, and for the targets of a procedure a player asks the GM for.
 */
export async function targetFacts(uuids: readonly string[]): Promise<PostedTargetFacts[]> {
  const facts: PostedTargetFacts[] = [];
  for (const uuid of uuids.slice(0, MAX_CARD_TARGETS + 1)) {
    const doc = isDocumentUuid(uuid) ? await fromUuid(uuid) : null;
    const token = doc instanceof TokenDocument.implementation ? doc : null;
    facts.push({ uuid, isToken: Boolean(token), hidden: Boolean(token?.hidden), sceneId: token?.parent?.id ?? null });
  }
  return facts;
}

/** The ids of the scenes an actor has tokens on (an unlinked token's actor: its token's scene). */
export async function scenesOf(actorUuid: string): Promise<string[]> {
  const actor = await actorFromUuid(actorUuid);
  const ids = (actor?.getDependentTokens() ?? []).map((t) => t.parent?.id ?? "");
  return [...new Set(ids.filter(Boolean))];
}

/** Whether a card's author may attack as its attacker: a GM, or an owner of the attacking actor. */
async function authorMayAttack(message: ChatMessage, actorUuid: string): Promise<boolean> {
  const author = message.author;
  if (!author || author.isGM) return Boolean(author);
  const attacker = await actorFromUuid(actorUuid);
  return !attacker || attacker.testUserPermission(author, "OWNER");
}

/** Decide a posted card again on this client: the GM's card, and "" or what did not fit. */
async function decidePosted(
  message: ChatMessage,
  posted: AttackCardData,
): Promise<{ card: AttackCardData; reason: string }> {
  const ruleset = activeRuleset();
  const refuse = (reason: string) => ({ card: posted, reason });
  try {
    const uuids = posted.targets.map((t) => t.uuid);
    const forged = forgedTargets(
      await targetFacts(uuids),
      Boolean(message.author?.isGM),
      await scenesOf(posted.actorUuid),
    );
    if (forged) return refuse(forged);
    if (!(await authorMayAttack(message, posted.actorUuid))) return refuse("actorUuid");
    const found = await requestOfCard(posted);
    if ("reason" in found) return refuse(found.reason);
    const req = found.req;
    // What the rules refuse the attacker (a condition that forbids attacking, a limited power while
    // hampered, a target that may not be targeted) its client left out of the card: one that lists
    // such a target skipped the refusal.
    if (allowedTargets(req).refused.length) return refuse("targets");
    // [SYS-TARGETS] a rolled target count: the message's last roll must be the power's count giving the card's number.
    const counted = postedCountRoll(
      message.rolls.map((r) => ({ formula: r.formula, total: r.total })),
      req.targetCount,
    );
    if (counted.reason) return refuse(counted.reason);
    const rolls = postedRolls(message, Math.max(1, req.targets.length), counted.attackRolls);
    const attempt = (wrongSquare: boolean): { card: AttackCardData; reason: string } => {
      try {
        const asRead: AttackRequest = {
          ...req,
          situation: { ...req.situation, wrongSquare },
          targets: req.targets.map((t) => (t.situation ? { ...t, situation: { ...t.situation, wrongSquare } } : t)),
        };
        const rebuilt = rebuildCard(asRead, rolls, posted.defenseLabel);
        const kept = keptSaveRolls(
          posted.saveRolls ?? [],
          rebuilt.targets.map((t) => t.uuid),
        );
        const card = kept.length ? { ...rebuilt, saveRolls: kept } : rebuilt;
        return { card, reason: mismatch(posted, publicCard(card, cardVisibility())) };
      } catch (err) {
        if (err instanceof EngineError) return { card: posted, reason: err.field };
        throw err;
      }
    };
    const plain = attempt(req.situation.wrongSquare);
    // The public card never says the square was wrong: read it that way too before refusing.
    const decided =
      plain.reason && !req.situation.wrongSquare && (ruleset.situational ?? []).includes("wrongSquare")
        ? attempt(true)
        : plain;
    if (decided.reason) return refuse(plain.reason);
    // [SYS-MONSTERS] a save another user had to roll is taken only from that user's own roll (the
    // GM's own card says whether the power is save-based, not the author's).
    if (decided.card.saveAttack) {
      const saves = await ownerSavesRefusal(message, posted);
      if (saves) return refuse(saves);
    }
    return decided;
  } catch (err) {
    if (err instanceof EngineError) return refuse(err.field);
    // The parts the model keeps whole (an outcome, a recipe) hold whatever the author wrote.
    if (err instanceof TypeError || err instanceof RangeError) return refuse("data");
    throw err;
  }
}

/** Whisper each non-GM owner of a target its numbers (when the world shows owners their details). */
export async function whisperDetails(card: AttackCardData, cardId: string): Promise<void> {
  if (cardVisibility() !== "owners") return;
  const all = ownerDetails(card, cardId);
  for (const user of game.users.filter((u) => !u.isGM)) {
    const targets: CardDetails["targets"] = {};
    for (const t of card.targets) {
      const actor = await actorFromUuid(t.uuid);
      const mine = all.targets[t.uuid];
      if (mine && actor?.testUserPermission(user, "OWNER")) targets[t.uuid] = mine;
    }
    if (!Object.keys(targets).length) continue;
    const details: CardDetails = { version: 1, cardId, targets };
    await ChatMessage.create({
      content: game.i18n.localize("D20C.Chat.Ledger.Details"),
      whisper: [user.id ?? ""],
      ...cardCreateData("details", details),
    } as ChatMessage.CreateData);
  }
}

/**
 * The card's ledger, written now by this client when it is the active GM and there is none yet
 * (a card posted while no GM was online is decided when first used). Null on any other client.
 */
export async function ensureLedger(message: ChatMessage): Promise<{ message: ChatMessage; ledger: CardLedger } | null> {
  const cardId = message.id ?? "";
  return withActorQueue([cardKey(cardId)], async () => {
    const found = ledgerOf(cardId);
    if (found) return found;
    const posted = cardOf(message);
    if (!posted || !game.users.activeGM?.isSelf) return null;
    // A card that shows applications has had a ledger: the GM deleted it (with the whispers), and
    // deciding the card afresh would let its applications be made again and never undone. It is
    // closed instead: nothing more is applied or undone through it.
    const decided = posted.applied.length ? { card: posted, reason: LEDGER_GONE } : await decidePosted(message, posted);
    const ledger: CardLedger = {
      version: 1,
      cardId,
      status: decided.reason ? "invalid" : "valid",
      reason: decided.reason,
      card: { ...decided.card, applied: [] },
      rolls: storedRolls(message),
    };
    const gms = game.users.filter((u) => u.isGM).map((u) => u.id ?? "");
    const created = await ChatMessage.create({
      content: game.i18n.localize("D20C.Chat.Ledger.Note"),
      whisper: gms,
      ...cardCreateData("ledger", ledger),
    } as ChatMessage.CreateData);
    if (!created) return null;
    noteMessage(created);
    // Two GMs' clients that both took themselves for the active one may each have written a
    // ledger: every client reads the first written (see ledgerOf), so all count the same records.
    const first = ledgerOf(cardId);
    if (first && first.message.id !== created.id) return first;
    if (decided.reason)
      ui.notifications?.warn(
        game.i18n.format(refusalKey(decided.reason), { name: posted.itemName, part: decided.reason }),
      );
    else {
      await markSavesTaken(decided.card, cardId);
      await whisperDetails(decided.card, cardId);
      // A posted card whose data or HTML is not the GM's public copy (its author's client wrote
      // something the decision does not read: JSON no card has, words beside the card) is shown to
      // everyone as the GM's.
      const copy = gmCopy(ledger);
      if (await differs(message, ledger, copy)) await writeGMCopy(message, ledger, copy);
    }
    // What attacking ends on the attacker (hiding), now that the card is decided from it.
    const attacker = decided.reason ? null : await actorFromUuid(posted.actorUuid);
    if (attacker) await endAfterAttack(attacker, posted.range);
    return { message: created, ledger };
  });
}

/** Whether an update of a message writes a card (a typed card's `system`, an old card's flags, its HTML). */
function touchesCard(changed: object): boolean {
  const c = changed as {
    type?: unknown;
    system?: unknown;
    flags?: Record<string, unknown>;
    content?: unknown;
    rolls?: unknown;
  };
  return (
    c.type !== undefined ||
    c.system !== undefined ||
    c.flags?.[SYSTEM_ID] !== undefined ||
    c.content !== undefined ||
    c.rolls !== undefined
  );
}

/**
 * `updateChatMessage` on the active GM's client: a card's author may edit their own message, so a
 * player's write of an attack card's data (its numbers, targets, outcomes) or of its HTML is written
 * back as the GM's ledger has it (the public copy of the card the GM decided, with its applications,
 * and that copy's HTML as anyone may see it). Every client renders the card from the message, so
 * every client then shows the GM's numbers. A GM's
 * writes are the GM's; a card the GM refused keeps what it says (nothing can be applied from it).
 */
export function onCardUpdated(message: ChatMessage, changed: object, userId: string): void {
  if (!game.users.activeGM?.isSelf || game.users.get(userId)?.isGM !== false) return;
  if (!touchesCard(changed)) return;
  const cardId = message.id ?? "";
  // A message that no longer reads as a card (its kind or its data rewritten) may still be one the GM decided.
  const decided = ledgerOf(cardId);
  if (!cardOf(message) && !decided) return;
  // A message its author turned into a card after posting is decided now, as a posted card is.
  if (!decided) {
    onCardCreated(message);
    return;
  }
  void withActorQueue([cardKey(cardId)], async () => {
    const found = ledgerOf(cardId);
    if (!found || found.ledger.status !== "valid") return;
    await writeGMCopy(message, found.ledger);
  }).catch((err) => console.error(`${SYSTEM_ID} | card ledger`, err));
}

/** How many of the latest messages the active GM's client checks when it comes online. */
const RECENT_CARDS = 50;

/**
 * `ready` on the active GM's client: a card edited while no GM was online got no write-back, so the
 * latest cards the GM decided are checked against the GM's copy (data, HTML and rolls; a message
 * rewritten into another kind counts too) and written back where they differ.
 */
export async function reconcileRecentCards(): Promise<void> {
  if (!game.users.activeGM?.isSelf) return;
  // The cards the GM decided, whether or not their message still reads as one (its kind
  // rewritten): the chat index knows them without reading the whole log.
  for (const message of game.messages.contents.slice(-RECENT_CARDS)) {
    const cardId = message.id ?? "";
    if (!cardOf(message) && !hasIndexed("ledger", cardId)) continue;
    await withActorQueue([cardKey(cardId)], async () => {
      const found = ledgerOf(cardId);
      if (found?.ledger.status !== "valid") return;
      const copy = gmCopy(found.ledger);
      if (await differs(message, found.ledger, copy)) await writeGMCopy(message, found.ledger, copy);
    });
  }
}

/**
 * The GM's public copy of a card (no numbers, nothing owned) and the short line its message stores
 * as `content` ([SYS-RELEASE]: every client renders the card from its data).
 */
interface GMCopy {
  shown: AttackCardData;
  content: string;
}

function gmCopy(ledger: CardLedger): GMCopy {
  const shown = publicCard(ledger.card, cardVisibility());
  return { shown, content: storedCardLine(shown) };
}

/**
 * Whether a message's stored content is the GM's: the short line, or (a card posted by an older
 * version, untouched since) the card's HTML exactly as anyone may see the GM's copy. Foundry stores
 * a message's HTML trimmed.
 */
async function contentIsGMs(message: ChatMessage, copy: GMCopy): Promise<boolean> {
  const content = (message.content ?? "").trim();
  if (content === copy.content.trim()) return true;
  return isStoredCardHtml(content) && content === (await renderAttackCard(copy.shown, publicViewer())).trim();
}

/** Whether a posted card (its card, this system's flags, its content, its rolls) is not the GM's public copy. */
async function differs(message: ChatMessage, ledger: CardLedger, copy: GMCopy): Promise<boolean> {
  if (!cardIsExactly(message, "attack", copy.shown)) return true;
  if (!(await contentIsGMs(message, copy))) return true;
  return ledger.rolls.length > 0 && !sameRolls(storedRolls(message), ledger.rolls);
}

/**
 * Write the GM's public copy of a card over the posted card, exactly (parts an edit added are
 * deleted), with its short line as content (an older version's stored HTML becomes the line) and
 * the rolls as the GM decided them.
 */
async function writeGMCopy(message: ChatMessage, ledger: CardLedger, copy?: GMCopy): Promise<void> {
  const { shown, content } = copy ?? gmCopy(ledger);
  const rolls = ledger.rolls.length && !sameRolls(storedRolls(message), ledger.rolls) ? { rolls: ledger.rolls } : {};
  // What is already as the GM has it is not written again (every client receives the update).
  const line = (message.content ?? "").trim() === content.trim() ? {} : { content };
  const card = cardExactUpdateData(message, "attack", shown);
  if (!Object.keys(line).length && !Object.keys(rolls).length && isEmptyUpdate(card)) return;
  await message.update({ ...line, ...rolls, ...card } as ChatMessage.UpdateData);
}

/** Whether a card update writes nothing (every part of it an empty plain object; a deletion writes). */
function isEmptyUpdate(update: object): boolean {
  return Object.values(update).every(
    (v) =>
      typeof v === "object" &&
      v !== null &&
      Object.getPrototypeOf(v) === Object.prototype &&
      isEmptyUpdate(v as object),
  );
}

/** Whether any application of a card still stands (was not undone). */
const standing = (applied: readonly AppliedRecord[]): boolean => applied.some((r) => !r.undone);

/**
 * `preDeleteChatMessage` on the deleting client: a player may delete their own messages, but an
 * attack card with an application still standing is where the GM undoes it, so a player's
 * deletion of it is refused with a notice (a GM may delete it).
 */
export function onCardDeleting(message: ChatMessage, userId: string): false | undefined {
  if (game.users.get(userId)?.isGM !== false) return undefined;
  const card = cardOf(message);
  if (!card || !standing(card.applied)) return undefined;
  ui.notifications?.warn(game.i18n.localize("D20C.Chat.Ledger.KeepCard"));
  return false;
}

/**
 * `deleteChatMessage` on the active GM's client: a player's client can delete its own card without
 * the check above, so a card whose ledger holds an application still standing is posted again as
 * the GM's public copy, under its own id (the ledger and its records name it), so the GM can still
 * undo from it. A card without one, or one a GM deleted (Clear Chat Log deletes them all), stays
 * deleted, and the GM's records of it (its ledger, the numbers whispered about it) are deleted with
 * it: no ledger outlives its card, and every other card keeps its own.
 */
export function onCardDeleted(message: ChatMessage, userId: string): void {
  if (!game.users.activeGM?.isSelf) return;
  const cardId = message.id ?? "";
  // Nothing the GM wrote about this message: nothing to keep or to end (no walk of the log).
  if (!hasIndexed("ledger", cardId) && !hasIndexed("details", cardId)) return;
  const byPlayer = game.users.get(userId)?.isGM === false;
  void withActorQueue([cardKey(cardId)], async () => {
    if (game.messages.get(cardId)) return;
    const found = ledgerOf(cardId);
    const keep = byPlayer && cardOf(message) && found?.ledger.status === "valid" && standing(found.ledger.card.applied);
    if (!found || !keep) {
      await endRecords(cardId);
      return;
    }
    const { shown, content } = gmCopy(found.ledger);
    await ChatMessage.create(
      {
        _id: cardId,
        content,
        speaker: message.speaker,
        whisper: message.whisper,
        blind: message.blind,
        timestamp: message.timestamp,
        rolls: found.ledger.rolls.length ? found.ledger.rolls : storedRolls(message),
        ...cardCreateData("attack", shown),
      } as ChatMessage.CreateData,
      { keepId: true },
    );
    ui.notifications?.info(
      game.i18n.format("D20C.Chat.Ledger.Restored", { name: game.users.get(userId)?.name ?? userId }),
    );
  }).catch((err) => console.error(`${SYSTEM_ID} | card ledger`, err));
}

/** Delete the GM's records of a card that is gone: its ledger(s) and the details whispered about it. */
async function endRecords(cardId: string): Promise<void> {
  for (const record of [...indexed("ledger", cardId), ...indexed("details", cardId)]) {
    // Clear Chat Log deletes them too: one already gone is skipped.
    if (!game.messages.get(record.id ?? "")) continue;
    await record.delete();
  }
}

/** `createChatMessage`: the active GM's client writes the ledger of every new attack card. */
export function onCardCreated(message: ChatMessage): void {
  if (!cardOf(message) || !game.users.activeGM?.isSelf) return;
  void ensureLedger(message).catch((err) => console.error(`${SYSTEM_ID} | card ledger`, err));
}

/**
 * Write a card's ledger, then the public card as the GM's copy of it (its applications as the
 * public card shows them): only what changed is written, the new record (and an older version's
 * stored HTML, once, as the short line).
 */
export async function saveLedger(
  ledgerMessage: ChatMessage,
  ledger: CardLedger,
  cardMessage: ChatMessage,
): Promise<void> {
  await ledgerMessage.update(
    cardUpdateData(ledgerMessage, "ledger", ledger, { changedOnly: true }) as ChatMessage.UpdateData,
  );
  if (undoneByLedger?.source === game.messages)
    noteUndone(undoneByLedger.map, ledgerMessage.id ?? "", ledger.card.applied);
  if (cardOf(cardMessage)) await writeGMCopy(cardMessage, ledger);
}
