/**
 * `npx tsx scripts/measure-pairing-costs.ts [curve…]`: measures, on the built package, the pieces the pairing
 * dispatcher's cost model uses (`PAIRING_COSTS` in src/pairing/dispatch.ts, `TRANSFER_US` in
 * src/pairing/jobs.ts), by differences of whole pairing jobs run in this thread, and the round trip of a job
 * that does no arithmetic through a 2-worker pool. Medians of interleaved rounds; prints JSON-ish lines.
 */
import type * as Webcurves from 'webcurves';
import type { G1Point, G2Point } from 'webcurves';
import type { Pairing12Impl, Pairing12Name } from '../src/pairing/curve.js';
import { encodeFinish, encodeJob, type JobSpec } from '../src/pairing/jobs.js';

const args = process.argv.slice(2);
const msmMode = args.includes('--msm');
const thresholdMode = args.includes('--threshold');
const named = args.filter((a) => !a.startsWith('--'));
const curves = (named.length ? named : ['bn254', 'bls12_381', 'bls12_377']) as Pairing12Name[];
// The built package (tsx would map the bare name to src/, which has no wasm next to it).
const { createEngine } = (await import(new URL('../dist/src/index.node.js', import.meta.url).href)) as typeof Webcurves;
const wc = await createEngine({ curves: 'all', workers: 2, gpu: 'off' });

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** µs per call of each function, interleaved over rounds. */
function timeAll(fns: Record<string, () => unknown>, rounds = 15, per = 5): Record<string, number> {
  const acc: Record<string, number[]> = {};
  for (const k of Object.keys(fns)) acc[k] = [];
  for (const f of Object.values(fns)) for (let i = 0; i < 3; i++) f();
  for (let r = 0; r < rounds; r++)
    for (const [k, f] of Object.entries(fns)) {
      const t0 = performance.now();
      for (let i = 0; i < per; i++) f();
      acc[k]!.push(((performance.now() - t0) * 1000) / per);
    }
  return Object.fromEntries(Object.entries(acc).map(([k, v]) => [k, median(v)]));
}

if (msmMode) {
  // The batch-affine Straus chain (over the endomorphism) against the in-thread batch-affine Pippenger (the
  // kernel's msmAt above chainMax), by MSM size, G1 and G2 (what CHAIN_MAX decides for the pairing jobs' sums).
  for (const name of curves) {
    const c = wc[name] as unknown as Pairing12Impl;
    for (const n of [1, 2, 4, 8, 16, 32, 64, 128, 256]) {
      const p1 = Array.from({ length: n }, (_, i) => c.G1.mul(c.G1.generator, BigInt(i + 2)));
      const p2 = Array.from({ length: n }, (_, i) => c.G2.mul(c.G2.generator, BigInt(i + 2)));
      const ks = Array.from({ length: n }, (_, i) => (c.r - 1n) / BigInt(i + 3));
      // The in-thread path the pairing jobs use (the public msm of more than a few points goes to the MSM service).
      const run = (G: 'G1' | 'G2', chain: boolean) => async () => {
        c.chainMax = chain ? [1 << 20, 1 << 20] : [0, 0];
        c.msmInThread(G === 'G1' ? 1 : 2, G === 'G1' ? p1 : p2, ks);
      };
      const t: Record<string, number[]> = { s1: [], p1: [], s2: [], p2: [] };
      const fns = { s1: run('G1', true), p1: run('G1', false), s2: run('G2', true), p2: run('G2', false) };
      for (let r = 0; r < (n > 64 ? 3 : 7); r++)
        for (const [k, f] of Object.entries(fns)) {
          const t0 = performance.now();
          await f();
          t[k]!.push((performance.now() - t0) * 1000);
        }
      const m = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round(median(v))]));
      console.log(`${name} n=${n} G1 chain ${m.s1} pippenger ${m.p1} | G2 chain ${m.s2} pippenger ${m.p2} µs`);
    }
  }
  await wc.close();
  process.exit(0);
}

if (thresholdMode) {
  // pairingCheck of n random pairs, in-thread against split over the 2 workers (interleaved; medians).
  for (const name of curves) {
    const c = wc[name] as unknown as Pairing12Impl;
    await c.dispatch.warmNow();
    for (const n of [2, 3, 4, 6, 8, 12, 16]) {
      const pairs = Array.from({ length: n }, (_, i) => [c.G1.mul(c.G1.generator, BigInt(7 * i + 3)), c.G2.mul(c.G2.generator, BigInt(11 * i + 5))] as const);
      const t: Record<'local' | 'split', number[]> = { local: [], split: [] };
      for (let r = 0; r < 9; r++)
        for (const m of ['local', 'split'] as const) {
          c.dispatch.mode = m;
          const t0 = performance.now();
          await c.pairingCheck(pairs);
          t[m].push(performance.now() - t0);
        }
      c.dispatch.mode = 'auto';
      const plan = c.dispatch.plan({ pairs: pairs.map(([P, Q]) => ({ g1: { points: [P] }, g2: Q })), checks: [] });
      const l = median(t.local);
      const sp = median(t.split);
      console.log(
        `${name} n=${n}: in-thread ${l.toFixed(2)} ms, split ${sp.toFixed(2)} ms (${(sp / l).toFixed(2)}×); estimates ${(plan.localUs / 1000).toFixed(2)} / ${(plan.splitUs / 1000).toFixed(2)} ms`,
      );
    }
  }
  await wc.close();
  process.exit(0);
}

for (const name of curves) {
  const c = wc[name] as unknown as Pairing12Impl;
  const io = c.ioWords;
  const P: G1Point = c.G1.mul(c.G1.generator, 12345n);
  const Q: G2Point = c.G2.mul(c.G2.generator, 678n);
  const Q2: G2Point = c.G2.mul(c.G2.generator, 91011n);
  const prep = c.prepareG2(Q2);
  const lines = c.linesOf(prep)!;
  const k = c.r - 12345678901234567n;
  const job = (s: Partial<JobSpec>): Uint32Array => encodeJob({ pairs: [], checks: [], finish: false, ...s }, io);
  const un = { g1: { points: [P] }, g2: Q };
  const pr = { g1: { points: [P] }, lines };
  const jobs = {
    u1: job({ pairs: [un] }),
    u2: job({ pairs: [un, un] }),
    u1p1: job({ pairs: [un, pr] }),
    u1p2: job({ pairs: [un, pr, pr] }),
    u1c2: job({ pairs: [un], checks: [Q] }),
    u1c1: job({ pairs: [un], checks: [P] }),
    u1mul: job({ pairs: [{ g1: { points: [P], scalars: [k] }, g2: Q }] }),
    u1msm10: job({ pairs: [{ g1: { points: Array(10).fill(P), scalars: Array(10).fill(k) }, g2: Q }] }),
    u1msm2: job({ pairs: [{ g1: { points: Array(2).fill(P), scalars: Array(2).fill(k) }, g2: Q }] }),
  };
  const part = c.kernel.runJob(jobs.u1).subarray(1);
  const fin = encodeFinish([part], undefined, io);
  const t = timeAll({ ...Object.fromEntries(Object.entries(jobs).map(([n, j]) => [n, () => c.kernel.runJob(j)])), fe: () => c.kernel.runFinish(fin) });
  const U = t.u2! - t.u1!;
  const msmPer = (t.u1msm10! - t.u1msm2!) / 8;
  const costs = {
    chain: Math.round(t.u1! - U),
    unprepared: Math.round(U),
    prepared: Math.round(t.u1p2! - t.u1p1!),
    g1Check: Math.round(t.u1c1! - t.u1!),
    g2Check: Math.round(t.u1c2! - t.u1!),
    g1Mul: Math.round(t.u1mul! - t.u1!),
    msmBase: Math.round(t.u1msm2! - t.u1! - 2 * msmPer),
    msmPerPoint: Math.round(msmPer),
    finalExp: Math.round(t.fe!),
  };
  console.log(name, JSON.stringify(costs));
  // Round trip of jobs that do no arithmetic (identity G1 points are skipped), with and without two line tables.
  await c.dispatch.warmNow();
  const Z = { x: 0n, y: 0n };
  const empty = job({ pairs: [{ g1: { points: [Z] }, g2: Q }] });
  const heavy = job({ pairs: [{ g1: { points: [Z] }, lines }, { g1: { points: [Z] }, lines }] });
  const pool = c.pool;
  if (!pool) throw new Error('the engine was created with 2 workers: its curves should have a pool');
  const rt: Record<string, number[]> = { empty: [], lines: [], localEmpty: [] };
  for (let r = 0; r < 40; r++) {
    let t0 = performance.now();
    await pool.run((api) => api.pairingJob(name, empty.slice()));
    rt.empty!.push((performance.now() - t0) * 1000);
    t0 = performance.now();
    await pool.run((api) => api.pairingJob(name, heavy.slice()));
    rt.lines!.push((performance.now() - t0) * 1000);
    t0 = performance.now();
    c.kernel.runJob(empty);
    rt.localEmpty!.push((performance.now() - t0) * 1000);
  }
  console.log(name, 'round trip µs', JSON.stringify(Object.fromEntries(Object.entries(rt).map(([n, v]) => [n, Math.round(median(v.slice(5)))]))));
}
await wc.close();
