/**
 * `npx tsx scripts/pairing-ratio.ts [rounds] [curve] [reference]`: the time of one curve's pairing over another's,
 * measured interleaved on the same engine (default: BW6-761 over BLS12-381, 30 rounds) — each round times the
 * reference, the curve, then the reference again over about equal wall time, and the script prints the median
 * of the per-round ratios with its range. On a shared, loaded machine sequential figures drift by more than the
 * ratio being measured; interleaving makes the two see the same load.
 *
 * Needs `npm run build` first (it uses the built package).
 */
import { createEngine } from '../dist/src/index.js';

const rounds = Number(process.argv[2] ?? 30);
const curve = (process.argv[3] ?? 'bw6_761') as 'bw6_761' | 'bls12_381' | 'bls12_377' | 'bn254';
const reference = (process.argv[4] ?? 'bls12_381') as typeof curve;

const wc = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
const hooks = (name: typeof curve) => {
  const c = wc[name] as unknown as {
    G1: { generator: unknown; mul(p: unknown, k: bigint): unknown };
    G2: { generator: unknown; mul(p: unknown, k: bigint): unknown };
    benchHooks(P: unknown, Q: unknown, k: bigint): { pairing(n: number): void };
  };
  return c.benchHooks(c.G1.mul(c.G1.generator, 3n), c.G2.mul(c.G2.generator, 5n), 7n);
};
const a = hooks(curve);
const b = hooks(reference);
const time = (run: (n: number) => void, n: number): number => {
  const t = performance.now();
  run(n);
  return (performance.now() - t) / n;
};
// warm up, then pick batch sizes of about 20 ms each
for (let i = 0; i < 5; i++) (a.pairing(1), b.pairing(1));
const nA = Math.max(1, Math.round(20 / time(a.pairing, 2)));
const nB = Math.max(1, Math.round(20 / time(b.pairing, 2)));
const ratios: number[] = [];
const ta: number[] = [];
const tb: number[] = [];
for (let r = 0; r < rounds; r++) {
  const b1 = time(b.pairing, nB);
  const a1 = time(a.pairing, nA);
  const b2 = time(b.pairing, nB);
  ratios.push(a1 / ((b1 + b2) / 2));
  ta.push(a1);
  tb.push((b1 + b2) / 2);
}
const median = (xs: number[]): number => [...xs].sort((u, v) => u - v)[xs.length >> 1]!;
console.log(`${curve} pairing: median ${median(ta).toFixed(2)} ms; ${reference}: median ${median(tb).toFixed(2)} ms (${rounds} interleaved rounds)`);
console.log(`ratio ${curve}/${reference}: median ${median(ratios).toFixed(2)}, range ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`);
await wc.close();
