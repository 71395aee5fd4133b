/**
 * The part of Mocha's prebuilt browser bundle (`mocha/mocha.js`, an ES module that defines
 * `globalThis.Mocha`) that the self-test runner uses, typed by hand: the constructor, the BDD
 * functions a fresh instance hands out on `pre-require`, and the runner events a reporter hears.
 */
declare module "mocha/mocha.js" {
  /** A test or hook, as a reporter sees it. */
  export interface MochaRunnable {
    title: string;
    fullTitle(): string;
    duration?: number;
    /** "test" or "hook". */
    type?: string;
  }

  /** The runner a reporter is constructed with. */
  export interface MochaRunner {
    on(event: "pass" | "pending", listener: (test: MochaRunnable) => void): this;
    on(event: "fail", listener: (test: MochaRunnable, err: unknown) => void): this;
    on(event: "end", listener: () => void): this;
  }

  /** A test or hook body. */
  export type MochaFn = () => Promise<void> | void;

  /** The BDD interface Mocha binds onto the context object of `pre-require`. */
  export interface MochaBdd {
    describe(name: string, fn: () => void): void;
    it(name: string, fn: MochaFn): void;
    before(fn: MochaFn): void;
    after(fn: MochaFn): void;
    beforeEach(fn: MochaFn): void;
    afterEach(fn: MochaFn): void;
  }

  export interface MochaOptions {
    ui?: "bdd";
    reporter?: new (runner: MochaRunner) => unknown;
    timeout?: number;
  }

  export interface MochaInstance {
    suite: { emit(event: "pre-require", context: object, file: null, mocha: MochaInstance): void };
    run(done?: (failures: number) => void): MochaRunner;
  }

  export interface MochaConstructor {
    new (options?: MochaOptions): MochaInstance;
  }
}

/** Chai's `assert`, only the checks the batches call (the QuenchAssert interface). */
declare module "chai" {
  export const assert: {
    ok(value: unknown, message?: string): void;
    equal(actual: unknown, expected: unknown, message?: string): void;
    notEqual(actual: unknown, expected: unknown, message?: string): void;
    deepEqual(actual: unknown, expected: unknown, message?: string): void;
    include(haystack: string | readonly unknown[], needle: unknown, message?: string): void;
    isNull(value: unknown, message?: string): void;
    isAbove(value: number, above: number, message?: string): void;
    isBelow(value: number, below: number, message?: string): void;
    fail(message?: string): never;
  };
}
