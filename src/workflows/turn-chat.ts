/**
 * Turn summaries in Foundry ([SYS-TURNS]): one chat message per combatant turn in which something
 * happened (what its start and end did, line by line, with every roll), one per round or battle
 * event; nothing when nothing happened. Lines players may not read go to a GM-only copy. Each line
 * has the GM's Undo, which reverses what that step changed (the difference its record holds),
 * keeping what happened since.
 */
import { SYSTEM_ID } from "../constants.js";
import { isDocumentUuid } from "../foundry-compat.js";
import { effectCreateData, type SystemEffectData } from "../data/effects.js";
import {
  hasUndo,
  mergeRepeatedLines,
  splitByAudience,
  turnSummaryView,
  type SummaryLine,
  type SummarySubject,
} from "./combat-chat.js";
import type { ChatLine, UndoRecord } from "../engine/plans/turns.js";
import { diffActor, invertChanges } from "../engine/changes.js";
import { indexed, noteMessage } from "./chat-index.js";
import { boundUndo } from "../engine/undo-bounds.js";
import { publicEvents } from "../engine/plans/card-secrets.js";
import { activeRuleset } from "../active-ruleset.js";
import { withActorQueue } from "./actor-queue.js";
import { undoneCardCreations } from "./card-ledger.js";
import { grantCombatantAction, type EconomyCombatant } from "./actions.js";
import { routePress } from "./apply-damage.js";
import { askGM, isShortText, type ActionReport, type Asker, type RelayRequest } from "../socket.js";
import {
  readTurnSummary,
  readTurnUndo,
  subjectOf,
  TURN_SUMMARY_TYPE,
  type StoredUndo,
  type TurnSummarySource,
  type TurnUndoRecord,
} from "./turn-summary-data.js";

export const TURN_SUMMARY_TEMPLATE = `systems/${SYSTEM_ID}/templates/combat/turn-summary.hbs`;

function format(key: string, data?: Record<string, string | number>): string {
  const i18n = game.i18n;
  if (!i18n) return key;
  return data ? i18n.format(key, data as Record<string, string>) : i18n.localize(key);
}

/** The message content every reader gets (the GM's Undo buttons are added when it renders). */
async function render(source: TurnSummarySource): Promise<string> {
  const view = turnSummaryView(subjectOf(source), source.lines, format, { isGM: false });
  return foundry.applications.handlebars.renderTemplate(TURN_SUMMARY_TEMPLATE, view);
}

/** The stored fields of a subject. */
function subjectFields(
  subject: SummarySubject,
): Pick<TurnSummarySource, "kind" | "combatantId" | "actorId" | "name" | "round"> {
  return subject.kind === "turn"
    ? {
        kind: "turn",
        combatantId: subject.combatantId,
        actorId: subject.actorId ?? "",
        name: subject.name,
        round: subject.round,
      }
    : { kind: "event", combatantId: "", actorId: "", name: "", round: 0 };
}

/** The part of Dice So Nice's `game.dice3d` used here (absent without the module). */
interface Dice3dShow {
  showForRoll(
    roll: Roll.Any,
    user: unknown,
    synchronize: boolean,
    whisper: string[] | null,
    blind: boolean,
    messageId: string | null,
  ): Promise<unknown>;
  /** Resolves once the dice of that message have finished rolling (Dice So Nice 4.x and later). */
  waitFor3DAnimationByMessageID?(messageId: string): Promise<unknown>;
}

const gmIds = (): string[] => (game.users?.filter((u) => u.isGM) ?? []).map((u) => u.id);

/** A posted summary that later lines of the same turn join. */
interface OpenSummary {
  message: ChatMessage;
  source: TurnSummarySource;
  rolls: Roll.Any[];
  /** Its GM-only undo record (null until a line of it can be undone). */
  record: ChatMessage | null;
}

/** A line's undo as the GM-only record keeps it: each actor's differences, not its whole before and after. */
function storedUndo(undo: UndoRecord): StoredUndo {
  return {
    actors: undo.actors.map((a) =>
      a.after
        ? { actorId: a.actorId, changes: diffActor(a.before, a.after) }
        : { actorId: a.actorId, restore: a.before },
    ),
    removedEffects: undo.removedEffects,
    addedEffects: undo.addedEffects,
    updatedEffects: undo.updatedEffects,
    ...(undo.items?.length ? { items: undo.items } : {}),
    ...(undo.actions?.length ? { actions: undo.actions } : {}),
  };
}

/**
 * The lines as a summary stores them ([SYS-HIDDEN]): without their undo, which goes to the
 * summary's GM-only record by the line's index (from `first`, where these lines start); in a
 * summary everyone receives (`open`), without the events that state a creature's pools.
 */
function withoutUndo(
  lines: readonly ChatLine[],
  first: number,
  open: boolean,
): { lines: ChatLine[]; undo: Record<string, StoredUndo> } {
  const undo: Record<string, StoredUndo> = {};
  const stored = lines.map((shown, i) => {
    const line = open ? { ...shown, events: publicEvents(shown.events) } : shown;
    if (!line.undo) return line;
    const can = hasUndo(line);
    if (can) undo[String(first + i)] = storedUndo(line.undo);
    return { ...line, undo: null, ...(can ? { undoable: true } : {}) };
  });
  return { lines: stored, undo };
}

/** Write a summary's new undo records into its GM-only record (made on the first). */
async function writeUndoRecord(
  summary: ChatMessage,
  record: ChatMessage | null,
  lines: Record<string, StoredUndo>,
  removedEffects: Record<string, ActiveEffect.CreateData>,
): Promise<ChatMessage | null> {
  if (!Object.keys(lines).length) return record;
  if (record) {
    // Only the new lines: the update merges them beside the ones already kept.
    await record.update({ flags: { [SYSTEM_ID]: { turnUndo: { lines, removedEffects } } } } as ChatMessage.UpdateData);
    return record;
  }
  const data: TurnUndoRecord = { summaryId: summary.id ?? "", lines, removedEffects };
  const created = await ChatMessage.create({
    content: format("D20C.Combat.Line.UndoRecord"),
    whisper: gmIds(),
    flags: { [SYSTEM_ID]: { turnUndo: data } },
  } as ChatMessage.CreateData);
  if (created) noteMessage(created);
  return created ?? null;
}

/** A summary's GM-only undo record (GM-written, found through the chat index), or null. */
function undoRecordOf(summary: ChatMessage): TurnUndoRecord | null {
  for (const m of indexed("turnUndo", summary.id ?? "")) {
    const record = readTurnUndo(m);
    if (record?.summaryId === summary.id) return record;
  }
  return null;
}

/**
 * The undo of line `index` of a summary: from its GM-only record, or the line's own record (lines
 * of older versions, and of GM-only summaries posted before records moved), with the full data of
 * the effects it removed.
 */
function undoOfLine(
  summary: ChatMessage,
  source: TurnSummarySource,
  index: number,
): { undo: StoredUndo; removedEffects: Record<string, ActiveEffect.CreateData> } | null {
  const record = summary.author?.isGM ? undoRecordOf(summary) : null;
  const kept = record?.lines[String(index)];
  if (record && kept) return { undo: kept, removedEffects: { ...source.removedEffects, ...record.removedEffects } };
  const inline = source.lines[index]?.line.undo;
  return inline && hasUndo(source.lines[index]!.line)
    ? { undo: storedUndo(inline), removedEffects: source.removedEffects }
    : null;
}

/**
 * The summaries of the turn each combat is on (turn key, then one per audience), on the GM client
 * that runs the turn events: its end's lines join what its start posted.
 */
const openSummaries = new Map<string, { key: string; byAudience: Map<boolean, OpenSummary> }>();
/** At most this many combats keep a summary open (the latest to post); one that comes back starts a new message. */
const OPEN_COMBATS_MAX = 8;

function turnKey(subject: SummarySubject): string | null {
  return subject.kind === "turn" ? `${subject.round}:${subject.combatantId}` : null;
}

/**
 * Collects the lines of one phase of the battle (and the rolls each made) and posts them as one
 * summary per audience: the turn's summary if that turn already has one, else a new message.
 */
export class TurnSummaryPoster {
  private readonly lines: ChatLine[] = [];
  private readonly rollsByLine = new Map<ChatLine, Roll.Any[]>();

  constructor(
    private readonly subject: SummarySubject,
    private readonly extra: {
      combatId: string;
      /** Full data of the effects the steps deleted, by id. */
      removedEffects: Map<string, ActiveEffect.CreateData>;
      /** Actor keys of combatants players cannot see: lines about them go to the GMs only. */
      hiddenActors?: ReadonlySet<string>;
    },
  ) {}

  /** A line the plan runner produced, with the rolls made since the previous one. */
  add(line: ChatLine, rolls: Roll.Any[]): void {
    this.lines.push(line);
    this.rollsByLine.set(line, rolls);
  }

  /** Post (or extend) the summaries; nothing when no line was added. */
  async flush(): Promise<void> {
    const lines = this.subject.kind === "turn" ? this.lines : mergeRepeatedLines(this.lines);
    // A merged line rolled nothing; every other line is one the runner posted.
    const rollsOf = (line: ChatLine) => this.rollsByLine.get(line) ?? [];
    const { everyone, gmOnly } = splitByAudience(lines, this.subject, this.extra.hiddenActors ?? new Set<string>());
    const key = turnKey(this.subject);
    let open = openSummaries.get(this.extra.combatId);
    if (!open || open.key !== key) {
      open = { key: key ?? "", byAudience: new Map() };
      openSummaries.delete(this.extra.combatId);
      if (key) openSummaries.set(this.extra.combatId, open);
      // Combats that ended keep no summary open: the longest idle ones go first.
      for (const id of openSummaries.keys()) if (openSummaries.size > OPEN_COMBATS_MAX) openSummaries.delete(id);
    }
    for (const [whispered, group] of [
      [false, everyone],
      [true, gmOnly],
    ] as const) {
      if (!group.length) continue;
      const rolls = group.flatMap(rollsOf);
      const removedEffects: Record<string, ActiveEffect.CreateData> = {};
      for (const r of group.flatMap((l) => l.undo?.removedEffects ?? [])) {
        const full = this.extra.removedEffects.get(r.effect.id);
        if (full) removedEffects[r.effect.id] = full;
      }
      const existing = key ? open.byAudience.get(whispered) : undefined;
      const stored = withoutUndo(group, existing?.source.lines.length ?? 0, !whispered);
      const entries: SummaryLine[] = stored.lines.map((line) => ({ line, undone: false }));
      if (existing) {
        existing.source = { ...existing.source, lines: [...existing.source.lines, ...entries] };
        existing.rolls = [...existing.rolls, ...rolls];
        // Dice So Nice animates a message's rolls when it is created; the rolls a turn's end adds
        // to its summary are shown the way the module offers for rolls outside a new message, and
        // before the summary shows their results (the dice land first, as on a new message).
        const dice3d = (game as { dice3d?: Dice3dShow }).dice3d;
        if (dice3d)
          for (const roll of rolls)
            await dice3d.showForRoll(roll, game.user, true, whispered ? gmIds() : null, false, existing.message.id);
        await existing.message.update({
          content: await render(existing.source),
          rolls: existing.rolls,
          system: { lines: existing.source.lines },
        } as ChatMessage.UpdateData);
        existing.record = await writeUndoRecord(existing.message, existing.record, stored.undo, removedEffects);
        continue;
      }
      const source: TurnSummarySource = {
        combatId: this.extra.combatId,
        ...subjectFields(this.subject),
        lines: entries,
        removedEffects: {},
      };
      const message = await ChatMessage.create({
        type: TURN_SUMMARY_TYPE,
        system: source,
        content: await render(source),
        rolls,
        ...(whispered ? { whisper: gmIds() } : {}),
      } as ChatMessage.CreateData);
      if (!message) continue;
      // [SYS-RELEASE] issue 37: the turn's next events wait until Dice So Nice has shown this
      // message's dice (its API's wait by message id; nothing to wait for without the module or rolls).
      const dice3d = (game as { dice3d?: Dice3dShow }).dice3d;
      if (dice3d?.waitFor3DAnimationByMessageID && rolls.length) await dice3d.waitFor3DAnimationByMessageID(message.id);
      const record = await writeUndoRecord(message, null, stored.undo, removedEffects);
      if (key) open.byAudience.set(whispered, { message, source, rolls, record });
    }
  }
}

/** Post one step's line on its own (a save rolled from the sheet). */
export async function postTurnLine(
  line: ChatLine,
  extra: {
    rolls: Roll.Any[];
    removedEffects: Map<string, ActiveEffect.CreateData>;
    combatId: string;
    hiddenActors?: ReadonlySet<string>;
  },
): Promise<void> {
  const poster = new TurnSummaryPoster({ kind: "event" }, extra);
  poster.add(line, extra.rolls);
  await poster.flush();
}

/** A turn summary line's Undo: the summary message and the line's index in it. */
export interface TurnUndoRequest {
  messageId: string;
  index: number;
}

/** A turn summary holds fewer lines than this. */
const MAX_LINE = 1000;

/**
 * The relay's turn-line undo ([SYS-TURNS]): the summary and the line; only a GM may ask (a player's
 * request is refused); the active GM's client reverses the line's step. It is itself an undo.
 */
export const TURN_UNDO_REQUEST: RelayRequest<TurnUndoRequest> = {
  action: "turnUndo",
  read: ({ messageId, index }) =>
    isShortText(messageId) && typeof index === "number" && Number.isSafeInteger(index) && index >= 0 && index < MAX_LINE
      ? { messageId, index }
      : null,
  mayAsk: (asker) => (asker.isGM ? null : "D20C.Combat.Line.UndoRefused"),
  run: (data, asker) => undoTurnLineHere(data, asker),
  undoneBy: null,
};

/**
 * Undo one line of a summary ([SYS-TURNS], [SYS-PERM]): reverse what its step changed on each
 * actor (the difference between the actor before and after the step, applied to the actor as it
 * is now, so later hits, heals and conditions stay), re-create the effects it removed (unless
 * their creation was undone since), delete the ones it added. Carried out on the active GM's
 * client for a GM the transport named (another GM's press is asked of it), in the queue of the
 * line's actors and its message, where the line is read again: two GMs, or two renderings of the
 * message, pressing it at once undo it once. Other lines stay as they are. Only GM-written
 * summaries are undone; lines from older versions, which hold only the prior state, restore it.
 */
function undoTurnLineHere(data: TurnUndoRequest, asker: Asker): Promise<ActionReport> {
  const message = game.messages.get(data.messageId);
  if (!message) return Promise.resolve({ ok: false, message: "D20C.Combat.Line.UndoGone" });
  return undoTurnLine(message, data.index, asker);
}

/** {@link undoTurnLineHere} of line `index` of a summary message this client holds. */
async function undoTurnLine(message: ChatMessage, index: number, asker: Asker): Promise<ActionReport> {
  if (!asker.isGM) return { ok: false, message: "D20C.Combat.Line.UndoRefused" };
  const first = message.author?.isGM ? readTurnSummary(message) : null;
  const named = first ? undoOfLine(message, first, index)?.undo : null;
  if (!named) return { ok: false, message: "D20C.Combat.Line.UndoGone" };
  /** The actor behind a plan's actor key (its UUID: src/documents/combatant.ts actorKeyOf). */
  const actorOf = (key: string): Actor.Implementation | null => {
    if (!isDocumentUuid(key)) return null;
    const doc = fromUuidSync(key);
    return doc instanceof Actor.implementation ? doc : null;
  };
  const keys = [
    ...named.actors.map((a) => a.actorId),
    ...named.removedEffects.map((r) => r.actorId),
    ...named.addedEffects.map((r) => r.actorId),
  ].flatMap((k) => {
    const actor = actorOf(k);
    return actor ? [actor.uuid] : [];
  });
  return withActorQueue([...keys, `ChatMessage.${message.id ?? ""}`], async () => {
    // Read the line afresh: another press of it may have undone it while this one waited.
    const source = readTurnSummary(message);
    const entry = source?.lines[index];
    const found = source && entry && !entry.undone ? undoOfLine(message, source, index) : null;
    if (!source || !entry || !found) return { ok: false, message: "D20C.Combat.Line.UndoGone" };
    const undo = found.undo;
    const conflicts: string[] = [];
    const gone = undoneCardCreations();
    for (const a of undo.actors) {
      const actor = actorOf(a.actorId);
      if (!actor) continue;
      if ("restore" in a) {
        await actor.applyEngineActor(a.restore);
        continue;
      }
      const current = actor.toEngineSource();
      const plan = invertChanges(a.changes, current, [], gone);
      conflicts.push(...plan.conflicts.map((c) => c.path));
      // Held to the game's bounds (max HP, wounds, temporary HP): said like a field left alone.
      const held = boundUndo(activeRuleset(), current, plan.next, a.changes);
      conflicts.push(...held.shortfalls.map((s) => (s.field === "hp" ? "hp.value" : "hp.temp")));
      await actor.applyEngineActor(held.next);
    }
    for (const r of undo.removedEffects) {
      const actor = actorOf(r.actorId);
      if (!actor || actor.effects.has(r.effect.id) || gone.has(r.effect.id)) continue;
      const full = found.removedEffects[r.effect.id];
      const { id, ...rest } = r.effect;
      await actor.createEmbeddedDocuments("ActiveEffect", [full ?? { _id: id, ...effectCreateData(rest) }], {
        keepId: true,
      });
    }
    for (const r of undo.addedEffects) {
      const actor = actorOf(r.actorId);
      if (actor?.effects.has(r.effectId)) await actor.deleteEmbeddedDocuments("ActiveEffect", [r.effectId]);
    }
    // [SYS-MONSTERS] a recharge undone: the power's usage as it was.
    for (const r of undo.items ?? []) await actorOf(r.actorId)?.items.get(r.itemId)?.update({ system: r.before });
    // [FF-ACTIONPOINTS] an action point's extra action taken back (one already taken stays taken).
    for (const r of undo.actions ?? []) {
      const combat = game.combats?.get(r.combatId) ?? (game.combat?.id === r.combatId ? game.combat : null);
      const holder = combat?.combatants.get(r.combatantId);
      if (holder) await grantCombatantAction(holder as unknown as EconomyCombatant, r.kind, true);
    }
    for (const r of undo.updatedEffects) {
      const doc = actorOf(r.actorId)?.effects.get(r.before.id);
      const { id: _id, name, statuses, ...rest } = r.before;
      await doc?.update({ name, statuses, flags: { [SYSTEM_ID]: { effect: rest as SystemEffectData } } });
    }
    await markUndone(message, source, index);
    const name = entry.line.data.name ?? "";
    if (conflicts.length)
      return {
        ok: true,
        warn: true,
        message: "D20C.Chat.Undo.Conflict",
        data: { name, fields: [...new Set(conflicts)].join(", ") },
      };
    return { ok: true, message: "D20C.Combat.Line.UndoDone", data: { name } };
  });
}

/** Write a summary's line `index` as undone (and every open summary holding that message). */
async function markUndone(message: ChatMessage, source: TurnSummarySource, index: number): Promise<void> {
  const lines = source.lines.map((l, i) => (i === index ? { ...l, undone: true } : l));
  const next: TurnSummarySource = { ...source, lines };
  for (const open of openSummaries.values())
    for (const o of open.byAudience.values()) if (o.message === message) o.source = next;
  if (message.type === TURN_SUMMARY_TYPE) {
    await message.update({ content: await render(next), system: { lines } } as ChatMessage.UpdateData);
    return;
  }
  const legacy = message.flags[SYSTEM_ID]?.turnLine;
  if (!legacy) return;
  await message.update({
    content: await render(next),
    flags: { [SYSTEM_ID]: { turnLine: { ...legacy, undone: true } } },
  });
}

/** `renderChatMessageHTML`: give each line that can be undone the GM's Undo button. Idempotent. */
export function onRenderTurnLine(message: ChatMessage, html: HTMLElement): void {
  const source = readTurnSummary(message);
  if (!source || !game.user?.isGM || !message.author?.isGM) return;
  const view = turnSummaryView(subjectOf(source), source.lines, format, { isGM: true });
  // Older messages hold one line without a line index.
  const hosts = [...html.querySelectorAll<HTMLElement>(".d20c-turn-line")];
  for (const line of view.lines) {
    const host = hosts.find((h) => h.dataset.line === String(line.index)) ?? (line.index === 0 ? hosts[0] : undefined);
    if (!host || !line.canUndo || host.querySelector(".d20c-turn-line__undo")) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "d20c-turn-line__undo";
    button.textContent = line.undoLabel;
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      const data: TurnUndoRequest = { messageId: message.id ?? "", index: line.index };
      routePress(
        (asker) => undoTurnLine(message, line.index, asker),
        () => askGM(TURN_UNDO_REQUEST, data),
      ).then(
        (report) => void (button.disabled = report.ok),
        (err: unknown) => {
          console.error(`${SYSTEM_ID} | undo failed`, err);
          ui.notifications?.error("D20C.Combat.Line.UndoFailed", { localize: true });
          button.disabled = false;
        },
      );
    });
    host.append(button);
  }
}
