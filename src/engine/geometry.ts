/**
 * Battlefield geometry over plain data, in grid squares: square (x, y) covers [x, x+1] × [y, y+1],
 * so square corners sit on whole numbers. The adapter converts a scene's pixels into this frame;
 * nothing here knows about Foundry. Everything a positional rule needs: the lines traced from a
 * corner to the corners of a square, whether a wall, a blocking square or a creature blocks one,
 * line of effect, distances between footprints, flanking and area membership.
 */

/** A point in grid squares (corners are whole numbers). */
export interface GridPoint {
  x: number;
  y: number;
}

/** A wall segment and what it stops (a window stops movement but not sight). */
export interface WallSegment {
  a: GridPoint;
  b: GridPoint;
  /** Physically solid: stops movement and missiles (cover lines). */
  blocksMovement: boolean;
  /** Stops sight: together with `blocksMovement`, nothing passes (line of effect). */
  blocksSight: boolean;
}

/** How a creature on the field stands toward the attacker. */
export type Standing = "self" | "ally" | "enemy" | "neutral";

/** A creature's footprint: top-left square and side length in squares (a 2×2 large creature: size 2). */
export interface FieldToken {
  id: string;
  x: number;
  y: number;
  /** Side of the footprint in whole squares (≥ 1). */
  size: number;
  standing: Standing;
  /** Melee reach in squares (1 = adjacent squares); absent = 1. */
  reach?: number;
  /** Whether the creature can act (up, nothing taking its actions); absent = it can. */
  acts?: boolean;
  /** Whether the creature can see (nothing blinds it); absent = it can. */
  sees?: boolean;
  /**
   * Height of the footprint's bottom above the ground, in squares (a token's elevation over the
   * grid's distance: a flier 10 ft up on a 5 ft grid is 2; below 0 underground, burrowing).
   * Absent = 0. The footprint is as tall as it is wide ([SYS-MONSTERS], see {@link verticalGap}).
   */
  elevation?: number;
}

/** The battlefield as the positional rules read it. */
export interface Battlefield {
  walls: readonly WallSegment[];
  tokens: readonly FieldToken[];
  /**
   * Squares of terrain that grants cover without walling anything off (a small pillar, a large
   * piece of furniture): it blocks corner lines, never line of effect.
   */
  terrain?: readonly GridPoint[];
}

/** What blocked a line. */
export type Blocker = "wall" | "terrain" | "creature";

/** One traced line and its verdict. */
export interface TracedLine {
  from: GridPoint;
  to: GridPoint;
  blockedBy: Blocker | null;
}

const EPS = 1e-9;

const cross = (o: GridPoint, a: GridPoint, b: GridPoint): number =>
  (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
const sign = (v: number): -1 | 0 | 1 => (v > EPS ? 1 : v < -EPS ? -1 : 0);

/** The four corners of square (x, y). */
function squareCorners(sq: GridPoint): GridPoint[] {
  return [
    { x: sq.x, y: sq.y },
    { x: sq.x + 1, y: sq.y },
    { x: sq.x, y: sq.y + 1 },
    { x: sq.x + 1, y: sq.y + 1 },
  ];
}

/** Every square a footprint occupies. */
function footprintSquares(t: Pick<FieldToken, "x" | "y" | "size">): GridPoint[] {
  const out: GridPoint[] = [];
  const n = Math.max(1, Math.round(t.size));
  for (let dx = 0; dx < n; dx++) for (let dy = 0; dy < n; dy++) out.push({ x: t.x + dx, y: t.y + dy });
  return out;
}

/** Every distinct corner of a footprint's squares. */
function footprintCorners(t: Pick<FieldToken, "x" | "y" | "size">): GridPoint[] {
  const n = Math.max(1, Math.round(t.size));
  const out: GridPoint[] = [];
  for (let dx = 0; dx <= n; dx++) for (let dy = 0; dy <= n; dy++) out.push({ x: t.x + dx, y: t.y + dy });
  return out;
}

/**
 * Whether the line p→q is blocked by the walls that pass `solid`. A wall blocks when the line
 * crosses it; touching a wall's end, ending on it, or running along it does not block — except where
 * the line slips through the joint of two walls meeting at a point from opposite sides.
 */
export function wallBlocks(
  p: GridPoint,
  q: GridPoint,
  walls: readonly WallSegment[],
  solid: (w: WallSegment) => boolean,
): boolean {
  const touches = new Map<string, number>();
  for (const w of walls) {
    if (!solid(w)) continue;
    const d1 = sign(cross(p, q, w.a));
    const d2 = sign(cross(p, q, w.b));
    if (d1 !== 0 && d1 === d2) continue;
    if (d1 === 0 && d2 === 0) continue; // collinear: runs along the wall
    const d3 = sign(cross(w.a, w.b, p));
    const d4 = sign(cross(w.a, w.b, q));
    if (d3 !== 0 && d3 === d4) continue;
    if (d1 !== 0 && d2 !== 0 && d3 !== 0 && d4 !== 0) return true; // a proper crossing
    // A touch at one of the wall's ends, strictly inside the line: remember which side the wall goes.
    if (d3 === 0 || d4 === 0) continue; // the line ends on the wall
    const end = d1 === 0 ? w.a : w.b;
    const side = d1 === 0 ? d2 : d1;
    const key = `${Math.round(end.x * 1e6)},${Math.round(end.y * 1e6)}`;
    const seen = touches.get(key) ?? 0;
    if (seen !== 0 && seen !== side) return true;
    touches.set(key, side);
  }
  return false;
}

/**
 * Whether the line p→q passes through the inside of the axis-aligned box [x0, x1] × [y0, y1]. A line
 * along the box's edge, or touching it at a corner, does not.
 */
function crossesBox(p: GridPoint, q: GridPoint, x0: number, y0: number, x1: number, y1: number): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const clip = (den: number, num: number): boolean => {
    if (Math.abs(den) < EPS) return num >= -EPS;
    const t = num / den;
    if (den < 0) {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    }
    return true;
  };
  if (!clip(-dx, p.x - x0) || !clip(dx, x1 - p.x) || !clip(-dy, p.y - y0) || !clip(dy, y1 - p.y)) return false;
  if (t1 - t0 < EPS) return false;
  const tm = (t0 + t1) / 2;
  const mx = p.x + dx * tm;
  const my = p.y + dy * tm;
  return mx > x0 + EPS && mx < x1 - EPS && my > y0 + EPS && my < y1 - EPS;
}

/** What may block a traced line. */
export interface LineObstacles {
  walls: readonly WallSegment[];
  terrain: readonly GridPoint[];
  /** Creatures whose squares block (already filtered by who gives cover). */
  creatures: readonly Pick<FieldToken, "x" | "y" | "size">[];
}

/** The first kind of obstacle that blocks p→q (walls, then terrain, then creatures), or null. */
function lineBlocker(p: GridPoint, q: GridPoint, obstacles: LineObstacles): Blocker | null {
  if (wallBlocks(p, q, obstacles.walls, (w) => w.blocksMovement)) return "wall";
  for (const sq of obstacles.terrain) if (crossesBox(p, q, sq.x, sq.y, sq.x + 1, sq.y + 1)) return "terrain";
  for (const c of obstacles.creatures) {
    const n = Math.max(1, Math.round(c.size));
    if (crossesBox(p, q, c.x, c.y, c.x + n, c.y + n)) return "creature";
  }
  return null;
}

/** The best choice of corner and target square: the fewest blocked lines, and those lines. */
export interface CornerTrace {
  corner: GridPoint;
  square: GridPoint;
  lines: TracedLine[];
  blocked: number;
}

/**
 * Trace from every corner of the origin's squares to every corner of each square the target
 * occupies, and keep the choice with the fewest blocked lines (the attacker chooses both).
 */
export function bestCornerTrace(
  origin: Pick<FieldToken, "x" | "y" | "size">,
  target: Pick<FieldToken, "x" | "y" | "size">,
  obstacles: LineObstacles,
): CornerTrace {
  let best: CornerTrace | null = null;
  const squares = footprintSquares(target);
  for (const corner of footprintCorners(origin)) {
    for (const square of squares) {
      const lines: TracedLine[] = [];
      let blocked = 0;
      for (const to of squareCorners(square)) {
        const blockedBy = lineBlocker(corner, to, obstacles);
        if (blockedBy) blocked++;
        lines.push({ from: corner, to, blockedBy });
        if (best && blocked >= best.blocked) break;
      }
      if (!best || blocked < best.blocked) best = { corner, square, lines, blocked };
      if (best.blocked === 0) return best;
    }
  }
  return best as CornerTrace;
}

/**
 * Line of effect from the origin's footprint to the target's: some line from a corner of the origin
 * to a point just inside one of the target's squares that no solid wall (stopping both movement and
 * sight) crosses. Creatures and cover-granting terrain never stop it.
 */
export function hasLineOfEffect(
  origin: Pick<FieldToken, "x" | "y" | "size">,
  target: Pick<FieldToken, "x" | "y" | "size">,
  field: Pick<Battlefield, "walls">,
): boolean {
  const inset = 0.02;
  const points: GridPoint[] = [];
  for (const sq of footprintSquares(target)) {
    points.push({ x: sq.x + 0.5, y: sq.y + 0.5 });
    for (const c of squareCorners(sq))
      points.push({ x: c.x + (c.x > sq.x ? -inset : inset), y: c.y + (c.y > sq.y ? -inset : inset) });
  }
  for (const from of footprintCorners(origin)) {
    for (const to of points) {
      if (wallBlocks(from, to, field.walls, (w) => w.blocksMovement && w.blocksSight)) continue;
      return true;
    }
  }
  return false;
}

/**
 * Whole squares of air (or earth) between two footprints stacked by elevation ([SYS-MONSTERS]):
 * each footprint stands from its `elevation` up as many squares as it is wide, and the gap is
 * counted as the horizontal one is (touching = 0). A flier 10 ft (2 squares) above a Medium
 * creature has a gap of 1: out of a 1-square reach, within a 2-square one. A fractional elevation
 * (a gridless scene, an odd number of feet) counts the part of a square it reaches into.
 */
export function verticalGap(
  a: Pick<FieldToken, "size" | "elevation">,
  b: Pick<FieldToken, "size" | "elevation">,
): number {
  const ae = a.elevation ?? 0;
  const be = b.elevation ?? 0;
  if (ae === be) return 0;
  const an = Math.max(1, Math.round(a.size));
  const bn = Math.max(1, Math.round(b.size));
  const gap = Math.max(0, be - (ae + an), ae - (be + bn));
  return gap > EPS ? Math.ceil(gap - EPS) : 0;
}

/**
 * Squares between two footprints on the grid (0 = adjacent or overlapping, diagonals count 1),
 * elevation counted as a third axis ({@link verticalGap}): the larger of the three gaps.
 */
export function squaresBetween(
  a: Pick<FieldToken, "x" | "y" | "size" | "elevation">,
  b: Pick<FieldToken, "x" | "y" | "size" | "elevation">,
): number {
  const an = Math.max(1, Math.round(a.size));
  const bn = Math.max(1, Math.round(b.size));
  const gapX = Math.max(0, b.x - (a.x + an), a.x - (b.x + bn));
  const gapY = Math.max(0, b.y - (a.y + an), a.y - (b.y + bn));
  return Math.max(gapX, gapY, verticalGap(a, b));
}

/** Whether two footprints are within `reach` squares (1 = adjacent), elevation counted. */
export function withinReach(
  a: Pick<FieldToken, "x" | "y" | "size" | "elevation">,
  b: Pick<FieldToken, "x" | "y" | "size" | "elevation">,
  reach: number,
): boolean {
  return squaresBetween(a, b) < Math.max(1, reach);
}

/**
 * Whether the attacker and an ally flank the target: both adjacent to it, on directly opposite
 * sides or corners of its footprint (the centre of the target lies on the segment between theirs and
 * each sits past an opposite edge).
 */
export function flanks(
  attacker: Pick<FieldToken, "x" | "y" | "size" | "elevation">,
  ally: Pick<FieldToken, "x" | "y" | "size" | "elevation">,
  target: Pick<FieldToken, "x" | "y" | "size" | "elevation">,
): boolean {
  if (!withinReach(attacker, target, 1) || !withinReach(ally, target, 1)) return false;
  const tn = Math.max(1, Math.round(target.size));
  const side = (t: Pick<FieldToken, "x" | "y" | "size">, lo: number, axis: "x" | "y"): -1 | 0 | 1 => {
    const n = Math.max(1, Math.round(t.size));
    if (t[axis] + n <= lo) return -1;
    if (t[axis] >= lo + tn) return 1;
    return 0;
  };
  const ax = side(attacker, target.x, "x");
  const ay = side(attacker, target.y, "y");
  const bx = side(ally, target.x, "x");
  const by = side(ally, target.y, "y");
  if (ax === 0 && ay === 0) return false;
  return ax === -bx && ay === -by;
}

/**
 * Whether a creature is in an area: some square of its footprint is, by `inside` (the area's own
 * test of a square — a placed template's shape, a burst's squares).
 */
export function occupiesArea(t: Pick<FieldToken, "x" | "y" | "size">, inside: (square: GridPoint) => boolean): boolean {
  return footprintSquares(t).some(inside);
}

/**
 * Whether a creature standing between two others can be in the way of a line between them, by
 * height ([SYS-MONSTERS]): its footprint's vertical span meets the span from the lower one's
 * bottom to the higher one's top. A creature on the ground never covers a flier from a flier
 * above it, nor a burrower from one another underground.
 */
export function inTheWayByHeight(
  blocker: Pick<FieldToken, "size" | "elevation">,
  from: Pick<FieldToken, "size" | "elevation">,
  to: Pick<FieldToken, "size" | "elevation">,
): boolean {
  const top = (t: Pick<FieldToken, "size" | "elevation">) => (t.elevation ?? 0) + Math.max(1, Math.round(t.size));
  const low = Math.min(from.elevation ?? 0, to.elevation ?? 0);
  const high = Math.max(top(from), top(to));
  return (blocker.elevation ?? 0) < high - EPS && top(blocker) > low + EPS;
}
