/**
 * Soak: one engine (`workers: 2, gpu: 'off'`) under a seeded random mix of MSMs (arrays, packed, prepared,
 * aborted), pairing checks, Groth16 verifications, Starknet calls, embedded-curve operations and bad inputs,
 * each result checked against an oracle, with memory sampled after a full GC (see `soak-run.ts`).
 *
 * - Always: a 3-second run of the same code (correctness, sampling, the report file), and the wasm
 *   high-water-mark behaviour the README promises, checked directly on a fresh engine.
 * - `WEBCURVES_SOAK=<seconds>`: the long run, e.g. `WEBCURVES_SOAK=600 nice -n 10 npx vitest run
 *   test/strict/soak.test.ts`; samples in `test-results/soak.json` and, as a table, `test-results/soak.txt`.
 *   It asserts no failure, no hang (an operation that does not settle in 180 s fails), every kind of
 *   operation run, and bounded memory: every wasm memory (calling thread and workers, in every sample) within
 *   its high-water bound ({@link MSM_HIGH_WATER_FACTOR}, {@link OTHER_WASM_BOUND}), and from the 25 % mark to
 *   the end RSS, RSS outside the wasm memories and the JavaScript heap growing less than
 *   {@link RSS_GROWTH_BOUND}, {@link RSS_OUTSIDE_WASM_GROWTH_BOUND} and {@link HEAP_GROWTH_BOUND}.
 *
 * The run is a child process (`node --expose-gc --import tsx`) so that `gc()` exists and the figures are those
 * of a plain Node program, not of the test runner.
 */
import { spawn } from 'node:child_process';
import { getEventListeners } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from 'webcurves';
// The engine's internals are not exported by the package: the test reaches them in the build.
import { ENGINE_INTERNALS, type EngineInternals } from '../../dist/src/engine.js';
import type { Pairing12Impl } from '../../src/pairing/curve.js';
import { realSnarkjs } from '../groth16/helpers.js';
import { repoRoot } from '../helpers/node-process.js';
import type { SoakReport, SoakSample } from './soak-run.js';

const LONG = Number(process.env.WEBCURVES_SOAK ?? 0);
const MB = 2 ** 20;

/**
 * Growth allowed from the 25 % mark to the end of a long run (medians of the samples from 25 % to 35 % and of
 * the last 10 %, so one sample taken while the workers' memories are high or low does not decide), measured in
 * two 600-second runs (seed 0x50a6) on this shared 2-core machine — run A: 18,185 operations, 607 aborted,
 * 115 replaced workers; run B, under a load average of 8–11 from other tenants: 5,467 operations, 172 aborted,
 * 68 replaced workers, its 25 % mark before the end of warm-up:
 * - RSS outside the wasm memories (RSS − Σ memory.buffer.byteLength of the calling thread's and the workers'
 *   instances): −9 MB (A) and +10 MB (B); single samples swing by ±20 MB;
 * - RSS itself: +8 MB (A: all of it wasm, the calling thread's BLS12-381 MSM instance doubling from 11.75 to
 *   23.5 MB for a larger in-thread MSM late in the run) and −0.5 MB (B); the wasm memories are bounded
 *   separately ({@link MSM_HIGH_WATER_FACTOR}), and this bound leaves room for them to reach their
 *   high-water marks after the 25 % mark;
 * - the calling thread's JavaScript heap: +0.5 MB (A) and +1.1 MB (B), V8's compiled code and its metadata,
 *   not objects: a heap-snapshot diff over a run showed +0.8 MB of code, deoptimisation data and relocation
 *   info against +16 KB of objects.
 * A leak of one worker's wasm memories per replacement (≥ 1 MB each) or of 2 KB per operation would exceed
 * these bounds several times over.
 */
export const RSS_OUTSIDE_WASM_GROWTH_BOUND = 32 * MB;
export const RSS_GROWTH_BOUND = 48 * MB;
export const HEAP_GROWTH_BOUND = 4 * MB;

function runSoak(env: Record<string, string>, timeoutMs: number): Promise<{ report: SoakReport; stdout: string; stderr: string }> {
  const out = env.SOAK_OUT!;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(repoRoot, 'test', 'strict', 'soak-run.ts')], {
      cwd: repoRoot,
      // tsx must resolve 'webcurves' to the built package (as vitest does), not to the sources that the root
      // tsconfig maps it to for type checking.
      env: { ...process.env, TSX_TSCONFIG_PATH: join(repoRoot, 'bench', 'tsconfig.json'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`soak child ended with ${code ?? signal}: ${stderr.slice(-4000)}`));
      resolve({ report: JSON.parse(readFileSync(out, 'utf8')) as SoakReport, stdout, stderr });
    });
  });
}

/**
 * Wasm memory bound (README, Guarantees): an instance's memory grows to the largest job it has run and is
 * reused after (MSM units reset the bump allocator; every other unit frees what it allocates). The stub
 * allocator grows the memory by at least its current size each time, so a memory is at most 2 × the largest
 * job's need (plus a page); a fresh instance after the largest job alone holds at least that need (the
 * `msmReference` of the report), and for smaller sizes the need stays within 11 % of the largest size's
 * (window choices make it slightly non-monotone: at most 6.82 MB at 2946 points against 6.18 MB at 3000 for
 * ed_on_bls12_377, from the allocations of `msmChunkUnit`). Hence 2 × 1.11 ≈ 2.22, rounded up.
 */
export const MSM_HIGH_WATER_FACTOR = 2.25;
/** Instances that run no MSM (pairing jobs, Starknet, fields) hold fixed scratch and tables only. */
export const OTHER_WASM_BOUND = 1 * MB;

/** Every wasm memory of every sample (calling thread and workers) above its bound, described. */
function wasmOverBound(report: SoakReport): string[] {
  const over: string[] = [];
  const checkOne = (where: string, t: number, wasm: Record<string, number>): void => {
    for (const [k, v] of Object.entries(wasm)) {
      const ref = report.msmReference[k];
      const bound = k.endsWith(':msm') ? MSM_HIGH_WATER_FACTOR * (ref ?? 0) : OTHER_WASM_BOUND;
      if (v > bound) over.push(`${where} ${k} at ${t} s: ${(v / MB).toFixed(2)} MB > ${(bound / MB).toFixed(2)} MB`);
    }
  };
  for (const s of report.samples) {
    checkOne('thread', s.t, s.threadWasm);
    for (const w of s.workers) checkOne(`worker ${w.id}`, s.t, w.wasm);
  }
  return over;
}

const median = (xs: readonly number[]): number => {
  const a = [...xs].sort((x, y) => x - y);
  return a.length % 2 ? a[(a.length - 1) / 2]! : (a[a.length / 2 - 1]! + a[a.length / 2]!) / 2;
};

function expectSaneSample(s: SoakSample): void {
  for (const k of ['rss', 'heapUsed', 'heapTotal', 'external', 'arrayBuffers'] as const) expect(s[k], k).toBeGreaterThan(0);
  expect(s.rss).toBeGreaterThan(s.heapUsed);
  expect(Object.keys(s.threadWasm).length).toBeGreaterThan(0);
  for (const v of Object.values(s.threadWasm)) expect(v % 65536).toBe(0);
}

describe('soak, short (always)', () => {
  it('a 3-second mixed run: every result correct, memory sampled after GC, report written', async () => {
    const out = join(repoRoot, 'test-results', 'soak-short.json');
    const { report, stdout } = await runSoak({ SOAK_SECONDS: '3', SOAK_SAMPLE_MS: '1000', SOAK_MAX_MSM: '400', SOAK_SEED: '7', SOAK_OUT: out }, 90_000);
    expect(report.failures).toEqual([]);
    expect(stdout).toMatch(/^soak: \d+ ops/);
    expect(report.gc).toBe(true);
    expect(report.ops).toBeGreaterThanOrEqual(10);
    expect(report.maxInFlightSeen).toBeLessThanOrEqual(8);
    expect(report.samples.length).toBeGreaterThanOrEqual(3);
    report.samples.forEach(expectSaneSample);
    // The workers start with the first task; after it, both answer the probe, with their wasm memories.
    const last = report.samples.at(-1)!;
    expect(last.workers.length).toBe(2);
    for (const w of last.workers) {
      expect(w.id).toMatch(/\S/);
      expect(w.heapUsed).toBeGreaterThan(0);
    }
    // (a worker that replaced an aborted one may not have loaded a module yet)
    expect(report.samples.some((x) => x.workers.some((w) => Object.keys(w.wasm).length > 0))).toBe(true);
    expect(Object.keys(report.msmReference).sort()).toEqual(['bandersnatch:msm', 'bls12_381:msm', 'bn254:msm', 'ed_on_bls12_377:msm']);
    expect(wasmOverBound(report)).toEqual([]);
    // Sampling waited for every operation: the counts add up (an aborted operation also counts as `…:aborted`).
    const sum = (aborted: boolean): number => Object.entries(report.counts).filter(([k]) => k.endsWith(':aborted') === aborted).reduce((s, [, v]) => s + v, 0);
    expect(sum(false)).toBe(report.ops);
    expect(sum(true)).toBe(report.abortedOps);
  }, 120_000);
});

describe('wasm memory: grows to the largest job, then is reused', () => {
  let wc: Engine;
  let internals: EngineInternals;
  beforeAll(async () => {
    wc = await createEngine({ curves: 'all', workers: 2, gpu: 'off' });
    internals = (wc as unknown as Record<symbol, EngineInternals>)[ENGINE_INTERNALS]!;
  });
  afterAll(async () => {
    await wc?.close();
  });

  /** n points i·G of BLS12-381 G1, packed (unchecked below: they are valid by construction). */
  function packedPoints(n: number): Uint32Array {
    const g = wc.bls12_381.G1;
    const w = new Uint32Array(n * 24);
    let P = g.generator;
    for (let i = 0; i < n; i++) {
      for (const [k, c] of [P.x, P.y].entries()) for (let j = 0, v = c; j < 12; j++, v >>= 32n) w[i * 24 + k * 12 + j] = Number(v & 0xffffffffn);
      P = g.add(P, g.generator);
    }
    return w;
  }
  const scalars = (n: number, seed: number): Uint32Array => Uint32Array.from({ length: n * 8 }, (_, i) => (Math.imul(i + seed, 0x9e3779b1) >>> 0) & (i % 8 === 7 ? 0x0fffffff : 0xffffffff));

  /** The memory report once no worker is busy (pairing checks warm the workers in the background). */
  async function quietMemory(): ReturnType<EngineInternals['memory']> {
    for (let k = 0; k < 200; k++) {
      const m = await internals.memory();
      if (m.busyWorkers === 0) return m;
      await new Promise((ok) => setTimeout(ok, 50));
    }
    throw new Error('the workers stayed busy');
  }
  async function workerMsm(): Promise<number[]> {
    const m = await quietMemory();
    expect(m.workers.length).toBe(2);
    return m.workers.map((w) => w.wasm['bls12_381:msm'] ?? 0).sort((a, b) => a - b);
  }

  it("a worker's MSM instance keeps its size across repeats and smaller jobs; the calling thread's too", async () => {
    const big = packedPoints(3000);
    const g = wc.bls12_381.G1;
    const round = async (k: number): Promise<void> => {
      await g.msm(big.subarray(0, 24 * (3000 >> k)), scalars(3000 >> k, 10 + k), { unchecked: true, workers: 1 + (k % 2) });
      await g.msm(big, scalars(3000, 20 + k), { unchecked: true, workers: 1 });
      await g.msm(big.subarray(0, 24 * 40), scalars(40, k), { unchecked: true }); // in the calling thread
      await wc.bls12_381.pairingCheck([[g.generator, wc.bls12_381.G2.generator], [g.neg(g.generator), wc.bls12_381.G2.generator]]);
    };
    // The largest job a worker can get (the whole MSM in one slice) runs on each worker (idle workers are
    // taken in turn), and every job of the rounds below once.
    await g.msm(big, scalars(3000, 1), { unchecked: true, workers: 1 });
    await g.msm(big, scalars(3000, 2), { unchecked: true, workers: 1 });
    await round(0);
    const m0 = await quietMemory();
    const after = await workerMsm();
    expect(after.at(-1)).toBeGreaterThan(1 * MB);
    for (let k = 0; k < 4; k++) await round(k);
    const m1 = await quietMemory();
    // The same workers (none was replaced), with the same sizes; the calling thread's instances unchanged.
    expect(m1.workers.map((w) => w.id).sort()).toEqual(m0.workers.map((w) => w.id).sort());
    expect(await workerMsm()).toEqual(after);
    expect(m1.thread).toEqual(m0.thread);
  }, 120_000);
});

describe('no residue: listeners and workers after many calls and aborts', () => {
  let wc: Engine;
  beforeAll(async () => {
    wc = await createEngine({ curves: 'all', workers: 2, gpu: 'off' });
  });
  afterAll(async () => {
    await wc?.close();
  });

  it('a long-lived AbortSignal passed to many calls that finish keeps no listener; aborted calls leave 2 live workers', async () => {
    const internals = (wc as unknown as Record<symbol, EngineInternals>)[ENGINE_INTERNALS]!;
    const c = wc.bn254;
    const d = (c as unknown as Pairing12Impl).dispatch;
    await d.warmNow();
    d.mode = 'split';
    const { signal } = new AbortController();
    const pts = Array.from({ length: 300 }, (_, i) => c.G1.mul(c.G1.generator, BigInt(i + 1)));
    const ks = pts.map((_, i) => BigInt(i) * 0x1234567n);
    const expected = await c.G1.msm(pts, ks, { workers: 0 });
    const bases = await c.G1.prepareBases(pts, { signal });
    const t = realSnarkjs('bn254');
    for (let k = 0; k < 6; k++) {
      expect(await c.G1.msm(pts, ks, { signal })).toEqual(expected); // the pool
      expect(await c.G1.msm(pts, ks, { signal, onProgress: () => {} })).toEqual(expected); // progress ports
      expect(await c.G1.msm(pts.slice(0, 40), ks.slice(0, 40), { signal })).toEqual(await c.G1.msm(pts.slice(0, 40), ks.slice(0, 40), { workers: 0 })); // in-thread
      expect(await bases.msm(ks, { signal })).toEqual(expected);
      expect(await c.pairingCheck([[pts[2]!, c.G2.generator], [c.G1.neg(pts[2]!), c.G2.generator]], { signal })).toBe(true); // split
      expect(await wc.groth16.verify(t.vk, t.publicSignals, t.proof, { signal })).toBe(true);
    }
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    // Aborts mid-run: each running task's worker is terminated and replaced.
    const before = await internals.memory();
    for (let k = 0; k < 4; k++) {
      const ac = new AbortController();
      const p = c.G1.msm(pts, ks, { signal: ac.signal });
      setTimeout(() => ac.abort(new Error('stop')), k);
      await p.then(
        (v) => expect(v).toEqual(expected),
        (e: unknown) => expect(e).toMatchObject({ code: 'ABORTED' }),
      );
      expect(getEventListeners(ac.signal, 'abort')).toHaveLength(0);
    }
    // Both workers answer again (replacements included), and the pool still computes.
    expect(await c.G1.msm(pts, ks)).toEqual(expected);
    let after = await internals.memory();
    for (let k = 0; k < 200 && (after.busyWorkers > 0 || after.workers.length < 2); k++) {
      await new Promise((ok) => setTimeout(ok, 50));
      after = await internals.memory();
    }
    expect(after.workers).toHaveLength(2);
    expect(before.workers.length).toBeLessThanOrEqual(2);
    bases.destroy();
  }, 120_000);
});

describe.runIf(LONG > 0)(`soak, long (WEBCURVES_SOAK=${LONG})`, () => {
  it('no failure, no hang, every result correct, memory bounded', async () => {
    const out = join(repoRoot, 'test-results', 'soak.json');
    const { report } = await runSoak({ SOAK_SECONDS: String(LONG), SOAK_SAMPLE_MS: '5000', SOAK_OUT: out }, (LONG + 300) * 1000);
    expect(report.failures).toEqual([]);
    expect(report.gc).toBe(true);
    const s = report.samples;
    // One sample every 5 s after the previous one, each waiting for the operations in flight to finish.
    expect(s.length).toBeGreaterThanOrEqual(Math.floor(LONG / 10));
    s.forEach(expectSaneSample);
    // Every kind of operation ran.
    const kinds = ['msm:', 'preparedMsm:', 'prepareBases:', 'pairingCheck:', 'groth16.verify:', 'groth16.verifyBatch:', 'starknet.sign+verify', 'starknet.hash', 'starknet.pedersenBatch', 'starknet.poseidonHashBatch', 'starknet.verifyBatch', 'embedded.mul:', 'embedded.msm:', 'badInput'];
    for (const k of kinds) expect(Object.keys(report.counts).some((c) => c.startsWith(k)), k).toBe(true);
    if (LONG >= 60) expect(report.abortedOps).toBeGreaterThan(0);

    // RSS: the median of the samples from the 25 % mark to the 35 % mark against the median of the last
    // 10 % (single samples swing by ±20 MB with the wasm memories of the workers of the moment: replaced
    // workers start small and grow again).
    const window = (a: number, b: number): SoakSample[] => s.filter((x) => x.t >= a * report.elapsedS && x.t <= b * report.elapsedS);
    const early = window(0.25, 0.35);
    const late = window(0.9, 1);
    expect(early.length).toBeGreaterThan(0);
    expect(late.length).toBeGreaterThan(0);
    const wasmOf = (x: SoakSample): number => [x.threadWasm, ...x.workers.map((w) => w.wasm)].reduce((a, r) => a + Object.values(r).reduce((b, v) => b + v, 0), 0);
    const growth = (f: (x: SoakSample) => number): readonly [number, number] => [median(early.map(f)), median(late.map(f))];
    const rss = growth((x) => x.rss);
    expect(rss[1] - rss[0], `RSS median ${(rss[0] / MB).toFixed(1)} → ${(rss[1] / MB).toFixed(1)} MB`).toBeLessThan(RSS_GROWTH_BOUND);
    const outside = growth((x) => x.rss - wasmOf(x));
    expect(outside[1] - outside[0], `RSS outside wasm, median ${(outside[0] / MB).toFixed(1)} → ${(outside[1] / MB).toFixed(1)} MB`).toBeLessThan(RSS_OUTSIDE_WASM_GROWTH_BOUND);
    const heap = growth((x) => x.heapUsed);
    expect(heap[1] - heap[0], `heap median ${(heap[0] / MB).toFixed(1)} → ${(heap[1] / MB).toFixed(1)} MB`).toBeLessThan(HEAP_GROWTH_BOUND);
    // Wasm: every instance, in every sample, within its high-water bound.
    expect(wasmOverBound(report)).toEqual([]);
  }, (LONG + 400) * 1000);
});
