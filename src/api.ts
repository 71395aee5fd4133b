/**
 * The system's public API, set as `game.system.api` at init, for macros and modules. Each call runs
 * the workflow the sheet, the card or the combat tracker runs for the same click (using a power,
 * an apply button, the tracker's escalation +1), so a macro is never a second implementation: who
 * may do what, what is applied and how the die moves are decided there, not here.
 */
import type { D20Combat } from "./documents/combat.js";
import { escalationEnabled } from "./escalation.js";
import { onApplyClick } from "./workflows/apply-damage.js";
import { APPLY_MODES, type ApplyMode } from "./engine/plans/card-data.js";
import { cardOf } from "./workflows/card-messages.js";
import { restActor, usePower } from "./workflows/power-usage.js";
import { activeRuleset } from "./active-ruleset.js";
import { listActions, parseActionId, type ActionEntry, type ActionItem } from "./engine/views/action-list.js";
import { powerUsageFrom } from "./data/item-source.js";
import { wordsOf } from "./engine/words.js";
import { engineSource } from "./workflows/foundry-docs.js";
import { actionsLeftOf, combatantOfActor, type EconomyCombat } from "./workflows/actions.js";
import { foundryProcedurePorts, useProcedure } from "./workflows/procedures.js";
import { rollDeathSave, rollSheetSave } from "./workflows/saves.js";
import type { Situation } from "./engine/types.js";

/** Whose actions: a token (placeable or document) or an actor; absent = the first selected token. */
type ActionsOf = foundry.canvas.placeables.Token | TokenDocument.Implementation | Actor.Implementation;

/** One of a creature's actions, as `actions()` lists it (its label in the user's language and the game's words). */
type ListedAction = Omit<ActionEntry, "labelIsKey">;

/** What running an action may be given, as the sheet click's (shift-click, the row's choice, alt/ctrl, cover). */
interface UseActionOptions {
  fastForward?: boolean;
  choice?: string | null;
  numbers?: Record<string, unknown>;
  mighty?: boolean;
  weak?: boolean;
  cover?: Situation["cover"];
}

/** What `game.system.api` offers (documented in docs/api.md). */
interface D20CombatApi {
  /** The tokens the user has selected on the viewed scene. */
  selectedTokens(): foundry.canvas.placeables.Token[];
  /** An actor's first attack (power or weapon) in sheet order, or null. */
  firstAttack(actor: Actor.Implementation): Item.Implementation | null;
  /**
   * Attack with the first attack of the selected token's actor (or `item` of `actor`) against the
   * user's targets, as clicking it on the sheet does; `fastForward` skips the situation dialog.
   */
  attack(options?: {
    actor?: Actor.Implementation;
    item?: Item.Implementation;
    fastForward?: boolean;
  }): Promise<ChatMessage | null>;
  /** The most recent attack card in the chat log, or null. */
  lastAttackCard(): ChatMessage | null;
  /**
   * Press the card's apply button (`mode`: full, half, double, heal, temp…) for each selected
   * token the card lists; returns how many presses were sent (refusals are notified as a click's).
   */
  applyLastCard(mode?: ApplyMode): Promise<number>;
  /** GM: move the viewed combat's escalation die by `delta` (default +1); the new value, or null. */
  advanceEscalation(delta?: number): Promise<number | null>;
  /**
   * [SYS-HOOKS] A creature's usable actions (attacks, saves, death save, Actions-panel procedures,
   * rests), each with an id, its label in the game's words, an icon and whether it is usable now.
   */
  actions(of?: ActionsOf): ListedAction[];
  /** [SYS-HOOKS] Run one of `actions()` by id, through the sheet click's code; false when there is none. */
  useAction(of: ActionsOf | undefined, id: string, options?: UseActionOptions): Promise<boolean>;
}

function warn(key: string): void {
  ui.notifications?.warn(key, { localize: true });
}

function selectedTokens(): foundry.canvas.placeables.Token[] {
  return [...(canvas?.tokens?.controlled ?? [])];
}

function firstAttack(actor: Actor.Implementation): Item.Implementation | null {
  const attacks = [...actor.items].filter((i) => (i.type as string) === "power" || (i.type as string) === "weapon");
  attacks.sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  return attacks[0] ?? null;
}

async function attack(
  options: { actor?: Actor.Implementation; item?: Item.Implementation; fastForward?: boolean } = {},
): Promise<ChatMessage | null> {
  const actor = options.actor ?? selectedTokens()[0]?.actor ?? null;
  if (!actor) {
    warn("D20C.Api.NoToken");
    return null;
  }
  const item = options.item ?? firstAttack(actor);
  if (!item) {
    warn("D20C.Api.NoAttack");
    return null;
  }
  return usePower(actor, item, { fastForward: options.fastForward ?? false });
}

function lastAttackCard(): ChatMessage | null {
  const messages = game.messages?.contents ?? [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m && cardOf(m)) return m;
  }
  return null;
}

async function applyLastCard(mode: ApplyMode = "full"): Promise<number> {
  if (!(APPLY_MODES as readonly string[]).includes(mode)) {
    warn("D20C.Api.BadMode");
    return 0;
  }
  const message = lastAttackCard();
  if (!message) {
    warn("D20C.Api.NoCard");
    return 0;
  }
  const tokens = selectedTokens();
  if (!tokens.length) {
    warn("D20C.Api.NoToken");
    return 0;
  }
  for (const token of tokens) await onApplyClick(message, token.document.uuid, mode);
  return tokens.length;
}

async function advanceEscalation(delta = 1): Promise<number | null> {
  if (!game.user?.isGM) {
    warn("D20C.Api.GMOnly");
    return null;
  }
  const combat = game.combat as D20Combat | null | undefined;
  if (!combat?.started) {
    warn("D20C.Api.NoCombat");
    return null;
  }
  if (!escalationEnabled()) {
    warn("D20C.Api.NoEscalation");
    return null;
  }
  await combat.adjustEscalation(Number.isFinite(delta) ? Math.trunc(delta) : 1);
  return combat.escalation;
}

/** The actor of a token (placeable or document) or an actor; the first selected token's by default. */
function actorOf(of: ActionsOf | undefined): Actor.Implementation | null {
  if (!of) return selectedTokens()[0]?.actor ?? null;
  // A token (placeable or document) names its actor; an actor is itself.
  if ("actor" in of) return of.actor ?? null;
  return of;
}

/** The attack items as the action list reads them. */
function actionItems(actor: Actor.Implementation): ActionItem[] {
  return [...actor.items].flatMap((i): ActionItem[] => {
    const type = i.type as string;
    if (type !== "power" && type !== "weapon") return [];
    const system = i.system as unknown as Record<string, unknown>;
    const named = system.actionType;
    return [
      {
        id: i.id ?? "",
        name: i.name ?? "",
        img: i.img ?? "",
        type,
        sort: i.sort ?? 0,
        ...(type === "power"
          ? { usage: powerUsageFrom(system), actionType: typeof named === "string" ? named : null }
          : {}),
      },
    ];
  });
}

function actionEntries(actor: Actor.Implementation): ActionEntry[] {
  const ruleset = activeRuleset();
  const combat = game.combat as EconomyCombat | null | undefined;
  const c = combatantOfActor(combat, actor.uuid);
  const source = engineSource(actor);
  return listActions(
    ruleset,
    {
      items: actionItems(actor),
      dying: Boolean(ruleset.deathSaveRequest(source, ruleset.deriveActor(source, {}), actor.id ?? "")),
      actionsLeft: c ? actionsLeftOf(ruleset, c) : null,
      inCombat: c !== null,
      ownTurn: Boolean(c && combat?.combatant?.id === c.id),
    },
    wordsOf(ruleset).deathSave,
  );
}

function actions(of?: ActionsOf): ListedAction[] {
  const actor = actorOf(of);
  if (!actor) {
    warn("D20C.Hooks.NoActor");
    return [];
  }
  return actionEntries(actor).map(({ labelIsKey, ...entry }) => ({
    ...entry,
    label: labelIsKey ? game.i18n.localize(entry.label) : entry.label,
    ...(entry.usage ? { usage: { ...entry.usage, label: game.i18n.localize(entry.usage.label) } } : {}),
    ...(entry.cost ? { cost: game.i18n.localize(entry.cost) } : {}),
  }));
}

async function useAction(of: ActionsOf | undefined, id: string, options: UseActionOptions = {}): Promise<boolean> {
  const actor = actorOf(of);
  if (!actor) {
    warn("D20C.Hooks.NoActor");
    return false;
  }
  const parsed = parseActionId(String(id));
  const known = parsed && actionEntries(actor).some((e) => e.id === id);
  const item = parsed?.kind === "attack" ? actor.items.get(parsed.key) : undefined;
  if (!parsed || !known || (parsed.kind === "attack" && !item)) {
    ui.notifications?.warn(game.i18n.format("D20C.Hooks.UnknownAction", { name: actor.name ?? "", id: String(id) }));
    return false;
  }
  // Each kind runs what its sheet control runs.
  if (parsed.kind === "attack" && item) await usePower(actor, item, { fastForward: options.fastForward ?? false });
  else if (parsed.kind === "save") await rollSheetSave(actor, parsed.key, options);
  else if (parsed.kind === "deathSave") await rollDeathSave(actor);
  else if (parsed.kind === "procedure")
    await useProcedure(
      actor,
      parsed.key,
      { choice: options.choice ?? null, numbers: options.numbers ?? {} },
      foundryProcedurePorts(actor),
    );
  else await restActor(actor, parsed.key);
  return true;
}

const api: D20CombatApi = {
  selectedTokens,
  firstAttack,
  attack,
  lastAttackCard,
  applyLastCard,
  advanceEscalation,
  actions,
  useAction,
};

/** Publish the API on `game.system` (init). */
export function registerApi(): void {
  Object.assign(game.system as object, { api });
}
