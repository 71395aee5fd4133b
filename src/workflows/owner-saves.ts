/**
 * [SYS-MONSTERS] Targets' saves against a save-based power, rolled by each target's owner (world
 * setting `saveRollers`: "owners", the default; "attacker" keeps every roll on the attacker's
 * client). When the attacker rolls, its client asks the client that rolls each target's save
 * (src/engine/save-rollers.ts: the player whose creature it is, else the active GM's for an NPC)
 * by a query to that user alone; that client rolls the save's formula and posts the roll as its
 * own message (Foundry's server stamps the author), answering with the message's id. The attack
 * card carries that roll as the target's roll and names the message (`saveRolls`). Nobody to ask,
 * or no answer in time: the attacker's client rolls it, and the GM's ledger refuses a card whose
 * save another online user had to roll. The GM's client trusts only what it reads itself: the
 * message's author from the server, the roll stored in it, the DC and bonus it works out again.
 */
import { SYSTEM_ID } from "../constants.js";
import { AttackRoll } from "../dice/rolls.js";
import {
  isSaveFormula,
  saveFormulaKey,
  ownerSaveRefusal,
  saveRoller,
  type PostedSave,
} from "../engine/save-rollers.js";
import type { AttackCardData } from "../engine/plans/card-data.js";
import { settingOr, worldSetting } from "../settings.js";
import { allIndexed } from "./chat-index.js";
import { canonical, cardData } from "./card-messages.js";
import { actorFromUuid, fmt } from "./foundry-docs.js";
import { isDocumentUuid } from "../foundry-compat.js";

const SETTING_KEY = "saveRollers";
const CHOICES = ["owners", "attacker"] as const;

/** The query a target's roller answers: roll this save and post it. */
export const SAVE_QUERY = "d20-combat.rollSave";

/** How long the attacker's client waits for a save (ms). */
const SAVE_TIMEOUT_MS = 30_000;

/** Register the world setting (from the attack settings). */
export function registerSaveRollerSetting(): void {
  game.settings.register(
    SYSTEM_ID,
    SETTING_KEY,
    worldSetting("D20C.OwnerSaves.Setting", {
      type: String,
      choices: Object.fromEntries(CHOICES.map((c) => [c, `D20C.OwnerSaves.Setting.Choices.${c}`])),
      default: "owners",
    }),
  );
}

/** Whether targets' owners roll their saves (`owners` before the setting exists). */
function ownersRollSaves(): boolean {
  return settingOr(() => game.settings.get(SYSTEM_ID, SETTING_KEY) !== "attacker", true);
}

/** The user whose client rolls this actor's save (its id), or null: nobody online. */
function rollerOf(actor: Actor.Implementation): string | null {
  const users = game.users?.contents ?? [];
  return saveRoller(
    users.map((u) => ({
      id: u.id ?? "",
      isGM: u.isGM,
      active: u.active,
      owns: actor.testUserPermission(u, "OWNER"),
      character: Boolean(u.character && u.character.id === actor.id),
    })),
    game.users?.activeGM?.id ?? null,
  );
}

/** What the query carries: the target (token or actor UUID), the formula, the words of its card line. */
interface SaveAsk {
  targetUuid: string;
  formula: string;
  save: string;
  power: string;
}

function readAsk(data: unknown): SaveAsk | null {
  const d = (data ?? {}) as Record<string, unknown>;
  const keys = ["targetUuid", "formula", "save", "power"] as const;
  if (!keys.every((k) => typeof d[k] === "string" && (d[k] as string).length <= 400)) return null;
  return {
    targetUuid: d.targetUuid as string,
    formula: d.formula as string,
    save: d.save as string,
    power: d.power as string,
  };
}

/**
 * The query's handler on the roller's client: rolls the save of a creature this user owns (a GM
 * owns every one) and posts it as this user's message; answers its id, or null (not its creature,
 * bad data).
 */
export async function onSaveQuery(data: unknown): Promise<{ messageId: string } | null> {
  const ask = readAsk(data);
  if (!ask || !isSaveFormula(ask.formula)) return null;
  const actor = await actorFromUuid(ask.targetUuid);
  if (!actor || !actor.testUserPermission(game.user, "OWNER")) return null;
  // [SYS-HIDDEN] a creature on a token the GM hid is no target a player may name: its save roll
  // (its name, its bonus) is not posted for everyone to see.
  // Only a creature's token a player could target: a bare Actor or compendium uuid (a creature on
  // no scene, or whose only token is hidden) would make this client post its name for everyone.
  const token = isDocumentUuid(ask.targetUuid) ? await fromUuid(ask.targetUuid) : null;
  if (!(token instanceof TokenDocument.implementation) || token.hidden || token.combatant?.hidden) return null;
  let roll: AttackRoll;
  try {
    roll = new AttackRoll(ask.formula);
  } catch {
    return null;
  }
  // Asked again for a save no GM-decided card has taken yet (the same target, the same save however
  // written: "1d20+3", "1d20 + 03"): the same roll answers, so an asker cannot ask until a roll suits it.
  const formula = roll.formula;
  const waiting = untakenSave(ask.targetUuid, saveFormulaKey(ask.formula));
  if (waiting) return { messageId: waiting };
  try {
    await roll.evaluate();
  } catch {
    return null;
  }
  const message = await ChatMessage.create({
    speaker: ChatMessage.getSpeaker({ actor }),
    // The asker's words are text in this user's own message, never markup.
    content: fmt("D20C.OwnerSaves.Flavor", {
      name: escapeText(actor.name ?? ""),
      save: escapeText(ask.save),
      power: escapeText(ask.power),
    }),
    rolls: [roll],
    flags: { [SYSTEM_ID]: { ownerSave: { targetUuid: ask.targetUuid, formula } } },
  } as ChatMessage.CreateData);
  return message?.id ? { messageId: message.id } : null;
}

/** A save roll message's flag: the target, the formula asked, the card a GM's ledger took it for. */
interface SaveFlag {
  targetUuid?: unknown;
  formula?: unknown;
  takenBy?: unknown;
}

function saveFlag(message: ChatMessage | undefined): SaveFlag | undefined {
  const flags = message?.flags as Record<string, { ownerSave?: SaveFlag } | undefined> | undefined;
  return flags?.[SYSTEM_ID]?.ownerSave;
}

/** This user's own save roll for a target and save (its {@link saveFormulaKey}) that no card has taken (its id), or "". */
function untakenSave(targetUuid: string, key: string): string {
  for (const m of game.messages?.contents ?? []) {
    if (m.author?.id !== game.user.id) continue;
    const flag = saveFlag(m);
    if (flag?.targetUuid !== targetUuid || flag.takenBy !== undefined || typeof flag.formula !== "string") continue;
    if (saveFormulaKey(flag.formula) === key && m.id) return m.id;
  }
  return "";
}

/**
 * The GM's mark on each save roll message a card it decided took ([SYS-PERM]): the roller's
 * client then rolls afresh when asked again, and the roll counts for no other card even after this
 * card and its ledger are deleted.
 */
export async function markSavesTaken(card: AttackCardData, cardId: string): Promise<void> {
  if (!ownersRollSaves() || !card.saveAttack) return;
  for (const s of card.saveRolls ?? []) {
    const m = game.messages.get(s.messageId);
    const flag = saveFlag(m);
    if (!m || flag?.takenBy !== undefined || flag?.targetUuid !== s.targetUuid) continue;
    // Only a save the card needed (its target's roller's own roll): a card cannot burn another's.
    if (!card.targets.some((t) => t.uuid === s.targetUuid)) continue;
    const actor = await actorFromUuid(s.targetUuid);
    if (!actor || rollerOf(actor) !== m.author?.id) continue;
    await m.update({ flags: { [SYSTEM_ID]: { ownerSave: { takenBy: cardId } } } } as ChatMessage.UpdateData);
  }
}

/** Text as HTML shows it literally. */
function escapeText(text: string): string {
  const map: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  return text.replace(/[&<>"']/g, (c) => map[c] ?? c);
}

/** A target's save as its roller answered it: its roll and its message. */
interface OwnerSave {
  targetUuid: string;
  messageId: string;
  roll: Roll;
}

/**
 * Ask each target's roller for its save (the attacker's client), in target order: a save another
 * user rolled, or null where this client rolls it (its own creature, nobody online, no answer).
 */
export async function askOwnerSaves(
  targets: readonly { uuid: string; formula: string }[],
  words: { save: string; power: string },
): Promise<(OwnerSave | null)[]> {
  if (!ownersRollSaves()) return targets.map(() => null);
  return Promise.all(
    targets.map(async (t): Promise<OwnerSave | null> => {
      const actor = await actorFromUuid(t.uuid);
      const rollerId = actor ? rollerOf(actor) : null;
      const roller = rollerId ? game.users.get(rollerId) : null;
      if (!roller || roller.isSelf) return null;
      try {
        const ask: SaveAsk = { targetUuid: t.uuid, formula: t.formula, ...words };
        const answer = (await roller.query(SAVE_QUERY, ask, { timeout: SAVE_TIMEOUT_MS })) as {
          messageId?: unknown;
        } | null;
        const id = typeof answer?.messageId === "string" ? answer.messageId : "";
        const message = id ? game.messages.get(id) : undefined;
        const roll = message?.author?.id === roller.id && message.rolls.length === 1 ? message.rolls[0] : undefined;
        return roll ? { targetUuid: t.uuid, messageId: id, roll } : null;
      } catch (err) {
        console.warn(`${SYSTEM_ID} | a target's save was not rolled by its owner`, err);
        return null;
      }
    }),
  );
}

/** One stored roll's canonical JSON. */
function rollJson(stored: unknown): string {
  try {
    return canonical(typeof stored === "string" ? JSON.parse(stored) : stored);
  } catch {
    return "";
  }
}

/** The cards (other than `cardId`) whose GM ledger already took the save message `messageId`. */
function ledgersTaking(messageId: string, cardId: string): string[] {
  const out: string[] = [];
  // The GM's mark outlives the card and ledger that took it (a deleted card's save is not free again).
  const taken = saveFlag(game.messages.get(messageId))?.takenBy;
  if (taken !== undefined && taken !== cardId) out.push(String(taken));
  for (const m of allIndexed("ledger")) {
    if (!m.author?.isGM) continue;
    const ledger = cardData(m, "ledger");
    // A card the GM refused took nothing (its roll may stand on the card posted right).
    if (!ledger || ledger.status !== "valid" || ledger.cardId === cardId) continue;
    if ((ledger.card.saveRolls ?? []).some((s) => s.messageId === messageId)) out.push(ledger.cardId);
  }
  return out;
}

/**
 * The GM's check of the saves of a card its own decision found save-based (when owners roll them): "" when every save another
 * online user had to roll is that user's own roll message for that target, its roll the card's,
 * taken by no other card; else the refusal (a field name).
 */
export async function ownerSavesRefusal(message: ChatMessage, posted: AttackCardData): Promise<string> {
  if (!ownersRollSaves()) return "";
  const stored = message._source.rolls;
  const authorId = message.author?.id ?? "";
  for (const [i, t] of posted.targets.entries()) {
    const actor = await actorFromUuid(t.uuid);
    if (!actor) return "targets";
    const named = (posted.saveRolls ?? []).find((s) => s.targetUuid === t.uuid);
    const saveMessage = named ? game.messages.get(named.messageId) : undefined;
    const rolls = saveMessage?._source.rolls ?? [];
    const flag = saveFlag(saveMessage);
    const save: PostedSave | null = named
      ? {
          found: Boolean(saveMessage),
          authorId: saveMessage?.author?.id ?? null,
          targetUuid: typeof flag?.targetUuid === "string" ? flag.targetUuid : null,
          roll: rolls.length === 1 ? rollJson(rolls[0]) : "",
          usedBy: ledgersTaking(named.messageId, message.id ?? ""),
        }
      : null;
    const refusal = ownerSaveRefusal({
      roller: rollerOf(actor),
      authorId,
      targetUuid: t.uuid,
      roll: rollJson(stored[i]),
      posted: save,
      // A GM's own card may carry its own roll of a save whose player did not answer in time.
      authorIsGM: message.author?.isGM === true,
    });
    if (refusal) return refusal;
  }
  return "";
}
