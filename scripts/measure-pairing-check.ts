/**
 * `npx tsx scripts/measure-pairing-check.ts [rounds]`: the public `pairingCheck` on BN254 and BLS12-381 with G2
 * points it has not seen (so each call proves them in G2, as a verifier fed fresh input does), against the same
 * check on points it has already proven (the subgroup cache skips their check) and against mcl-wasm doing the
 * same work: two Miller loops, one final exponentiation, and its G2 order check on the fresh point. Interleaved
 * rounds, medians of the per-round figures. "fresh − cached" is what the G2 check costs us.
 *
 * Needs `npm run build` first (it uses the built package). The fresh points are [k + i]·G2 from the BigInt
 * reference (src/math), so that nothing in the engine has seen them.
 */
import mcl from 'mcl-wasm';
import { createEngine } from '../dist/src/index.node.js';
import { bls12_381, bn254 } from '../src/curves/index.js';
import { pairing12Params } from '../src/math/pairing-params.js';

const rounds = Number(process.argv[2] ?? 15);
const PER = 8;
const wc = await createEngine({ curves: ['bn254', 'bls12_381'], workers: 0, gpu: 'off' });
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

for (const [desc, mclCurve] of [
  [bn254, mcl.BN_SNARK1],
  [bls12_381, mcl.BLS12_381],
] as const) {
  await mcl.init(mclCurve);
  mcl.verifyOrderG2(true);
  const c = wc[desc.name as 'bn254' | 'bls12_381'];
  const pp = pairing12Params(desc);
  const P = c.G1.mul(c.G1.generator, 12345n);
  const nP = c.G1.neg(P);
  // fresh points: successive BigInt additions of G2's generator (warm-up, then rounds × PER calls)
  const fresh: { x: [bigint, bigint]; y: [bigint, bigint] }[] = [];
  let Q = pp.g2.mul(pp.g2Gen, 0x1234567n);
  for (let i = 0; i < (rounds + 1) * PER; i++) {
    fresh.push({ x: [Q!.x[0], Q!.x[1]], y: [Q!.y[0], Q!.y[1]] });
    Q = pp.g2.add(Q, pp.g2Gen);
  }
  const seen = fresh[0]!;
  let next = 0;
  const oursFresh = async (): Promise<number> => {
    const t = performance.now();
    for (let i = 0; i < PER; i++) {
      const q = fresh[next++]!;
      if (!(await c.pairingCheck([[P, q], [nP, q]]))) throw new Error('check failed');
    }
    return (performance.now() - t) / PER;
  };
  const oursCached = async (): Promise<number> => {
    const t = performance.now();
    for (let i = 0; i < PER; i++) if (!(await c.pairingCheck([[P, seen], [nP, seen]]))) throw new Error('check failed');
    return (performance.now() - t) / PER;
  };
  // mcl: the same check, its G2 point deserialised with the order check on (fresh input), two Miller loops.
  const mP = mcl.hashAndMapToG1('P');
  const mnP = mcl.neg(mP);
  const mQ = mcl.hashAndMapToG2('Q');
  const bytes = mQ.serialize();
  const theirs = (): number => {
    const t = performance.now();
    for (let i = 0; i < PER; i++) {
      const q = new mcl.G2();
      q.deserialize(bytes);
      if (!q.isValidOrder()) throw new Error('mcl order');
      const e = mcl.finalExp(mcl.mul(mcl.millerLoop(mP, q), mcl.millerLoop(mnP, q)));
      if (!e.isOne()) throw new Error('mcl check failed');
    }
    return (performance.now() - t) / PER;
  };
  await oursFresh();
  await oursCached();
  theirs();
  const f: number[] = [], k: number[] = [], m: number[] = [], d: number[] = [], rf: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const a = await oursFresh();
    const b = await oursCached();
    const x = theirs();
    f.push(a);
    k.push(b);
    m.push(x);
    d.push(a - b);
    rf.push(a / x);
  }
  const ms = (v: number): string => `${v.toFixed(3)} ms`;
  console.log(
    `${desc.name}: pairingCheck of 2 pairs, fresh G2 point ${ms(median(f))}, already proven ${ms(median(k))}, G2 check cost ${ms(median(d))}; mcl-wasm (order check + 2 Miller loops + final exp) ${ms(median(m))}; fresh ÷ mcl ${median(rf).toFixed(3)}`,
  );
}
await wc.close();
