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
import { usePower } from "./workflows/power-usage.js";

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

const api: D20CombatApi = {
  selectedTokens,
  firstAttack,
  attack,
  lastAttackCard,
  applyLastCard,
  advanceEscalation,
};

/** Publish the API on `game.system` (init). */
export function registerApi(): void {
  Object.assign(game.system as object, { api });
}
