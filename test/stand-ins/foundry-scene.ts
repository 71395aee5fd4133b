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
 * - `CONST.GRID_TYPES`, and `PIXI.Graphics` recording `lineStyle`/`moveTo`/`lineTo`/`destroy`.
 *
 * Knowing differences: no real line of sight, lighting or fog; coordinates are the plain numbers
 * the test gives.
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
    detectionModes: { id: string; enabled: boolean; range: number }[];
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
  /** Chat messages posted so far (to tell when a placement was removed), set by the test. */
  messageCount: () => number;
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
      detectionModes: [{ id: "basicSight", enabled: true, range: 0 }],
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

/** A wall from square corner (x0, y0) to (x1, y1), solid unless said otherwise. */
export function addWall(scene: SceneStandIn, x0: number, y0: number, x1: number, y1: number, sight = 20): void {
  const s = scene.gridSize;
  scene.walls.push({ c: [x0 * s, y0 * s, x1 * s, y1 * s], move: 20, sight, door: 0, ds: 0 });
}

/** Install the canvas stand-in (after the attack stand-in). Returns the scene and the uninstaller. */
export function installSceneStandIn(): { scene: SceneStandIn; uninstall: () => void } {
  const g = globalThis as Record<string, unknown>;
  const saved = new Map(GLOBALS.map((n) => [n, g[n]]));
  const scene: SceneStandIn = {
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
    messageCount: () => 0,
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
  };
  Object.assign(g, {
    CONST: { GRID_TYPES: { GRIDLESS: 0, SQUARE: 1 } },
    CONFIG: {
      Canvas: {
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
      controls: {
        addChild: (child: GraphicsStandIn) => {
          scene.drawn.push(child);
          return child;
        },
      },
    },
  });
  const user = (g.game as { user?: Record<string, unknown> } | undefined)?.user;
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
      for (const [n, v] of saved) {
        if (v === undefined) delete g[n];
        else g[n] = v;
      }
    },
  };
}

/**
 * The attack stand-in for `rulesetId` with the scene stand-in beside it and the world's scene
 * reading on (its setting registered, as the system's `init` does); the scene counts the posted
 * chat messages. Returns both states and one uninstaller.
 */
export function installAttackSceneStandIn(rulesetId: string): {
  state: AttackStandInState;
  scene: SceneStandIn;
  uninstall: () => void;
} {
  const attack = installAttackStandIn(rulesetId);
  const canvas = installSceneStandIn();
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
