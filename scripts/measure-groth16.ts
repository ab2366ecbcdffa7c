/**
 * `npx tsx scripts/measure-groth16.ts [rounds]`: the Groth16 ratios of the README, measured interleaved so
 * that a shared, noisy machine affects every implementation alike. Each round times, one after the other,
 * webcurves with 2 workers, webcurves in-thread and snarkjs (warm) on the same proof, and webcurves' batch of
 * 16 against its own single verification; the reported figure of each ratio is the median of its per-round
 * values. The cold first call alternates child processes (webcurves, snarkjs) and pairs them up the same way.
 * Uses the built package (`npm run build` first) and the benchmark suite's fixtures.
 */
import * as snarkjs from 'snarkjs';
import type * as Webcurves from 'webcurves';
import { synthesise, type Curve } from '../bench/suites/groth16.js';
import { coldRun, coldSource } from '../bench/snarkjs-peer.js';

const rounds = Number(process.argv[2] ?? 15);
const { createEngine } = (await import(new URL('../dist/src/index.node.js', import.meta.url).href)) as typeof Webcurves;
const [pooled, local] = await Promise.all([createEngine({ curves: 'all', workers: 2, gpu: 'off' }), createEngine({ curves: 'all', workers: 0, gpu: 'off' })]);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const fmt = (ms: number): string => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);

async function time(f: () => Promise<unknown>, k: number): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < k; i++) await f();
  return (performance.now() - t0) / k;
}

const rows: string[] = [
  '| curve | inputs | webcurves, 2 workers | webcurves, in-thread | snarkjs (warm) | 2 workers / snarkjs | in-thread / snarkjs | batch of 16 (2 workers / in-thread) | batch / single |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
];
for (const curve of ['bn254', 'bls12_381'] as Curve[]) {
  for (const n of [1, 10]) {
    const f = synthesise(local, curve, n);
    const v = (wc: typeof local) => () => wc.groth16.verify(f.vk, f.publicSignals, f.proof);
    const b = (wc: typeof local) => () => wc.groth16.verifyBatch(f.vk, f.batch);
    const s = () => snarkjs.groth16.verify(f.vk, f.publicSignals, f.proof);
    // warm every path (snarkjs builds its curve; the pooled engine warms its workers and learns)
    for (const [g, k] of [[v(pooled), 60], [v(local), 20], [s, 5], [b(pooled), 5], [b(local), 5]] as const) await time(g, k);
    const t: Record<string, number[]> = { pooled: [], local: [], snark: [], batchPooled: [], batchLocal: [], rPooled: [], rLocal: [], rBatch: [] };
    for (let r = 0; r < rounds; r++) {
      const tp = await time(v(pooled), 5);
      const tl = await time(v(local), 5);
      const ts = await time(s, 2);
      const bp = await time(b(pooled), 1);
      const bl = await time(b(local), 1);
      t.pooled!.push(tp);
      t.local!.push(tl);
      t.snark!.push(ts);
      t.batchPooled!.push(bp);
      t.batchLocal!.push(bl);
      t.rPooled!.push(tp / ts);
      t.rLocal!.push(tl / ts);
      t.rBatch!.push(Math.min(bp, bl) / Math.min(tp, tl));
    }
    const m = Object.fromEntries(Object.entries(t).map(([k, xs]) => [k, median(xs)])) as Record<keyof typeof t, number>;
    rows.push(
      `| ${curve} | ${n} | ${fmt(m.pooled)} | ${fmt(m.local)} | ${fmt(m.snark)} | ${m.rPooled.toFixed(3)} | ${m.rLocal.toFixed(3)} | ${fmt(m.batchPooled)} / ${fmt(m.batchLocal)} | ${m.rBatch.toFixed(2)} |`,
    );
    console.error(rows.at(-1));
  }
}
for (const n of ['bn128', 'bls12381']) if ((globalThis as Record<string, unknown>)[`curve_${n}`]) await (await snarkjs.curves.getCurveFromName(n)).terminate();
await Promise.all([pooled.close(), local.close()]);

// Cold first calls, alternating, BN254 with one public input.
const f = synthesise(await createEngine({ curves: 'all', workers: 0, gpu: 'off' }), 'bn254', 1);
const cold: { ours: number[]; theirs: number[]; ratio: number[] } = { ours: [], theirs: [], ratio: [] };
for (let r = 0; r < Math.max(5, Math.ceil(rounds / 2)); r++) {
  const a = await coldRun(coldSource('webcurves', 'groth16', f));
  const b = await coldRun(coldSource('snarkjs', 'groth16', f));
  cold.ours.push(a);
  cold.theirs.push(b);
  cold.ratio.push(a / b);
}
console.log(rows.join('\n'));
console.log(
  `\ncold first call, BN254, 1 input (import + createEngine({ workers: 2, gpu: 'off' }) + verify, in a fresh Node process): ` +
    `webcurves ${fmt(median(cold.ours))}, snarkjs ${fmt(median(cold.theirs))}, ratio ${median(cold.ratio).toFixed(3)} (${cold.ratio.length} pairs)`,
);
