/**
 * Apply and undo buttons of the attack card, in Foundry ([SYS-TARGETS], [SYS-PERM]). A click is
 * routed (socket.ts): done here by the GM or an owner of both target and card, else by the active
 * GM through a query, else refused with a notice. Done means: the ruleset decides (apply-core.ts),
 * the rolls it asks for are rolled and posted, the target is written in one update, and the card
 * records the amount with its undo.
 */
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { ownsUuid, renderRuleCard, publicViewer } from "../applications/chat/render.js";
import type { SaveRoll } from "../dice/rolls.js";
import { EngineError } from "../engine/errors.js";
import {
  askGM,
  QUERY_APPLY,
  QUERY_UNDO,
  routeAction,
  type ActionReport,
  type ApplyQueryData,
  type UndoQueryData,
} from "../socket.js";
import { decideApplication, decideUndo, findTarget, ongoingName } from "./apply-core.js";
import { APPLY_MODES, type ApplyMode, type AttackCardData, type RuleCardData } from "./card-data.js";
import type { ResolvedRequest } from "./requests.js";
import {
  actorFromUuid,
  changeEffects,
  effectSources,
  engineSource,
  fmt,
  postCard,
  rollRequest,
  writeEngineSource,
} from "./foundry-docs.js";

/** The attack card data of a message, or null. */
export function cardOf(message: ChatMessage): AttackCardData | null {
  return message.flags[SYSTEM_ID]?.attack ?? null;
}

async function saveCard(message: ChatMessage, card: AttackCardData): Promise<void> {
  await message.update({ flags: { [SYSTEM_ID]: { attack: card } } });
}

/** One card change at a time per message on this client (two quick clicks must not lose a record). */
const queues = new Map<string, Promise<unknown>>();
function serialise<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const prev = queues.get(key) ?? Promise.resolve();
  const next = prev.then(fn, fn);
  queues.set(
    key,
    next.catch(() => undefined),
  );
  return next;
}

/** Post the rolls the rules asked for while applying (death saves…) with what they did. */
export async function postRequestRolls(
  actor: Actor.Implementation,
  title: string,
  rolls: { resolved: ResolvedRequest; roll: SaveRoll }[],
  events: RuleCardData["events"],
): Promise<void> {
  if (!rolls.length && !events.length) return;
  const data: RuleCardData = {
    version: 1,
    actorUuid: actor.uuid,
    actorName: actor.name ?? "",
    title,
    rolls: rolls.map(({ resolved, roll }) => ({
      label: resolved.request.label,
      formula: roll.formula,
      total: resolved.result.total,
      natural: resolved.result.natural,
      target: resolved.request.target,
      against: resolved.request.against,
      success: resolved.success,
    })),
    events,
  };
  const content = await renderRuleCard(data, publicViewer());
  await postCard({ actor, content, rolls: rolls.map((r) => r.roll), flags: { rule: data } });
}

/** Apply on this client (the GM, or an owner of the target and the card). */
export async function applyHere(data: ApplyQueryData): Promise<ActionReport> {
  const message = game.messages.get(data.messageId);
  if (!message) return { ok: false, message: "D20C.Chat.Error.NoMessage" };
  if (!(APPLY_MODES as readonly string[]).includes(data.mode)) return { ok: false, message: "D20C.Chat.Error.BadMode" };
  return serialise(data.messageId, async () => {
    const card = cardOf(message);
    if (!card) return { ok: false, message: "D20C.Chat.Error.NoMessage" };
    const target = findTarget(card, data.targetUuid);
    const actor = await actorFromUuid(target.uuid);
    if (!actor) return { ok: false, message: "D20C.Chat.Error.NoTarget", data: { name: target.name } };
    const made: { resolved: ResolvedRequest; roll: SaveRoll }[] = [];
    const pending: SaveRoll[] = [];
    const i18n = {
      has: (k: string) => game.i18n.has(k),
      localize: (k: string) => game.i18n.localize(k),
      format: (k: string, d: Record<string, string | number>) => fmt(k, d),
    };
    const decision = await decideApplication({
      effects: effectSources(actor),
      effectId: foundry.utils.randomID(),
      ongoingName: card.ongoing ? ongoingName(card.ongoing, i18n) : "",
      ruleset: activeRuleset(),
      options: ruleOptions(),
      card,
      targetUuid: data.targetUuid,
      mode: data.mode as ApplyMode,
      actor: engineSource(actor),
      actorId: actor.id ?? "",
      userId: data.userId,
      recordId: foundry.utils.randomID(),
      roll: async (request) => {
        const { roll, result } = await rollRequest(request);
        pending.push(roll);
        return result;
      },
    });
    decision.rolls.forEach((resolved, i) => made.push({ resolved, roll: pending[i] as SaveRoll }));
    await writeEngineSource(actor, decision.next);
    await changeEffects(actor, decision.effects);
    await saveCard(message, decision.card);
    if (made.length) await postRequestRolls(actor, "D20C.Chat.RulesRolls", made, decision.record.events);
    const healing = data.mode === "heal" || data.mode === "temp";
    return {
      ok: true,
      message: healing ? "D20C.Chat.Applied.HealReport" : "D20C.Chat.Applied.DamageReport",
      data: { name: target.name, amount: decision.record.dealt },
    };
  });
}

/** Undo on this client. */
export async function undoHere(data: UndoQueryData): Promise<ActionReport> {
  const message = game.messages.get(data.messageId);
  if (!message) return { ok: false, message: "D20C.Chat.Error.NoMessage" };
  return serialise(data.messageId, async () => {
    const card = cardOf(message);
    const record = card?.applied.find((r) => r.id === data.recordId);
    if (!card || !record) return { ok: false, message: "D20C.Chat.Error.NoMessage" };
    const actor = await actorFromUuid(record.targetUuid);
    if (!actor) return { ok: false, message: "D20C.Chat.Error.NoTarget", data: { name: record.targetUuid } };
    const decision = decideUndo(card, data.recordId, engineSource(actor));
    await writeEngineSource(actor, decision.restore);
    await changeEffects(actor, decision.effects);
    await saveCard(message, decision.card);
    return {
      ok: true,
      message: decision.changedSince ? "D20C.Chat.Undo.ChangedSince" : "D20C.Chat.Undo.Done",
      data: { name: actor.name ?? "" },
    };
  });
}

function notify(level: "info" | "warn" | "error", report: ActionReport): void {
  const text = fmt(report.message, report.data ?? {});
  ui.notifications?.[level](text);
}

function facts(message: ChatMessage, targetUuid: string) {
  return {
    isGM: game.user.isGM,
    ownsActor: ownsUuid(targetUuid),
    ownsMessage: message.isOwner,
    gmOnline: Boolean(game.users.activeGM),
  };
}

/** An apply button was clicked. */
export async function onApplyClick(message: ChatMessage, targetUuid: string, mode: string): Promise<void> {
  const data: ApplyQueryData = { messageId: message.id ?? "", targetUuid, mode, userId: game.user.id ?? "" };
  await routeAction({
    facts: facts(message, targetUuid),
    local: () => guard(() => applyHere(data)),
    viaGM: () => askGM(QUERY_APPLY, data),
    notify,
  });
}

/** An undo button was clicked. */
export async function onUndoClick(message: ChatMessage, recordId: string): Promise<void> {
  const record = cardOf(message)?.applied.find((r) => r.id === recordId);
  if (!record) return;
  const data: UndoQueryData = { messageId: message.id ?? "", recordId, userId: game.user.id ?? "" };
  await routeAction({
    facts: facts(message, record.targetUuid),
    local: () => guard(() => undoHere(data)),
    viaGM: () => askGM(QUERY_UNDO, data),
    notify,
  });
}

/** Turn an engine refusal into a report (nothing was written: decisions come before writes). */
export async function guard(fn: () => Promise<ActionReport>): Promise<ActionReport> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof EngineError)
      return { ok: false, message: "D20C.Chat.Error.Engine", data: { field: err.field, message: err.message } };
    throw err;
  }
}
