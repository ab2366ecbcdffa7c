/**
 * Times benchmark cases: check first, then calibrate the batch size until one sample takes a measurable
 * time, then take the median of several samples. Works the same in Node and browsers (performance.now).
 * @module
 */
import type { BenchCase, BenchMode, BenchResult } from './types.js';

const TARGET_MS: Record<BenchMode, number> = { quick: 5, full: 60 };
/** Time spent running a case before sampling: V8 compiles hot wasm and JS with its optimising tier in the background. */
const WARMUP_MS: Record<BenchMode, number> = { quick: 30, full: 300 };
const SAMPLES: Record<BenchMode, number> = { quick: 3, full: 9 };

async function timeOnce(c: BenchCase, n: number): Promise<number> {
  const t0 = performance.now();
  await c.run(n);
  return performance.now() - t0;
}

/** Runs one case to a result. */
export async function runCase(c: BenchCase, mode: BenchMode): Promise<BenchResult> {
  const base = { suite: c.suite, subject: c.subject, op: c.op, impl: c.impl };
  let ok: boolean;
  try {
    ok = await c.check();
  } catch (e) {
    return { ...base, ok: false, nsPerOp: NaN, opsPerSec: NaN, error: String(e) };
  }
  if (!ok) return { ...base, ok, nsPerOp: NaN, opsPerSec: NaN, error: 'result does not match the reference' };
  let n = 1;
  for (const end = performance.now() + WARMUP_MS[mode]; performance.now() < end; ) {
    const ms = await timeOnce(c, n);
    if (ms < 2) n *= 2;
  }
  for (;;) {
    const ms = await timeOnce(c, n);
    if (ms >= TARGET_MS[mode] || n >= 1 << 30) break;
    n = ms < 1 ? n * 10 : Math.ceil((n * TARGET_MS[mode] * 1.2) / ms);
  }
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES[mode]; i++) samples.push(((await timeOnce(c, n)) * 1e6) / n);
  samples.sort((a, b) => a - b);
  const nsPerOp = samples[samples.length >> 1]!;
  return { ...base, ok, nsPerOp, opsPerSec: 1e9 / nsPerOp };
}

/** Runs cases in order, filling in ratios against the webcurves case of the same subject and operation. */
export async function runCases(
  cases: readonly BenchCase[],
  mode: BenchMode,
  onResult?: (r: BenchResult, done: number, total: number) => void,
): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const c of cases) {
    const r = await runCase(c, mode);
    results.push(r);
    onResult?.(r, results.length, cases.length);
  }
  for (const r of results) {
    const ref = results.find((x) => x.suite === r.suite && x.subject === r.subject && x.op === r.op && x.impl === 'webcurves');
    if (ref && ref.ok && r.ok) r.ratio = r.nsPerOp / ref.nsPerOp;
  }
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

/** Results as a Markdown table (one row per case). */
export function markdownTable(results: readonly BenchResult[]): string {
  const rows = [
    '| suite | subject | op | implementation | ✓ | time/op | ops/s | × webcurves |',
    '|---|---|---|---|---|---:|---:|---:|',
  ];
  for (const r of results) {
    rows.push(
      `| ${r.suite} | ${r.subject} | ${r.op} | ${r.impl} | ${r.ok ? '✓' : '✗'} | ${formatNs(r.nsPerOp)} | ${
        Number.isFinite(r.opsPerSec) ? Math.round(r.opsPerSec).toLocaleString('en-US') : '—'
      } | ${r.ratio === undefined ? '—' : r.ratio.toFixed(2)} |`,
    );
  }
  return rows.join('\n');
}
