/**
 * What an attack's scene says about one target, as plain data: the input a game reads (the
 * battlefield, who attacks whom with what kind of attack, what the table's vision test said) and
 * the reading it gives back (situational values with the reason for each, and the traced lines to
 * draw). Each game turns these into its own rules in its ruleset module (`Ruleset.readScene`);
 * the shared tracing lives here.
 */
import {
  bestCornerTrace,
  hasLineOfEffect,
  inTheWayByHeight,
  withinReach,
  type Battlefield,
  type Blocker,
  type FieldToken,
  type GridPoint,
  type TracedLine,
} from "./geometry.js";
import { cannotFlank } from "./condition-rules.js";
import { conditionSpecs } from "./conditions.js";
import type { Ruleset } from "./ruleset.js";
import type { ActorSource, AreaSpec, RangeKind, RuleOptions, Situation } from "./types.js";

/** One attacker against one target on a scene. */
export interface SceneAttackInput {
  field: Battlefield;
  /** Token ids in `field.tokens`. */
  attackerId: string;
  targetId: string;
  range: RangeKind;
  /** Origin square of an area attack (absent: the attacker's own squares, as for close attacks). */
  origin?: GridPoint | null;
  /** Whether the attacker can see the target by the table's vision test; null = it cannot tell. */
  attackerSeesTarget: boolean | null;
  /** Whether the target can see the attacker; null = it cannot tell. */
  targetSeesAttacker: boolean | null;
  /** Token ids of the attacker's allies that the table's vision test says cannot see the target. */
  unseenBy?: readonly string[];
  options: RuleOptions;
  /**
   * Whether every source of a condition of the attacker's that holds only while its source is seen
   * (Hundred Dungeons frightened) is out of its sight (`sourcesUnseen`, engine/source-sight.ts):
   * true none seen, false one seen, null or absent the scene cannot tell (or no such source).
   */
  sourcesUnseen?: boolean | null;
  /**
   * [FF-CONCEAL] How obscured the target's square is by what the scene marks (an obscuring Region):
   * lightly, heavily or totally; null or absent = not obscured, or not read.
   */
  targetObscured?: Obscurement | null;
  /**
   * [FF-CONCEAL] The light on the target's square as the scene's lighting gives it (Foundry's light
   * sources, global light and darkness), already seen through the attacker's vision (a darkvision
   * or light-amplifying eye takes dim light as bright): `dim` = a lightly obscured square. Absent
   * or null = not read.
   */
  targetLight?: LightLevel | null;
  /** [HD-MIGHTY] The attacker's attack traits its game reads from the scene (`ActorSource.attackTraits`). */
  attackerTraits?: readonly string[];
}

/** The light on a square ([FF-CONCEAL]): bright, dim, or none (darkness). */
export type LightLevel = "bright" | "dim" | "dark";

/**
 * [FF-CONCEAL] How obscured a square is by its light alone, as the text's table reads: dim light
 * is lightly obscured; darkness totally obscured; bright light not at all.
 */
export function lightObscurement(light: LightLevel | null | undefined): Obscurement | null {
  if (light === "dim") return "light";
  if (light === "dark") return "total";
  return null;
}

/** How obscured a square is ([FF-CONCEAL]): dim light or fog, heavy fog or smoke, darkness. */
export type Obscurement = "light" | "heavy" | "total";

/** The obscurement levels, least first. */
export const OBSCUREMENTS: readonly Obscurement[] = ["light", "heavy", "total"];

/** One creature moving among the others: what its range band to each of them is. */
export interface SceneBandsInput {
  field: Battlefield;
  /** Token id in `field.tokens` of the creature whose bands are read. */
  moverId: string;
  /** How many squares one move takes it (its speed over the grid's distance per square). */
  moveSquares: number;
}

/** A situational value the scene decided, with why (an i18n key and its format data). */
export interface SceneNote {
  field: keyof Situation;
  value: string | number | boolean;
  /** i18n key of the reason, formatted with `data` (and `by`, the blockers, localised). */
  reason: string;
  data: Record<string, number>;
  by?: Blocker[];
}

/** What the scene says about one target: only the fields it decided. */
export interface SceneReading {
  situation: Partial<Situation>;
  notes: SceneNote[];
  /** The lines traced (from the chosen corner to the chosen target square's corners), for drawing. */
  lines: TracedLine[];
}

/** Which creatures stand in the way of a traced line. */
export type CreatureCover = "none" | "enemies" | "all";

/** The corner lines of one attack: how many of the best choice's four are blocked, by what, and line of effect. */
export interface CoverTrace {
  blocked: number;
  by: Blocker[];
  lineOfEffect: boolean;
  lines: TracedLine[];
}

/** The tokens of an attack (throws when the attacker or the target is not on the field). */
export function attackTokens(input: SceneAttackInput): { attacker: FieldToken; target: FieldToken } {
  const attacker = input.field.tokens.find((t) => t.id === input.attackerId);
  const target = input.field.tokens.find((t) => t.id === input.targetId);
  if (!attacker || !target)
    throw new Error(`scene: token ${attacker ? input.targetId : input.attackerId} is not on the field`);
  return { attacker, target };
}

/** Whether the attack starts from an origin square rather than the attacker (area attacks). */
const tracesFromOrigin = (input: SceneAttackInput): boolean => input.range === "area" && !!input.origin;

/**
 * Trace the attack's corner lines: from the best corner of the attacker's squares (an area attack's
 * origin square) to the corners of the best square of the target. Walls that stop movement and
 * blocking terrain always block; creatures other than the attacker and the target as `creatures` says.
 */
export function traceCover(input: SceneAttackInput, creatures: CreatureCover): CoverTrace {
  const { attacker, target } = attackTokens(input);
  const origin = tracesFromOrigin(input) && input.origin ? { ...input.origin, size: 1 } : attacker;
  const blockers = input.field.tokens.filter(
    (t) =>
      t.id !== attacker.id &&
      t.id !== target.id &&
      (creatures === "all" ? t.standing !== "self" : creatures === "enemies" && t.standing === "enemy") &&
      inTheWayByHeight(t, attacker, target),
  );
  // Every traced line stays inside the box around both footprints: nothing outside it can block.
  const n = (t: Pick<FieldToken, "size">) => Math.max(1, Math.round(t.size));
  const x0 = Math.min(origin.x, target.x);
  const y0 = Math.min(origin.y, target.y);
  const x1 = Math.max(origin.x + n(origin), target.x + n(target));
  const y1 = Math.max(origin.y + n(origin), target.y + n(target));
  const near = (ax: number, ay: number, bx: number, by: number) =>
    Math.max(ax, bx) >= x0 && Math.min(ax, bx) <= x1 && Math.max(ay, by) >= y0 && Math.min(ay, by) <= y1;
  const walls = input.field.walls.filter((w) => near(w.a.x, w.a.y, w.b.x, w.b.y));
  const collides = input.field.collides;
  const trace = bestCornerTrace(origin, target, {
    walls,
    collides,
    terrain: (input.field.terrain ?? []).filter((sq) => near(sq.x, sq.y, sq.x + 1, sq.y + 1)),
    creatures: blockers.filter((c) => near(c.x, c.y, c.x + n(c), c.y + n(c))),
  });
  const by = [...new Set(trace.lines.map((l) => l.blockedBy).filter((b): b is Blocker => b !== null))];
  return {
    blocked: trace.blocked,
    by,
    lineOfEffect: hasLineOfEffect(origin, target, collides ? { walls, collides } : { walls }),
    lines: trace.lines,
  };
}

/**
 * Whether a creature on the field can act (what a flanking ally needs): it is up (active or
 * staggered) and no condition of the game takes all its actions (stunned, unconscious).
 */
export function canAct(ruleset: Pick<Ruleset, "actionCap" | "conditions">, actor: ActorSource): boolean {
  if (actor.state !== "active" && actor.state !== "staggered") return false;
  // [SYS-MONSTERS] a condition that says its bearer neither flanks nor threatens (FFd20 dazed).
  if (cannotFlank(ruleset.conditions, actor.conditions)) return false;
  return ruleset.actionCap?.(actor) !== 0;
}

/** Whether a creature on the field can see: no condition of the game blinds it. */
export function canSee(ruleset: Pick<Ruleset, "conditions">, actor: ActorSource): boolean {
  return !conditionSpecs(ruleset.conditions, actor.conditions).some((c) => c.blinds);
}

/**
 * Whose reach the mover left: each watcher (a token id in `field.tokens`, with its `reach`) whose
 * reach held the mover's footprint where it stood (its token in `field`) and does not hold it at
 * square `to` (the footprint's new top-left square, and its new elevation when given). Only the
 * two ends of the move are read.
 */
export function reachLeft(
  field: Battlefield,
  moverId: string,
  to: GridPoint & Pick<FieldToken, "elevation">,
  watcherIds: readonly string[],
): string[] {
  const mover = field.tokens.find((t) => t.id === moverId);
  if (!mover) return [];
  // [SYS-MONSTERS] a flier rising out of reach leaves it as surely as one stepping away.
  const after = { ...mover, x: to.x, y: to.y, ...(to.elevation === undefined ? {} : { elevation: to.elevation }) };
  return watchersOf(field, watcherIds)
    .filter((w) => withinReach(w, mover, w.reach ?? 1) && !withinReach(w, after, w.reach ?? 1))
    .map((w) => w.id);
}

/**
 * Which of `otherIds` (token ids in `field.tokens`) the mover's own reach does not hold where the
 * mover now stands (its token in `field`): those it left behind, not moved with it.
 */
export function reachLost(field: Battlefield, moverId: string, otherIds: readonly string[]): string[] {
  const mover = field.tokens.find((t) => t.id === moverId);
  if (!mover) return [];
  return watchersOf(field, otherIds)
    .filter((t) => t.id !== moverId && !withinReach(mover, t, mover.reach ?? 1))
    .map((t) => t.id);
}

/**
 * Which of `otherIds` the mover came closer to: the distance between the footprints' centres at
 * square `to` (the footprint's new top-left square) is shorter than where the mover stood (its
 * token in `field`).
 */
export function nearerAfter(field: Battlefield, moverId: string, to: GridPoint, otherIds: readonly string[]): string[] {
  const mover = field.tokens.find((t) => t.id === moverId);
  if (!mover) return [];
  const centre = (t: Pick<FieldToken, "x" | "y" | "size">) => ({ x: t.x + t.size / 2, y: t.y + t.size / 2 });
  const apart = (a: GridPoint, b: GridPoint) => Math.hypot(a.x - b.x, a.y - b.y);
  const before = centre(mover);
  const after = centre({ ...mover, x: to.x, y: to.y });
  return watchersOf(field, otherIds)
    .filter((t) => t.id !== moverId && apart(after, centre(t)) < apart(before, centre(t)) - 1e-9)
    .map((t) => t.id);
}

/** Whose reach holds a creature where it stands (casting or shooting there provokes them). */
export function reachHolding(field: Battlefield, actorId: string, watcherIds: readonly string[]): string[] {
  const actor = field.tokens.find((t) => t.id === actorId);
  if (!actor) return [];
  return watchersOf(field, watcherIds)
    .filter((w) => withinReach(w, actor, w.reach ?? 1))
    .map((w) => w.id);
}

/** The watchers' tokens on the field, as ids in `watcherIds` order. */
function watchersOf(field: Battlefield, watcherIds: readonly string[]): FieldToken[] {
  return watcherIds.flatMap((id) => field.tokens.find((t) => t.id === id) ?? []);
}

// ---- areas ----------------------------------------------------------------------------------

/**
 * Where the user places an area on the scene, in squares: a square-cornered rectangle (a burst:
 * 2N + 1 squares a side, placed by its centre; a blast: N a side, placed by its corner), a circle of
 * radius N, a cone N long (as wide at its end as it is long) or a line N long and one square wide,
 * each placed by its origin point.
 */
export type AreaPlacement =
  | { kind: "rectangle"; width: number; height: number; anchor: "centre" | "corner" }
  | { kind: "circle"; radius: number }
  | { kind: "cone"; radius: number; angle: number }
  | { kind: "line"; length: number; width: number };

/** A cone as wide at its end as it is long: its opening angle in degrees (2·atan(½)). */
const CONE_DEGREES = (2 * Math.atan(0.5) * 180) / Math.PI;

/**
 * How a close or area attack's area is found: `around` the attacker (a close burst: every creature
 * within N squares of its footprint, nothing to place), `placed` by the user (its shape), or
 * `drawn` (the power states no area: the user's newest template decides).
 */
export function areaOf(
  range: RangeKind,
  area: AreaSpec | null | undefined,
): { kind: "around"; squares: number } | { kind: "placed"; placement: AreaPlacement } | { kind: "drawn" } | null {
  if (range !== "close" && range !== "area") return null;
  if (!area || area.shape === "none") return { kind: "drawn" };
  const n = Math.max(1, Math.round(area.size));
  switch (area.shape) {
    case "burst":
      return range === "close"
        ? { kind: "around", squares: n }
        : { kind: "placed", placement: { kind: "rectangle", width: 2 * n + 1, height: 2 * n + 1, anchor: "centre" } };
    case "blast":
      return { kind: "placed", placement: { kind: "rectangle", width: n, height: n, anchor: "corner" } };
    case "radius":
      return { kind: "placed", placement: { kind: "circle", radius: n } };
    case "cone":
      return { kind: "placed", placement: { kind: "cone", radius: n, angle: CONE_DEGREES } };
    case "line":
      return { kind: "placed", placement: { kind: "line", length: n, width: 1 } };
  }
}

/** A close burst's creatures: every token but the attacker within `squares` of its footprint. */
export function closeBurstTokens(field: Battlefield, attackerId: string, squares: number): string[] {
  const attacker = field.tokens.find((t) => t.id === attackerId);
  if (!attacker) return [];
  return field.tokens.filter((t) => t.id !== attackerId && withinReach(attacker, t, squares)).map((t) => t.id);
}

/** A Region's stored obscurement (its system flag), or null when it marks none or an unknown value. */
export function obscurementOf(value: unknown): Obscurement | null {
  return (OBSCUREMENTS as readonly unknown[]).includes(value) ? (value as Obscurement) : null;
}

/** The worst of several obscurements (null when none). */
export function worstObscurement(levels: readonly (Obscurement | null)[]): Obscurement | null {
  let worst: Obscurement | null = null;
  for (const l of levels) if (l && (!worst || OBSCUREMENTS.indexOf(l) > OBSCUREMENTS.indexOf(worst))) worst = l;
  return worst;
}
