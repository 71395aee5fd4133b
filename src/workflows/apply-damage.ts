/**
 * Apply and undo buttons of the attack card, in Foundry ([SYS-TARGETS], [SYS-PERM]). A click is
 * routed (socket.ts): carried out on the active GM's client, asked of it over the system socket by
 * every other client, or refused with a notice when no GM is online. Carried out means: the asker
 * (as the transport named them) may use the card (a GM, the card's author, an owner of the target),
 * the same application is not already in effect, and then — in the target actor's queue, on the
 * actor as it is now — the ruleset decides (src/engine/plans/apply.ts), the rolls it asks for are rolled and
 * posted, the target is written in one update, and the card records what the press changed.
 */
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import { renderRuleCard, publicViewer } from "./chat-render.js";
import type { SaveRoll } from "../dice/rolls.js";
import { EngineError } from "../engine/errors.js";
import type { UndoShortfall } from "../engine/undo-bounds.js";
import type { EffectTiming, TurnContext } from "../engine/types.js";
import { isDocumentUuid } from "../foundry-compat.js";
import {
  anyAsker,
  askGM,
  notifyReport,
  readTexts,
  relayFacts,
  routeAction,
  type ActionReport,
  type Asker,
  type RelayRequest,
} from "../socket.js";
import { withActorQueue } from "./actor-queue.js";
import { carryMobDamage, type MobCombat, type MobPress } from "./mobs.js";
import { cardKey, ensureLedger, saveLedger, undoneCardCreations } from "./card-ledger.js";
import { cardData, cardOf } from "./card-messages.js";
import { publicEvents, refusalKey } from "../engine/plans/card-secrets.js";
import { afterApplyHook, preApplyHook, requestApplyHook } from "./hooks.js";
import {
  amountFor,
  applicationKey,
  decideApplication,
  decideUndo,
  mayUseCard,
  ongoingName,
  standingRefusal,
} from "../engine/plans/apply.js";
import {
  APPLY_MODES,
  type ApplyMode,
  type AttackCardData,
  type CardLedger,
  type CardTarget,
  type RuleCardData,
} from "../engine/plans/card-data.js";
import type { ResolvedRequest } from "../engine/plans/requests.js";
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

/**
 * Post the rolls the rules asked for about `actor` (death saves, saves, recoveries…) with what they
 * did; whispered to `whisper` (user ids), which defaults to the GMs and its owners while the
 * creature is on a token the GM has hidden, else in the user's roll mode.
 */
export async function postRequestRolls(
  actor: Actor.Implementation,
  title: string,
  rolls: { resolved: ResolvedRequest; roll: SaveRoll }[],
  events: RuleCardData["events"],
  whisper: string[] | undefined = secretAudience(actor),
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
  await postCard({
    actor,
    content,
    rolls: rolls.map((r) => r.roll),
    kind: "rule",
    card: data,
    ...(whisper ? { whisper } : {}),
  });
}

/** This client's own user as an asker (the GM clicking on their own client). */
function selfAsker(): Asker {
  return { id: game.user.id ?? "", isGM: game.user.isGM };
}

/** Whether the asker may apply or undo through this card on this target. */
function permitted(message: ChatMessage, actor: Actor.Implementation, asker: Asker): boolean {
  const user = game.users.get(asker.id);
  if (!user) return false;
  return mayUseCard({
    isGM: user.isGM,
    isAuthor: (message.author?.id ?? null) === asker.id,
    ownsTarget: actor.testUserPermission(user, "OWNER"),
  });
}

/** The ledger of a card message (written now if this is the active GM's client and there is none). */
async function ledgerFor(
  messageId: string,
): Promise<
  | { ok: true; message: ChatMessage; ledgerMessage: ChatMessage; ledger: CardLedger }
  | { ok: false; report: ActionReport }
> {
  const message = game.messages.get(messageId);
  if (!message || !cardOf(message)) return { ok: false, report: { ok: false, message: "D20C.Chat.Error.NoMessage" } };
  const found = await ensureLedger(message);
  if (!found) return { ok: false, report: { ok: false, message: "D20C.Chat.Permission.NoGM" } };
  if (found.ledger.status !== "valid")
    return {
      ok: false,
      report: {
        ok: false,
        message: refusalKey(found.ledger.reason),
        data: { name: found.ledger.card.itemName, part: found.ledger.reason },
      },
    };
  return { ok: true, message, ledgerMessage: found.message, ledger: found.ledger };
}

/** A target of a card as the GM's ledger lists it, with its actor, or the report why there is none. */
export async function targetOnLedger(
  messageId: string,
  targetUuid: string,
): Promise<
  | {
      ok: true;
      message: ChatMessage;
      ledgerMessage: ChatMessage;
      ledger: CardLedger;
      listed: CardTarget;
      actor: Actor.Implementation;
    }
  | { ok: false; report: ActionReport }
> {
  const got = await ledgerFor(messageId);
  if (!got.ok) return got;
  const listed = got.ledger.card.targets.find((t) => t.uuid === targetUuid);
  if (!listed) return { ok: false, report: { ok: false, message: "D20C.Chat.Error.NotOnCard" } };
  const actor = await actorFromUuid(listed.uuid);
  if (!actor)
    return { ok: false, report: { ok: false, message: "D20C.Chat.Error.NoTarget", data: { name: listed.name } } };
  return { ...got, listed, actor };
}

/** The ledger as its message holds it now (another job may have written it while this one waited). */
export function freshLedger(ledgerMessage: ChatMessage): CardLedger | null {
  return cardData(ledgerMessage, "ledger");
}

/** Save the ledger's card and show its applications on the public card. */
async function record(message: ChatMessage, ledgerMessage: ChatMessage, ledger: CardLedger, card: AttackCardData) {
  await saveLedger(ledgerMessage, { ...ledger, card }, message);
}

/** What an apply button asks for. Who asks is never part of it. */
export interface ApplyRequest {
  messageId: string;
  targetUuid: string;
  mode: string;
}

/** What an undo button asks for. */
export interface UndoRequest {
  messageId: string;
  recordId: string;
}

/**
 * The relay's apply request ([SYS-PERM]): a card's target and mode; anyone may ask (the work checks
 * the asker may use the card on that target); the GM's client applies from its ledger; undone by
 * {@link UNDO_REQUEST}.
 */
export const APPLY_REQUEST: RelayRequest<ApplyRequest> = {
  action: "apply",
  read: (d) => readTexts(d, ["messageId", "targetUuid", "mode"]),
  mayAsk: anyAsker,
  run: (data, asker) => applyHere(data, asker),
  undoneBy: "undo",
};

/** The relay's undo request: a card and one of its records; the GM's client reverses that record. */
export const UNDO_REQUEST: RelayRequest<UndoRequest> = {
  action: "undo",
  read: (d) => readTexts(d, ["messageId", "recordId"]),
  mayAsk: anyAsker,
  run: (data, asker) => undoHere(data, asker),
  undoneBy: null,
};

/**
 * Apply on this client (the active GM's) for the asker the transport named. Everything applied —
 * which targets, their outcomes, the damage, the buttons the card offers — comes from the GM's
 * ledger of the card, never from the author's message.
 */
export async function applyHere(data: ApplyRequest, asker: Asker): Promise<ActionReport> {
  if (!(APPLY_MODES as readonly string[]).includes(data.mode)) return { ok: false, message: "D20C.Chat.Error.BadMode" };
  const mode = data.mode as ApplyMode;
  const got = await targetOnLedger(data.messageId, data.targetUuid);
  if (!got.ok) return got.report;
  const { message, ledgerMessage, listed, actor } = got;
  if (mode === "knockOut" && !got.ledger.card.knockOut) return { ok: false, message: "D20C.Chat.Error.BadMode" };
  if (!permitted(message, actor, asker))
    return { ok: false, message: "D20C.Chat.Permission.Refused", data: { name: listed.name } };
  // [13A-MOOKS] what a press dealt beyond a mook's HP, carried over its mob once the press is written.
  let mob: MobPress | null = null;
  const report = await withActorQueue([actor.uuid, cardKey(data.messageId)], async (): Promise<ActionReport> => {
    // Read the ledger and the actor afresh: another application may have run while this one waited.
    const ledger = freshLedger(ledgerMessage);
    const fresh = ledger?.card;
    const target = fresh?.targets.find((t) => t.uuid === listed.uuid);
    if (!ledger || !fresh || !target) return { ok: false, message: "D20C.Chat.Error.NoMessage" };
    const standing = standingRefusal(
      fresh.applied,
      applicationKey(message.id ?? "", target, mode),
      target.uuid,
      target.actorUuid,
    );
    if (standing?.message === "already")
      return { ok: false, message: "D20C.Chat.Error.AlreadyApplied", data: { name: target.name } };
    if (standing?.message === "sameCreature") {
      const first = fresh.targets.find((t) => t.uuid === standing.standing.targetUuid);
      return {
        ok: false,
        message: "D20C.Chat.Error.SameCreature",
        data: { name: target.name, other: first?.name ?? target.name },
      };
    }
    if (standing)
      return {
        ok: false,
        message: "D20C.Chat.Error.OtherApplied",
        data: { name: target.name, mode: game.i18n.localize(`D20C.Chat.Apply.${standing.standing.mode}`) },
      };
    // [SYS-HOOKS] the GM's client's modules may cancel or set the amount (within the card's bounds).
    const hookData = {
      messageId: message.id ?? "",
      targetUuid: target.uuid,
      targetName: target.name,
      actorUuid: actor.uuid,
      itemName: fresh.itemName,
      mode,
      userId: asker.id,
    };
    const hooked = preApplyHook(hookData, amountFor(target.damage, mode), target.damage * 2);
    if (hooked.cancelled) return { ok: false, message: "D20C.Hooks.Cancelled" };
    const made: { resolved: ResolvedRequest; roll: SaveRoll }[] = [];
    const pending: SaveRoll[] = [];
    const i18n = {
      has: (k: string) => game.i18n.has(k),
      localize: (k: string) => game.i18n.localize(k),
      format: (k: string, d: Record<string, string | number>) => fmt(k, d),
    };
    const timing = effectTiming(actor);
    const casterLevel = await casterLevelOf(fresh.actorUuid);
    const decision = await decideApplication({
      casterLevel,
      effects: effectSources(actor),
      ...(timing ? { timing } : {}),
      effectId: foundry.utils.randomID(),
      ongoingName: fresh.ongoing ? ongoingName(fresh.ongoing, i18n) : "",
      powerEffectIds: (fresh.power?.effects ?? []).map(() => foundry.utils.randomID()),
      powerEffectName: (body) =>
        body.statuses.length || !body.ongoing
          ? body.statusLabels.map((k) => game.i18n.localize(k)).join(", ")
          : ongoingName(body.ongoing, i18n),
      ruleset: activeRuleset(),
      options: ruleOptions(),
      card: fresh,
      cardId: message.id ?? "",
      targetUuid: target.uuid,
      mode,
      actor: engineSource(actor),
      actorId: actor.id ?? "",
      userId: asker.id,
      recordId: foundry.utils.randomID(),
      ...(hooked.changes.length ? { amount: hooked.value, hooks: hooked.changes } : {}),
      roll: async (request) => {
        const { roll, result } = await rollRequest(request, actor.getRollData());
        pending.push(roll);
        return result;
      },
    });
    decision.rolls.forEach((resolved, i) => made.push({ resolved, roll: pending[i] as SaveRoll }));
    await writeEngineSource(actor, decision.next);
    await changeEffects(actor, decision.effects);
    await record(message, ledgerMessage, ledger, decision.card);
    afterApplyHook(hookData, decision.record);
    if (made.length) {
      // A public card carries no event stating the target's pools (its maximum HP, [SYS-HIDDEN]).
      const audience = secretAudience(actor, target.uuid);
      const events = audience ? decision.record.events : publicEvents(decision.record.events);
      await postRequestRolls(actor, "D20C.Chat.RulesRolls", made, events, audience);
    }
    const healing = mode === "heal" || mode === "temp";
    if (!healing)
      mob = {
        actor: decision.next,
        actorUuid: actor.uuid,
        targetUuid: target.uuid,
        attackerUuid: fresh.actorUuid,
        melee: fresh.range === "melee",
        record: decision.record,
      };
    return {
      ok: true,
      message: healing ? "D20C.Chat.Applied.HealReport" : "D20C.Chat.Applied.DamageReport",
      data: { name: target.name, amount: decision.record.dealt },
    };
  });
  if (mob) await carryMobDamage(game.combat as unknown as MobCombat | null, mob);
  return report;
}

/**
 * [SYS-MONSTERS] The attacker's caster level for spell resistance: its level, read from the actor
 * the GM's ledger names (0 when it is gone).
 */
async function casterLevelOf(actorUuid: string): Promise<number> {
  const attacker = actorUuid ? await actorFromUuid(actorUuid) : null;
  const level = attacker ? engineSource(attacker).level : 0;
  return typeof level === "number" && Number.isFinite(level) ? level : 0;
}

/**
 * Who may read about a creature on a token the GM has hidden ([SYS-HIDDEN]): the GMs and the actor's
 * owners; undefined when the table may. The token is the one named (a card's target), else the
 * creature's own (an unlinked token's actor) and its tokens on the scenes where it acts.
 */
function secretAudience(actor: Actor.Implementation, tokenUuid?: string): string[] | undefined {
  const named = tokenUuid && isDocumentUuid(tokenUuid) ? fromUuidSync(tokenUuid) : null;
  const tokens = named && named instanceof TokenDocument.implementation ? [named] : creatureTokens(actor);
  if (!tokens.some((t) => t.hidden)) return undefined;
  return game.users.filter((u) => u.isGM || actor.testUserPermission(u, "OWNER")).map((u) => u.id ?? "");
}

/**
 * The tokens of a creature where it acts: its own (an unlinked token's actor), else its tokens on
 * the current combat's scene, the active scene and the viewed one (a linked creature hidden on the
 * battle's scene is hidden, whichever scene the GM looks at).
 */
function creatureTokens(actor: Actor.Implementation): TokenDocument.Implementation[] {
  if (actor.token) return [actor.token];
  const scenes = [game.combat?.scene, game.scenes?.active, canvas?.ready ? canvas.scene : null];
  const acting = [...new Set(scenes.filter((s): s is Scene.Implementation => Boolean(s)))];
  return acting.length ? actor.getDependentTokens({ scenes: acting }) : [];
}

/** Localised names of the fields an undo left alone. */
function conflictFields(paths: readonly string[]): string {
  return [...new Set(paths.map((p) => p.replace(/^effect:[^.]+\./, "")))].join(", ");
}

/** What an undo gave back of each number a bound held, in the reader's words ("2 of 8 HP"). */
function shortfallText(shortfalls: readonly UndoShortfall[]): string {
  return shortfalls
    .map((s) => fmt(`D20C.Chat.Undo.Gave.${s.field}`, { restored: Math.abs(s.restored), wanted: Math.abs(s.wanted) }))
    .join(", ");
}

/** Undo on this client (the active GM's) for the asker the transport named; the record comes from the GM's ledger. */
export async function undoHere(data: UndoRequest, asker: Asker): Promise<ActionReport> {
  const got = await ledgerFor(data.messageId);
  if (!got.ok) return got.report;
  const { message, ledgerMessage } = got;
  const listed = got.ledger.card.applied.find((r) => r.id === data.recordId);
  if (!listed) return { ok: false, message: "D20C.Chat.Error.NoRecord" };
  const actor = await actorFromUuid(listed.targetUuid);
  const name = got.ledger.card.targets.find((t) => t.uuid === listed.targetUuid)?.name ?? listed.targetUuid;
  if (!actor) return { ok: false, message: "D20C.Chat.Error.NoTarget", data: { name } };
  if (!permitted(message, actor, asker)) return { ok: false, message: "D20C.Chat.Permission.Refused", data: { name } };
  return withActorQueue([actor.uuid, cardKey(data.messageId)], async () => {
    const ledger = freshLedger(ledgerMessage);
    if (!ledger) return { ok: false, message: "D20C.Chat.Error.NoMessage" };
    const decision = decideUndo(
      ledger.card,
      data.recordId,
      engineSource(actor),
      effectSources(actor),
      undoneCardCreations(),
      activeRuleset(),
    );
    await writeEngineSource(actor, decision.restore);
    await changeEffects(actor, decision.effects);
    await record(message, ledgerMessage, ledger, decision.card);
    const who = { name: actor.name ?? name };
    if (decision.shortfalls.length) {
      // The numbers tell the creature's maximum HP: only to those who may read its sheet ([SYS-HIDDEN]).
      const user = game.users.get(asker.id);
      const mayRead = asker.isGM || (user ? actor.testUserPermission(user, "OBSERVER") : false);
      return mayRead
        ? {
            ok: true,
            warn: true,
            message: "D20C.Chat.Undo.Held",
            data: { ...who, held: shortfallText(decision.shortfalls) },
          }
        : { ok: true, warn: true, message: "D20C.Chat.Undo.HeldAsked", data: who };
    }
    if (decision.conflicts.length)
      return {
        ok: true,
        warn: true,
        message: "D20C.Chat.Undo.Conflict",
        data: { ...who, fields: conflictFields(decision.conflicts.map((c) => c.path)) },
      };
    return {
      ok: true,
      message: decision.changedSince ? "D20C.Chat.Undo.ChangedSince" : "D20C.Chat.Undo.Done",
      data: who,
    };
  });
}

/**
 * Carry out a card press by its route (socket.ts): `here` on the active GM's client for this
 * client's user, else `viaGM`; the user is told the result either way, and it is returned.
 */
export function routePress(
  here: (asker: Asker) => Promise<ActionReport>,
  viaGM: () => Promise<ActionReport>,
): Promise<ActionReport> {
  return routeAction({
    facts: relayFacts(),
    local: () => guard(() => here(selfAsker())),
    viaGM,
    notify: notifyReport,
  });
}

/** An apply button was clicked. */
export async function onApplyClick(message: ChatMessage, targetUuid: string, mode: string): Promise<void> {
  const data: ApplyRequest = { messageId: message.id ?? "", targetUuid, mode };
  await routePress(
    (asker) => applyHere(data, asker),
    async () => requestApplyHook(data) ?? askGM(APPLY_REQUEST, data),
  );
}

/** An undo button was clicked. */
export async function onUndoClick(message: ChatMessage, recordId: string): Promise<void> {
  const data: UndoRequest = { messageId: message.id ?? "", recordId };
  await routePress(
    (asker) => undoHere(data, asker),
    () => askGM(UNDO_REQUEST, data),
  );
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

/** What the target's place in the combat is read from: the system Combat's turn context. */
interface TimingCombat {
  combatant: { id: string | null } | null | undefined;
  turnContext?(combatantId: string | null): TurnContext;
}

/**
 * [FF-DURATION] [FF-ONGOING] The target's place in the current combat's turn order (the game's own
 * order of the combat's turn context), so the game's stacking rule can tell which overlapping copy
 * ends later; undefined out of combat or when the target is not in it.
 */
function effectTiming(actor: { id: string | null; uuid: string }): EffectTiming | undefined {
  const combat = game.combat as TimingCombat | null | undefined;
  if (!combat?.turnContext) return undefined;
  const current = combat.combatant?.id ?? null;
  const ctx = combat.turnContext(current);
  const bearer = ctx.combatants.find((c) => c.actorId === actor.uuid || c.actorId === actor.id);
  if (!bearer) return undefined;
  const order = activeRuleset()
    .order(ctx)
    .flatMap((slot) => slot.combatantIds);
  return { order, current, bearerId: bearer.id };
}
