/**
 * The small part of the Quench module's API (github.com/Ethaks/FVTT-Quench) our in-Foundry batches
 * use, typed by hand so the system needs no dependency on Quench: a batch body receives Mocha's
 * `describe/it/before/after` and Chai's `assert` through its context.
 */

/** Mocha's context inside a test: `skip()` marks the case pending (a generation without the feature). */
interface QuenchTestContext {
  skip(): void;
}

/** A Mocha test or hook body: may be async. `this` is Mocha's context (only `skip` is used). */
type QuenchFn = (this: QuenchTestContext) => Promise<void> | void;

/** Chai's `assert`, only the checks our batches call. */
export interface QuenchAssert {
  ok(value: unknown, message?: string): void;
  equal(actual: unknown, expected: unknown, message?: string): void;
  notEqual(actual: unknown, expected: unknown, message?: string): void;
  deepEqual(actual: unknown, expected: unknown, message?: string): void;
  include(haystack: string | readonly unknown[], needle: unknown, message?: string): void;
  isNull(value: unknown, message?: string): void;
  isAbove(value: number, above: number, message?: string): void;
  isBelow(value: number, below: number, message?: string): void;
  fail(message?: string): never;
}

/** What Quench hands a batch body. */
export interface QuenchBatchContext {
  describe(name: string, fn: () => void): void;
  it(name: string, fn: QuenchFn): void;
  before(fn: QuenchFn): void;
  after(fn: QuenchFn): void;
  beforeEach(fn: QuenchFn): void;
  afterEach(fn: QuenchFn): void;
  assert: QuenchAssert;
}

/** A batch body: declares suites and tests synchronously; the tests run later, in Foundry. */
type QuenchBatchBody = (context: QuenchBatchContext) => void;

/** The global `quench` object passed to the `quenchReady` hook. */
export interface Quench {
  registerBatch(key: string, body: QuenchBatchBody, options?: { displayName?: string }): void;
}

/** One of our batches: its key (`d20-combat.<name>`), i18n key of its display name, and body. */
export interface BatchSpec {
  key: string;
  displayNameKey: string;
  body: QuenchBatchBody;
}
