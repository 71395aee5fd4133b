/**
 * Stand-in for the Foundry canvas the scene reading (src/canvas/scene-reading.ts) and the cover-line
 * drawing (src/canvas/cover-lines.ts) touch, installed beside the attack stand-in. It imitates only:
 *
 * - `canvas.ready`, `canvas.scene.grid.type` (1 = square), `.size` and `.distance` (5 ft), `canvas.scene.walls.contents`
 *   (WallDocument `c`/`move`/`sight`/`door`/`ds`), `canvas.scene.tokens.contents` (the token
 *   documents), `canvas.grid.size`, `canvas.tokens.placeables` / `.controlled`,
 *   `canvas.visibility.tokenVision`, `canvas.controls.addChild` (recording what was drawn);
 * - a Token placeable: `document` (`id`, `uuid`, `name`, `x`, `y`, `width`, `disposition`,
 *   `elevation`, `sight.enabled`, `detectionModes`, `texture.src`, `actor`, `parent` = the scene),
 *   `actor` (its `toEngineSource()` gives the reach), `bounds`, `vision`, `scene`; the actor's
 *   `getActiveTokens()`;
 * - `CONFIG.Canvas.detectionModes.basicSight.testVisibility(source, mode, {object})`: answers from
 *   the table of who cannot see whom that the test sets ({@link SceneStandIn.blind}) — it decides no
 *   rule, it stands for Foundry's vision result;
 * - `canvas.templates.placeables`: measured templates (`document.x/y/author.id`, `document.delete()`
 *   removing it, `shape.contains` relative to the origin, as a PIXI.Rectangle answers it);
 * - v14's `canvas.regions.placeRegion(data, {create})`: the user's click ({@link SceneStandIn.regionClick},
 *   null = cancelled) moves the first shape's origin there; the document it resolves with has that
 *   shape, `polygonTree.testPoint` answering for rectangles (with their anchor) and circles as
 *   Foundry's geometry does, and `delete()`; each placement is recorded in {@link SceneStandIn.regions};
 *   `game.user.can("REGION_CREATE")` answers {@link SceneStandIn.mayCreateRegions};
 * - the scene's lighting: `canvas.effects.lightSources` (the global light first, then each light the
 *   test lists in {@link SceneStandIn.lights}, lit within a circle of its larger radius — walls are
 *   not read), `canvas.effects.testInsideDarkness` (the test's darkness circles) and
 *   `canvas.environment.globalLightSource.active` ({@link SceneStandIn.globalLight}, on by default);
 * - `CONST.GRID_TYPES`, and `PIXI.Graphics` recording `lineStyle`/`moveTo`/`lineTo`/`destroy`;
 * - `CONFIG.Canvas.polygonBackends.{move,sight}.testCollision(origin, destination, {type})` (v13 and
 *   v14): whether a wall of the scene whose `type` restriction is not NONE (an open door excepted)
 *   properly crosses the segment — Foundry's answer for plain two-way walls; each call is
 *   counted in {@link SceneStandIn.collisionTests};
 * - a generation ({@link installSceneStandIn}'s `generation`, 13 by default) with its data shapes:
 *   `game.release.generation`; a token's `detectionModes` is v13's list of `{id, enabled, range}` or
 *   v14's object keyed by mode id of `{enabled, range}` (API v14 `TokenData`,
 *   https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.TokenData.html); on v14 a token
 *   document has a `level` (a Level's id, "ground" unless {@link putOnLevel} moves it).
 *
 * - `canvas.scene.regions.contents`: Regions users drew ({@link drawSquareRegion}: `shapes`, `_stats`,
 *   `polygonTree.testPoint`, `delete()`).
 *
 * Knowing differences: no real line of sight, lighting or fog; no thresholds in the collision test
 * (one-way walls by the side rule of {@link WallStandIn.dir}); coordinates are the plain numbers the test gives.
 */
import { SYSTEM_ID } from "../../src/constants.js";
import type { ActorSource } from "../../src/engine/types.js";
import { installAttackStandIn, type AttackStandInState } from "./foundry-attack.js";

/** What a token's actor shows the scene reading: its name, image, UUID and engine source (its reach). */
export interface SceneActorStandIn {
  name: string;
  img: string;
  uuid: string;
  toEngineSource(): ActorSource;
}

/** A wall as the scene stores it. */
export interface WallStandIn {
  c: number[];
  move: number;
  sight: number;
  door: number;
  ds: number;
  /**
   * One-way walls (`CONST.WALL_DIRECTIONS`: 0 both, 1 left, 2 right): a one-way wall stops only a
   * line whose origin is on its blocking side (here: left = `cross(a→b, a→origin) < 0` in screen
   * coordinates, right the other). Read only by the collision backends, as in Foundry.
   */
  dir?: number;
}

/** A Region a user drew (v14): its first shape, its stats, whether a point is inside it, its removal. */
export interface DrawnRegionStandIn {
  shapes: { type: string; x: number; y: number; width: number; height: number }[];
  _stats: { createdTime: number; lastModifiedBy: string };
  polygonTree: { testPoint(p: { x: number; y: number }): boolean };
  delete(): Promise<void>;
}

/** A recorded drawing on the controls layer. */
export class GraphicsStandIn {
  readonly segments: { color: number; from: [number, number]; to: [number, number] }[] = [];
  destroyed = false;
  private color = 0;
  private at: [number, number] = [0, 0];
  lineStyle(_width: number, color: number): this {
    this.color = color;
    return this;
  }
  moveTo(x: number, y: number): this {
    this.at = [x, y];
    return this;
  }
  lineTo(x: number, y: number): this {
    this.segments.push({ color: this.color, from: this.at, to: [x, y] });
    this.at = [x, y];
    return this;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

/** A token placeable on the stand-in scene. */
export interface SceneTokenStandIn<A extends SceneActorStandIn = SceneActorStandIn> {
  document: {
    id: string;
    uuid: string;
    name: string;
    x: number;
    y: number;
    width: number;
    disposition: number;
    elevation: number;
    sight: { enabled: boolean };
    /** v13: a list with ids; v14: an object keyed by mode id. */
    detectionModes:
      { id: string; enabled: boolean; range: number }[] | Record<string, { enabled: boolean; range: number }>;
    /** v14 only: the id of the Level it stands on. */
    level?: string;
    texture: { src: string };
    actor: A;
    /** The scene it is on (set when placed). */
    parent: unknown;
  };
  actor: A;
  bounds: { x: number; y: number; width: number; height: number };
  vision: { id: string } | undefined;
  scene: unknown;
}

/** What the test sets and what the stand-in recorded. */
export interface SceneStandIn {
  /** The Foundry generation whose data shapes the stand-in gives (13 or 14). */
  generation: 13 | 14;
  /** How many collision tests core's backends were asked since the test reset it. */
  collisionTests: number;
  gridSize: number;
  walls: WallStandIn[];
  tokens: SceneTokenStandIn[];
  /** `viewer id → target ids` it cannot see (Foundry's vision verdict for these pairs). */
  blind: Map<string, Set<string>>;
  drawn: GraphicsStandIn[];
  /** The scene's grid type (1 square, 0 gridless). */
  gridType: number;
  /** Measured templates on the scene (newest last). */
  templates: TemplateStandIn[];
  /** Where the user clicks to place a Region (scene pixels), or null: the placement is cancelled. */
  regionClick: { x: number; y: number } | null;
  /** The Regions placed, in order. */
  regions: RegionStandIn[];
  /** `game.user.can("REGION_CREATE")`. */
  mayCreateRegions: boolean;
  /** Regions users drew on the scene (`canvas.scene.regions.contents`), oldest first. */
  drawnRegions: DrawnRegionStandIn[];
  /** Chat messages posted so far (to tell when a placement was removed), set by the test. */
  messageCount: () => number;
  /** Whether the scene's global light shines (`canvas.environment.globalLightSource.active`); true by default. */
  globalLight: boolean;
  /** Light sources lit on the scene (`canvas.effects.lightSources`): centre and radii in pixels. */
  lights: LightStandIn[];
  /** Darkness sources (`canvas.effects.testInsideDarkness`): circles in pixels. */
  darkness: { x: number; y: number; radius: number }[];
}

/** A light source as core prepares it: its centre and its bright and dim radii, in pixels. */
export interface LightStandIn {
  x: number;
  y: number;
  bright: number;
  dim: number;
}

/** One Region placement: the data asked for, whether it was created, its shape where the user put it. */
export interface RegionStandIn {
  data: Record<string, unknown>;
  create: boolean;
  shape: Record<string, unknown> & { type: string; x: number; y: number };
  /** How many chat messages had been posted when it was deleted; null = not deleted. */
  deletedAfterMessages: number | null;
}

/** Whether a shape holds a point, as Foundry's region geometry answers it (rectangles and circles). */
function shapeHolds(shape: RegionStandIn["shape"], p: { x: number; y: number }): boolean {
  const n = (k: string) => Number(shape[k] ?? 0);
  if (shape.type === "rectangle") {
    const x0 = shape.x - n("anchorX") * n("width");
    const y0 = shape.y - n("anchorY") * n("height");
    return p.x >= x0 && p.x < x0 + n("width") && p.y >= y0 && p.y < y0 + n("height");
  }
  if (shape.type === "circle") return Math.hypot(p.x - shape.x, p.y - shape.y) <= n("radius");
  throw new Error(`the scene stand-in does not imitate ${shape.type} regions`);
}

/** A measured template: its origin in pixels, its author, and a rectangular shape relative to the origin. */
export interface TemplateStandIn {
  document: { x: number; y: number; author: { id: string }; delete(): Promise<void> };
  shape: { contains(x: number, y: number): boolean };
}

/** A square template of `squares` × `squares` whose origin is the top-left corner of square (col, row). */
export function placeSquareTemplate(
  scene: SceneStandIn,
  col: number,
  row: number,
  squares: number,
  authorId: string,
): void {
  const s = scene.gridSize;
  const template: TemplateStandIn = {
    document: {
      x: col * s,
      y: row * s,
      author: { id: authorId },
      delete: async () => {
        scene.templates.splice(scene.templates.indexOf(template), 1);
      },
    },
    // PIXI.Rectangle#contains: left and top edges inside, right and bottom outside.
    shape: { contains: (x, y) => x >= 0 && y >= 0 && x < squares * s && y < squares * s },
  };
  scene.templates.push(template);
}

const GLOBALS = ["canvas", "CONST", "CONFIG", "PIXI"] as const;

/**
 * A user draws a square Region of `squares` × `squares` whose top-left is square (col, row) (v14's
 * rectangle tool), created at `createdTime` (ms) by `userId`.
 */
export function drawSquareRegion(
  scene: SceneStandIn,
  col: number,
  row: number,
  squares: number,
  userId: string,
  createdTime: number,
): DrawnRegionStandIn {
  const s = scene.gridSize;
  const [x0, y0, side] = [col * s, row * s, squares * s];
  const region: DrawnRegionStandIn = {
    shapes: [{ type: "rectangle", x: x0, y: y0, width: side, height: side }],
    _stats: { createdTime, lastModifiedBy: userId },
    polygonTree: { testPoint: (p) => p.x >= x0 && p.y >= y0 && p.x < x0 + side && p.y < y0 + side },
    delete: async () => {
      scene.drawnRegions.splice(scene.drawnRegions.indexOf(region), 1);
    },
  };
  scene.drawnRegions.push(region);
  return region;
}

/** Place a token for `actor` on square (col, row) of the stand-in scene. */
export function placeToken<A extends SceneActorStandIn>(
  scene: SceneStandIn,
  id: string,
  actor: A,
  col: number,
  row: number,
  disposition: number,
  size = 1,
): SceneTokenStandIn<A> {
  const s = scene.gridSize;
  const token: SceneTokenStandIn<A> = {
    document: {
      id,
      uuid: `Scene.s1.Token.${id}`,
      name: actor.name,
      x: col * s,
      y: row * s,
      width: size,
      disposition,
      elevation: 0,
      sight: { enabled: true },
      detectionModes:
        scene.generation >= 14
          ? { basicSight: { enabled: true, range: 0 } }
          : [{ id: "basicSight", enabled: true, range: 0 }],
      ...(scene.generation >= 14 ? { level: "ground" } : {}),
      texture: { src: actor.img },
      actor,
      parent: null,
    },
    actor,
    bounds: { x: col * s, y: row * s, width: size * s, height: size * s },
    vision: { id },
    scene: null,
  };
  scene.tokens.push(token);
  Object.assign(actor, { getActiveTokens: () => scene.tokens.filter((t) => t.actor === actor) });
  return token;
}

/** Put a token on another Level of the scene (v14; throws on v13, which has none). */
export function putOnLevel(scene: SceneStandIn, token: SceneTokenStandIn, level: string): void {
  if (scene.generation < 14) throw new Error("Foundry v13 scenes have no Levels");
  token.document.level = level;
}

/**
 * Whether segment p→q properly crosses a→b (a touch at an end does not count, nor running along
 * it) — what the stand-in assumes core's collision test answers for a wall; the self-test compares
 * the engine's lines with core's own answer in a real world.
 */
function segmentsCross(
  p: { x: number; y: number },
  q: { x: number; y: number },
  a: { x: number; y: number },
  b: { x: number; y: number },
): boolean {
  const cross = (o: typeof p, u: typeof p, v: typeof p) => (u.x - o.x) * (v.y - o.y) - (u.y - o.y) * (v.x - o.x);
  const d1 = cross(p, q, a);
  const d2 = cross(p, q, b);
  const d3 = cross(a, b, p);
  const d4 = cross(a, b, q);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** A wall from square corner (x0, y0) to (x1, y1), solid unless said otherwise. */
export function addWall(scene: SceneStandIn, x0: number, y0: number, x1: number, y1: number, sight = 20): void {
  const s = scene.gridSize;
  scene.walls.push({ c: [x0 * s, y0 * s, x1 * s, y1 * s], move: 20, sight, door: 0, ds: 0 });
}

/**
 * Install the canvas stand-in (after the attack stand-in) for Foundry `generation` (13 unless said).
 * Returns the scene and the uninstaller.
 */
export function installSceneStandIn({ generation = 13 }: { generation?: 13 | 14 } = {}): {
  scene: SceneStandIn;
  uninstall: () => void;
} {
  const g = globalThis as Record<string, unknown>;
  const saved = new Map(GLOBALS.map((n) => [n, g[n]]));
  const scene: SceneStandIn = {
    generation,
    collisionTests: 0,
    gridSize: 100,
    walls: [],
    tokens: [],
    blind: new Map(),
    drawn: [],
    gridType: 1,
    templates: [],
    regionClick: null,
    regions: [],
    mayCreateRegions: true,
    drawnRegions: [],
    messageCount: () => 0,
    globalLight: true,
    lights: [],
    darkness: [],
  };
  // Foundry's light sources: a lit shape is the circle of the larger radius (walls are not read here).
  const lightSource = (l: LightStandIn) => ({
    active: true,
    data: { x: l.x, y: l.y, bright: l.bright, dim: l.dim },
    shape: { contains: (x: number, y: number) => Math.hypot(x - l.x, y - l.y) <= Math.max(l.bright, l.dim) },
  });
  const globalLightSource = {
    get active() {
      return scene.globalLight;
    },
    data: {},
    shape: { contains: () => true },
  };
  const sceneDoc = {
    get grid() {
      // `distance`: feet a square stands for (a token's elevation is read in squares by it).
      return { type: scene.gridType, size: scene.gridSize, distance: 5 };
    },
    walls: {
      get contents() {
        return scene.walls;
      },
    },
    tokens: {
      get contents() {
        return scene.tokens.map((t) => t.document);
      },
    },
    regions: {
      get contents() {
        return scene.drawnRegions;
      },
    },
  };
  const backend = (type: "move" | "sight") => ({
    testCollision: (
      origin: { x: number; y: number },
      destination: { x: number; y: number },
      config: { type: string },
    ) => {
      scene.collisionTests++;
      if (config.type !== type) throw new Error(`the ${type} backend was asked about ${config.type}`);
      return scene.walls.some((w) => {
        if (w[type] === 0 || (w.door !== 0 && w.ds === 1)) return false;
        const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = w.c;
        const side = (x1 - x0) * (origin.y - y0) - (y1 - y0) * (origin.x - x0);
        if ((w.dir === 1 && side >= 0) || (w.dir === 2 && side <= 0)) return false;
        return segmentsCross(origin, destination, { x: x0, y: y0 }, { x: x1, y: y1 });
      });
    },
  });
  Object.assign(g, {
    CONST: { GRID_TYPES: { GRIDLESS: 0, SQUARE: 1 } },
    CONFIG: {
      Canvas: {
        polygonBackends: { move: backend("move"), sight: backend("sight") },
        detectionModes: {
          basicSight: {
            testVisibility: (source: { id: string }, _mode: unknown, config: { object: SceneTokenStandIn }) =>
              !scene.blind.get(source.id)?.has(config.object.document.id),
          },
        },
      },
    },
    PIXI: { Graphics: GraphicsStandIn },
    canvas: {
      ready: true,
      scene: sceneDoc,
      get grid() {
        return { size: scene.gridSize };
      },
      tokens: {
        get placeables() {
          return scene.tokens;
        },
        controlled: [],
      },
      templates: {
        get placeables() {
          return scene.templates;
        },
      },
      regions: {
        placeRegion: async (data: { shapes: RegionStandIn["shape"][] }, options: { create: boolean }) => {
          const click = scene.regionClick;
          const first = data.shapes[0];
          if (!click || !first) return null;
          const placed: RegionStandIn = {
            data,
            create: options.create,
            shape: { ...first, x: click.x, y: click.y },
            deletedAfterMessages: null,
          };
          scene.regions.push(placed);
          return {
            shapes: [placed.shape],
            polygonTree: { testPoint: (p: { x: number; y: number }) => shapeHolds(placed.shape, p) },
            delete: async () => {
              placed.deletedAfterMessages = scene.messageCount();
            },
          };
        },
      },
      visibility: { tokenVision: true },
      effects: {
        get lightSources() {
          return [globalLightSource, ...scene.lights.map(lightSource)];
        },
        testInsideDarkness: (p: { x: number; y: number }) =>
          scene.darkness.some((d) => Math.hypot(p.x - d.x, p.y - d.y) <= d.radius),
      },
      environment: { globalLightSource },
      controls: {
        addChild: (child: GraphicsStandIn) => {
          scene.drawn.push(child);
          return child;
        },
      },
    },
  });
  const gameObj = g.game as { user?: Record<string, unknown>; release?: { generation: number } } | undefined;
  const savedRelease = gameObj?.release;
  if (gameObj) gameObj.release = { generation };
  const user = gameObj?.user;
  const savedCan = user?.can;
  if (user) user.can = (permission: string) => permission === "REGION_CREATE" && scene.mayCreateRegions;
  const placed = scene.tokens.push.bind(scene.tokens);
  scene.tokens.push = (...items: SceneTokenStandIn[]) => {
    for (const t of items) {
      t.scene = sceneDoc;
      t.document.parent = sceneDoc;
    }
    return placed(...items);
  };
  return {
    scene,
    uninstall: () => {
      if (user) user.can = savedCan;
      if (gameObj && savedRelease) gameObj.release = savedRelease;
      for (const [n, v] of saved) {
        if (v === undefined) delete g[n];
        else g[n] = v;
      }
    },
  };
}

/**
 * The attack stand-in for `rulesetId` with the scene stand-in (of `generation`) beside it and the world's scene
 * reading on (its setting registered, as the system's `init` does); the scene counts the posted
 * chat messages. Returns both states and one uninstaller.
 */
export function installAttackSceneStandIn(
  rulesetId: string,
  { generation = 13 }: { generation?: 13 | 14 } = {},
): {
  state: AttackStandInState;
  scene: SceneStandIn;
  uninstall: () => void;
} {
  const attack = installAttackStandIn(rulesetId);
  const canvas = installSceneStandIn({ generation });
  attack.state.settings.register(SYSTEM_ID, "sceneReading", { scope: "world", default: true });
  canvas.scene.messageCount = () => attack.state.messages.length;
  return {
    state: attack.state,
    scene: canvas.scene,
    uninstall: () => {
      canvas.uninstall();
      attack.uninstall();
    },
  };
}
