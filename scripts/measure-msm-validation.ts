/**
 * `npx tsx scripts/measure-msm-validation.ts [--group bls12_381.G1,bandersnatch.te] [--size 10,1000] [--rounds 5]
 * [--baseline ../main/dist]`: what input validation costs an MSM, per group — `msm(points, scalars)` (every point
 * checked: coordinates, curve, subgroup), the same with `unchecked: true`, and `prepareBases(points)` once then
 * `bases.msm(scalars)` — on the built package with 2 workers, in interleaved rounds (one MSM of every case per
 * round, alternating the order), so that a loaded machine slows every case of a round alike. With `--baseline`
 * (another build's `dist`, e.g. the main checkout's), its validated and unchecked MSMs run in the same rounds,
 * for before/after ratios. Prints the median ms of each case, validated ÷ unchecked, and ours ÷ baseline.
 * Every case's result is first checked equal to the others' (and the baseline's).
 */
import type * as Webcurves from 'webcurves';
import { curves } from '../src/curves/index.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1]! : dflt;
};
const groups = opt('--group', 'bls12_381.G1,bls12_381.G2,bw6_761.G1,bandersnatch.te,bandersnatch.sw,ed_on_bls12_377.te').split(',');
const sizes = opt('--size', '10,1000').split(',').map(Number);
const rounds = Number(opt('--rounds', '5'));
const baselineDir = opt('--baseline', '');

type Engine = Webcurves.Engine;
type AnyGroup = {
  generator: object;
  mul(P: object, k: bigint): object;
  msm(points: readonly object[], scalars: readonly bigint[], o?: { unchecked?: boolean }): Promise<object>;
  prepareBases(points: readonly object[]): Promise<{ msm(scalars: readonly bigint[]): Promise<object>; destroy(): void }>;
};
const groupOf = (e: Engine, id: string): AnyGroup => {
  const [curve, g] = id.split('.') as [string, string];
  return (e as unknown as Record<string, Record<string, AnyGroup>>)[curve]![g]!;
};
const load = async (dir: string): Promise<Engine> => {
  const m = (await import(new URL(`${dir}/src/index.node.js`, import.meta.url).href)) as typeof Webcurves;
  return m.createEngine({ curves: 'all', workers: 2, gpu: 'off' });
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

const ours = await load('../dist');
const base = baselineDir ? await load(baselineDir.startsWith('/') ? `file://${baselineDir}` : `../${baselineDir}`) : undefined;
try {
  for (const id of groups) {
    const G = groupOf(ours, id);
    const B = base ? groupOf(base, id) : undefined;
    const r = curves.find((c) => c.name === id.split('.')[0])!.fr.modulus;
    const nMax = Math.max(...sizes);
    const points: object[] = [];
    const scalars: bigint[] = [];
    let s = 0x9e3779b97f4a7c15n;
    const next = (): bigint => {
      s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
      return s;
    };
    // Distinct subgroup points: multiples of the generator by seeded 64-bit scalars.
    for (let i = 0; i < nMax; i++) points.push(G.mul(G.generator, next() | 1n));
    for (let i = 0; i < nMax; i++) scalars.push(((next() << 192n) | (next() << 128n) | (next() << 64n) | next()) % r);
    for (const n of sizes) {
      const P = points.slice(0, n);
      const K = scalars.slice(0, n);
      const bases = await G.prepareBases(P);
      const cases: [string, () => Promise<object>][] = [
        ['validated', () => G.msm(P, K)],
        ['unchecked', () => G.msm(P, K, { unchecked: true })],
        ['prepared', () => bases.msm(K)],
      ];
      if (B) cases.push(['baseline validated', () => B.msm(P, K)], ['baseline unchecked', () => B.msm(P, K, { unchecked: true })]);
      const want = JSON.stringify(await cases[0]![1](), (_, v: unknown) => (typeof v === 'bigint' ? v.toString(16) : v));
      for (const [name, run] of cases) {
        const got = JSON.stringify(await run(), (_, v: unknown) => (typeof v === 'bigint' ? v.toString(16) : v));
        if (got !== want) throw new Error(`${id} ${n} ${name}: a different result`);
      }
      const times = cases.map(() => [] as number[]);
      for (let k = 0; k < rounds; k++) {
        const order = cases.map((_, i) => i);
        if (k % 2) order.reverse();
        for (const i of order) {
          const t0 = performance.now();
          await cases[i]![1]();
          times[i]!.push(performance.now() - t0);
        }
      }
      bases.destroy();
      const med = times.map(median);
      const ratio = (a: number, b: number): string => median(times[a]!.map((t, k) => t / times[b]![k]!)).toFixed(2);
      const row = cases.map(([name], i) => `${name} ${med[i]!.toFixed(2)}`).join(', ');
      const more = B ? `; baseline validated ÷ unchecked ${ratio(3, 4)}; validated ours ÷ baseline ${ratio(0, 3)}` : '';
      console.log(`${id} n=${n} (ms, median of ${rounds}): ${row}; validated ÷ unchecked ${ratio(0, 1)}${more}`);
    }
  }
} finally {
  await ours.close();
  await base?.close();
}
