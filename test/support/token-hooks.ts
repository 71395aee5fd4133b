/**
 * The token-movement hooks of src/workflows/acts.ts as the system registers them
 * (`registerActHooks`), on a small recording `Hooks` (`on`, run by name) installed for one test
 * file: {@link useTokenHooks}'s `moveToken` runs Foundry's preUpdateToken, then updates the token
 * document, then updateToken, then moveToken (the movement's origin and waypoints, API v13/v14
 * `hookEvents.moveToken`), for a move made by the given user, and waits for the move's answer
 * (given `options`, the mover's client is a hostile one: it skips preUpdateToken and sends those;
 * the system reads only the moveToken hook's record of the move, so they change nothing);
 * `moveTokens` does the same for tokens moved in one update (each document moved before any hook);
 * a preUpdateToken listener returning false cancels that token's update, as in Foundry;
 * `runHook` runs another hook the module registered (a creature's update, an effect created on it).
 */
import { afterAll, beforeAll } from "vitest";

/** What the hooks read of a token document: its position, actor and scene grid. */
export interface MovedTokenDoc {
  x: number;
  y: number;
  /** Its elevation (feet), where the test sets one. */
  elevation?: number;
  actor: unknown;
  /** The scene (its `grid`: size and distance), or null. */
  parent?: unknown;
}

type TokenHook = (doc: unknown, change: object, options: object, userId?: unknown) => unknown;

/** Register the hooks before the file's tests (the acts module is imported then) and restore `Hooks` after. */
export function useTokenHooks(): {
  /**
   * `options`: what the update's options carry instead of what the mover's preUpdateToken writes (a
   * hostile client's); `waypoints`: the points (pixels) the move passed before `to` (a ruler path).
   */
  moveToken(
    doc: MovedTokenDoc,
    to: { x?: number; y?: number; elevation?: number },
    userId: string,
    options?: object,
    waypoints?: readonly { x: number; y: number }[],
  ): Promise<void>;
  /** Several tokens moved in one update (dragged together): every document moves before any updateToken. */
  moveTokens(
    moves: readonly { doc: MovedTokenDoc; to: { x?: number; y?: number; elevation?: number } }[],
    userId: string,
  ): Promise<void>;
  /** Run another hook the acts module registered (`updateActor`, `createActiveEffect`…) and wait for its answer. */
  runHook(name: string, doc: unknown): Promise<void>;
} {
  const hooks = new Map<string, TokenHook[]>();
  const g = globalThis as { Hooks?: unknown };
  let saved: unknown;
  beforeAll(async () => {
    saved = g.Hooks;
    g.Hooks = { on: (name: string, fn: TokenHook) => void hooks.set(name, [...(hooks.get(name) ?? []), fn]) };
    const { registerActHooks } = await import("../../src/workflows/acts.js");
    registerActHooks();
  });
  afterAll(() => {
    g.Hooks = saved;
  });
  async function moveTokens(
    asked: readonly { doc: MovedTokenDoc; to: { x?: number; y?: number; elevation?: number } }[],
    userId: string,
    forged?: object,
    waypoints: readonly { x: number; y: number }[] = [],
  ) {
    // As Foundry: a preUpdateToken listener that returns false cancels that document's update
    // (no update, no updateToken, no moveToken).
    const moves = asked
      .map((move) => ({ ...move, options: structuredClone(forged ?? {}) }))
      .filter(
        ({ doc, to, options }) =>
          forged !== undefined || (hooks.get("preUpdateToken") ?? []).every((fn) => fn(doc, to, options) !== false),
      );
    const options = moves.map((m) => m.options);
    const origins = moves.map(({ doc }) => ({
      x: doc.x,
      y: doc.y,
      ...(doc.elevation === undefined ? {} : { elevation: doc.elevation }),
    }));
    for (const { doc, to } of moves) Object.assign(doc, to);
    moves.forEach(({ doc, to }, i) => {
      for (const fn of hooks.get("updateToken") ?? []) fn(doc, to, options[i]!, userId);
    });
    // Then, after the update, Foundry's moveToken with the movement (v13 and v14: `origin`, the
    // waypoints passed ending at the destination) and the moving User (`isSelf` on its own client).
    const self = (globalThis as { game?: { user?: { id?: string } } }).game?.user?.id;
    moves.forEach(({ doc }, i) => {
      const movement = { origin: origins[i]!, passed: { waypoints: [...waypoints, { x: doc.x, y: doc.y }] } };
      for (const fn of hooks.get("moveToken") ?? []) fn(doc, movement, {}, { id: userId, isSelf: userId === self });
    });
    await settle();
  }
  /** The hook answers without being awaited (as in Foundry); its stand-ins resolve at once. */
  async function settle() {
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
  }
  async function runHook(name: string, doc: unknown) {
    for (const fn of hooks.get(name) ?? []) fn(doc, {}, {}, "gmStandIn");
    await settle();
  }
  return {
    moveToken: (doc, to, userId, options, waypoints) => moveTokens([{ doc, to }], userId, options, waypoints),
    moveTokens: (moves, userId) => moveTokens(moves, userId),
    runHook,
  };
}
