/**
 * The system's hooks for modules ([SYS-HOOKS], docs/api.md): one call per workflow site.
 *
 * - A pre hook (`d20-combat.preAttack`, `preApplyDamage`, `preSave`, `preRest`, `preProcedure`) is
 *   called on the client that writes the change, each listener with its own plain copy of the data.
 *   `false` cancels; an object may change one number within the bounds of
 *   src/engine/plans/hook-bounds.ts, naming the module that did (shown on the card). A listener
 *   that throws or answers out of bounds is reported (console and a notice) and skipped: a module
 *   never blocks the workflow.
 * - A post hook (`attack`, `applyDamage`, `save`, `rest`, `procedure`, `rollResolved`, `turnStep`)
 *   is called with the decided outcome as a frozen copy.
 *
 * Listeners are read from Foundry's `Hooks.events` (public) and called here, so that each one's
 * answer is read and each one's failure is caught on its own; a `once` listener is removed first,
 * as `Hooks.call` does.
 */
import { activeRuleset } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import {
  HOOK_LIMITS,
  deepFreeze,
  readHookAnswer,
  type HookChange,
  type HookField,
} from "../engine/plans/hook-bounds.js";
import type { TargetSnapshot } from "../engine/plans/attack.js";
import type { AppliedRecord, AttackCardData, LooseRollData } from "../engine/plans/card-data.js";
import type { CombatPhase } from "../engine/plans/combat-cycle.js";
import type { SheetRollOutcome } from "../engine/plans/sheet-rolls.js";
import type { RollRequest, RuleEvent, Situation } from "../engine/types.js";
import type { ActionReport } from "../socket.js";
import type { ApplyRequest } from "./apply-damage.js";

/** The hooks this system calls (documented in docs/api.md, typed in src/config.d.ts). */
type PreHook = "preAttack" | "preApplyDamage" | "preSave" | "preRest" | "preProcedure";
type PostHook = "attack" | "applyDamage" | "save" | "rest" | "procedure" | "rollResolved" | "turnStep";

/** What a pre hook decided: cancelled (by whom), and the value after the changes it accepted. */
export interface PreOutcome {
  cancelled: boolean;
  value: number;
  changes: HookChange[];
}

/** The listeners of a hook now (none when the hooks are not there yet). */
function listeners(name: Hooks.HookName): Hooks.HookedFunction[] {
  try {
    return [...(Hooks.events[name] ?? [])];
  } catch {
    return [];
  }
}

function report(name: string, err: unknown): void {
  console.error(`${SYSTEM_ID} | a listener of the hook ${name} failed and was skipped`, err);
  ui.notifications?.error(
    game.i18n.format("D20C.Hooks.Failed", { hook: name, message: err instanceof Error ? err.message : String(err) }),
  );
}

function refused(name: string, reason: string): void {
  console.warn(`${SYSTEM_ID} | a listener of the hook ${name} answered out of bounds (${reason}) and was skipped`);
  ui.notifications?.warn(game.i18n.format("D20C.Hooks.Refused", { hook: name, field: reason }));
}

/** Call one listener; a thrown error is reported and reads as no answer. */
function callOne(name: Hooks.HookName, entry: Hooks.HookedFunction, arg: unknown): unknown {
  if (entry.once) Hooks.off(name, entry.id);
  try {
    const answer: unknown = Reflect.apply(entry.fn, undefined, [arg]);
    // A listener that returns a promise is not awaited (as Foundry's hooks); its rejection is reported.
    if (answer instanceof Promise) {
      answer.catch((err: unknown) => report(name, err));
      return undefined;
    }
    return answer;
  } catch (err) {
    report(name, err);
    return undefined;
  }
}

/** A module's name in the user's language (a localisation key, or the name itself). */
function localName(raw: string): string {
  return game.i18n.has(raw) ? game.i18n.localize(raw) : raw;
}

/**
 * Call the pre hook `d20-combat.<hook>` with `data` (plain; each listener gets its own copy, with
 * `field` set to the value so far). `field` null: the listeners may only cancel (a player's request
 * the GM's client carries out: what it applies is the GM's to change), and answers that change a
 * number are ignored. `most` bounds an application's amount.
 */
function callPreHook(
  hook: PreHook,
  data: Record<string, unknown>,
  field: HookField | null = null,
  most?: number,
): PreOutcome {
  const name = `${SYSTEM_ID}.${hook}` as const;
  const start = field ? Number(data[field] ?? 0) : 0;
  const outcome: PreOutcome = { cancelled: false, value: start, changes: [] };
  for (const entry of listeners(name)) {
    const copy = structuredClone(field ? { ...data, [field]: outcome.value } : data);
    const raw = callOne(name, entry, copy);
    if (!field) {
      if (raw === false) return { ...outcome, cancelled: true };
      continue;
    }
    const answer = readHookAnswer(raw, field, outcome.value, most ?? start, localName, start);
    if (answer.kind === "cancel") return { ...outcome, cancelled: true };
    if (answer.kind === "refused") refused(name, answer.reason);
    if (answer.kind === "change" && outcome.changes.length >= HOOK_LIMITS.changes) refused(name, "changes");
    else if (answer.kind === "change") {
      outcome.value = answer.value;
      outcome.changes.push(answer.change);
    }
  }
  return outcome;
}

/** Call the post hook `d20-combat.<hook>` with a frozen copy of the decided outcome. */
function callPostHook(hook: PostHook, outcome: object): void {
  const name = `${SYSTEM_ID}.${hook}` as const;
  const found = listeners(name);
  if (!found.length) return;
  const frozen = deepFreeze(structuredClone(outcome));
  for (const entry of found) callOne(name, entry, frozen);
}

// ---- the call of each workflow (one per site) ----------------------------------------------

/** Plain data of an actor and an item for the hooks. */
function who(actor: { uuid: string; name: string | null }, item?: Item.Implementation) {
  return {
    userId: game.user.id ?? "",
    rulesetId: activeRuleset().id,
    actorUuid: actor.uuid,
    actorName: actor.name ?? "",
    ...(item ? { itemUuid: item.uuid, itemName: item.name ?? "", itemType: String(item.type) } : {}),
  };
}

/** A situation as a hook sees it (what earlier hooks changed is not part of it). */
function plainSituation(s: Situation): Omit<Situation, "hooks"> {
  const { hooks: _hooks, ...rest } = s;
  return structuredClone(rest);
}

/**
 * `d20-combat.preAttack`, on the attacker's client once the situation is chosen, before anything
 * is rolled: null when a module cancelled; else the situation (and each target's) with the bonus
 * the modules moved and their names kept for the card.
 */
export function preAttackHook(
  actor: Actor.Implementation,
  item: Item.Implementation,
  situation: Situation,
  targets: TargetSnapshot[],
  fastForward: boolean,
): { situation: Situation; targets: TargetSnapshot[] } | null {
  const data = {
    ...who(actor, item),
    fastForward,
    targets: targets.map((t) => ({ uuid: t.uuid, actorUuid: t.actorUuid, name: t.name })),
    situation: plainSituation(situation),
    bonus: situation.bonus,
  };
  const out = callPreHook("preAttack", data, "bonus");
  if (out.cancelled) return null;
  if (!out.changes.length) return { situation, targets };
  const delta = out.value - situation.bonus;
  const moved = (s: Situation): Situation => ({ ...s, bonus: s.bonus + delta });
  return {
    situation: { ...moved(situation), hooks: [...(situation.hooks ?? []), ...out.changes] },
    targets: targets.map((t) => (t.situation ? { ...t, situation: moved(t.situation) } : t)),
  };
}

/** `d20-combat.attack`: the card as everyone may read it, once posted. */
export function afterAttackHook(message: ChatMessage, card: AttackCardData): void {
  callPostHook("attack", { messageId: message.id ?? "", userId: game.user.id ?? "", card });
}

/** What an apply button asks, as the hooks see it. */
interface ApplyHookData {
  messageId: string;
  targetUuid: string;
  targetName: string;
  actorUuid: string;
  itemName: string;
  mode: string;
  /** The user the press is for (as the transport named them). */
  userId: string;
}

/**
 * `d20-combat.preApplyDamage` on a client that asks the GM's client to apply (a player's): its
 * modules may cancel the request, never change what the GM applies. The report to give when cancelled, else null.
 */
export function requestApplyHook(data: ApplyRequest): ActionReport | null {
  const out = callPreHook("preApplyDamage", { ...data, userId: game.user.id ?? "", request: true });
  return out.cancelled ? { ok: false, warn: true, message: "D20C.Hooks.Cancelled" } : null;
}

/**
 * `d20-combat.preApplyDamage` on the client that applies (the active GM's), with the amount the
 * button sends: cancelled, or the amount its modules set (0 to the card's double damage) and
 * what they changed.
 */
export function preApplyHook(data: ApplyHookData, amount: number, most: number): PreOutcome {
  return callPreHook("preApplyDamage", { ...data, amount, request: false }, "amount", most);
}

/** `d20-combat.applyDamage`: the recorded application, once written. */
export function afterApplyHook(data: ApplyHookData, record: AppliedRecord): void {
  callPostHook("applyDamage", { ...data, record });
}

/**
 * `d20-combat.preSave`, before a save is rolled, with its request: null when cancelled, else the
 * request with the target its modules set and the card lines saying who changed it.
 */
export function preSaveHook(
  actor: Actor.Implementation,
  kind: string,
  request: RollRequest,
): { request: RollRequest; events: RuleEvent[] } | null {
  return askPreSave(actor, kind, request, {});
}

/** `preSave` with the save's request: null when cancelled, else the request with its target as modules set it. */
function askPreSave(
  actor: { uuid: string; name: string | null },
  kind: string,
  request: RollRequest,
  extra: Record<string, unknown>,
): { request: RollRequest; events: RuleEvent[] } | null {
  const data = { ...who(actor), kind, request: structuredClone(request), target: request.target, ...extra };
  const out = callPreHook("preSave", data, request.target === null ? null : "target");
  if (out.cancelled) return null;
  if (!out.changes.length) return { request, events: [] };
  return { request: { ...request, target: out.value }, events: hookEvents(out.changes) };
}

/** `d20-combat.save`: the save's rolls and what they did, once written. */
export function afterSaveHook(actor: Actor.Implementation, kind: string, outcome: SheetRollOutcome): void {
  callPostHook("save", { ...who(actor), kind, rolls: outcome.rolls, events: outcome.events });
}

/** The turn rolls that are saves for the save hooks: a save, a death save and the dying or stable checks. */
const TURN_SAVES: ReadonlySet<RollRequest["kind"]> = new Set<RollRequest["kind"]>([
  "save",
  "deathSave",
  "dyingCheck",
  "stableCheck",
]);

/**
 * `d20-combat.preSave` for a roll the turn automation asks for (the GM's client): a save-ends save,
 * a death save or a dying check, as a sheet save is; other turn rolls (recoveries, a rally's roll)
 * go ahead unasked. Null when a module cancelled it.
 */
export function preTurnSaveHook(
  actor: { uuid: string; name: string | null },
  request: RollRequest,
): { request: RollRequest; events: RuleEvent[] } | null {
  if (!TURN_SAVES.has(request.kind)) return { request, events: [] };
  return askPreSave(actor, request.kind, request, { turn: true });
}

/** `d20-combat.save` for a turn roll that is a save: the roll and what it did. */
export function afterTurnSaveHook(
  actor: { uuid: string; name: string | null },
  request: RollRequest,
  result: { total: number; natural: number | null },
  events: readonly RuleEvent[],
): void {
  if (!TURN_SAVES.has(request.kind)) return;
  callPostHook("save", { ...who(actor), kind: request.kind, turn: true, request, result, events: [...events] });
}

/** The card lines of hook changes ("+2 from <module>"). */
function hookEvents(changes: readonly HookChange[]): RuleEvent[] {
  return changes.map((c) => ({
    key: "D20C.Hooks.From",
    data: { amount: c.delta > 0 ? `+${c.delta}` : `−${-c.delta}`, source: c.source },
  }));
}

/** `d20-combat.preRest` / `preProcedure`: whether the action goes ahead (modules may only cancel it). */
export function mayGoAhead(
  hook: "preRest" | "preProcedure",
  actor: { uuid: string; name: string | null },
  data: Record<string, unknown>,
): boolean {
  return !callPreHook(hook, { ...who(actor), ...data }).cancelled;
}

/** `d20-combat.rest` / `procedure`: what it did, once written. */
export function afterActionHook(
  hook: "rest" | "procedure",
  actor: { uuid: string; name: string | null },
  data: Record<string, unknown>,
): void {
  callPostHook(hook, { ...who(actor), ...data });
}

/** `d20-combat.rollResolved`: what the roll hook decided about a d20 roll against the targets. */
export function rollResolvedHook(loose: LooseRollData): void {
  callPostHook("rollResolved", { userId: game.user.id ?? "", loose });
}

/** `d20-combat.turnStep`: a turn-boundary step the GM's client ran. */
export function turnStepHook(
  combat: { id: string | null; combatants: { get(id: string): { actor?: { uuid: string } | null } | undefined } },
  step: CombatPhase,
  round: number,
  combatantId: string | null,
  walkedPast: boolean,
): void {
  const actor = combatantId ? (combat.combatants.get(combatantId)?.actor ?? null) : null;
  callPostHook("turnStep", {
    combatId: combat.id ?? "",
    step,
    round,
    combatantId,
    actorUuid: actor?.uuid ?? null,
    walkedPast,
  });
}
