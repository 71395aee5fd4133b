/**
 * The action economy in Foundry ([SYS-ACTIONS]): what a combatant has left lives in its flags
 * (`flags["d20-combat"].actions`), the GM's turn automation resets it at the combatant's turn
 * start and end (src/documents/combat.ts), and attacks, procedures and the tracker's controls
 * spend from it. Advisory: an over-spend posts a warning and is recorded, never refused. The
 * decisions are the engine's (src/engine/actions.ts) on the active ruleset's economy.
 */
import { activeRuleset } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import {
  costLabel,
  costOf,
  endTurnActions,
  grantAction,
  readActionsLeft,
  revokeAction,
  readProcedureMemory,
  spendAction,
  startControlledTurn,
  startTurnActions,
  turnCap,
  type ActionsLeft,
  type ProcedureMemory,
  type SpendOutcome,
} from "../engine/actions.js";
import type { Ruleset } from "../engine/ruleset.js";
import type { ActorSource, TurnContext } from "../engine/types.js";

/** The combatant surface the economy reads and writes (the system Combatant, or a stand-in). */
export interface EconomyCombatant {
  id: string | null;
  name?: string | null | undefined;
  actor: {
    uuid?: string;
    name?: string | null;
    toEngineSource?: () => ActorSource;
    applyEngineActor?: (next: ActorSource) => Promise<unknown>;
    getRollData?: () => Record<string, unknown>;
  } | null;
  isOwner?: boolean | undefined;
  flags: Record<string, unknown>;
  update(data: object): Promise<unknown>;
}

/** The combat surface the economy reads (the system Combat, or a stand-in). */
export interface EconomyCombat {
  round: number;
  started?: boolean;
  combatant: { id: string | null } | null | undefined;
  /** Foundry's collection (its `contents`: the combatants in order). */
  combatants: { contents: readonly unknown[] };
  /** The system Combat's turn context (who rides whom). Absent = every combatant acts on its own turn. */
  turnContext?(combatantId: string | null): TurnContext;
}

/** Whose turn a combatant acts on when it takes none of its own ([HD-MOUNT] a ridden mount: its rider's), or null. */
function controllerOf(
  combat: EconomyCombat,
  c: EconomyCombatant,
): { id: string; cap: number; procedures?: readonly string[] } | null {
  const ruleset = activeRuleset();
  if (!ruleset.actsOnTurnOf || !combat.turnContext || !c.id) return null;
  const ctx = combat.turnContext(c.id);
  const source = ctx.combatants.find((s) => s.id === c.id);
  return source ? ruleset.actsOnTurnOf(ctx, source) : null;
}

function systemFlags(c: EconomyCombatant): Record<string, unknown> {
  const f = c.flags[SYSTEM_ID];
  return typeof f === "object" && f !== null ? (f as Record<string, unknown>) : {};
}

/** The actor's combatant in a combat (matched by actor UUID, so each unlinked token is its own). */
export function combatantOfActor(combat: EconomyCombat | null | undefined, actorUuid: string): EconomyCombatant | null {
  if (!combat) return null;
  for (const c of combat.combatants.contents) {
    const e = c as EconomyCombatant;
    if (e.actor?.uuid === actorUuid) return e;
  }
  return null;
}

/** What a combatant has left (a full set when nothing is stored), or null when the game tracks none. */
export function actionsLeftOf(ruleset: Pick<Ruleset, "economy">, c: EconomyCombatant): ActionsLeft | null {
  return ruleset.economy ? readActionsLeft(ruleset.economy, systemFlags(c).actions) : null;
}

/** A combatant's procedure memory (bands per foe, marks by round). */
export function procedureMemoryOf(c: EconomyCombatant): ProcedureMemory {
  return readProcedureMemory(systemFlags(c).procedures);
}

/** Whether this client may write the combatant (the GM, or its owner). */
function mayWrite(c: EconomyCombatant): boolean {
  return Boolean(game.user?.isGM) || c.isOwner === true;
}

async function writeActions(c: EconomyCombatant, state: ActionsLeft): Promise<void> {
  await c.update({ flags: { [SYSTEM_ID]: { actions: state } } });
}

/**
 * [FF-ACTIONPOINTS] Give (or, `revoke`, take back) one turn action of `kind` to a combatant this
 * turn: the GM's client, for an action point spent or its spend undone. Nothing in a game that
 * tracks no actions.
 */
export async function grantCombatantAction(c: EconomyCombatant, kind: string, revoke = false): Promise<void> {
  const ruleset = activeRuleset();
  const state = actionsLeftOf(ruleset, c);
  if (!ruleset.economy || !state) return;
  await writeActions(c, (revoke ? revokeAction : grantAction)(ruleset.economy, state, kind));
}

/** Write a combatant's procedure memory. */
export async function writeProcedureMemory(c: EconomyCombatant, memory: ProcedureMemory): Promise<void> {
  if (!mayWrite(c)) return;
  await c.update({ flags: { [SYSTEM_ID]: { procedures: memory } } });
}

/**
 * Spend `cost` from the actor's combatant in the current combat. Outside combat, or in a game that
 * tracks no actions, nothing is spent (null). An over-spend warns the user and is recorded.
 */
export async function spendForActor(
  actor: { uuid: string; name?: string | null },
  cost: string,
  combat: EconomyCombat | null | undefined = game.combat as EconomyCombat | null | undefined,
): Promise<SpendOutcome | null> {
  const c = combatantOfActor(combat, actor.uuid);
  if (!c || !combat) return null;
  return spendForCombatant(combat, c, cost);
}

/** Spend `cost` from a combatant (tracker controls, attacks, procedures). */
export async function spendForCombatant(
  combat: EconomyCombat,
  c: EconomyCombatant,
  cost: string,
): Promise<SpendOutcome | null> {
  const ruleset = activeRuleset();
  const economy = ruleset.economy;
  const before = actionsLeftOf(ruleset, c);
  if (!economy || !before) return null;
  const current = combat.combatant?.id ?? null;
  // A ridden mount's turn is its rider's.
  const ownTurn = current === c.id || (current !== null && controllerOf(combat, c)?.id === current);
  const outcome = spendAction(economy, before, cost, ownTurn);
  if (outcome.warning) {
    ui.notifications?.warn(
      game.i18n.format(outcome.warning, { name: c.name ?? "", cost: game.i18n.localize(costLabel(economy, cost)) }),
    );
  }
  // A free action changes nothing worth a document update.
  const changed = outcome.paidWith.length > 0 || outcome.warning !== null;
  if (changed && mayWrite(c)) await writeActions(c, outcome.state);
  if (changed) await followSpend(ruleset, c, cost);
  return outcome;
}

/** What follows a spend (rolls the rules demand), set once at init ({@link setSpendFollower}). */
type SpendFollower = (ruleset: Ruleset, c: EconomyCombatant, cost: string) => Promise<void>;
let follower: SpendFollower | null = null;

/**
 * Set what follows a spend (src/workflows/spend-follow.ts, at init). Kept out of this module so the
 * tracker can show and spend actions without loading the roll classes.
 */
export function setSpendFollower(f: SpendFollower | null): void {
  follower = f;
}

async function followSpend(ruleset: Ruleset, c: EconomyCombatant, cost: string): Promise<void> {
  if (follower && mayWrite(c)) await follower(ruleset, c, cost);
}

/**
 * An attack spends the action its item names (a power's action type in the game's words; a weapon
 * the game's attack cost) from the attacker's combatant. Outside combat nothing is spent.
 */
export async function spendAttackAction(
  actor: { uuid: string; name?: string | null },
  item: { type: string; system: unknown },
  /** The ruleset's own cost for this attack (a dual-wielded weapon's quick action); absent = the item's. */
  cost?: string,
): Promise<SpendOutcome | null> {
  const economy = activeRuleset().economy;
  if (!economy) return null;
  if (cost) return spendForActor(actor, cost);
  const named = item.type === "power" ? (item.system as { actionType?: unknown } | null)?.actionType : null;
  return spendForActor(actor, costOf(economy, typeof named === "string" ? named : null));
}

/**
 * The GM's turn automation: a combatant's turn starts, its actions come back (capped by its state,
 * and in the opening surprise round by the game's limit there), and so do those of each combatant acting on its turn ([HD-MOUNT] its mount: at most the mount's cap).
 */
export async function resetActionsAtTurnStart(c: EconomyCombatant, combat?: EconomyCombat): Promise<void> {
  const ruleset = activeRuleset();
  const economy = ruleset.economy;
  const before = actionsLeftOf(ruleset, c);
  if (!economy || !before) return;
  const ownCap = (x: EconomyCombatant) => {
    const actor = x.actor?.toEngineSource?.();
    return actor && ruleset.actionCap ? ruleset.actionCap(actor) : null;
  };
  const lost = (x: EconomyCombatant) => {
    const actor = x.actor?.toEngineSource?.();
    return actor && ruleset.lostAtTurnStart ? ruleset.lostAtTurnStart(actor) : [];
  };
  const surpriseRound = Boolean(combat?.turnContext?.(c.id).surpriseRound);
  await writeActions(c, startTurnActions(economy, before, turnCap(economy, ownCap(c), surpriseRound), lost(c)));
  for (const other of controlledBy(combat, c)) {
    const state = actionsLeftOf(ruleset, other.combatant);
    const x = other.combatant;
    if (state) await writeActions(x, startControlledTurn(economy, state, ownCap(x), other.cap, lost(x)));
  }
}

/** A combatant acting on another's turn: the most actions it takes then, and the procedures offered for it. */
interface Controlled {
  combatant: EconomyCombatant;
  cap: number;
  procedures: readonly string[];
}

/** The combatants that act on `c`'s turn instead of their own, with the most actions each takes then. */
export function controlledBy(combat: EconomyCombat | null | undefined, c: { id: string | null }): Controlled[] {
  if (!combat || !c.id) return [];
  const out: Controlled[] = [];
  for (const x of combat.combatants.contents) {
    const other = x as EconomyCombatant;
    if (other.id === c.id) continue;
    const control = controllerOf(combat, other);
    if (control?.id === c.id) out.push({ combatant: other, cap: control.cap, procedures: control.procedures ?? [] });
  }
  return out;
}

/** The GM's turn automation: a combatant's turn ends, out-of-turn actions whose wait is over come back. */
export async function refreshActionsAtTurnEnd(c: EconomyCombatant): Promise<void> {
  const ruleset = activeRuleset();
  const before = actionsLeftOf(ruleset, c);
  if (!ruleset.economy || !before) return;
  await writeActions(c, endTurnActions(ruleset.economy, before));
}
