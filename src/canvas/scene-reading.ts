/**
 * The scene as the positional rules read it: tokens, walls and the grid of the viewed scene turned
 * into the engine's plain battlefield (in squares), Foundry's own detection test for who can see
 * whom, and the active game's reading of each target (`Ruleset.readScene`). Foundry I/O only: every
 * decision is the engine's.
 *
 * What is read, and from where:
 * - grid: `canvas.scene.grid.type` (square grids only; gridless and hex scenes are not read) and
 *   `canvas.grid.size` (pixels per square);
 * - walls: what blocks a line is asked of core's collision backends (./collisions.ts) when the canvas
 *   has them; else `canvas.scene.walls` — `c` (the segment in pixels), `move` (≠ NONE: solid, blocks
 *   cover lines), `sight` (≠ NONE: with `move`, blocks line of effect), `door`/`ds` (open doors are skipped);
 * - Levels (v14): only the tokens on the attacker's (or mover's) Level are read (./levels.ts);
 * - tokens: `canvas.tokens.placeables` — `document.x/y` (pixels, rounded to the square),
 *   `document.width` (footprint in squares), `document.disposition` (allies share the attacker's,
 *   friendly and hostile are enemies of each other, neutral neither);
 * - sight: for each enabled detection mode of the viewer's token (`document.detectionModes`, a list
 *   on v13 and an object on v14: src/compat/detection-modes.ts), the
 *   mode's `DetectionMode#testVisibility(token.vision, mode, {object, tests})` at the target's centre
 *   and inset corners — the same test Foundry runs for the viewing user. Unknown (null) when the scene
 *   has no token vision or the viewer has no vision source on this client. Light levels are not read.
 */
import {
  type Battlefield,
  type FieldToken,
  type GridPoint,
  type Standing,
  type WallSegment,
} from "../engine/geometry.js";
import type { Ruleset } from "../engine/ruleset.js";
import { canAct, canSee, nearerAfter, reachHolding, reachLeft, reachLost, type SceneReading } from "../engine/scene.js";
import type { ActorSource, RangeKind, RuleOptions } from "../engine/types.js";
import { reachLeftAlong } from "../engine/path-reach.js";
import { sightBoundSources, sourcesUnseen } from "../engine/source-sight.js";
import { effectSourceOf } from "../data/effects.js";
import { obscurementAt } from "./obscurement.js";
import { lightLevelAt, lightSeenBy } from "../compat/lighting.js";
import { activeRuleset } from "../active-ruleset.js";
import { detectionModeSees } from "../foundry-compat.js";
import { enabledDetectionModes } from "../compat/detection-modes.js";
import { coreWallCollision } from "./collisions.js";
import { sameLevel } from "./levels.js";
import { sceneReadingOn } from "../settings-scene.js";
import { elevationOf, elevationSquares } from "./elevation.js";

/** A wall as the scene stores it (WallDocument fields read here). */
export interface SceneWall {
  c: readonly number[];
  move: number;
  sight: number;
  door: number;
  ds: number;
}

/** A token as the scene stores it (TokenDocument fields read here). */
export interface SceneToken {
  id: string;
  x: number;
  y: number;
  width: number;
  disposition: number;
  /** Melee reach in squares from the actor's data (absent = 1). */
  reach?: number;
  /** Whether its creature can act, by the active game (absent = it can). */
  acts?: boolean;
  /** Whether its creature can see, by the active game (absent = it can). */
  sees?: boolean;
  /** Elevation in squares (the token's `elevation` over its scene grid's `distance`; absent = 0). */
  elevation?: number;
}

/** Foundry's "none" for a wall's move / sight restriction, and a door's open state. */
const WALL_NONE = 0;
const DOOR_OPEN = 1;

/** The actor's melee reach in squares as its data states it (absent or not a whole number ≥ 1: 1). */
function reachOf(source: ActorSource | null): number {
  const reach = source?.reach;
  return typeof reach === "number" && Number.isFinite(reach) && reach >= 1 ? Math.floor(reach) : 1;
}

/** A token document as the positional rules read it. */
export function sceneToken(t: TokenDocument.Implementation): SceneToken {
  const source = t.actor?.toEngineSource() ?? null;
  return {
    id: t.id ?? "",
    x: t.x,
    y: t.y,
    width: t.width ?? 1,
    disposition: t.disposition,
    reach: reachOf(source),
    acts: source ? canAct(activeRuleset(), source) : true,
    sees: source ? canSee(activeRuleset(), source) : true,
    ...elevationOf(t),
  };
}

/** Whether two dispositions (friendly 1, neutral 0, hostile -1, secret -2) are allies, enemies or neither. */
function standingOf(attacker: number, other: number): Standing {
  if (attacker === 0 || other === 0) return "neutral";
  if (Math.sign(attacker) === Math.sign(other)) return "ally";
  return "enemy";
}

/**
 * The battlefield in squares from the scene's walls and tokens (`gridSize` pixels per square).
 * Tokens stand on whole squares, unless `exact` (a gridless scene, where a token stands anywhere):
 * then a position is kept as the fraction of a square it is.
 */
export function battlefieldFrom(
  gridSize: number,
  walls: readonly SceneWall[],
  tokens: readonly SceneToken[],
  attackerId: string,
  exact = false,
): Battlefield {
  const at = (px: number) => px / gridSize;
  const attacker = tokens.find((t) => t.id === attackerId);
  const segments: WallSegment[] = [];
  for (const w of walls) {
    if (w.door !== 0 && w.ds === DOOR_OPEN) continue;
    const [x0, y0, x1, y1] = w.c;
    if (x0 === undefined || y0 === undefined || x1 === undefined || y1 === undefined) continue;
    segments.push({
      a: { x: at(x0), y: at(y0) },
      b: { x: at(x1), y: at(y1) },
      blocksMovement: w.move !== WALL_NONE,
      blocksSight: w.sight !== WALL_NONE,
    });
  }
  const field: FieldToken[] = tokens.map((t) => ({
    id: t.id,
    x: exact ? at(t.x) : Math.round(at(t.x)),
    y: exact ? at(t.y) : Math.round(at(t.y)),
    size: Math.max(1, Math.round(t.width)),
    standing: t.id === attackerId ? "self" : standingOf(attacker?.disposition ?? 0, t.disposition),
    ...(t.reach && t.reach > 1 ? { reach: t.reach } : {}),
    ...(t.acts === false ? { acts: false } : {}),
    ...(t.sees === false ? { sees: false } : {}),
    ...(t.elevation ? { elevation: t.elevation } : {}),
  }));
  return { walls: segments, tokens: field };
}

/**
 * Whether `viewer` sees `target` by Foundry's detection modes; null when this client cannot tell.
 * (Exported for the self-test's comparison with core's `canvas.visibility.testVisibility`.)
 */
export function tokenSees(
  viewer: foundry.canvas.placeables.Token,
  target: foundry.canvas.placeables.Token,
): boolean | null {
  try {
    if (!canvas?.visibility?.tokenVision) return null;
    const source = viewer.vision;
    if (!source || !viewer.document.sight.enabled) return null;
    const { x, y, width, height } = target.bounds;
    const elevation = target.document.elevation;
    const inset = Math.min(width, height) / 4;
    const points = [
      { x: x + width / 2, y: y + height / 2 },
      { x: x + inset, y: y + inset },
      { x: x + width - inset, y: y + inset },
      { x: x + inset, y: y + height - inset },
      { x: x + width - inset, y: y + height - inset },
    ];
    for (const mode of enabledDetectionModes(viewer.document.detectionModes)) {
      const dm = CONFIG.Canvas.detectionModes[mode.id];
      if (dm && detectionModeSees(dm, source, mode.data, target, points, elevation)) return true;
    }
    return false;
  } catch {
    return null;
  }
}

/** The centre of a token's footprint, in pixels. */
function centreOf(token: { bounds: { x: number; y: number; width: number; height: number } }): {
  x: number;
  y: number;
} {
  const { x, y, width, height } = token.bounds;
  return { x: x + width / 2, y: y + height / 2 };
}

/** The battlefield with Foundry's own wall test (core's collision backends) when the canvas has one. */
function withCoreWalls(field: Battlefield): Battlefield {
  const size = canvas?.grid?.size;
  const collides = size ? coreWallCollision(size) : null;
  return collides ? { ...field, collides } : field;
}

/** The token of `actor` on the viewed scene: the controlled one first, else its first active token. */
export function attackerToken(actor: Actor.Implementation): foundry.canvas.placeables.Token | null {
  const controlled = canvas?.tokens?.controlled.find((t) => t.actor === actor);
  if (controlled) return controlled;
  return actor.getActiveTokens().find((t) => t.scene === canvas?.scene) ?? null;
}

/** Whether the viewed scene can be read: the setting is on and it has a square grid. */
export function sceneReadable(): boolean {
  if (!sceneReadingOn() || !canvas?.ready || !canvas.scene) return false;
  return canvas.scene.grid.type === CONST.GRID_TYPES.SQUARE;
}

/** What the scene says about each targeted token, by token document UUID, and the attacker's token. */
export interface AttackSceneReading {
  readings: Map<string, SceneReading>;
  attacker: foundry.canvas.placeables.Token;
}

/**
 * Read the scene for an attack by `actor` with a power of `range` against the user's targets, or
 * null when the scene is not read (setting off, no canvas, gridless or hex grid, the game reads
 * nothing, or the attacker has no token here).
 */
export function readAttackScene(
  ruleset: Pick<Ruleset, "readScene" | "conditions">,
  options: RuleOptions,
  actor: Actor.Implementation,
  range: RangeKind,
  targets: Iterable<foundry.canvas.placeables.Token> = game.user.targets,
  origin: GridPoint | null = null,
): AttackSceneReading | null {
  if (!ruleset.readScene || !sceneReadable() || !canvas?.scene || !canvas.tokens || !canvas.grid) return null;
  const attacker = attackerToken(actor);
  if (!attacker) return null;
  // Only the attacker's Level is read (v14): a creature on another is never adjacent, flanking or cover.
  const placed = canvas.tokens.placeables.filter((t) => sameLevel(t.document, attacker.document));
  const tokens = placed.map((t) => sceneToken(t.document));
  const walls: SceneWall[] = canvas.scene.walls.contents.map((w) => ({
    c: w.c,
    move: w.move ?? WALL_NONE,
    sight: w.sight ?? WALL_NONE,
    door: w.door ?? 0,
    ds: w.ds ?? 0,
  }));
  const field = withCoreWalls(battlefieldFrom(canvas.grid.size, walls, tokens, attacker.document.id ?? ""));
  const readings = new Map<string, SceneReading>();
  const allies = placed.filter(
    (t) => t !== attacker && standingOf(attacker.document.disposition, t.document.disposition) === "ally",
  );
  const sources = sourcesUnseenBy(ruleset, actor, attacker, placed);
  for (const target of targets) {
    if (target === attacker || !target.document.id) continue;
    // A target on another Level is not read: nothing from the scene claims it is in reach or covered.
    if (!placed.includes(target)) continue;
    const unseenBy = allies
      .filter((a) => a !== target && tokenSees(a, target) === false)
      .map((a) => a.document.id ?? "");
    readings.set(
      target.document.uuid,
      ruleset.readScene({
        field,
        attackerId: attacker.document.id ?? "",
        targetId: target.document.id,
        range,
        origin,
        attackerSeesTarget: tokenSees(attacker, target),
        targetSeesAttacker: tokenSees(target, attacker),
        unseenBy,
        options,
        sourcesUnseen: sources,
        targetObscured: obscurementAt(target),
        targetLight: lightSeenBy(lightLevelAt(centreOf(target)), attacker.document.sight.visionMode),
        attackerTraits: actor.engineView().attackTraits ?? [],
      }),
    );
  }
  return { readings, attacker };
}

/**
 * [HD-COND] Whether the attacker sees none of the sources of its conditions that hold only while
 * their source is seen (the creators of its frightened effects), by Foundry's own sight test: a
 * source whose token is not on the attacker's scene and Level is out of sight; null when there is
 * no such source or this client cannot tell.
 */
function sourcesUnseenBy(
  ruleset: Pick<Ruleset, "conditions">,
  actor: Actor.Implementation,
  attacker: foundry.canvas.placeables.Token,
  placed: readonly foundry.canvas.placeables.Token[],
): boolean | null {
  const effects = [...actor.effects].map((e) =>
    effectSourceOf({ id: e.id, name: e.name, statuses: e.statuses, flags: e.flags as Record<string, unknown> }),
  );
  const ids = sightBoundSources(ruleset.conditions, effects);
  if (ids.length === 0) return null;
  return sourcesUnseen(
    ids.map((id) => {
      const token = placed.find((t) => t !== attacker && t.document.combatant?.id === id);
      return token ? tokenSees(attacker, token) : false;
    }),
  );
}

/**
 * [HD-COND] For a roll that is not an attack (a save, a check, an Actions-panel procedure): whether
 * the sources of `actor`'s sight-bound conditions (its fear) are all out of its token's sight on the
 * viewed scene. Null when the scene is not read, the actor has no token here, it has no such source,
 * or this client cannot tell: the roll then keeps the condition, as the attack dialog does unticked.
 */
export function fearSourceUnseenOnScene(
  ruleset: Pick<Ruleset, "conditions">,
  actor: Actor.Implementation,
): boolean | null {
  if (!sceneReadable() || !canvas?.tokens) return null;
  const token = attackerToken(actor);
  if (!token) return null;
  const placed = canvas.tokens.placeables.filter((t) => sameLevel(t.document, token.document));
  return sourcesUnseenBy(ruleset, actor, token, placed);
}

/**
 * [HD-COND] The same for a placed token (a target saving against a save-based power): whether the
 * sources of its actor's fear are all out of its sight; null when the scene is not read, it has no
 * such source, or this client cannot tell.
 */
export function fearSourceUnseenOfToken(
  ruleset: Pick<Ruleset, "conditions">,
  token: foundry.canvas.placeables.Token,
): boolean | null {
  if (!sceneReadable() || !canvas?.tokens || !token.actor) return null;
  const placed = canvas.tokens.placeables.filter((t) => sameLevel(t.document, token.document));
  return sourcesUnseenBy(ruleset, token.actor, token, placed);
}

/** The token of each of `actors` on `scene` (by actor UUID, so an unlinked token's own actor matches). */
function tokensOf(
  scene: Scene.Implementation,
  actors: readonly Actor.Implementation[],
): Map<string, Actor.Implementation> {
  const byId = new Map<string, Actor.Implementation>();
  for (const t of scene.tokens.contents) {
    const actor = actors.find((a) => a.uuid === t.actor?.uuid);
    if (actor && t.id) byId.set(t.id, actor);
  }
  return byId;
}

/** Whether `scene` is read: the setting is on and it has a square grid. */
function readableScene(scene: Scene.Implementation | null | undefined): scene is Scene.Implementation {
  return !!scene && sceneReadingOn() && scene.grid.type === CONST.GRID_TYPES.SQUARE;
}

/** Where a move started: pixels, and the elevation (scene units) when the move changed it. */
export interface MoveStart {
  x: number;
  y: number;
  elevation?: number;
}

/** A scene token's position fields where its move started (elevation in squares, [SYS-MONSTERS]). */
function startOf(t: TokenDocument.Implementation, from: MoveStart): { x: number; y: number; elevation?: number } {
  return {
    x: from.x,
    y: from.y,
    ...(from.elevation === undefined ? {} : { elevation: elevationSquares(t, from.elevation) }),
  };
}

/** The scene's tokens as they stood before `token` moved from `from` (pixels): the moved one put back there. */
function fieldBeforeMove(
  scene: Scene.Implementation,
  token: TokenDocument.Implementation,
  from: MoveStart,
  exact: boolean,
): Battlefield {
  const tokens = scene.tokens.contents
    .filter((t) => sameLevel(t, token))
    .map((t) => (t.id === token.id ? { ...sceneToken(t), ...startOf(t, from) } : sceneToken(t)));
  return battlefieldFrom(scene.grid.size, [], tokens, token.id ?? "", exact);
}

/**
 * Whose reach a token's move left, among `foes` ([HD-PROVOKE]): the move ended at the token's
 * current position and started at `from` (pixels), passing `waypoints` (pixels; none: judged by
 * its two ends). Null when the token's scene is not read (the
 * setting off, gridless or hex): then the mover's user is asked.
 */
export function reachLeftOnScene(
  token: TokenDocument.Implementation,
  from: MoveStart,
  foes: readonly Actor.Implementation[],
  waypoints: readonly { x: number; y: number }[] = [],
): Actor.Implementation[] | null {
  const scene = token.parent;
  if (!readableScene(scene) || !token.id) return null;
  const size = scene.grid.size;
  const field = fieldBeforeMove(scene, token, from, false);
  const watchers = tokensOf(scene, foes);
  const square = (p: { x: number; y: number }) => ({ x: Math.round(p.x / size), y: Math.round(p.y / size) });
  const to = { ...square(token), elevation: elevationSquares(token) };
  if (waypoints.length) {
    // Judged along the waypoints the move passed (the `moveToken` hook's), ending where it stands.
    const path = [square(from), ...waypoints.map(square), to];
    return reachLeftAlong(field, token.id, path, [...watchers.keys()]).flatMap((id) => watchers.get(id) ?? []);
  }
  return reachLeft(field, token.id, to, [...watchers.keys()]).flatMap((id) => watchers.get(id) ?? []);
}

/**
 * Which of `others` a token's move (from `from`, pixels, to where it now stands) brought it closer
 * to, centre to centre. Null when the scene is not read (the setting off, a gridless or hex scene).
 */
export function nearerOnScene(
  token: TokenDocument.Implementation,
  from: { x: number; y: number },
  others: readonly Actor.Implementation[],
): Actor.Implementation[] | null {
  const scene = token.parent;
  if (!readableScene(scene) || !token.id) return null;
  const size = scene.grid.size;
  const field = fieldBeforeMove(scene, token, from, true);
  const near = tokensOf(scene, others);
  return nearerAfter(field, token.id, { x: token.x / size, y: token.y / size }, [...near.keys()]).flatMap(
    (id) => near.get(id) ?? [],
  );
}

/**
 * Which of `others` the moved token's own reach does not hold where it now stands (left behind,
 * not moved with it), by squares. Null when the scene is not read (the setting off, a gridless or
 * hex scene: positional rules are the table's there).
 */
export function reachLostOnScene(
  token: TokenDocument.Implementation,
  others: readonly Actor.Implementation[],
): Actor.Implementation[] | null {
  const scene = token.parent;
  if (!readableScene(scene) || !token.id) return null;
  const tokens = scene.tokens.contents.filter((t) => sameLevel(t, token)).map(sceneToken);
  const field = battlefieldFrom(scene.grid.size, [], tokens, token.id);
  const held = tokensOf(scene, others);
  return reachLost(field, token.id, [...held.keys()]).flatMap((id) => held.get(id) ?? []);
}

/**
 * Whose reach holds `actor`'s token where it stands, among `foes` (casting or shooting there
 * provokes them, [HD-PROVOKE]). Null when the scene is not read or the actor has no token on it.
 */
export function reachHoldingOnScene(
  actor: Actor.Implementation,
  foes: readonly Actor.Implementation[],
): Actor.Implementation[] | null {
  if (!sceneReadingOn()) return null;
  const token = attackerToken(actor)?.document;
  const scene = token?.parent;
  if (!token?.id || !readableScene(scene)) return null;
  const field = battlefieldFrom(
    scene.grid.size,
    [],
    scene.tokens.contents.filter((t) => sameLevel(t, token)).map(sceneToken),
    token.id,
  );
  const watchers = tokensOf(scene, foes);
  return reachHolding(field, token.id, [...watchers.keys()]).flatMap((id) => watchers.get(id) ?? []);
}
