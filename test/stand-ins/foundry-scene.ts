/**
 * Stand-in for the Foundry canvas the scene reading (src/canvas/scene-reading.ts) and the cover-line
 * drawing (src/canvas/cover-lines.ts) touch, installed beside the attack stand-in. It imitates only:
 *
 * - `canvas.ready`, `canvas.scene.grid.type` (1 = square) and `.size`, `canvas.scene.walls.contents`
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
 * - `canvas.templates.placeables`: measured templates (`document.x/y/author.id`, `shape.contains`
 *   relative to the origin, as a PIXI.Rectangle answers it);
 * - `CONST.GRID_TYPES`, and `PIXI.Graphics` recording `lineStyle`/`moveTo`/`lineTo`/`destroy`.
 *
 * Knowing differences: no real line of sight, lighting or fog; coordinates are the plain numbers
 * the test gives.
 */
import type { ActorSource } from "../../src/engine/types.js";

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
}

/** A measured template: its origin in pixels, its author, and a rectangular shape relative to the origin. */
export interface TemplateStandIn {
  document: { x: number; y: number; author: { id: string } };
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
  scene.templates.push({
    document: { x: col * s, y: row * s, author: { id: authorId } },
    // PIXI.Rectangle#contains: left and top edges inside, right and bottom outside.
    shape: { contains: (x, y) => x >= 0 && y >= 0 && x < squares * s && y < squares * s },
  });
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
  };
  const sceneDoc = {
    get grid() {
      return { type: scene.gridType, size: scene.gridSize };
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
      visibility: { tokenVision: true },
      controls: {
        addChild: (child: GraphicsStandIn) => {
          scene.drawn.push(child);
          return child;
        },
      },
    },
  });
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
      for (const [n, v] of saved) {
        if (v === undefined) delete g[n];
        else g[n] = v;
      }
    },
  };
}
