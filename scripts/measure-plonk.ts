/**
 * `npx tsx scripts/measure-plonk.ts [rounds] [--cpu] [--no-cold]`: the PLONK/FFLONK ratios of docs/plonk.md, measured interleaved
 * so that a shared, noisy machine affects every implementation alike (as `measure-groth16.ts` does). Each
 * round times, one after the other, webcurves with 2 workers, webcurves in-thread and snarkjs (warm) on the
 * same real proof, and webcurves' batch of 16 against 16 of its own single verifications; each reported ratio
 * is the median of its per-round values. The cold first call alternates child processes (webcurves, snarkjs).
 * Uses the built package (`npm run build` first) and the benchmark suite's fixtures. `--cpu` times the warm
 * calls by process CPU time (every thread's), `--no-cold` skips the cold first calls.
 */
import * as snarkjs from 'snarkjs';
import type * as Webcurves from 'webcurves';
import { coldRun, coldSource } from '../bench/snarkjs-peer.js';
import { CASES, fixture, type CaseId } from '../bench/suites/plonk.js';

const rounds = Number(process.argv.slice(2).find((a) => /^[0-9]+$/.test(a)) ?? 15);
// --cpu: time by this process's CPU time (all threads) instead of the wall clock — on a machine shared with other
// jobs the wall clock also counts the time the scheduler gave them, unevenly across the interleaved steps.
const cpuClock = process.argv.includes('--cpu');
const now = (): number => {
  if (!cpuClock) return performance.now();
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const { createEngine } = (await import(new URL('../dist/src/index.node.js', import.meta.url).href)) as typeof Webcurves;
const [pooled, local] = await Promise.all([createEngine({ workers: 2, gpu: 'off' }), createEngine({ workers: 0, gpu: 'off' })]);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const fmt = (ms: number): string => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);

async function time(f: () => Promise<unknown>, k: number): Promise<number> {
  const t0 = now();
  for (let i = 0; i < k; i++) await f();
  return (now() - t0) / k;
}

const rows: string[] = [
  '| system · curve | webcurves, 2 workers | webcurves, in-thread | snarkjs (warm) | 2 workers / snarkjs | in-thread / snarkjs | batch of 16, in-thread | batch / 16 singles (in-thread) |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
];
for (const id of Object.keys(CASES) as CaseId[]) {
  const f = fixture(id);
  const api = (wc: typeof local) => wc[f.system] as typeof local.plonk;
  // A key verified again and again is prepared (which readies the workers for its curve, as a page would be
  // after its first verification); the calls below pass the same JSON object, which finds the prepared key.
  await Promise.all([api(pooled).prepare(f.vk as never), api(local).prepare(f.vk as never)]);
  const v = (wc: typeof local) => () => api(wc).verify(f.vk as never, f.publicSignals, f.proof as never);
  const b = (wc: typeof local) => () => api(wc).verifyBatch(f.vk as never, f.batch as never);
  const s = () => snarkjs[f.system].verify(f.vk, f.publicSignals, f.proof);
  for (const [g, k] of [[v(pooled), 60], [v(local), 20], [s, 5], [b(local), 5]] as const) await time(g, k);
  const t: Record<string, number[]> = { pooled: [], local: [], snark: [], batch: [], rPooled: [], rLocal: [], rBatch: [] };
  for (let r = 0; r < rounds; r++) {
    const tp = await time(v(pooled), 5);
    const tl = await time(v(local), 5);
    const ts = await time(s, 2);
    const bl = await time(b(local), 1);
    t.pooled!.push(tp);
    t.local!.push(tl);
    t.snark!.push(ts);
    t.batch!.push(bl);
    t.rPooled!.push(tp / ts);
    t.rLocal!.push(tl / ts);
    t.rBatch!.push(bl / (16 * tl));
  }
  const m = Object.fromEntries(Object.entries(t).map(([k, xs]) => [k, median(xs)])) as Record<keyof typeof t, number>;
  rows.push(`| ${CASES[id].label} | ${fmt(m.pooled)} | ${fmt(m.local)} | ${fmt(m.snark)} | ${m.rPooled.toFixed(3)} | ${m.rLocal.toFixed(3)} | ${fmt(m.batch)} | ${m.rBatch.toFixed(2)} |`);
  console.error(rows.at(-1));
}
for (const n of ['bn128', 'bls12381']) if ((globalThis as Record<string, unknown>)[`curve_${n}`]) await (await snarkjs.curves.getCurveFromName(n)).terminate();
await Promise.all([pooled.close(), local.close()]);

const coldLines: string[] = [];
for (const id of (process.argv.includes('--no-cold') ? [] : ['plonk-bn254', 'fflonk-bn254']) as CaseId[]) {
  const f = fixture(id);
  const ratio: number[] = [];
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let r = 0; r < Math.max(5, Math.ceil(rounds / 3)); r++) {
    const a = await coldRun(coldSource('webcurves', f.system, f));
    const c = await coldRun(coldSource('snarkjs', f.system, f));
    ours.push(a);
    theirs.push(c);
    ratio.push(a / c);
  }
  coldLines.push(`cold first call, ${CASES[id].label} (import + createEngine({ workers: 2, gpu: 'off' }) + verify, fresh Node process): webcurves ${fmt(median(ours))}, snarkjs ${fmt(median(theirs))}, ratio ${median(ratio).toFixed(3)} (${ratio.length} pairs)`);
}
console.log(rows.join('\n'));
console.log('\n' + coldLines.join('\n'));
