/**
 * Reading our cards out of chat messages in tests, whatever holds them: a posted message (a
 * stand-in), or the creation data a stand-in recorded. Cards are typed messages (`type` + `system`);
 * older messages keep them in `flags["d20-combat"]`. The product's own readers decide which.
 */
import { SYSTEM_ID } from "../../src/constants.js";
import type { AttackCardData, CardKind, RuleCardData } from "../../src/engine/plans/card-data.js";
import { cardData, type CardDataOf, type CardMessage } from "../../src/workflows/card-messages.js";

/** A message or a message's creation data, as tests hold them. */
export interface MessageLike {
  type?: string | null;
  system?: unknown;
  flags?: unknown;
}

function asMessage(m: MessageLike): CardMessage {
  return { type: m.type ?? null, system: m.system, flags: (m.flags ?? {}) as CardMessage["flags"] };
}

/** The card of one kind a message holds (the stored object itself, so a test may tamper with it). */
export function cardIn<K extends CardKind>(m: MessageLike, kind: K): CardDataOf[K] | undefined {
  return cardData(asMessage(m), kind) ?? undefined;
}

/** The attack card of a message. */
export const attackCardIn = (m: MessageLike): AttackCardData | undefined => cardIn(m, "attack");

/** The rule card of a message. */
export const ruleCardIn = (m: MessageLike): RuleCardData | undefined => cardIn(m, "rule");

/**
 * Our data a message carries, by kind: its flags under our id plus its typed card under the card's
 * kind (`{ attack: … }` for an attack message), as the client it is sent to receives it.
 */
export function ourData(m: MessageLike): Record<string, unknown> {
  const flags = ((m.flags ?? {}) as Record<string, Record<string, unknown> | undefined>)[SYSTEM_ID] ?? {};
  const typed = (["attack", "ledger", "details", "rule"] as const).flatMap((kind) =>
    m.type === kind && m.system ? [[kind, m.system] as const] : [],
  );
  return { ...flags, ...Object.fromEntries(typed) };
}

/** Everything of a message a client receives that could carry our data: its flags and its `system`. */
export const receivedData = (m: MessageLike): unknown => ({ flags: m.flags ?? {}, system: m.system ?? {} });

/**
 * The attack card a message's clients draw for a viewer who owns nothing and sees no numbers
 * ([SYS-RELEASE]: the message stores a short line; the render hook draws the card from its data
 * through the product's own renderer), or "" when the message holds no attack card.
 */
export async function drawnCardHtml(m: MessageLike): Promise<string> {
  const card = attackCardIn(m);
  if (!card) return "";
  const { publicViewer, renderAttackCard } = await import("../../src/workflows/chat-render.js");
  return renderAttackCard(card, publicViewer());
}
