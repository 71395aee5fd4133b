/**
 * [13A-MOOKS] A mob of mooks shares its damage (pure): damage beyond what one mook of a mob had
 * left carries over to the next mook of the same mob, one after another, each dropping when its HP
 * are gone; the last one takes what is left. Who the overflow can reach is the attack's reach
 * (our reading, docs/rules.md): a melee attack's only the mooks engaged with the attacker, a
 * ranged or close attack's the mooks nearby the mook it struck; where the scene is not read
 * (gridless, hex, the scene reading off, a token not on it) every mook of the mob in the combat.
 * The mob is the creature's `mob` field (13th Age's): mooks in one combat with the same non-empty
 * mob are one mob.
 */
import type { ActorSource, DamagePacket, TurnStep } from "./types.js";

/** 13th Age's "nearby" in squares (one move), as its auras read a nearby radius. */
const NEARBY_SQUARES = 6;

/** The mob a creature belongs to, or "" when none (the name as typed, compared without case or outer spaces). */
export function mobOf(actor: Pick<ActorSource, "mob">): string {
  const mob = actor.mob;
  return typeof mob === "string" ? mob.trim().toLowerCase() : "";
}

/**
 * What a press dealt beyond the HP the struck mook had left: the damage that reached its HP (after
 * its traits and temporary HP) less the HP it lost; 0 when it did not drop or is in no mob.
 */
export function mobOverflow(
  struck: Pick<ActorSource, "mob" | "hp">,
  press: { dealt: number; absorbedByTemp: number; hpLost: number },
): number {
  if (!mobOf(struck) || struck.hp.value > 0) return 0;
  return Math.max(0, press.dealt - press.absorbedByTemp - press.hpLost);
}

/** Another creature of the combat as the overflow reads it. */
export interface MobMember {
  actorId: string;
  actor: Pick<ActorSource, "mob" | "hp" | "state">;
  /** Squares between its token and the attacker's (0 = engaged); null = not read from the scene. */
  fromAttacker: number | null;
  /** Squares between its token and the struck mook's; null = not read from the scene. */
  fromStruck: number | null;
}

/** Whether the overflow of an attack of this range reaches a member (unknown positions: it does). */
function inReach(m: MobMember, melee: boolean): boolean {
  if (melee) return m.fromAttacker === null || m.fromAttacker <= 0;
  return m.fromStruck === null || m.fromStruck <= NEARBY_SQUARES;
}

/**
 * The damage steps that carry `overflow` over the rest of the struck mook's mob: the mooks the
 * attack reaches, nearest the struck one first (then the fewest HP left, then combat order), each
 * taking up to its HP, the last one the rest. `unspent` is what no mook in reach was left to take.
 */
export function mobCarrySteps(input: {
  struck: { actorId: string; actor: Pick<ActorSource, "mob"> };
  overflow: number;
  melee: boolean;
  members: readonly MobMember[];
}): { steps: TurnStep[]; unspent: number } {
  const mob = mobOf(input.struck.actor);
  let left = Math.max(0, Math.floor(input.overflow));
  if (!mob || left <= 0) return { steps: [], unspent: 0 };
  const order = input.members
    .map((m, i) => ({ m, i }))
    .filter(({ m }) => m.actorId !== input.struck.actorId && mobOf(m.actor) === mob)
    .filter(({ m }) => m.actor.state !== "dead" && m.actor.hp.value > 0 && inReach(m, input.melee))
    .sort(
      (a, b) => (a.m.fromStruck ?? 0) - (b.m.fromStruck ?? 0) || a.m.actor.hp.value - b.m.actor.hp.value || a.i - b.i,
    );
  const steps: TurnStep[] = [];
  for (const { m } of order) {
    if (left <= 0) break;
    const amount = Math.min(left, m.actor.hp.value);
    left -= amount;
    const packet: DamagePacket = {
      amount,
      types: [],
      natural: null,
      critical: false,
      ongoing: false,
      fromAttack: false,
      melee: input.melee,
      nonlethal: false,
      knockOut: false,
    };
    steps.push({ kind: "damage", actorId: m.actorId, packet, label: "D20C.Mob.Step.Carry" });
  }
  return { steps, unspent: left };
}
