/**
 * A tiny benchmark harness (no dependencies): calibrate an iteration count so one run takes about
 * `targetMs`, time `runs` runs, report the median time per operation, by the clock and in CPU time
 * (the process's user + system time: on a shared machine the clock also counts the waits for a core,
 * the CPU time far less).
 */
export interface BenchResult {
  group: string;
  name: string;
  iterations: number;
  runs: number;
  /** Median microseconds per operation over the runs. */
  usPerOp: number;
  /** Median CPU microseconds per operation over the runs. */
  cpuUsPerOp: number;
  opsPerSec: number;
  minUs: number;
  maxUs: number;
}

export interface BenchOptions {
  runs?: number;
  targetMs?: number;
}

/** Sink that keeps results alive so the JIT cannot drop the measured work. */
let sink = 0;
export function consume(v: unknown): void {
  if (v !== null && v !== undefined) sink = (sink + 1) | 0;
}
export function sinkValue(): number {
  return sink;
}

function timeRun(fn: () => unknown, iterations: number): number {
  const t0 = performance.now();
  for (let i = 0; i < iterations; i++) consume(fn());
  return performance.now() - t0;
}

/** CPU milliseconds the process spent since `since` (a `process.cpuUsage()` reading). */
function cpuMs(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export function bench(group: string, name: string, fn: () => unknown, opts: BenchOptions = {}): BenchResult {
  const runs = opts.runs ?? 7;
  const iterations = calibrate(fn, opts.targetMs ?? 40);
  const perOp: number[] = [];
  const cpuPerOp: number[] = [];
  for (let r = 0; r < runs; r++) {
    const c0 = process.cpuUsage();
    perOp.push((timeRun(fn, iterations) * 1000) / iterations);
    cpuPerOp.push((cpuMs(c0) * 1000) / iterations);
  }
  return result(group, name, iterations, runs, perOp, cpuPerOp);
}

/**
 * Two operations timed in alternating runs (a, b, a, b…), so a change in the machine's load falls on
 * both alike; `ratio` is the median of the runs' ratios b / a, by the clock and in CPU time.
 */
export function benchPair(
  group: string,
  a: { name: string; fn: () => unknown },
  b: { name: string; fn: () => unknown },
  opts: BenchOptions = {},
): { a: BenchResult; b: BenchResult; ratio: number; cpuRatio: number } {
  const runs = opts.runs ?? 7;
  const targetMs = opts.targetMs ?? 40;
  const sides = [a, b].map((side) => ({
    fn: side.fn,
    iterations: calibrate(side.fn, targetMs),
    perOp: [] as number[],
    cpu: [] as number[],
  }));
  for (let r = 0; r < runs; r++) {
    for (const side of sides) {
      const c0 = process.cpuUsage();
      side.perOp.push((timeRun(side.fn, side.iterations) * 1000) / side.iterations);
      side.cpu.push((cpuMs(c0) * 1000) / side.iterations);
    }
  }
  const [sa, sb] = sides as [(typeof sides)[number], (typeof sides)[number]];
  const ratioOf = (x: readonly number[], y: readonly number[]) => median(y.map((v, i) => v / (x[i] as number)));
  return {
    a: result(group, a.name, sa.iterations, runs, sa.perOp, sa.cpu),
    b: result(group, b.name, sb.iterations, runs, sb.perOp, sb.cpu),
    ratio: ratioOf(sa.perOp, sb.perOp),
    cpuRatio: ratioOf(sa.cpu, sb.cpu),
  };
}

/**
 * Warm up and calibrate: double the count until one run takes a measurable time, then size a run
 * to about `targetMs` using the fastest of three timings (a GC pause or a busy machine would
 * otherwise shrink the count); at least 50 iterations per run.
 */
function calibrate(fn: () => unknown, targetMs: number): number {
  let iterations = 1;
  for (;;) {
    const ms = timeRun(fn, iterations);
    if (ms >= targetMs / 4 || iterations >= 1 << 24) break;
    iterations *= 2;
  }
  const best = Math.min(timeRun(fn, iterations), timeRun(fn, iterations), timeRun(fn, iterations));
  return Math.max(50, Math.round((iterations * targetMs) / Math.max(best, 0.001)));
}

function result(
  group: string,
  name: string,
  iterations: number,
  runs: number,
  perOp: readonly number[],
  cpuPerOp: readonly number[],
): BenchResult {
  const usPerOp = median(perOp);
  return {
    group,
    name,
    iterations,
    runs,
    usPerOp,
    cpuUsPerOp: median(cpuPerOp),
    opsPerSec: 1e6 / usPerOp,
    minUs: Math.min(...perOp),
    maxUs: Math.max(...perOp),
  };
}

function fmt(n: number, digits: number): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** Plain-text table of results. */
export function table(results: readonly BenchResult[]): string {
  const header = ["ruleset", "benchmark", "ops/s", "µs/op (median)", "cpu µs/op", "min–max µs/op", "runs × iterations"];
  const rows = results.map((r) => [
    r.group,
    r.name,
    fmt(r.opsPerSec, 0),
    fmt(r.usPerOp, 3),
    fmt(r.cpuUsPerOp, 3),
    `${fmt(r.minUs, 3)}–${fmt(r.maxUs, 3)}`,
    `${r.runs} × ${r.iterations}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** {@link bench} for an async operation (awaited one after another, as a user's clicks are). */
export async function benchAsync(
  group: string,
  name: string,
  fn: () => Promise<unknown>,
  opts: BenchOptions = {},
): Promise<BenchResult> {
  const [, whole] = await benchAsyncLap(group, { part: name, whole: name }, fn, { wallMs: 0, cpuMs: 0 }, opts);
  return whole;
}

/**
 * What part of an operation took, by the clock and in CPU time (ms), added up by the operation
 * itself over a run: {@link benchAsyncLap} reports it per operation beside the whole.
 */
export interface Lap {
  wallMs: number;
  cpuMs: number;
}

/** Start a lap: call the returned function where the part ends, to add it to `lap`. */
export function lapFrom(lap: Lap): () => void {
  // The CPU reading first: its own cost stays out of the part by the clock.
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  return () => {
    lap.wallMs += performance.now() - t0;
    lap.cpuMs += cpuMs(c0);
  };
}

/**
 * {@link benchAsync} that also reports the part of each operation the operation adds to `lap` (see
 * {@link lapFrom}), over the same runs: `[part, whole]`.
 */
export async function benchAsyncLap(
  group: string,
  names: { part: string; whole: string },
  fn: () => Promise<unknown>,
  lap: Lap,
  opts: BenchOptions = {},
): Promise<[BenchResult, BenchResult]> {
  const runs = opts.runs ?? 7;
  const targetMs = opts.targetMs ?? 40;
  const timeRunAsync = async (iterations: number) => {
    const t0 = performance.now();
    for (let i = 0; i < iterations; i++) consume(await fn());
    return performance.now() - t0;
  };
  let iterations = 1;
  for (;;) {
    const ms = await timeRunAsync(iterations);
    if (ms >= targetMs / 4 || iterations >= 1 << 20) break;
    iterations *= 2;
  }
  const best = Math.min(await timeRunAsync(iterations), await timeRunAsync(iterations), await timeRunAsync(iterations));
  iterations = Math.max(20, Math.round((iterations * targetMs) / Math.max(best, 0.001)));
  const whole = { perOp: [] as number[], cpu: [] as number[] };
  const part = { perOp: [] as number[], cpu: [] as number[] };
  for (let r = 0; r < runs; r++) {
    lap.wallMs = 0;
    lap.cpuMs = 0;
    const c0 = process.cpuUsage();
    whole.perOp.push(((await timeRunAsync(iterations)) * 1000) / iterations);
    whole.cpu.push((cpuMs(c0) * 1000) / iterations);
    part.perOp.push((lap.wallMs * 1000) / iterations);
    part.cpu.push((lap.cpuMs * 1000) / iterations);
  }
  return [
    result(group, names.part, iterations, runs, part.perOp, part.cpu),
    result(group, names.whole, iterations, runs, whole.perOp, whole.cpu),
  ];
}

/** One timing of a single call (a first call: template compile, cold caches), in µs. */
export async function timeOnce(
  group: string,
  name: string,
  fn: () => Promise<unknown> | unknown,
): Promise<BenchResult> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  consume(await fn());
  const us = (performance.now() - t0) * 1000;
  return result(group, name, 1, 1, [us], [cpuMs(c0) * 1000]);
}
