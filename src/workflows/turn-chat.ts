/**
 * Turn-automation chat lines in Foundry ([SYS-TURNS]): post one compact message per step (error
 * lines whispered to the GMs), and the GM's Undo button that reverses what the step changed (the
 * difference the message flags record), keeping what happened since.
 */
import { SYSTEM_ID } from "../constants.js";
import { isDocumentUuid } from "../foundry-compat.js";
import { effectCreateData, type SystemEffectData } from "../data/effects.js";
import { hasUndo, turnLineGmOnly, turnLineView } from "./combat-chat.js";
import type { ChatLine } from "../engine/plans/turns.js";
import { diffActor, invertChanges } from "../engine/changes.js";
import { withActorQueue } from "./actor-queue.js";
import { undoneCreations } from "../engine/plans/apply.js";

export const TURN_LINE_TEMPLATE = `systems/${SYSTEM_ID}/templates/combat/turn-line.hbs`;

/** What a turn-line message stores under `flags["d20-combat"].turnLine`. */
export interface TurnLineFlags {
  line: ChatLine;
  /** Full ActiveEffect data of effects the step deleted, by effect id (Undo re-creates them). */
  removedEffects: Record<string, ActiveEffect.CreateData>;
  combatId: string;
  undone: boolean;
}

function format(key: string, data?: Record<string, string | number>): string {
  const i18n = game.i18n;
  if (!i18n) return key;
  return data ? i18n.format(key, data as Record<string, string>) : i18n.localize(key);
}

async function render(flags: TurnLineFlags, isGM: boolean): Promise<string> {
  const view = turnLineView(flags.line, format, { isGM, undone: flags.undone });
  return foundry.applications.handlebars.renderTemplate(TURN_LINE_TEMPLATE, view);
}

/** Post one chat line (the Foundry port of the plan runner). */
export async function postTurnLine(
  line: ChatLine,
  extra: {
    rolls: Roll.Any[];
    removedEffects: Map<string, ActiveEffect.CreateData>;
    combatId: string;
    /** Actor keys of combatants players cannot see: lines about them go to the GMs only. */
    hiddenActors?: ReadonlySet<string>;
  },
): Promise<void> {
  const removedEffects: Record<string, ActiveEffect.CreateData> = {};
  for (const r of line.undo?.removedEffects ?? []) {
    const full = extra.removedEffects.get(r.effect.id);
    if (full) removedEffects[r.effect.id] = full;
  }
  const flags: TurnLineFlags = { line, removedEffects, combatId: extra.combatId, undone: false };
  const gmIds = (game.users?.filter((u) => u.isGM) ?? []).map((u) => u.id);
  await ChatMessage.create({
    content: await render(flags, false),
    rolls: extra.rolls,
    ...(turnLineGmOnly(line, extra.hiddenActors ?? new Set<string>()) ? { whisper: gmIds } : {}),
    flags: { [SYSTEM_ID]: { turnLine: flags } },
  });
}

/** Effects whose creating card application was undone since (GM-written ledgers): never brought back. */
function undoneCardEffects(): Set<string> {
  return undoneCreations(
    game.messages.contents.flatMap((m) => {
      const ledger = m.flags[SYSTEM_ID]?.ledger;
      return ledger && m.author?.isGM ? ledger.card.applied : [];
    }),
  );
}

/**
 * Undo a step ([SYS-TURNS], [SYS-PERM]): reverse what it changed on each actor (the difference
 * between the actor before and after the step, applied to the actor as it is now, so later hits,
 * heals and conditions stay), re-create the effects it removed (unless their creation was undone
 * since), delete the ones it added. Runs in the actors' queue. Lines from older versions, which
 * hold only the prior state, restore it.
 */
export async function undoTurnLine(message: ChatMessage): Promise<void> {
  const flags = message.flags[SYSTEM_ID]?.turnLine;
  if (!flags || flags.undone || !hasUndo(flags.line) || !game.user?.isGM) return;
  const undo = flags.line.undo;
  if (!undo) return;
  /** The actor behind a plan's actor key (its UUID: src/documents/combatant.ts actorKeyOf). */
  const actorOf = (key: string): Actor.Implementation | null => {
    if (!isDocumentUuid(key)) return null;
    const doc = fromUuidSync(key);
    return doc instanceof Actor.implementation ? doc : null;
  };
  const keys = [
    ...undo.actors.map((a) => a.actorId),
    ...undo.removedEffects.map((r) => r.actorId),
    ...undo.addedEffects.map((r) => r.actorId),
  ].flatMap((k) => {
    const actor = actorOf(k);
    return actor ? [actor.uuid] : [];
  });
  const conflicts: string[] = [];
  await withActorQueue(keys, async () => {
    const gone = undoneCardEffects();
    for (const a of undo.actors) {
      const actor = actorOf(a.actorId);
      if (!actor) continue;
      if (!a.after) {
        await actor.applyEngineActor(a.before);
        continue;
      }
      const plan = invertChanges(diffActor(a.before, a.after), actor.toEngineSource(), [], gone);
      conflicts.push(...plan.conflicts.map((c) => c.path));
      await actor.applyEngineActor(plan.next);
    }
    for (const r of undo.removedEffects) {
      const actor = actorOf(r.actorId);
      if (!actor || actor.effects.has(r.effect.id) || gone.has(r.effect.id)) continue;
      const full = flags.removedEffects[r.effect.id];
      const { id, ...rest } = r.effect;
      await actor.createEmbeddedDocuments("ActiveEffect", [full ?? { _id: id, ...effectCreateData(rest) }], {
        keepId: true,
      });
    }
    for (const r of undo.addedEffects) {
      const actor = actorOf(r.actorId);
      if (actor?.effects.has(r.effectId)) await actor.deleteEmbeddedDocuments("ActiveEffect", [r.effectId]);
    }
    for (const r of undo.updatedEffects) {
      const doc = actorOf(r.actorId)?.effects.get(r.before.id);
      const { id: _id, name, statuses, ...rest } = r.before;
      await doc?.update({ name, statuses, flags: { [SYSTEM_ID]: { effect: rest as SystemEffectData } } });
    }
  });
  if (conflicts.length)
    ui.notifications?.warn(
      format("D20C.Chat.Undo.Conflict", {
        name: flags.line.data.name ?? "",
        fields: [...new Set(conflicts)].join(", "),
      }),
    );
  const next: TurnLineFlags = { ...flags, undone: true };
  await message.update({ content: await render(next, false), flags: { [SYSTEM_ID]: { turnLine: next } } });
}

/** `renderChatMessageHTML`: show the Undo button to GMs only and bind it. Idempotent. */
export function onRenderTurnLine(message: ChatMessage, html: HTMLElement): void {
  const flags = message.flags[SYSTEM_ID]?.turnLine;
  if (!flags) return;
  const isGM = Boolean(game.user?.isGM);
  const host = html.querySelector(".d20c-turn-line");
  if (!host || host.querySelector(".d20c-turn-line__undo")) return;
  const view = turnLineView(flags.line, format, { isGM, undone: flags.undone });
  if (!view.canUndo) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "d20c-turn-line__undo";
  button.textContent = view.undoLabel;
  button.addEventListener("click", (event) => {
    event.preventDefault();
    button.disabled = true;
    undoTurnLine(message).catch((err) => {
      console.error(`${SYSTEM_ID} | undo failed`, err);
      ui.notifications?.error("D20C.Combat.Line.UndoFailed", { localize: true });
      button.disabled = false;
    });
  });
  host.append(button);
}
