/**
 * Runs batch bodies with the bundled Mocha and Chai, outside Quench: one fresh Mocha per run, its
 * BDD functions handed to the bodies exactly as Quench hands them, and a reporter that collects
 * every test and hook outcome (with the failing assertion's message) into a plain report.
 */
import { assert } from "chai";
import type { MochaBdd, MochaRunnable, MochaRunner } from "mocha/mocha.js";
import type { QuenchBatchContext } from "../quench/quench-api.js";
import { Mocha } from "./mocha.js";

/** One test (or a failed hook) of a run. */
export interface SelfTestCase {
  /** Full title: the suites' names and the test's, joined by spaces. */
  title: string;
  state: "passed" | "failed" | "pending";
  /** The failing assertion or error, `Name: message` (null unless failed). */
  error: string | null;
  durationMs: number;
}

/** Everything one run found. */
export interface SelfTestReport {
  passed: number;
  failed: number;
  pending: number;
  cases: SelfTestCase[];
  durationMs: number;
}

/** `AssertionError: <message>` for an assertion; the name and message of any other error. */
function failureText(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

/** Tally the cases into a report. */
function summarize(cases: readonly SelfTestCase[], durationMs: number): SelfTestReport {
  const count = (state: SelfTestCase["state"]) => cases.filter((c) => c.state === state).length;
  return { passed: count("passed"), failed: count("failed"), pending: count("pending"), cases: [...cases], durationMs };
}

/**
 * Declare suites through `declare` (which receives Mocha's BDD functions and Chai's assert) and run
 * them. Never rejects: a failing test or hook is a failed case in the report.
 */
export function runSuites(declare: (context: QuenchBatchContext) => void, timeoutMs = 30_000): Promise<SelfTestReport> {
  return new Promise((resolve) => {
    const cases: SelfTestCase[] = [];
    const start = Date.now();
    const record = (test: MochaRunnable, state: SelfTestCase["state"], error: string | null) =>
      cases.push({ title: test.fullTitle(), state, error, durationMs: test.duration ?? 0 });
    class CollectingReporter {
      constructor(runner: MochaRunner) {
        runner
          .on("pass", (test) => record(test, "passed", null))
          .on("pending", (test) => record(test, "pending", null))
          .on("fail", (test, err) => record(test, "failed", failureText(err)))
          .on("end", () => resolve(summarize(cases, Date.now() - start)));
      }
    }
    const mocha = new Mocha({ ui: "bdd", reporter: CollectingReporter, timeout: timeoutMs });
    const bdd: Partial<MochaBdd> = {};
    mocha.suite.emit("pre-require", bdd, null, mocha);
    const { describe, it, before, after, beforeEach, afterEach } = bdd;
    if (!describe || !it || !before || !after || !beforeEach || !afterEach) {
      throw new Error("Mocha did not provide its BDD interface");
    }
    declare({ describe, it, before, after, beforeEach, afterEach, assert });
    mocha.run();
  });
}
