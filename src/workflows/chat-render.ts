/**
 * Rendering our chat cards in Foundry: template paths, the viewer (who is looking, what they own,
 * the visibility setting) and the attack card's per-viewer re-render.
 */
import { SYSTEM_ID } from "../constants.js";
import { isDocumentUuid } from "../foundry-compat.js";
import { cardVisibility } from "../settings-attack.js";
import type { AttackCardData, LooseRollData, RuleCardData } from "../engine/plans/card-data.js";
import { attackCardContext, type CardViewer } from "../engine/views/attack-card-context.js";
import { looseRollContext, ruleCardContext } from "../engine/views/rule-card-context.js";
import { cardLine } from "./card-line.js";

const TEMPLATES = {
  attack: `systems/${SYSTEM_ID}/templates/chat/attack-card.hbs`,
  loose: `systems/${SYSTEM_ID}/templates/chat/loose-roll.hbs`,
  rule: `systems/${SYSTEM_ID}/templates/chat/rule-card.hbs`,
  situation: `systems/${SYSTEM_ID}/templates/chat/situation-dialog.hbs`,
} as const;

/** Preload the chat templates (init): they become partials so cards can re-render synchronously. */
export async function preloadChatTemplates(): Promise<void> {
  await foundry.applications.handlebars.loadTemplates(Object.values(TEMPLATES));
}

/** Whether the current user owns the document behind a UUID (token or actor). */
function ownsUuid(uuid: string): boolean {
  if (!isDocumentUuid(uuid)) return false;
  try {
    const doc = fromUuidSync(uuid);
    return doc instanceof foundry.abstract.Document && doc.isOwner;
  } catch {
    return false;
  }
}

/** A viewer's words: the user's language (game.i18n). */
const words: Pick<CardViewer, "localize" | "has" | "format"> = {
  localize: (k) => game.i18n.localize(k),
  has: (k) => game.i18n.has(k),
  format: (k, data) => game.i18n.format(k, data as Record<string, string>),
};

/** The card viewer for the current user. */
export function currentViewer(): CardViewer {
  return {
    isGM: game.user.isGM,
    userId: game.user.id ?? "",
    ownsTarget: ownsUuid,
    visibility: cardVisibility(),
    ...words,
  };
}

/**
 * A public viewer (no ownership): what the stored message content shows before a re-render. It
 * reads no setting and no user: whoever looks, it sees no numbers and owns nothing.
 */
export function publicViewer(): CardViewer {
  return { isGM: false, userId: "", ownsTarget: () => false, visibility: "gm", ...words };
}

/** Render a template synchronously when it is preloaded (partial), else null. */
function renderSync(path: string, context: object): string | null {
  const partial = (Handlebars.partials as Record<string, unknown>)[path];
  if (typeof partial === "function") {
    return (partial as (ctx: object, opts: object) => string)(context, {
      allowProtoMethodsByDefault: true,
      allowProtoPropertiesByDefault: true,
    });
  }
  return null;
}

/** Template data: a string-keyed record (what `renderTemplate` takes). */
type TemplateData = Readonly<Record<string, unknown>>;

async function render(path: string, context: TemplateData): Promise<string> {
  return renderSync(path, context) ?? (await foundry.applications.handlebars.renderTemplate(path, context));
}

/**
 * The attack card's context, or null when its data cannot be read: a card's author may write any
 * JSON into the parts the model keeps whole (an outcome, a recipe, a power), and such a card must
 * not break every client's chat.
 */
function readableContext(card: AttackCardData, viewer: CardViewer): ReturnType<typeof attackCardContext> | null {
  try {
    return attackCardContext(card, viewer);
  } catch (err) {
    if (err instanceof TypeError || err instanceof RangeError) return null;
    throw err;
  }
}

/** What a card whose data cannot be read shows instead (in the card's own element, so it re-renders). */
function unreadableCard(): string {
  return `<div class="d20c-attack-card d20c-attack-card--unreadable"><p>${game.i18n.localize("D20C.Chat.Error.Unreadable")}</p></div>`;
}

export const renderAttackCard = (card: AttackCardData, viewer: CardViewer): Promise<string> => {
  const context = readableContext(card, viewer);
  return context ? render(TEMPLATES.attack, context) : Promise.resolve(unreadableCard());
};
export const renderAttackCardSync = (card: AttackCardData, viewer: CardViewer): string | null => {
  const context = readableContext(card, viewer);
  return context ? renderSync(TEMPLATES.attack, context) : unreadableCard();
};
/** The short line an attack card's message stores as its `content` (see card-line.ts), in the world's language. */
export const storedCardLine = (card: AttackCardData): string =>
  cardLine(card, { format: (k, data) => game.i18n.format(k, data) });
export const renderLooseRoll = (data: LooseRollData, viewer: CardViewer): Promise<string> =>
  render(TEMPLATES.loose, looseRollContext(data, viewer));
export const renderLooseRollSync = (data: LooseRollData, viewer: CardViewer): string | null =>
  renderSync(TEMPLATES.loose, looseRollContext(data, viewer));
export const renderRuleCard = (data: RuleCardData, viewer: CardViewer): Promise<string> =>
  render(TEMPLATES.rule, ruleCardContext(data, viewer));
export const renderSituationDialog = (context: TemplateData): Promise<string> => render(TEMPLATES.situation, context);
