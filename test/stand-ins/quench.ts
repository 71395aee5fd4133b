/**
 * Stand-ins for the Quench module and for Foundry's `Hooks`, so a Node test can check what our
 * batches register without Foundry. They decide no rule and run no test body:
 *
 * - `StandInHooks` imitates `Hooks.on` / `Hooks.callAll` (a name → listeners map). Unlike Foundry it
 *   has no `once`, no return-false cancelling and no error catching.
 * - `StandInQuench` imitates `quench.registerBatch(key, body, options)` by recording each call.
 * - `recordBatchDeclarations(body)` runs a batch body against a recording `describe/it/before/after`
 *   context: suites and test names are recorded, test and hook bodies are NOT run (Mocha would run
 *   them later, in Foundry). Its `assert` throws when called, because an assertion made while
 *   declaring (outside a test) would be a bug in the batch.
 * - `installStandInGlobals({ i18n, Roll })` puts `Hooks`, a `game` with only `i18n`, and a `Roll`
 *   base class on globalThis for one test and returns the uninstaller.
 */
import type { BatchSpec, QuenchBatchContext } from "../../src/quench/quench-api.js";
import type { I18nStandIn } from "./i18n.js";

/** A batch body, and a test or hook body inside it. */
type QuenchBatchBody = BatchSpec["body"];
type QuenchFn = Parameters<QuenchBatchContext["it"]>[1];

type Listener = (...args: unknown[]) => unknown;

/** Foundry's `Hooks`, reduced to `on` and `callAll`. */
export class StandInHooks {
  readonly listeners = new Map<string, Listener[]>();
  private nextId = 1;

  on(hook: string, fn: Listener): number {
    const list = this.listeners.get(hook) ?? [];
    list.push(fn);
    this.listeners.set(hook, list);
    return this.nextId++;
  }

  callAll(hook: string, ...args: unknown[]): boolean {
    for (const fn of this.listeners.get(hook) ?? []) fn(...args);
    return true;
  }
}

/** One recorded `registerBatch` call. */
export interface StandInBatchRegistration {
  key: string;
  body: QuenchBatchBody;
  options: { displayName?: string } | undefined;
}

/** The `quench` object handed to `quenchReady`, recording registrations. */
export class StandInQuench {
  readonly batches: StandInBatchRegistration[] = [];
  registerBatch(key: string, body: QuenchBatchBody, options?: { displayName?: string }): void {
    this.batches.push({ key, body, options });
  }
}

/** What a batch body declared. */
export interface StandInDeclarations {
  /** Full test names, suites joined with " › " (e.g. `suite › test`). */
  tests: string[];
  /** Test names alone. */
  testNames: string[];
  suites: string[];
  hooks: { before: number; after: number; beforeEach: number; afterEach: number };
  /** Each test's body by its name alone (run only by a test that gives it a stand-in Mocha `this`). */
  bodies: Map<string, QuenchFn>;
}

/** Run a batch body against a recording context (declarations only; no body is executed). */
export function recordBatchDeclarations(body: QuenchBatchBody): StandInDeclarations {
  const out: StandInDeclarations = {
    tests: [],
    testNames: [],
    suites: [],
    hooks: { before: 0, after: 0, beforeEach: 0, afterEach: 0 },
    bodies: new Map(),
  };
  const path: string[] = [];
  const hook = (kind: keyof StandInDeclarations["hooks"]) => (fn: QuenchFn) => {
    if (typeof fn !== "function") throw new Error(`${kind} needs a function`);
    out.hooks[kind]++;
  };
  const assertStandIn = new Proxy(
    {},
    {
      get(_t, prop) {
        return () => {
          throw new Error(`assert.${String(prop)} called while declaring tests`);
        };
      },
    },
  );
  const context: QuenchBatchContext = {
    describe(name, fn) {
      out.suites.push([...path, name].join(" › "));
      path.push(name);
      try {
        fn();
      } finally {
        path.pop();
      }
    },
    it(name, fn) {
      if (typeof fn !== "function") throw new Error(`test "${name}" has no body`);
      out.tests.push([...path, name].join(" › "));
      out.testNames.push(name);
      out.bodies.set(name, fn);
    },
    before: hook("before"),
    after: hook("after"),
    beforeEach: hook("beforeEach"),
    afterEach: hook("afterEach"),
    assert: assertStandIn as QuenchBatchContext["assert"],
  };
  body(context);
  return out;
}

/** Install `Hooks`, a `game` with `i18n` and `user`-less, and a bare `Roll` class; returns the uninstaller. */
export function installStandInGlobals(parts: { hooks: StandInHooks; i18n: I18nStandIn }): () => void {
  const g = globalThis as Record<string, unknown>;
  const saved = { Hooks: g.Hooks, game: g.game, Roll: g.Roll };
  g.Hooks = parts.hooks;
  g.game = { i18n: parts.i18n };
  // Our Roll subclasses (src/dice/rolls.ts) extend Foundry's Roll when their module loads.
  g.Roll ??= class RollStandIn {};
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete g[k];
      else g[k] = v;
    }
  };
}
