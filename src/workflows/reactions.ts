/**
 * A card's reaction control ([HD-REACT] Parry), in Foundry. The target's owner presses it; the
 * press is routed like an apply button (socket.ts: on the active GM's client, asked of it by any
 * other, refused with no GM online). On the GM's client, for the user the transport named: the
 * asker must own the target (or be a GM), the card's ledger must offer the reaction to that target
 * and no application from the card may stand on it; the ruleset checks the offer again on the
 * target as it is now (a reaction spent since), re-decides the target's outcome from the ledger's
 * own, the reaction is spent from the target's combatant, and the ledger and the public card are
 * written with the new outcome.
 */
import { activeRuleset } from "../active-ruleset.js";
import { DamageRoll, allFaces } from "../dice/rolls.js";
import { anyAsker, askGM, readTexts, type ActionReport, type Asker, type RelayRequest } from "../socket.js";
import { spendForActor } from "./actions.js";
import { withActorQueue } from "./actor-queue.js";
import { freshLedger, routePress, targetOnLedger } from "./apply-damage.js";
import { afterReaction } from "../engine/plans/attack.js";
import { cardKey, requestOfCard, saveLedger, whisperDetails } from "./card-ledger.js";
import { engineSource, reactorFacts } from "./foundry-docs.js";

/** What a card's reaction control asks for ([HD-REACT] Parry): the target takes reaction `key`. */
export interface ReactRequest {
  messageId: string;
  targetUuid: string;
  key: string;
}

/**
 * The relay's reaction request: a card, its target and the reaction; anyone may ask (the work
 * checks the asker is the defender's side); the GM's client spends it and re-decides the outcome.
 * Nothing undoes it: the reaction is spent, as at the table.
 */
export const REACT_REQUEST: RelayRequest<ReactRequest> = {
  action: "react",
  read: (d) => readTexts(d, ["messageId", "targetUuid", "key"]),
  mayAsk: anyAsker,
  run: (data, asker) => reactHere(data, asker),
  undoneBy: null,
};

/** Take a reaction on this client (the active GM's) for the asker the transport named. */
async function reactHere(data: ReactRequest, asker: Asker): Promise<ActionReport> {
  const got = await targetOnLedger(data.messageId, data.targetUuid);
  if (!got.ok) return got.report;
  const { message, ledgerMessage, listed, actor } = got;
  const user = game.users.get(asker.id);
  // Only the defender's side takes its reaction: a GM or an owner of the target, never the attacker as such.
  if (!user || !(user.isGM || actor.testUserPermission(user, "OWNER")))
    return { ok: false, message: "D20C.Reaction.Refused", data: { name: listed.name } };
  return withActorQueue([actor.uuid, cardKey(data.messageId)], async () => {
    const ledger = freshLedger(ledgerMessage);
    const card = ledger?.card;
    const target = card?.targets.find((t) => t.uuid === listed.uuid);
    if (!ledger || !card || !target) return { ok: false, message: "D20C.Chat.Error.NoMessage" };
    const offer = (target.reactions ?? []).find((r) => r.key === data.key);
    if (!offer || target.reacted)
      return { ok: false, message: "D20C.Reaction.NotOffered", data: { name: target.name } };
    if (card.applied.some((r) => r.targetUuid === target.uuid && !r.undone))
      return { ok: false, message: "D20C.Reaction.AfterApply", data: { name: target.name } };
    const ruleset = activeRuleset();
    const reactor = reactorFacts(actor);
    const still = (
      ruleset.attackReactions?.({
        outcome: target.outcome,
        range: card.range,
        defender: engineSource(actor),
        ...reactor,
      }) ?? []
    ).some((r) => r.key === offer.key);
    if (!still) return { ok: false, message: "D20C.Reaction.NoLonger", data: { name: target.name } };
    const found = await requestOfCard(card);
    if ("reason" in found)
      return { ok: false, message: "D20C.Chat.Error.Invalid", data: { name: card.itemName, part: found.reason } };
    const next = await afterReaction(found.req, card, target.uuid, offer.key, async (toRoll) => {
      const roll = new DamageRoll(toRoll.formula);
      await roll.evaluate();
      return { faces: allFaces(roll), rolled: roll.total ?? 0 };
    });
    await saveLedger(ledgerMessage, { ...ledger, card: next }, message);
    await whisperDetails(next, message.id ?? "");
    await spendForActor(actor, offer.cost);
    const after = next.targets.find((t) => t.uuid === target.uuid)?.outcome;
    return {
      ok: true,
      message: after?.isHit ? "D20C.Reaction.StillHit" : "D20C.Reaction.TurnedMiss",
      data: { name: target.name, reaction: game.i18n.localize(offer.label) },
    };
  });
}

/** A reaction control of the card was pressed. */
export async function onReactClick(message: ChatMessage, targetUuid: string, key: string): Promise<void> {
  const data: ReactRequest = { messageId: message.id ?? "", targetUuid, key };
  await routePress(
    (asker) => reactHere(data, asker),
    () => askGM(REACT_REQUEST, data),
  );
}
