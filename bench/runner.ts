/**
 * Times benchmark cases: set up and check first, then calibrate the batch size until one sample takes a
 * measurable time, then take the median of several samples. Works the same in Node and browsers
 * (performance.now).
 * @module
 */
import type { BenchCase, BenchMode, BenchResult } from './types.js';

const TARGET_MS: Record<BenchMode, number> = { quick: 5, full: 60 };
/** Time spent running a case before sampling: V8 compiles hot wasm and JS with its optimising tier in the background. */
const WARMUP_MS: Record<BenchMode, number> = { quick: 30, full: 300 };
const SAMPLES: Record<BenchMode, number> = { quick: 3, full: 9 };
/** With a signal, the runner lets its thread's event loop run at least this often (outside timed regions). */
const YIELD_EVERY_MS = 20;

/** Options of {@link runCase} and {@link runCases}. */
export interface RunOptions {
  /**
   * Cancels the run: checked between samples, and the runner then also yields to the event loop now and
   * then (never inside a timed region), so that a worker can receive the message that aborts it.
   * The run rejects with the signal's reason.
   */
  readonly signal?: AbortSignal;
}

/** Lets pending messages and timers run: a macrotask, not a microtask (those would not let messages in). */
function yieldToEventLoop(): Promise<void> {
  if (typeof setImmediate === 'function') return new Promise((ok) => setImmediate(ok));
  return new Promise((ok) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      ok();
    };
    ch.port2.postMessage(null);
  });
}

async function timeOnce(c: BenchCase, n: number): Promise<number> {
  if (c.measure) return c.measure(n);
  const t0 = performance.now();
  await c.run(n);
  return performance.now() - t0;
}

/** Runs one case to a result (then its teardown, whatever happened). Rejects only when `signal` aborts. */
export async function runCase(c: BenchCase, mode: BenchMode, options: RunOptions = {}): Promise<BenchResult> {
  if (c.skip !== undefined || !c.teardown) return runCaseBody(c, mode, options);
  try {
    return await runCaseBody(c, mode, options);
  } finally {
    // A failing teardown must not lose the result (or turn it into a rejection).
    await Promise.resolve()
      .then(() => c.teardown!())
      .catch(() => {});
  }
}

async function runCaseBody(c: BenchCase, mode: BenchMode, { signal }: RunOptions): Promise<BenchResult> {
  const base = { suite: c.suite, subject: c.subject, op: c.op, impl: c.impl };
  const untimed = { nsPerOp: NaN, opsPerSec: NaN };
  if (c.skip !== undefined) return { ...base, ok: false, ...untimed, skipped: c.skip };
  let lastYield = performance.now();
  const pause = async (): Promise<void> => {
    if (!signal) return;
    signal.throwIfAborted();
    if (performance.now() - lastYield < YIELD_EVERY_MS) return;
    await yieldToEventLoop();
    lastYield = performance.now();
    signal.throwIfAborted();
  };
  let ok: boolean;
  try {
    await pause();
    await c.setup?.();
    await pause();
    ok = await c.check();
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    return { ...base, ok: false, ...untimed, error: e instanceof Error ? e.message : String(e) };
  }
  if (!ok) return { ...base, ok, ...untimed, error: 'result does not match the reference' };
  let n = 1;
  for (const end = performance.now() + WARMUP_MS[mode]; performance.now() < end; ) {
    await pause();
    const ms = await timeOnce(c, n);
    if (ms < 2) n *= 2;
  }
  for (;;) {
    await pause();
    const ms = await timeOnce(c, n);
    if (ms >= TARGET_MS[mode] || n >= 1 << 30) break;
    n = ms < 1 ? n * 10 : Math.ceil((n * TARGET_MS[mode] * 1.2) / ms);
  }
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES[mode]; i++) {
    await pause();
    samples.push(((await timeOnce(c, n)) * 1e6) / n);
  }
  samples.sort((a, b) => a - b);
  const nsPerOp = samples[samples.length >> 1]!;
  return { ...base, ok, nsPerOp, opsPerSec: 1e9 / nsPerOp };
}

/**
 * Sets each result's `ratio`: its time over the time of the webcurves result with the same suite, subject
 * and operation, when both were timed. Results arriving one by one (the demo page) call it again as more
 * come in; the CLI calls it once at the end (through {@link runCases}).
 */
export function fillRatios(results: readonly BenchResult[]): void {
  for (const r of results) {
    const ref = results.find((x) => x.suite === r.suite && x.subject === r.subject && x.op === r.op && x.impl === 'webcurves');
    r.ratio = ref && ref.ok && r.ok ? r.nsPerOp / ref.nsPerOp : undefined;
  }
}

/** Runs cases in order, then fills in ratios (see {@link fillRatios}). Rejects only when `signal` aborts. */
export async function runCases(
  cases: readonly BenchCase[],
  mode: BenchMode,
  onResult?: (r: BenchResult, done: number, total: number) => void,
  options: RunOptions = {},
): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const c of cases) {
    const r = await runCase(c, mode, options);
    results.push(r);
    onResult?.(r, results.length, cases.length);
  }
  fillRatios(results);
  return results;
}

/** Human-readable duration. */
export function formatNs(ns: number): string {
  if (!Number.isFinite(ns)) return '—';
  if (ns < 1e3) return `${ns.toFixed(1)} ns`;
  if (ns < 1e6) return `${(ns / 1e3).toFixed(2)} µs`;
  if (ns < 1e9) return `${(ns / 1e6).toFixed(2)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}

/** Operations per second, rounded, with thousands separators ('—' when not timed). */
export function formatOpsPerSec(opsPerSec: number): string {
  return Number.isFinite(opsPerSec) ? Math.round(opsPerSec).toLocaleString('en-US') : '—';
}

/** A ratio against webcurves, two decimals ('—' when there is none). */
export function formatRatio(ratio: number | undefined): string {
  return ratio === undefined ? '—' : ratio.toFixed(2);
}

/** The ✓ column: ✓ checked and timed, ✗ wrong or failed, – could not run here. */
export function verdictSymbol(r: Pick<BenchResult, 'ok' | 'skipped'>): '✓' | '✗' | '–' {
  return r.ok ? '✓' : r.skipped !== undefined ? '–' : '✗';
}

/**
 * `items` reordered so that those with the same suite, subject and operation stand together (peers side by
 * side), groups in order of first appearance, items within a group in their original order.
 */
export function sideBySide<T extends Pick<BenchResult, 'suite' | 'subject' | 'op'>>(items: readonly T[]): T[] {
  const groups = new Map<string, T[]>();
  for (const x of items) {
    const key = JSON.stringify([x.suite, x.subject, x.op]);
    const g = groups.get(key);
    if (g) g.push(x);
    else groups.set(key, [x]);
  }
  return [...groups.values()].flat();
}

/**
 * Results as a Markdown table, one row per case, peers side by side (see {@link sideBySide}). A case that
 * could not run says why in its time cell.
 */
export function markdownTable(results: readonly BenchResult[]): string {
  const rows = [
    '| suite | subject | op | implementation | ✓ | time/op | ops/s | × webcurves |',
    '|---|---|---|---|---|---:|---:|---:|',
  ];
  const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
  for (const r of sideBySide(results)) {
    const time = r.skipped ?? (r.ok ? formatNs(r.nsPerOp) : `failed: ${r.error ?? 'unknown error'}`);
    rows.push(
      `| ${r.suite} | ${r.subject} | ${r.op} | ${r.impl} | ${verdictSymbol(r)} | ${cell(time)} | ${formatOpsPerSec(r.opsPerSec)} | ${formatRatio(r.ratio)} |`,
    );
  }
  return rows.join('\n');
}
