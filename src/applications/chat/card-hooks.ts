/**
 * Chat-side wiring of our cards: re-render the attack card for the viewing user (defenses, odds,
 * buttons as they may see them), append loose-roll outcomes, and bind the apply/undo buttons.
 * Uses `renderChatMessageHTML` (v13+, HTMLElement), which also covers chat notifications and pop-outs.
 */
import { SYSTEM_ID } from "../../constants.js";
import { onApplyClick, onUndoClick } from "../../workflows/apply-damage.js";
import { onForcedClick } from "../../workflows/forced-move.js";
import { notifyPressError } from "../../workflows/press-errors.js";
import { onReactClick } from "../../workflows/reactions.js";
import { detailsFor, ledgerOf } from "../../workflows/card-ledger.js";
import { cardData, cardOf } from "../../workflows/card-messages.js";
import { withDetails } from "../../engine/plans/card-secrets.js";
import { readLooseRoll } from "../../engine/plans/roll-hook.js";
import { readTurnUndo } from "../../workflows/turn-summary-data.js";
import { CARD_SLOT } from "../../workflows/card-line.js";
import {
  currentViewer,
  renderAttackCard,
  renderAttackCardSync,
  renderLooseRoll,
  renderLooseRollSync,
} from "../../workflows/chat-render.js";

/**
 * Bind every button of one card action: disabled while its press runs. A press that fails tells
 * the pressing user why (the rules' refusal naming its field), never only the console.
 */
function onPress(root: HTMLElement, action: string, run: (data: DOMStringMap) => Promise<unknown>): void {
  root.querySelectorAll<HTMLButtonElement>(`[data-action='${action}']`).forEach((btn) => {
    btn.addEventListener("click", (event) => {
      event.preventDefault();
      btn.disabled = true;
      void run(btn.dataset)
        .catch(notifyPressError)
        .finally(() => (btn.disabled = false));
    });
  });
}

function bindButtons(message: ChatMessage, root: HTMLElement): void {
  onPress(root, "d20c-apply", (d) => onApplyClick(message, d.targetUuid ?? "", d.mode ?? ""));
  onPress(root, "d20c-forced", (d) => onForcedClick(message, d.targetUuid ?? "", Number(d.effectIndex ?? -1)));
  onPress(root, "d20c-react", (d) => onReactClick(message, d.targetUuid ?? "", d.reaction ?? ""));
  onPress(root, "d20c-undo", (d) => onUndoClick(message, d.recordId ?? ""));
}

function replaceWith(el: Element, html: string): HTMLElement | null {
  const tpl = document.createElement("template");
  tpl.innerHTML = html.trim();
  const fresh = tpl.content.firstElementChild as HTMLElement | null;
  if (fresh) el.replaceWith(fresh);
  return fresh;
}

/** The renderChatMessageHTML handler. */
export function onRenderChatMessage(message: ChatMessage, html: HTMLElement): void {
  // The GM's ledger of a card, the numbers whispered to owners and a turn summary's undo records
  // are data, not chat.
  if (cardData(message, "ledger") || cardData(message, "details") || readTurnUndo(message)) {
    html.hidden = true;
    html.style.display = "none";
    return;
  }
  const posted = cardOf(message);
  if (posted) {
    const viewer = currentViewer();
    // The GM sees the card as the GM's client decided it; owners get their whispered numbers back.
    const ledger = viewer.isGM ? ledgerOf(message.id ?? "")?.ledger : undefined;
    const card = ledger ? ledger.card : viewer.isGM ? posted : withDetails(posted, detailsFor(message.id ?? ""));
    // The stored line (or an older version's stored card HTML) is where the card is drawn.
    const el = html.querySelector(CARD_SLOT);
    const sync = renderAttackCardSync(card, viewer);
    if (el && sync !== null) {
      const fresh = replaceWith(el, sync);
      if (fresh) bindButtons(message, fresh);
    } else if (el) {
      void renderAttackCard(card, viewer).then((h) => {
        const fresh = replaceWith(el, h);
        if (fresh) bindButtons(message, fresh);
      });
    }
    return;
  }
  // The roller's client wrote them: outcomes that are not what the roll hook writes are left out.
  const loose = readLooseRoll(message.flags[SYSTEM_ID]?.loose);
  if (loose && !html.querySelector(".d20c-loose-roll")) {
    const content = html.querySelector(".message-content") ?? html;
    const viewer = currentViewer();
    const sync = renderLooseRollSync(loose, viewer);
    if (sync !== null) content.insertAdjacentHTML("beforeend", sync);
    else void renderLooseRoll(loose, viewer).then((h) => content.insertAdjacentHTML("beforeend", h));
  }
}
