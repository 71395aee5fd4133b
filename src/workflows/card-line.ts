/**
 * The lean stored shape of an attack card ([SYS-RELEASE], issue 34): a message's `content` holds one
 * short line of text (who used what on whom, for the chat log's export and modules that read
 * text), not the card's HTML. Every client renders the card from the message's data in
 * `renderChatMessageHTML` (src/applications/chat/card-hooks.ts), in place of this line, as that
 * viewer may see it; cards posted by older versions, whose `content` is the card's HTML, are
 * rendered the same way in place of their stored card.
 *
 * The line is one paragraph element, not bare text: Foundry draws a message's rolls in place of a
 * `content` that holds no element, which would draw every roll of the card first.
 */
import type { AttackCardData } from "../engine/plans/card-data.js";

/** The class of the stored line's element (what the render hook replaces with the card). */
const CARD_LINE_CLASS = "d20c-card-line";

/** The selector of what a rendered message's card is drawn over: the stored line, or an older version's stored card. */
export const CARD_SLOT = `.${CARD_LINE_CLASS}, .d20c-attack-card`;

/** Words of the line: the user's language (game.i18n). */
interface LineWords {
  format(key: string, data: Record<string, string>): string;
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** A name as text in HTML (the card's author writes its names). */
const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** The stored line of a card: names only, nothing a viewer of the public card may not see. */
export function cardLine(card: AttackCardData, words: LineWords): string {
  const names = card.targets.map((t) => t.name).filter(Boolean);
  const data = {
    actor: escape(card.actorName),
    item: escape(card.itemName),
    targets: escape(names.join(", ")),
  };
  const key = names.length ? "D20C.CardLine.Targets" : "D20C.CardLine.NoTargets";
  return `<p class="${CARD_LINE_CLASS}">${words.format(key, data)}</p>`;
}

/** Whether stored content is a card's HTML as older versions stored it (not the lean line). */
export const isStoredCardHtml = (content: string): boolean => content.includes("d20c-attack-card");
