/**
 * [13A-MOOKS] Mook mobs in play: after a card's damage drops a mook of a mob (src/workflows/apply-damage.ts,
 * on the active GM's client), what it dealt beyond that mook's HP carries over to the next mooks
 * of the same mob in the combat, read from where the tokens stand (square grid, scene reading on),
 * as one event summary whose lines each have the GM's Undo. Foundry I/O only: what carries where is
 * decided by src/engine/mobs.ts.
 */
import { activeRuleset } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { squaresBetween } from "../engine/geometry.js";
import { mobCarrySteps, mobOf, mobOverflow, type MobMember } from "../engine/mobs.js";
import { runPlan, type TurnPorts } from "../engine/plans/turns.js";
import type { ActorSource, TurnContext, TurnStep } from "../engine/types.js";
import { sceneReadingOn } from "../settings-scene.js";
import { elevationSquares } from "../canvas/elevation.js";
import { withActorQueue } from "./actor-queue.js";

/** What is read of a token. */
interface MobToken {
  id: string | null;
  uuid?: string;
  x: number;
  y: number;
  width: number;
  elevation?: number | null;
  parent?: { grid: { type: number; size: number; distance?: number } } | null;
}

/** The combat as the mob reads it (the real D20Combat). */
export interface MobCombat {
  combatants: {
    contents: readonly { id: string | null; token?: MobToken | null; actor: { uuid: string } | null }[];
  };
  combatant: { id: string | null } | null;
  turnContext(combatantId: string | null): TurnContext;
  turnPorts(ctx: TurnContext, summary?: { kind: "event" }): TurnPorts & { flush(): Promise<void> };
}

/** A token's footprint in squares, or null when its scene is not read by squares. */
function footprint(token: MobToken | null | undefined) {
  const grid = token?.parent?.grid;
  if (!token || !grid || !sceneReadingOn() || grid.type !== CONST.GRID_TYPES.SQUARE) return null;
  const size = grid.size || 1;
  return {
    x: Math.round(token.x / size),
    y: Math.round(token.y / size),
    size: Math.max(1, Math.round(token.width)),
    elevation: elevationSquares({ parent: token.parent ?? null }, token.elevation ?? 0),
  };
}

const gap = (a: ReturnType<typeof footprint>, b: ReturnType<typeof footprint>) =>
  a && b ? squaresBetween(a, b) : null;

/** The press that dropped a mook, as the mob needs it. */
export interface MobPress {
  /** The struck mook's actor (as the press left it) and its actor key (UUID). */
  actor: ActorSource;
  actorUuid: string;
  /** The token the card targeted (its UUID), when it was one. */
  targetUuid: string;
  /** The attacker's actor UUID (the card's). */
  attackerUuid: string;
  melee: boolean;
  record: { dealt: number; absorbedByTemp: number; hpLost: number };
}

/**
 * Carry a press's overflow over its mook's mob, in the actor queue of the combat's creatures. Does
 * nothing when the press dropped no mook of a mob, or out of combat.
 */
export async function carryMobDamage(combat: MobCombat | null, press: MobPress): Promise<void> {
  const overflow = mobOverflow(press.actor, press.record);
  if (!combat || overflow <= 0) return;
  const docs = combat.combatants.contents;
  const struckDoc =
    docs.find((c) => c.token?.uuid === press.targetUuid) ?? docs.find((c) => c.actor?.uuid === press.actorUuid);
  if (!struckDoc?.actor) return;
  const attackerDoc = docs.find((c) => c.actor?.uuid === press.attackerUuid);
  const struckAt = footprint(struckDoc.token);
  const attackerAt = footprint(attackerDoc?.token);
  const keys = docs.flatMap((c) => (c.actor ? [c.actor.uuid] : []));
  await withActorQueue(keys, async () => {
    const ctx = combat.turnContext(combat.combatant?.id ?? null);
    const struck = ctx.combatants.find((c) => c.id === struckDoc.id);
    if (!struck) return;
    const members: MobMember[] = ctx.combatants.map((c) => {
      const at = footprint(docs.find((d) => d.id === c.id)?.token);
      return { actorId: c.actorId, actor: c.actor, fromAttacker: gap(at, attackerAt), fromStruck: gap(at, struckAt) };
    });
    const { steps, unspent } = mobCarrySteps({
      struck: { actorId: struck.actorId, actor: press.actor },
      overflow,
      melee: press.melee,
      members,
    });
    const notice: TurnStep = {
      kind: "notice",
      event: {
        key: unspent > 0 ? "D20C.Mob.Event.OverflowLeft" : "D20C.Mob.Event.Overflow",
        data: { name: struck.name, amount: overflow, mob: press.actor.mob ?? mobOf(press.actor), left: unspent },
        actorId: struck.actorId,
      },
    };
    const ports = combat.turnPorts(ctx, { kind: "event" });
    await runPlan(activeRuleset(), ctx, [notice, ...steps], ports);
    await ports.flush();
  }).catch((err: unknown) => console.error(`${SYSTEM_ID} | mook mob damage`, err));
}
